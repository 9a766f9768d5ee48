import { once } from 'node:events';
import { copyFileSync, mkdtempSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../src/server/app';
import { openStorage } from '../../src/server/storage';
import type { Storage } from '../../src/server/storage/types';
import { call, demoDb, engine, postgresDatabaseFor, removeDir, stubDist } from './server';

/** The server's clock, set by the test: milliseconds since the epoch. Move it instead of waiting. */
export interface Clock {
    now: number;
}

/**
 * The app in the test's own process, on the engine of the project, behind a trusted proxy on loopback
 * (so that X-Forwarded-For names the client), with a clock the test moves instead of waiting.
 * `restart` stops it and starts it again over the same database.
 */
export interface ClockedApp {
    url: string;
    clock: Clock;
    restart: () => Promise<void>;
    stop: () => Promise<void>;
}

const quiet = { info: () => undefined, warn: () => undefined, error: console.error };

export const startClockedApp = async (maxFailures = 5): Promise<ClockedApp> => {
    const dir = mkdtempSync(join(tmpdir(), 'studio-sign-in-'));
    const file = join(dir, 'db.json');
    copyFileSync(demoDb, file);
    const databaseUrl = engine === 'postgres' ? await postgresDatabaseFor(file) : undefined;
    const clock: Clock = { now: Date.parse('2026-03-01T10:00:00Z') };
    let storage: Storage;
    let server: Server;
    const start = async (port = 0) => {
        storage = await openStorage({ file, databaseUrl, watchIntervalMs: 0, log: quiet });
        const { app } = createApp({
            storage,
            distDir: stubDist(),
            trustedProxy: 'loopback',
            clock: () => new Date(clock.now),
            auth: {
                secret: 'test-secret-that-is-long-enough-for-hs256',
                tokenTtlHours: 1,
                maxFailures,
                failureWindowMs: 15 * 60_000,
            },
        });
        server = app.listen(port, '127.0.0.1');
        await once(server, 'listening');
        return (server.address() as { port: number }).port;
    };
    const stopNow = async () => {
        server.closeAllConnections();
        await new Promise(done => server.close(done));
        await storage.close();
    };
    const port = await start();
    return {
        url: `http://127.0.0.1:${port}`,
        clock,
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
