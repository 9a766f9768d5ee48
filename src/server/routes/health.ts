import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Router } from 'express';
import type { Clock } from '../../domain/time';
import { clockOffsetOf } from '../clock';
import { root } from '../paths';
import type { Storage } from '../storage/types';

/*
 * GET /api/health, without sign-in, for a hosting provider's checks and a supervisor: whether the server
 * and its database answer, the engine's state, the work due (messages to send: many means the runner is
 * behind or a channel is down), the server's time and whether CLOCK_START moved it, and which version
 * and build run. Nothing secret: no path, address or setting. 503 while the database does not answer.
 */

const versionOf = (): string => {
    try {
        return (JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { version: string }).version;
    } catch {
        return 'unknown';
    }
};

/** The id of the app's build the server serves (dist/build.json), or null when it has none. */
const buildIdOf = (distDir: string): string | null => {
    const file = resolve(distDir, 'build.json');
    if (!existsSync(file)) return null;
    try {
        return (JSON.parse(readFileSync(file, 'utf8')) as { buildId?: string }).buildId ?? null;
    } catch {
        return null;
    }
};

/** Messages queued and due at `now`: the job runner's backlog. */
const messagesDue = (storage: Storage, now: Date) =>
    storage.count('messages', [
        { field: 'status', kind: 'equals', values: ['queued'] },
        { field: 'sendAt', kind: 'lte', value: now.toISOString() },
    ]);

export const healthRoutes = (storage: Storage, distDir: string, clock: Clock): Router => {
    const router = Router();
    const version = versionOf();
    router.get('/health', async (_req, res) => {
        const database = await storage.health();
        const now = clock();
        res.status(database.reachable ? 200 : 503).json({
            status: database.reachable ? 'ok' : 'unavailable',
            database,
            jobs: { messagesDue: database.reachable ? await messagesDue(storage, now).catch(() => null) : null },
            // Moved by CLOCK_START: what the server's time is, for whoever checks a try of time from outside.
            clock: { moved: clockOffsetOf(clock) !== 0, now: now.toISOString() },
            version,
            buildId: buildIdOf(distDir),
        });
    });
    return router;
};
