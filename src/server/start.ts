import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { resolve } from 'node:path';
import { createApp } from './app';
import { backupNowHandler } from './backupControl';
import { backupDirOf, startDailyBackups } from './backups';
import { clockRereadMs, clockStartOf, settleClock, timeByNotes } from './clock';
import { moveDemoToThisWeek } from './demo';
import { systemClock, type Clock } from '../domain/time';
import { channelsFrom, startTelegramBot, withPublicUrl } from './messages';
import { candidatesOf, giveCode } from './signIn';
import { startStudioJobs } from './jobs/studioJobs';
import { logLevels, type LogLevel } from './http/requestLog';
import { choosePayments } from './payments';
import { openStorage } from './storage';
import { root } from './paths';
import type { Storage } from './storage/types';

/*
 * The server as `npm start` runs it, from its settings: the database opened, the app over it, its job
 * runner and Telegram bot started, and the port listened on. src/server/main.ts runs it with the
 * process's environment and console; the API tests run it in their own process.
 */

/** The settings the server reads (DB_FILE, PORT, DATABASE_URL...), as process.env holds them. */
type ServerEnv = Record<string, string | undefined>;

/** Where the server's lines go: the console, for `npm start`. */
type ServerLog = Pick<Console, 'info' | 'warn' | 'error'>;

interface StartServerOptions {
    env: ServerEnv;
    log: ServerLog;
    /**
     * Another server took the database file over (the message is logged first): this one must write no
     * more. `npm start` exits; by default the server stays up, refusing writes.
     */
    onFatal?: (error: Error) => void;
    /**
     * Real time as the server takes it: the machine's by default; tests set their own. Every rule reads it
     * moved by the offset CLOCK_START keeps in the database's notes; file mechanics read the machine's.
     */
    clock?: Clock;
}

export interface StartedServer {
    /** http://localhost:port */
    url: string;
    /** The port listened on: PORT, or the one the system chose for PORT=0. */
    port: number;
    /** The storage under the app, audited: what the API writes through. */
    storage: Storage;
    /** The HTTP server, for a caller that must end its open connections at once (tests). */
    httpServer: Server;
    /**
     * A clean stop: no new requests, the closing sweep stopped, and the storage closed (db.json written
     * whole and the journal removed). Fails, having logged why, when the database could not be finished.
     */
    close: () => Promise<void>;
}

/** The built app the server serves (DIST_DIR, dist/ by default). */
export const distDirOf = (env: ServerEnv) => resolve(env.DIST_DIR ?? resolve(root, 'dist'));

/** LOG_LEVEL: silent, error, warn, info (the default: a line per request) or debug; another is said and read as info. */
const logLevelOf = (value: string | undefined, log: ServerLog): LogLevel => {
    if (!value || (logLevels as readonly string[]).includes(value)) return (value as LogLevel | undefined) ?? 'info';
    log.warn(`LOG_LEVEL=${value} is not one of ${logLevels.join(', ')}: info is used.`);
    return 'info';
};

/** A database URL as it may be logged: without its password. */
const redactedUrl = (url: string) => url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');

/**
 * Starts the server the environment describes. Throws, before listening, DatabaseFileError (a file in
 * use, a read-only disk, a record that does not validate) and PaymentSetupError, whose messages are one
 * line that says what to do.
 */
