/*
 * A local PostgreSQL for development, in one command: `npm run db:local [-- --dir DIR] [--port N]`.
 * Makes a cluster in DIR (default .postgres in the repository) the first time, starts it on 127.0.0.1,
 * creates the database `studio` if missing, prints the DATABASE_URL for the server, and runs until
 * Ctrl-C, which stops it cleanly. The data stays in DIR for the next time. `--stop` stops a cluster
 * left running in DIR (after the terminal was closed, say).
 */
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { Cluster, postgresBinDir, reachableByServer } from './postgres-cluster';

const USAGE = 'usage: npm run db:local -- [--dir DIR] [--port PORT] [--stop]';
const DATABASE = 'studio';
const DEFAULT_DIR = resolve(import.meta.dirname, '../../.postgres');

const fail = (message: string): never => {
    console.error(message);
    process.exit(1);
};

const { values } = (() => {
    try {
        return parseArgs({
            options: {
                dir: { type: 'string', default: DEFAULT_DIR },
                port: { type: 'string', default: '5433' },
                stop: { type: 'boolean', default: false },
                help: { type: 'boolean', short: 'h', default: false },
            },
            strict: true,
        });
    } catch (error) {
        return fail(`${(error as Error).message}\n${USAGE}`);
    }
})();
if (values.help) {
    console.log(USAGE);
    process.exit(0);
}
if (!postgresBinDir)
    fail(
        'PostgreSQL is not installed. On Debian or Ubuntu: apt-get install -y postgresql (the system cluster it may start does not matter: this one has its own port)',
    );

const port = Number(values.port);
if (!Number.isInteger(port) || port < 1 || port > 65535) fail(`--port must be a TCP port number\n${USAGE}`);
const dir = resolve(values.dir);
const cluster = new Cluster(dir, port);

const main = async () => {
    if (values.stop) {
        if (!cluster.running) return console.log(`No PostgreSQL is running in ${dir}.`);
        await cluster.stop('fast');
        return console.log(`Stopped the PostgreSQL in ${dir}.`);
    }
    if (cluster.running) {
        cluster.port = cluster.runningPort ?? port;
        fail(
            `PostgreSQL is already running in ${dir} (DATABASE_URL=${cluster.url(DATABASE)}).\nStop it with: npm run db:local -- --stop${dir === DEFAULT_DIR ? '' : ` --dir ${dir}`}`,
        );
    }
    if (!cluster.initialized) {
        // As root the server runs as the postgres user, which must be able to reach the folder.
        if (!reachableByServer(dirname(dir)))
            fail(`The postgres user cannot reach ${dirname(dir)}: choose another --dir (under /tmp, say).`);
        console.log(`Creating a PostgreSQL cluster in ${dir} ...`);
        await cluster.init();
    }
    await cluster.start();
    if (!(await cluster.databaseExists(DATABASE))) await cluster.createDatabase(DATABASE);

    console.log(`PostgreSQL (${postgresBinDir}) is running in ${dir}, log in ${cluster.logFile}. Use it with:\n`);
    console.log(`    DATABASE_URL=${cluster.url(DATABASE)}\n`);
    console.log('Press Ctrl-C to stop it; the data stays for the next time.');

    let stopping = false;
    const stop = async (signal: NodeJS.Signals) => {
        if (stopping) return;
        stopping = true;
        console.log(`\n${signal}: stopping PostgreSQL ...`);
        try {
            await cluster.stop('fast');
            console.log('PostgreSQL stopped.');
            process.exit(0);
        } catch (error) {
            fail((error as Error).message);
        }
    };
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stop(signal));
    // Stopped from elsewhere (--stop from another terminal, a crash): say so and end too.
    setInterval(() => {
        if (!stopping && !cluster.running) fail(`PostgreSQL is no longer running; its log:\n${cluster.log()}`);
    }, 2000);
};

main().catch((error: Error) => fail(error.message));
