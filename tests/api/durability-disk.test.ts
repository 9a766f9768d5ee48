import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { customerFieldsOf, type CustomerFields, fetchByIds, nextPhone, readDb } from '../support/durability';
import { itAsRoot, mountSmallDisk, type SmallDisk } from '../support/disk';
import {
    call,
    demoDb,
    login,
    restClient,
    runServerToExit,
    startServerProcess,
    type ServerProcess,
} from '../support/server';

/*
 * The db.json engine on a disk that fills up: a journal write the disk cannot take whole is refused
 * (507), nothing of it stays in memory or on disk, reads go on, and writes resume once space is freed.
 * Every write that was acknowledged is there after a kill -9 and a restart.
 */

const notes = 'n'.repeat(3000);

/** Writers creating customers until the disk refuses each of them a few times in a row. */
const writeUntilFull = async (server: ServerProcess, token: string, acknowledged: Map<number, CustomerFields>) => {
    const statuses = new Set<number>();
    const writer = async () => {
        let refusedInARow = 0;
        for (let attempt = 0; attempt < 400 && refusedInARow < 3; attempt++) {
            const response = await call(server.url, '/api/customers', {
                method: 'POST',
                token,
                json: { firstName: 'Full', lastName: `Disk${attempt}`, phone: nextPhone(), status: 'lead', notes },
            });
            statuses.add(response.status);
            if (response.status === 201) {
                acknowledged.set(Number(response.body.id), customerFieldsOf(response.body));
                refusedInARow = 0;
            } else refusedInARow++;
        }
    };
    await Promise.all([writer(), writer(), writer(), writer()]);
    return statuses;
};

const customersTotal = async (server: ServerProcess, token: string) => {
    const response = await call(server.url, '/api/customers?range=[0,0]', { token });
    expect(response.status).toBe(200);
    return Number(/\/(\d+)$/.exec(response.headers.get('Content-Range') ?? '')?.[1]);
};

describe('a full disk', () => {
    let disk: SmallDisk;
    beforeAll(() => {
        // Room for the demo (1 MB) three times over: the file, the copy a restart writes, and the journal.
        disk = mountSmallDisk(6);
    });
    afterAll(() => disk?.unmount());

    itAsRoot(
        'refuses what it cannot journal with 507, keeps serving reads, writes again once space is freed, and loses no acknowledged write to kill -9',
        async () => {
            const dbFile = join(disk.dir, 'db.json');
            copyFileSync(demoDb, dbFile);
            const initial = readDb(dbFile).customers.length;
            const acknowledged = new Map<number, CustomerFields>();
            const env = { CHECKPOINT_IDLE_MS: '100', WATCH_INTERVAL_MS: '0' };
            let server = await startServerProcess({ dbFile, env });
            let token = await login(server.url, 'admin');
            for (let round = 1; round <= 3; round++) {
                disk.fill(48 * 1024);
                const statuses = await writeUntilFull(server, token, acknowledged);
                expect([...statuses].sort(), `round ${round}: every write was saved or refused as a full disk`).toEqual(
                    [201, 507],
                );
                const refused = await call(server.url, '/api/customers', {
                    method: 'POST',
                    token,
                    json: { firstName: 'Full', lastName: 'Again', phone: nextPhone(), status: 'lead', notes },
                });
                expect(refused.status).toBe(507);
                expect(refused.body.message).toMatch(/disk holding .* is full/);
                // Memory holds what the disk holds: no refused write is served.
                expect(await customersTotal(server, token)).toBe(initial + acknowledged.size);
                expect(server.output()).not.toMatch(/Unexpected error/);

                if (round === 2) {
                    // Killed while the disk is full: a restart cannot write the file back until space is freed.
                    await server.stop('SIGKILL');
                    const full = await runServerToExit({ dbFile, env });
                    expect(full.started).toBe(false);
                    expect(full.code).toBe(1);
                    expect(full.output).toMatch(/disk holding .* is full/);
                    expect(full.output).not.toMatch(/^\s+at /m);
                    disk.free();
                    server = await startServerProcess({ dbFile, env });
                    token = await login(server.url, 'admin');
                } else {
                    disk.free();
                }
                const after = await call(server.url, '/api/customers', {
                    method: 'POST',
                    token,
                    json: { firstName: 'Space', lastName: `Round${round}`, phone: nextPhone(), status: 'lead' },
                });
                expect(after.status, `round ${round}: a write once space is freed`).toBe(201);
                acknowledged.set(Number(after.body.id), customerFieldsOf(after.body));
            }
            await server.stop('SIGKILL');
            disk.free();
            server = await startServerProcess({ dbFile, env });
            token = await login(server.url, 'admin');
            const stored = await fetchByIds(restClient(server.url, token), 'customers', [...acknowledged.keys()]);
            for (const [id, fields] of acknowledged)
                expect(
                    stored.get(id) && customerFieldsOf(stored.get(id) as Record<string, unknown>),
                    `customer ${id}`,
                ).toEqual(fields);
            expect(await customersTotal(server, token)).toBe(initial + acknowledged.size);
            await server.stop();
            // A clean stop leaves db.json whole, with every acknowledged write.
            expect(JSON.parse(readFileSync(dbFile, 'utf8')).customers).toHaveLength(initial + acknowledged.size);
        },
    );
});
