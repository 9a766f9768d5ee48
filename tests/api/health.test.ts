import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { itAsRoot, mountSmallDisk, type SmallDisk } from '../support/disk';
import { call, demoDb, engine, login, removeDir, startServer, type RunningServer } from '../support/server';

/*
 * GET /api/health, for a hosting provider's checks: answered without a token on both engines, with the
 * engine's state and nothing secret, and 503 while the database does not take writes or answer.
 */

const secret = 'health-test-secret-that-is-long-enough-for-hs256';
const startProbe = 9999;

describe('the health of the server', () => {
    let server: RunningServer;
    beforeAll(async () => {
        // The message runner looks once at start, then not for an hour: what is queued after that look stays
        // due. The clock is the studio's afternoon, outside the quiet hours that would hold a notice till
        // morning. A message due before the start tells when that look is over: it is no longer queued.
        const db = JSON.parse(readFileSync(demoDb, 'utf8')) as { messages: Record<string, unknown>[] };
        db.messages.push({
            ...db.messages[0],
            id: startProbe,
            dedupeKey: 'health-test-start-probe',
            status: 'queued',
            attempts: 0,
            sendAt: '2026-06-01T10:00:00.000Z',
            sentAt: null,
            createdAt: '2026-06-01T10:00:00.000Z',
        });
        server = await startServer({
            db,
            env: { TOKEN_SECRET: secret, CHECKPOINT_IDLE_MS: '600000', MESSAGES_EVERY_MS: '3600000' },
            clock: () => new Date('2026-06-01T11:00:00Z'),
        });
        const token = await login(server.url, 'admin');
        await vi.waitFor(
            async () =>
                expect((await call(server.url, `/api/messages/${startProbe}`, { token })).body.status).not.toBe(
                    'queued',
                ),
            { timeout: 30_000, interval: 50 },
        );
    });
    afterAll(async () => {
        await server?.stop();
        if (server) removeDir(server.dir);
    });

    it('is answered without a token: the engine reachable, the version and the build, nothing secret', async () => {
        const health = await call(server.url, '/api/health');
        expect(health.status).toBe(200);
        expect(health.headers.get('cache-control')).toBe('no-store');
        const version = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;
        expect(health.body).toMatchObject({
            status: 'ok',
            database: { engine: engine === 'json' ? 'db.json' : 'postgresql', reachable: true },
            jobs: { messagesDue: 0 },
            version,
            // The API tests serve a stub page, which has no build.json.
            buildId: null,
        });
        for (const hidden of [secret, server.dbFile, server.dir, 'postgres://', 'password'])
            expect(health.text).not.toContain(hidden);
    });

    it('counts the messages due that the runner has not sent yet', async () => {
        const token = await login(server.url, 'manager');
        const customer = await call(server.url, '/api/customers', {
            method: 'POST',
            token,
            json: {
                firstName: 'Health',
                lastName: 'Due',
                phone: '+79990001122',
                email: 'due@example.test',
                status: 'active',
            },
        });
        expect(customer.status, customer.text).toBe(201);
        const sold = await call(server.url, '/api/passes/sell', {
            method: 'POST',
            token,
            json: { customerId: customer.body.id, subscriptionId: 3, startsOn: '2026-01-01', method: 'cash' },
        });
        expect(sold.status, sold.text).toBe(201);
        // "Payment received", queued in the sale's write, waits for the runner's next look.
        expect((await call(server.url, '/api/health')).body.jobs).toEqual({ messagesDue: 1 });
    });

    it('tells how much of the journal db.json does not hold yet, or the connections PostgreSQL has', async () => {
        const before = (await call(server.url, '/api/health')).body.database as Record<string, unknown>;
        const token = await login(server.url, 'admin');
        const made = await call(server.url, '/api/directions', {
            method: 'POST',
            token,
            json: { name: 'Health check', color: '#336699' },
        });
        expect(made.status).toBe(201);
        const after = (await call(server.url, '/api/health')).body.database as Record<string, unknown>;
        if (engine === 'json') {
            expect(after.journalBytes).toBeGreaterThan(before.journalBytes as number);
            expect(Date.parse(after.lastRewriteAt as string)).not.toBeNaN();
        } else {
            expect(after.pool).toMatchObject({ total: expect.any(Number), idle: expect.any(Number), waiting: 0 });
            expect((after.pool as { total: number }).total).toBeGreaterThan(0);
        }
    });
});

describe.skipIf(engine !== 'postgres')('the health of a server whose PostgreSQL database does not answer', () => {
    let server: RunningServer;
    let admin: pg.Client;
    let name: string;
    beforeAll(async () => {
        server = await startServer();
        const url = readFileSync(`${server.dbFile}.database-url`, 'utf8');
        name = url.slice(url.lastIndexOf('/') + 1);
        admin = new pg.Client({ connectionString: url.replace(/\/[^/]+$/, '/postgres') });
        await admin.connect();
    });
    afterAll(async () => {
        await admin?.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
        await admin?.end();
        await server?.stop();
        if (server) removeDir(server.dir);
    });

    it('is 503 while no connection can be made, and 200 again once one can', async () => {
        expect((await call(server.url, '/api/health')).status).toBe(200);
        await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
        await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);
        const down = await call(server.url, '/api/health');
        expect(down.status).toBe(503);
        expect(down.body).toMatchObject({
            status: 'unavailable',
            database: { engine: 'postgresql', reachable: false },
        });
        await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
        await expect.poll(async () => (await call(server.url, '/api/health')).status).toBe(200);
    });
});

describe.skipIf(engine !== 'json')('the health of a server whose disk is full', () => {
    let disk: SmallDisk;
    let server: RunningServer | undefined;
    beforeAll(() => {
        disk = mountSmallDisk(4);
    });
    afterAll(async () => {
        await server?.stop();
        disk?.unmount();
    });

    itAsRoot('is 503 while the disk refuses the journal, and 200 once a write reaches it again', async () => {
        const dbFile = join(disk.dir, 'db.json');
        copyFileSync(demoDb, dbFile);
        server = await startServer({ dbFile, env: { CHECKPOINT_IDLE_MS: '600000', WATCH_INTERVAL_MS: '0' } });
        const token = await login(server.url, 'admin');
        const direction = (index: number) =>
            call(server!.url, '/api/directions', {
                method: 'POST',
                token,
                json: { name: `Full disk ${index}`, color: '#336699', description: 'd'.repeat(1500) },
            });
        disk.fill(16 * 1024);
        let refused = false;
        for (let index = 0; index < 200 && !refused; index++) refused = (await direction(index)).status === 507;
        expect(refused).toBe(true);
        const down = await call(server.url, '/api/health');
        expect(down.status).toBe(503);
        expect(down.body).toMatchObject({ status: 'unavailable', database: { engine: 'db.json', reachable: false } });
        disk.free();
        expect((await direction(1000)).status).toBe(201);
        expect((await call(server.url, '/api/health')).status).toBe(200);
    });
});