export const startServer = async ({
    env,
    log,
    onFatal,
    clock: realTime = systemClock,
}: StartServerOptions): Promise<StartedServer> => {
    const distDir = distDirOf(env);
    const dbFile = resolve(env.DB_FILE ?? resolve(root, 'db.json'));
    const port = Number(env.PORT ?? 3000);
    const numberFrom = (name: string): number | undefined => (env[name] ? Number(env[name]) : undefined);
    /** How long a stop waits for the requests in flight before it closes their connections. */
    const stopTimeoutMs = numberFrom('STOP_TIMEOUT_MS') ?? 8000;
    /** TRUSTED_PROXY as express's 'trust proxy' takes it: a number of hops, or addresses, subnets and names such as loopback. */
    const proxySetting = env.TRUSTED_PROXY;
    const trustedProxy = !proxySetting ? undefined : /^\d+$/.test(proxySetting) ? Number(proxySetting) : proxySetting;

    // Refused before the database is opened: a CLOCK_START that is no instant, or one on a public address.
    const clockStart = clockStartOf(env);
    const payments = choosePayments(env);
    if (payments.mode === 'off')
        log.warn(
            'PUBLIC_URL is a public address and no PAYMENT_PROVIDER is chosen: payment links cannot be paid online until one is.',
        );
    else if (payments.noticeUrl)
        log.info(
            `Online payments through ${payments.provider?.name}: its notices are taken at ${payments.noticeUrl} (register it in the provider's cabinet).`,
        );
    else if (env.PUBLIC_URL && env.PAYMENT_PROVIDER === 'test')
        log.warn('PAYMENT_PROVIDER=test on a public address: payment links take no money (test payments).');

    // Without SMTP_URL, messages to customers are kept as skipped (the outbox says why) until one is set.
    const channels = channelsFrom(env);

    const storage = await openStorage({
        databaseUrl: env.DATABASE_URL,
        poolSize: numberFrom('DATABASE_POOL_SIZE'),
        file: dbFile,
        checkpointIdleMs: numberFrom('CHECKPOINT_IDLE_MS'),
        checkpointJournalBytes: numberFrom('CHECKPOINT_JOURNAL_BYTES'),
        watchIntervalMs: numberFrom('WATCH_INTERVAL_MS'),
        // Records of an earlier shape brought up to date at start bear the database's moved time too.
        timeByNotes: read => timeByNotes(read, realTime),
        log,
        // Another server took the file over: the next start replays what the journal holds.
        onFatal: error => {
            log.error(error.message);
            onFatal?.(error);
        },
    });
    // Refused (the database closed again) when it would move the clock before what the data records.
    const { clock, stop: stopClock } = await settleClock({
        notes: storage.notes,
        start: clockStart,
        base: realTime,
        log,
        rereadEveryMs: env.DATABASE_URL ? clockRereadMs : undefined,
        publicUrl: env.PUBLIC_URL,
    }).catch(async (error: unknown) => {
        await storage.close().catch(() => undefined);
        throw error;
    });
    // The untouched demo moved to this week, before any job reads it (DEMO_MOVE=off keeps its own dates).
    if (env.DEMO_MOVE !== 'off')
        await moveDemoToThisWeek(storage, storage.notes, clock, log).catch(async (error: unknown) => {
            stopClock();
            await storage.close().catch(() => undefined);
            throw error;
        });
    let stopJobs: () => Promise<void> = async () => undefined;
    let stopBot: () => Promise<void> = async () => undefined;
    let stopBackups: () => Promise<void> = async () => undefined;
    /** BACKUP_DAYS: how many days of daily backups a db.json server keeps (0: it makes none by itself). */
    const backupDays = numberFrom('BACKUP_DAYS') ?? 14;
    const backupDir = backupDirOf(env, dbFile);
    /** Beside a db.json, for `npm run backup` of the same user: where this server answers and the key it asks for. */
    const controlFile = `${dbFile}.control`;
    const controlKey = randomBytes(32);
    try {
        const {
            app,
            storage: audited,
            settlement,
        } = createApp({
            storage,
            clock,
            distDir,
            trustedProxy,
            payments,
            channels,
            publicUrl: env.PUBLIC_URL?.trim() || undefined,
            portalSessionDays: numberFrom('PORTAL_SESSION_DAYS'),
            paymentLateGraceMs: (numberFrom('PAYMENT_LATE_GRACE_MINUTES') ?? 30) * 60_000,
            log,
            logLevel: logLevelOf(env.LOG_LEVEL, log),
            auth: {
                secret: env.TOKEN_SECRET,
                tokenTtlHours: Number(env.TOKEN_TTL_HOURS ?? 12),
                maxFailures: Number(env.LOGIN_MAX_FAILURES ?? 5),
                failureWindowMs: 15 * 60_000,
            },
        });
        // Backups and their pruning are file mechanics: real time, whatever the clock says.
        stopBackups = startDailyBackups({ storage, dir: backupDir, days: backupDays, clock: systemClock, log });
        const publicUrl = env.PUBLIC_URL?.trim() || undefined;
        // The jobs' messages link to the portal at the public address, as the requests' do.
        const stopRunner = withPublicUrl(publicUrl, () =>
            startStudioJobs({ storage: audited, channels, clock, env, publicUrl, settlement, log, payments }),
        );
        stopJobs = async () => {
            await stopRunner();
            for (const channel of Object.values(channels)) channel?.close();
        };
        // The bot polls while this process holds its lock (one poller per database).
        if (channels.telegram)
            stopBot = startTelegramBot(
                audited,
                channels.telegram,
                { candidatesOf, giveCode },
                clock,
                log,
                numberFrom('TELEGRAM_POLL_SECONDS') ?? 30,
            );
        /** `npm run backup` through this server: a snapshot at once, for the holder of the key in DB_FILE.control. */
        const backupNow = backupNowHandler({ storage, controlKey, backupDir, backupDays, log });
        // Once stopping, a request that still arrives on an open connection is told so, and the connection closed.
        let stopping = false;
        let inFlight = 0;
        let lastArrival = 0;
        /** Connections taken whose first request has not come yet: a stop answers them rather than resetting them. */
        const waiting = new Set<Socket>();
        const server = createServer((req, res) => {
            lastArrival = Date.now();
            waiting.delete(req.socket);
            if (!stopping) {
                inFlight++;
                res.once('close', () => inFlight--);
                if (req.method === 'POST' && req.url === '/api/control/backup') return void backupNow(req, res);
                return void app(req, res);
            }
            res.writeHead(503, { 'Content-Type': 'application/json', Connection: 'close', 'Retry-After': '5' });
            res.end(JSON.stringify({ message: 'The server is stopping: try again in a moment' }));
        });
        server.on('connection', (socket: Socket) => {
            lastArrival = Date.now();
            waiting.add(socket);
            socket.once('close', () => waiting.delete(socket));
        });
        server.listen(port, env.HOST ?? '0.0.0.0');
        // Fails on an 'error' instead (the port taken).
        await once(server, 'listening');
        const listening = (server.address() as AddressInfo).port;
        if (storage.snapshot) {
            const host = !env.HOST || env.HOST === '0.0.0.0' || env.HOST === '::' ? '127.0.0.1' : env.HOST;
            const url = `http://${host.includes(':') ? `[${host}]` : host}:${listening}`;
            writeFileSync(controlFile, JSON.stringify({ pid: process.pid, url, key: controlKey.toString('hex') }), {
                mode: 0o600,
            });
        }
        log.info(
            `Studio back office on http://localhost:${listening} (database ${env.DATABASE_URL ? redactedUrl(env.DATABASE_URL) : dbFile})`,
        );

        let closing: Promise<void> | undefined;
        const close = () =>
            (closing ??= (async () => {
                stopping = true;
                const sweepStopped = Promise.all([stopJobs(), stopBot()]);
                rmSync(controlFile, { force: true });
                const deadline = Date.now() + stopTimeoutMs;
                /*
                 * Connections keep being taken while the requests in flight are answered, while a connection
                 * taken has not sent its request yet, and until none came for a moment since the stop began
                 * (one waiting to be taken is then taken), so that each is answered 503 instead of being
                 * reset; then no new connections, and the open ones closed once they are idle.
                 */
                const stopAt = Date.now();
                while (
                    (inFlight > 0 || waiting.size > 0 || Date.now() - Math.max(lastArrival, stopAt) < 250) &&
                    Date.now() < deadline
                )
                    await new Promise(done => setTimeout(done, 20));
                const drained = new Promise<boolean>(done => server.close(() => done(true)));
                const idle = setInterval(() => server.closeIdleConnections(), 50);
                server.closeIdleConnections();
                let timer: NodeJS.Timeout | undefined;
                const late = new Promise<boolean>(
                    done => (timer = setTimeout(() => done(false), Math.max(0, deadline - Date.now()))),
                );
                if (!(await Promise.race([drained, late]))) {
                    log.warn(
                        `Requests still unanswered after STOP_TIMEOUT_MS=${stopTimeoutMs}: their connections are closed.`,
                    );
                    server.closeAllConnections();
                }
                clearTimeout(timer);
                clearInterval(idle);
                // A sweep or a backup under way is finished first: they use the database being closed.
                await Promise.all([sweepStopped, stopBackups()]);
                stopClock();
                try {
                    await storage.close();
                } catch (error) {
                    log.error(
                        `Could not finish writing ${dbFile}: ${(error as Error).message}. The journal keeps every write for the next start.`,
                    );
                    throw error;
                }
            })());
        return { url: `http://localhost:${listening}`, port: listening, storage: audited, httpServer: server, close };
    } catch (error) {
        // Not started after all (the port taken, a TOKEN_SECRET too short): nothing is left open.
        await Promise.all([stopJobs(), stopBot(), stopBackups()]);
        stopClock();
        await storage.close().catch(() => undefined);
        throw error;
    }
};
