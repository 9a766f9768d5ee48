import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { freshPhone } from '../support/factories';
import {
    call,
    engine,
    itOnDbJson,
    login,
    removeDir,
    restClient,
    runServerToExit,
    startServerProcess,
    storedDatabase,
    demoDb,
    type RunningServer,
} from '../support/server';

/*
 * CLOCK_START, on the server as it runs (node build/server/main.js) over a copy of the demo database:
 * the clock moved by it stamps records with the moved time, keeps it across a restart without it (the
 * offset is in the database's own notes), refuses to move back before what the data records, refuses a
 * public PUBLIC_URL, and `off` returns to real time. On PostgreSQL, two processes on one database read
 * the same moved time, and a db.json's note comes along into PostgreSQL and back.
 */

const dayMs = 86_400_000;
const dirs: string[] = [];
afterAll(() => dirs.forEach(removeDir));

/** The instant `days` ahead of real time, as CLOCK_START takes it. */
const ahead = (days: number) => new Date(Date.now() + days * dayMs).toISOString();

/** The settings a refused start runs with: the test's database on the project's engine. */
const settingsOver = (dbFile: string, env: Record<string, string>) =>
    engine === 'postgres' ? { DATABASE_URL: readFileSync(`${dbFile}.database-url`, 'utf8'), ...env } : env;

/** Makes a customer as a manager does, answering its createdAt. */
const createdAt = async (server: RunningServer, lastName: string): Promise<string> => {
    const client = restClient(server.url, await login(server.url, 'manager'));
    const { data } = await client.create('customers', {
        data: { firstName: 'Clocked', lastName, phone: freshPhone(), status: 'lead' },
    });
    return (data as { createdAt: string }).createdAt;
};

const healthClock = async (server: RunningServer) =>
    (await call(server.url, '/api/health')).body.clock as { moved: boolean; now: string };

/** An instant between the two bounds, as times. */
const between = (instant: string, from: number, to: number) => {
    const time = Date.parse(instant);
    expect(time, `${instant} after ${new Date(from).toISOString()}`).toBeGreaterThanOrEqual(from);
    expect(time, `${instant} before ${new Date(to).toISOString()}`).toBeLessThanOrEqual(to);
};

