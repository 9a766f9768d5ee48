import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { createApp } from './app';
import { startClosingClasses } from './routes/closing';
import { choosePayments, PaymentSetupError } from './routes/paymentSetup';
import { DatabaseFileError, openStorage } from './storage';

const root = resolve(import.meta.dirname, '../..');
const distDir = resolve(process.env.DIST_DIR ?? resolve(root, 'dist'));
const dbFile = resolve(process.env.DB_FILE ?? resolve(root, 'db.json'));
const port = Number(process.env.PORT ?? 3000);
const numberFrom = (name: string): number | undefined => (process.env[name] ? Number(process.env[name]) : undefined);
/** TRUSTED_PROXY as express's 'trust proxy' takes it: a number of hops, or addresses, subnets and names such as loopback. */
const proxySetting = process.env.TRUSTED_PROXY;
const trustedProxy = !proxySetting ? undefined : /^\d+$/.test(proxySetting) ? Number(proxySetting) : proxySetting;

if (!existsSync(resolve(distDir, 'index.html'))) {
    console.info('No build of the app found: building it first (npm run build)...');
    const build = spawnSync('npx', ['vite', 'build', '--outDir', distDir], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) {
        console.error('The build failed; the server was not started.');
        process.exit(1);
    }
}

/** A database URL as it may be logged: without its password. */
const redactedUrl = (url: string) => url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');

const openDatabase = async () => {
    try {
        return await openStorage({
            databaseUrl: process.env.DATABASE_URL,
            poolSize: numberFrom('DATABASE_POOL_SIZE'),
            file: dbFile,
            checkpointIdleMs: numberFrom('CHECKPOINT_IDLE_MS'),
            checkpointJournalBytes: numberFrom('CHECKPOINT_JOURNAL_BYTES'),
            watchIntervalMs: numberFrom('WATCH_INTERVAL_MS'),
            // Another server took the file over: stop, and let the next start replay what the journal holds.
            onFatal: error => {
                console.error(error.message);
                process.exit(1);
            },
        });
    } catch (error) {
        // One line that says what to do (a file in use, a read-only disk, a record that does not validate): no stack trace.
        if (error instanceof DatabaseFileError) {
            console.error(error.message);
            process.exit(1);
        }
        throw error;
    }
};

const choosePaymentProvider = () => {
    try {
        return choosePayments(process.env);
    } catch (error) {
        if (!(error instanceof PaymentSetupError)) throw error;
        console.error(error.message);
        process.exit(1);
    }
};
const payments = choosePaymentProvider();
if (payments.mode === 'off')
    console.warn(
        'PUBLIC_URL is a public address and no PAYMENT_PROVIDER is chosen: payment links cannot be paid online until one is.',
    );
else if (process.env.PUBLIC_URL && process.env.PAYMENT_PROVIDER === 'test')
    console.warn('PAYMENT_PROVIDER=test on a public address: payment links take no money (test payments).');

const storage = await openDatabase();
const { app, storage: audited } = createApp({
    storage,
    distDir,
    trustedProxy,
    payments,
    publicUrl: process.env.PUBLIC_URL?.trim() || undefined,
    auth: {
        secret: process.env.TOKEN_SECRET,
        tokenTtlHours: Number(process.env.TOKEN_TTL_HOURS ?? 12),
        maxFailures: Number(process.env.LOGIN_MAX_FAILURES ?? 5),
        failureWindowMs: 15 * 60_000,
    },
});
// Classes with marks left open are closed by the server; CLOSE_CLASSES_EVERY_MS (5 minutes by default) sets how often it looks.
const stopClosing = startClosingClasses(audited, numberFrom('CLOSE_CLASSES_EVERY_MS') ?? 5 * 60_000);

const server = app.listen(port, process.env.HOST ?? '0.0.0.0', () => {
    console.info(
        `Studio back office on http://localhost:${port} (database ${process.env.DATABASE_URL ? redactedUrl(process.env.DATABASE_URL) : dbFile})`,
    );
});

/** A clean stop: no new requests, the ones in flight answered, db.json written whole and the journal removed. */
let stopping = false;
const stop = () => {
    if (stopping) return;
    stopping = true;
    stopClosing();
    server.close();
    server.closeIdleConnections();
    storage.close().then(
        () => process.exit(0),
        error => {
            console.error(
                `Could not finish writing ${dbFile}: ${(error as Error).message}. The journal keeps every write for the next start.`,
            );
            process.exit(1);
        },
    );
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
