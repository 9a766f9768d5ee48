import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { ClockStartError } from './clock';
import { ChannelSetupError } from './messages';
import { PaymentSetupError } from './payments';
import { root } from './paths';
import { distDirOf, startServer, type StartedServer } from './start';
import { DatabaseFileError } from './storage';

/* `npm start`: the server of src/server/start.ts with this process's environment and console, stopped by SIGTERM or SIGINT. */

const distDir = distDirOf(process.env);
if (!existsSync(resolve(distDir, 'index.html'))) {
    console.info('No build of the app found: building it first (npm run build)...');
    const build = spawnSync('npx', ['vite', 'build', '--outDir', distDir], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) {
        console.error('The build failed; the server was not started.');
        process.exit(1);
    }
}

let server: StartedServer;
try {
    server = await startServer({
        env: process.env,
        log: console,
        // Another server took the file over: stop, and let the next start replay what the journal holds.
        onFatal: () => process.exit(1),
    });
} catch (error) {
    // One line that says what to do (a file in use, a read-only disk, a record that does not validate, an
    // unknown payment provider, a CLOCK_START refused): no stack trace.
    if (!(
        error instanceof DatabaseFileError ||
        error instanceof PaymentSetupError ||
        error instanceof ChannelSetupError ||
        error instanceof ClockStartError
    ))
        throw error;
    console.error(error.message);
    process.exit(1);
}

/** A clean stop: no new requests, the ones in flight answered, db.json written whole and the journal removed. */
let stopping = false;
const stop = () => {
    if (stopping) return;
    stopping = true;
    // The reason it could not finish is logged by close().
    server.close().then(
        () => process.exit(0),
        () => process.exit(1),
    );
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