describe('CLOCK_START', () => {
    it('moves the clock for good, refuses moving it back or on a public address, and off returns to real time', async () => {
        const target = ahead(40);
        const firstAsked = Date.now();
        const first = await startServerProcess({ env: { CLOCK_START: target } });
        dirs.push(first.dir);
        const { dbFile } = first;
        expect(first.output()).toMatch(/The clock is moved: it reads .* \(40 days ahead of real time/);
        /** The moved clock reads `target` plus the real time gone by since it was asked for, at most. */
        const movedNow = () => Date.parse(target) + (Date.now() - firstAsked);
        const health = await healthClock(first);
        expect(health.moved).toBe(true);
        between(health.now, Date.parse(target), movedNow());
        const madeFirst = await createdAt(first, 'First');
        between(madeFirst, Date.parse(target), movedNow());
        await first.stop();

        // A start without it runs on the moved clock still, ticking on from where it was.
        const second = await startServerProcess({ dbFile });
        expect(second.output()).toMatch(/The clock is moved/);
        const madeSecond = await createdAt(second, 'Second');
        between(madeSecond, Date.parse(madeFirst), movedNow());
        expect((await healthClock(second)).moved).toBe(true);
        await second.stop();

        // Before the records just made: refused, with the reason, and nothing changes.
        const back = await runServerToExit({ dbFile, env: settingsOver(dbFile, { CLOCK_START: ahead(20) }) });
        expect(back.started).toBe(false);
        expect(back.code).toBe(1);
        expect(back.output).toMatch(/CLOCK_START=\S+ is before \S+, the latest time the database records something at/);
        expect(back.output).not.toMatch(/\n\s+at /);

        const publicUrl = await runServerToExit({
            dbFile,
            env: settingsOver(dbFile, { CLOCK_START: ahead(60), PUBLIC_URL: 'https://studio.example.com' }),
        });
        expect(publicUrl.started).toBe(false);
        expect(publicUrl.code).toBe(1);
        expect(publicUrl.output).toMatch(/CLOCK_START is refused while PUBLIC_URL \(https:\/\/studio\.example\.com\)/);

        // Nor does a server customers use start over the moved database without CLOCK_START.
        const movedPublic = await runServerToExit({
            dbFile,
            env: settingsOver(dbFile, { PUBLIC_URL: 'https://studio.example.com' }),
        });
        expect(movedPublic.started).toBe(false);
        expect(movedPublic.code).toBe(1);
        expect(movedPublic.output).toMatch(/This database's clock is moved .* Start it once with CLOCK_START=off/);

        const words = await runServerToExit({ dbFile, env: settingsOver(dbFile, { CLOCK_START: 'next week' }) });
        expect(words.code).toBe(1);
        expect(words.output).toMatch(/CLOCK_START=next week is not an instant/);

        // The refusals left the clock as it was; a local PUBLIC_URL takes a CLOCK_START.
        const fifty = ahead(50);
        const fiftyAsked = Date.now();
        const local = await startServerProcess({
            dbFile,
            env: { CLOCK_START: fifty, PUBLIC_URL: 'http://studio.local:3000' },
        });
        between((await healthClock(local)).now, Date.parse(fifty), Date.parse(fifty) + (Date.now() - fiftyAsked));
        await local.stop();

        // off is how such a database comes back to real time, on any address.
        const off = await startServerProcess({
            dbFile,
            env: { CLOCK_START: 'off', PUBLIC_URL: 'https://studio.example.com' },
        });
        expect(off.output()).toMatch(/CLOCK_START=off: the clock goes back to real time \(it was 50 days ahead/);
        const realAsked = Date.now();
        expect((await healthClock(off)).moved).toBe(false);
        between(await createdAt(off, 'Off'), realAsked, Date.now());
        await off.stop();

        // Real time stays without the note: a start without CLOCK_START says nothing of a moved clock.
        const after = await startServerProcess({ dbFile });
        expect(after.output()).not.toMatch(/The clock is moved/);
        expect((await healthClock(after)).moved).toBe(false);
        await after.stop();
    });

    itOnDbJson('keeps its note in db.json, out of every collection, and never serves it', async () => {
        const target = ahead(10);
        const asked = Date.now();
        const server = await startServerProcess({ env: { CLOCK_START: target } });
        dirs.push(server.dir);
        const token = await login(server.url, 'admin');
        const prototypes = await call(server.url, '/api/prototypes', { token });
        expect(JSON.stringify(prototypes.body)).not.toContain('_notes');
        expect((await call(server.url, '/api/_notes', { token })).status).toBeGreaterThanOrEqual(400);
        await server.stop();
        const stopped = Date.now();
        const file = JSON.parse(readFileSync(server.dbFile, 'utf8')) as Record<string, unknown>;
        expect(file._notes).toMatchObject({ clock: { offsetMs: expect.any(Number) } });
        const offset = (file._notes as { clock: { offsetMs: number } }).clock.offsetMs;
        // Taken at the start, between the asking and the stop.
        expect(offset).toBeGreaterThanOrEqual(Date.parse(target) - stopped);
        expect(offset).toBeLessThanOrEqual(Date.parse(target) - asked);
    });

    (engine === 'postgres' ? it : it.skip)('is one time for every process on the database', async () => {
        const target = ahead(40);
        const asked = Date.now();
        const first = await startServerProcess({ env: { CLOCK_START: target } });
        dirs.push(first.dir);
        const second = await startServerProcess({ dbFile: first.dbFile });
        try {
            const movedNow = () => Date.parse(target) + (Date.now() - asked);
            between((await healthClock(second)).now, Date.parse(target), movedNow());
            between(await createdAt(second, 'OnSecond'), Date.parse(target), movedNow());
            between(await createdAt(first, 'OnFirst'), Date.parse(target), movedNow());
            // A third start moves the clock further: the two running take it when they read the note again.
            const further = ahead(80);
            const third = await startServerProcess({ dbFile: first.dbFile, env: { CLOCK_START: further } });
            await third.stop();
            for (const server of [first, second])
                await expect
                    .poll(async () => Date.parse((await healthClock(server)).now), { timeout: 30_000, interval: 200 })
                    .toBeGreaterThanOrEqual(Date.parse(further));
        } finally {
            await Promise.all([first.stop(), second.stop()]);
        }
    });

    (engine === 'postgres' ? it : it.skip)('comes along when a db.json is moved to PostgreSQL and back', async () => {
        const offsetMs = 30 * dayMs;
        const note = { offsetMs, clockStart: ahead(30), setAt: new Date().toISOString() };
        const demo = JSON.parse(readFileSync(demoDb, 'utf8')) as Record<string, unknown>;
        const asked = Date.now();
        const server = await startServerProcess({ db: { ...demo, _notes: { clock: note } } });
        dirs.push(server.dir);
        try {
            between((await healthClock(server)).now, asked + offsetMs, Date.now() + offsetMs);
            const exported = (await storedDatabase(server)) as unknown as Record<string, unknown>;
            expect(exported._notes).toEqual({ clock: note });
        } finally {
            await server.stop();
        }
    });
});
