import { once } from 'node:events';
import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../src/server/app';
import { startJobs } from '../../src/server/jobs/runner';
import { closeDueClasses } from '../../src/server/timetable';
import { openStorage } from '../../src/server/storage';
import type { Storage } from '../../src/server/storage/types';
import { call, demoDb, engine, postgresDatabaseFor, removeDir, stubDist } from './server';

/** The server's clock, set by the test: milliseconds since the epoch. Move it instead of waiting. */
export interface Clock {
    now: number;
}

export interface ClockedAppOptions {
    /** The database to start on: the demo's by default, or its content. */
    db?: object;
    /** Where the clock starts (an ISO instant): 2026-03-01T10:00:00Z by default. */
    at?: string;
    /** Failed sign-ins per email and address before an address waits (LOGIN_MAX_FAILURES): 5 by default. */
    maxFailures?: number;
    /** How long a sign-in lasts (TOKEN_TTL_HOURS): 1 by default. */
    tokenTtlHours?: number;
}

/**
 * The app in the test's own process, on the engine of the project, behind a trusted proxy on loopback
 * (so that X-Forwarded-For names the client), with a clock the test moves instead of waiting: every rule
 * that depends on the time reads it. `restart` stops it and starts it again over the same database.
 */
export interface ClockedApp {
    url: string;
    clock: Clock;
    /** Sets the clock to an ISO instant. */
    setClock: (instant: string) => void;
    /** The server's closing sweep, once, at the clock's time, as its timer runs it: answers how many classes it closed. */
    sweep: () => Promise<number>;
    /** Starts the server's own sweeps every `intervalMs`, as the server does at start; stopped with the app. */
    startSweeping: (intervalMs: number) => void;
    restart: () => Promise<void>;
    stop: () => Promise<void>;
}

const quiet = { info: () => undefined, warn: () => undefined, error: console.error };

export const startClockedApp = async (options: ClockedAppOptions = {}): Promise<ClockedApp> => {
    const dir = mkdtempSync(join(tmpdir(), 'studio-clocked-'));
    const file = join(dir, 'db.json');
    if (options.db) writeFileSync(file, JSON.stringify(options.db));
    else copyFileSync(demoDb, file);
    const databaseUrl = engine === 'postgres' ? await postgresDatabaseFor(file) : undefined;
    const clock: Clock = { now: Date.parse(options.at ?? '2026-03-01T10:00:00Z') };
    const serverClock = () => new Date(clock.now);
    let storage: Storage;
    let audited: Storage;
    let server: Server;
    let stopSweeping: () => Promise<void> = async () => undefined;
    const start = async (port = 0) => {
        storage = await openStorage({ file, databaseUrl, watchIntervalMs: 0, log: quiet });
        const created = createApp({
            storage,
            distDir: stubDist(),
            trustedProxy: 'loopback',
            log: quiet,
            clock: serverClock,
            auth: {
                secret: 'test-secret-that-is-long-enough-for-hs256',
                tokenTtlHours: options.tokenTtlHours ?? 1,
                maxFailures: options.maxFailures ?? 5,
                failureWindowMs: 15 * 60_000,
            },
        });
        audited = created.storage;
        server = created.app.listen(port, '127.0.0.1');
        await once(server, 'listening');
        return (server.address() as { port: number }).port;
    };
    const stopNow = async () => {
        await stopSweeping();
        server.closeAllConnections();
        await new Promise(done => server.close(done));
        await storage.close();
    };
    const port = await start();
    return {
        url: `http://127.0.0.1:${port}`,
        clock,
        setClock: instant => {
            clock.now = Date.parse(instant);
        },
        sweep: () => closeDueClasses(audited, serverClock()),
        startSweeping: intervalMs => {
            void stopSweeping();
            stopSweeping = startJobs(audited, [
                { name: 'close_classes', everyMs: intervalMs, run: () => closeDueClasses(audited, serverClock()) },
            ]);
        },
        restart: async () => {
            await stopNow();
            await start(port);
        },
        stop: async () => {
            await stopNow();
            removeDir(dir);
        },
    };
};

/** Signs in as if from `address` (the trusted proxy forwards it). */
export const signInFrom = (url: string, email: string, password: string, address: string) =>
    call(url, '/api/auth/login', {
        method: 'POST',
        json: { email, password },
        headers: { 'X-Forwarded-For': address },
    });
