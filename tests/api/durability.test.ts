import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import type { DataProvider } from 'ra-core';
import { describe, expect, it } from 'vitest';
import { studioToday } from '../../src/domain/time';
import { validateDatabase } from '../../src/domain/validation';
import type { Database } from '../../src/domain/types';
import {
    call,
    demoDb,
    login,
    removeDir,
    restClient,
    root,
    runServerToExit,
    startServer,
    waitForOutput,
    type RunningServer,
} from '../support/server';

/*
 * The storage engine's promises: db.json plus an append-only journal `${DB_FILE}.journal` with one
 * `<crc32 hex> <json>` line per committed transaction, fsync'd before the answer; db.json rewritten in
 * the background (after CHECKPOINT_IDLE_MS without writes, or once the journal passes
 * CHECKPOINT_JOURNAL_BYTES); the journal replayed at start-up; a hand edit of db.json noticed every
 * WATCH_INTERVAL_MS. The tests know nothing of the JSON inside a journal line beyond its checksum.
 */

const journalOf = (dbFile: string) => `${dbFile}.journal`;
const readDb = (dbFile: string) => JSON.parse(readFileSync(dbFile, 'utf8')) as Database;
const sleep = (ms: number) => new Promise<void>(done => setTimeout(done, ms));

const waitFor = async (what: string, check: () => boolean, timeoutMs = 10_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!check()) {
        if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting until ${what}`);
        await sleep(20);
    }
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** One log line holding every one of the phrases, in any order. */
const lineWith = (...phrases: string[]) =>
    new RegExp(`^${phrases.map(phrase => `(?=.*${escapeRegExp(phrase)})`).join('')}.*$`, 'im');

/** Seeded, so that a failing run can be repeated with DURABILITY_SEED=<the seed in the message>. */
const seed = Number(process.env.DURABILITY_SEED ?? Date.now() % 2 ** 31);
const random = (() => {
    let state = seed;
    return () => {
        state = (state + 0x6d2b79f5) | 0;
        let t = Math.imul(state ^ (state >>> 15), 1 | state);
        t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
})();
const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));

/** The journal's complete lines; the text after the last newline (a torn write) is left out. */
const journalLines = (dbFile: string): string[] => {
    const text = existsSync(journalOf(dbFile)) ? readFileSync(journalOf(dbFile), 'utf8') : '';
    return text.split('\n').slice(0, -1);
};

/**
 * After start-up the replayed lines are in db.json and no longer in the journal. The file itself may be
 * gone or already reopened empty for the next writes; after a clean stop it must be gone (checked there).
 */
const journalEmptied = (dbFile: string) => (statSync(journalOf(dbFile), { throwIfNoEntry: false })?.size ?? 0) === 0;

const checksumOf = (json: string) => crc32(json).toString(16).padStart(8, '0');

/** Every line but the last is whole and checks out: the last may be torn by a kill in the middle of its write. */
const expectWellFormedJournal = (dbFile: string, where: string) => {
    const lines = journalLines(dbFile);
    lines.slice(0, -1).forEach((line, index) => {
        expect(line, `${where}: journal line ${index + 1} is "<crc32 as 8 lowercase hex> <json>"`).toMatch(
            /^[0-9a-f]{8} \S/,
        );
        const json = line.slice(9);
        expect(() => JSON.parse(json), `${where}: journal line ${index + 1} holds JSON`).not.toThrow();
        expect(
            line.slice(0, 8),
            `${where}: journal line ${index + 1}: the checksum is the CRC-32 of the JSON text`,
        ).toBe(checksumOf(json));
    });
};

/** "One record per line": every record (each has a createdAt) on a line of its own. */
const expectOneRecordPerLine = (dbFile: string) => {
    const text = readFileSync(dbFile, 'utf8');
    const data = JSON.parse(text) as Record<string, unknown[]>;
    const records = Object.values(data).reduce((sum, list) => sum + list.length, 0);
    const perLine = text.split('\n').map(line => line.split('"createdAt"').length - 1);
    expect(Math.max(...perLine), 'no line of db.json holds two records').toBe(1);
    expect(perLine.filter(count => count === 1).length).toBe(records);
};

/** A visit is charged to a pass in the same transaction that saves the mark: the two never part. */
const expectPassesMatchMarks = (data: Database, where: string) => {
    const charged = new Map<number, number>();
    for (const mark of data.attendances)
        if (mark.charged && mark.passId !== null) charged.set(mark.passId, (charged.get(mark.passId) ?? 0) + 1);
    const mismatched = data.passes
        .filter(pass => pass.visitsUsed !== (charged.get(pass.id) ?? 0))
        .map(pass => `pass ${pass.id}: ${pass.visitsUsed} used, ${charged.get(pass.id) ?? 0} charged marks`);
    expect(mismatched, `${where}: passes whose visitsUsed differs from their charged marks`).toEqual([]);
};

const customerFields = ['firstName', 'lastName', 'phone', 'status', 'notes'] as const;
type CustomerFields = Record<(typeof customerFields)[number], unknown>;
const customerFieldsOf = (record: Record<string, unknown>): CustomerFields =>
    Object.fromEntries(customerFields.map(field => [field, record[field] ?? null])) as CustomerFields;

const markFields = ['eventId', 'customerId', 'status', 'passId', 'charged', 'unpaid'] as const;
type MarkFields = Record<(typeof markFields)[number], unknown>;
const markFieldsOf = (record: Record<string, unknown>): MarkFields =>
    Object.fromEntries(markFields.map(field => [field, record[field] ?? null])) as MarkFields;

/** Records by id through the app's own data provider, a page of at most 500 ids at a time. */
const fetchByIds = async (client: DataProvider, resource: string, ids: number[]) => {
    const found = new Map<number, Record<string, unknown>>();
    for (let start = 0; start < ids.length; start += 500) {
        const chunk = ids.slice(start, start + 500);
        const { data } = await client.getList(resource, {
            filter: { id: chunk },
            pagination: { page: 1, perPage: chunk.length },
            sort: { field: 'id', order: 'ASC' },
        });
        for (const record of data) found.set(Number(record.id), record);
    }
    return found;
};

let phoneCounter = 0;
/** Distinct, valid phone numbers, so that a record found can only be the one written. */
const nextPhone = () => {
    phoneCounter += 1;
    const digits = String(phoneCounter).padStart(7, '0');
    return `+7 955 ${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}`;
};

/** A fresh copy of the demo database with some acknowledged writes only in the journal, killed with -9. */
const killedWithJournal = async (writes = 6) => {
    // A long idle time: nothing is rewritten, so every write is still a line of the journal.
    const server = await startServer({ env: { CHECKPOINT_IDLE_MS: '60000' } });
    const token = await login(server.url, 'admin');
    const acknowledged = new Map<number, CustomerFields>();
    // One at a time, so that each write is a line of its own and nothing is in flight at the kill.
    for (let n = 1; n <= writes; n++) {
        const response = await call(server.url, '/api/customers', {
            method: 'POST',
            token,
            json: {
                firstName: 'Journal',
                lastName: `Torn${n}`,
                phone: nextPhone(),
                status: 'lead',
                notes: `write ${n}`,
            },
        });
        expect(response.status).toBe(201);
        acknowledged.set(Number(response.body.id), customerFieldsOf(response.body));
    }
    // The last line is a create whose last name the forged lines below can change.
    const lastName = `Torn${writes}`;
    await server.stop('SIGKILL');
    const lines = journalLines(server.dbFile);
    expect(lines.length, 'every acknowledged write is a journal line').toBeGreaterThanOrEqual(writes);
    expect(lines[lines.length - 1], 'the last journal line holds the last write').toContain(lastName);
    return { server, acknowledged, lines, lastName };
};

/** Every acknowledged customer is served and stored with its acknowledged values. */
const expectCustomersServed = async (server: RunningServer, acknowledged: Map<number, CustomerFields>) => {
    const client = restClient(server.url, await login(server.url, 'admin'));
    const served = await fetchByIds(client, 'customers', [...acknowledged.keys()]);
    for (const [id, fields] of acknowledged) {
        const record = served.get(id);
        expect(record && customerFieldsOf(record), `customer ${id}`).toEqual(fields);
    }
    return client;
};

/** db.json, rewritten at start-up, is sound, holds every acknowledged customer, and nothing of a line that was never acknowledged. */
const expectRewrittenWithout = (
    dbFile: string,
    acknowledged: Map<number, CustomerFields>,
    neverAcknowledged: string,
) => {
    const data = readDb(dbFile);
    expect(validateDatabase(data)).toEqual([]);
    const stored = new Map(
        data.customers.map(customer => [customer.id, customerFieldsOf(customer as unknown as Record<string, unknown>)]),
    );
    for (const [id, fields] of acknowledged)
        expect(stored.get(id), `customer ${id} in the rewritten db.json`).toEqual(fields);
    expect(data.customers.some(customer => customer.lastName === neverAcknowledged)).toBe(false);
};

describe('crash safety', () => {
    it('keeps every acknowledged write through repeated SIGKILLs under concurrent writers, also in the middle of background rewrites', async () => {
        const where = (text: string) => `${text} (DURABILITY_SEED=${seed})`;
        // Pairs of a demo customer and a class they have a pass for, never marked: most marks charge a pass,
        // so that a mark is a transaction of two records (the attendance and the pass's visitsUsed).
        const demo = JSON.parse(readFileSync(demoDb, 'utf8')) as Database;
        const marked = new Set(demo.attendances.map(mark => `${mark.eventId}:${mark.customerId}`));
        const pairs: { eventId: number; customerId: number }[] = [];
        // Classes of today or before: a later class cannot be marked yet.
        const today = studioToday(demo.configs[0].timezone);
        for (const event of demo.events.filter(
            candidate => candidate.status !== 'cancelled' && candidate.startsAt.slice(0, 10) <= today,
        )) {
            const day = event.startsAt.slice(0, 10);
            const covering = demo.passes.filter(pass => !pass.cancelled && pass.startsOn <= day && day <= pass.endsOn);
            const holders = new Set(covering.map(pass => pass.customerId));
            for (const customerId of holders)
                if (!marked.has(`${event.id}:${customerId}`)) pairs.push({ eventId: event.id, customerId });
        }
        for (let index = pairs.length - 1; index > 0; index--) {
            const other = Math.floor(random() * (index + 1));
            [pairs[index], pairs[other]] = [pairs[other], pairs[index]];
        }

        interface TrackedCustomer {
            acknowledged: CustomerFields;
            /** A PUT sent but not answered when the server died: it may or may not have been committed. */
            inFlight?: CustomerFields;
            busy: boolean;
        }
        const customers = new Map<number, TrackedCustomer>();
        const marks = new Map<number, MarkFields>();

        /** What db.json (after a restart or a clean stop) and the API must both show. */
        const expectAcknowledged = (
            found: Map<number, Record<string, unknown>>,
            foundMarks: Map<number, Record<string, unknown>>,
            text: string,
        ) => {
            for (const [id, customer] of customers) {
                const record = found.get(id);
                expect(record, where(`${text}: acknowledged customer ${id}`)).toBeDefined();
                const possible = customer.inFlight
                    ? [customer.acknowledged, customer.inFlight]
                    : [customer.acknowledged];
                expect(
                    possible,
                    where(`${text}: customer ${id} holds its last acknowledged values (or the unanswered PUT)`),
                ).toContainEqual(customerFieldsOf(record as Record<string, unknown>));
            }
            for (const [id, mark] of marks) {
                const record = foundMarks.get(id);
                expect(record && markFieldsOf(record), where(`${text}: acknowledged attendance ${id}`)).toEqual(mark);
            }
        };

        /** After a start: the journal was replayed onto db.json and removed, and the API serves every acknowledged write. */
        const checkRecovered = async (server: RunningServer, client: DataProvider, text: string) => {
            await waitFor(
                where(`${text}: the journal is emptied at start-up`),
                () => journalEmptied(server.dbFile),
                5_000,
            );
            const data = readDb(server.dbFile);
            expect(validateDatabase(data), where(`${text}: db.json validates`)).toEqual([]);
            expectPassesMatchMarks(data, where(text));
            const byId = <R extends { id: unknown }>(list: R[]) =>
                new Map(list.map(record => [Number(record.id), record as unknown as Record<string, unknown>]));
            expectAcknowledged(byId(data.customers), byId(data.attendances), `${text}, db.json`);
            const served = await fetchByIds(client, 'customers', [...customers.keys()]);
            expectAcknowledged(served, await fetchByIds(client, 'attendances', [...marks.keys()]), `${text}, API`);
            // What survived is now the durable state: the unanswered PUT either happened or not, for good.
            for (const [id, customer] of customers) {
                customer.acknowledged = customerFieldsOf(served.get(id) as Record<string, unknown>);
                customer.inFlight = undefined;
                customer.busy = false;
            }
        };

        /**
         * Twelve lanes write as fast as answers come: creates, PUTs of customers acknowledged earlier
         * (never two at once on one customer, so the last answer is the value), and attendance marks.
         * Now and then every lane pauses for a while, so that a short CHECKPOINT_IDLE_MS starts a
         * rewrite that the next writes (and the kill) run into. Answers `stopAfter` acknowledged
         * writes, or the server is killed after `killAfter`.
         */
        const writeUnderLoad = async (
            server: RunningServer,
            token: string,
            round: number,
            limit: { killAfter?: number; stopAfter?: number },
        ) => {
            let acknowledgedWrites = 0;
            let stopped = false;
            let pauseUntil = 0;
            let nextPause = between(8, 20);
            const refused: string[] = [];
            const acknowledge = () => {
                acknowledgedWrites += 1;
                if (acknowledgedWrites === limit.killAfter) {
                    stopped = true;
                    server.process.kill('SIGKILL');
                }
                if (acknowledgedWrites === limit.stopAfter) stopped = true;
                if (acknowledgedWrites === nextPause) {
                    pauseUntil = Date.now() + between(30, 150);
                    nextPause += between(8, 20);
                }
            };
            const create = async (lane: number, n: number) => {
                const response = await call(server.url, '/api/customers', {
                    method: 'POST',
                    token,
                    json: {
                        firstName: `Lane${lane}`,
                        lastName: `Round${round}Write${n}`,
                        phone: nextPhone(),
                        status: 'lead',
                        notes: `created in round ${round}`,
                    },
                });
                if (response.status !== 201) return refused.push(`POST customers: ${response.status} ${response.text}`);
                customers.set(Number(response.body.id), { acknowledged: customerFieldsOf(response.body), busy: false });
                acknowledge();
            };
            const update = async (id: number, customer: TrackedCustomer, n: number) => {
                const fields = {
                    ...customer.acknowledged,
                    lastName: `Updated${round}x${n}`,
                    notes: `updated in round ${round}, write ${n}`,
                    status: 'trial',
                };
                customer.busy = true;
                customer.inFlight = fields;
                const response = await call(server.url, `/api/customers/${id}`, { method: 'PUT', token, json: fields });
                customer.inFlight = undefined;
                customer.busy = false;
                if (response.status !== 200)
                    return refused.push(`PUT customers/${id}: ${response.status} ${response.text}`);
                customer.acknowledged = customerFieldsOf(response.body);
                acknowledge();
            };
            const mark = async (pair: { eventId: number; customerId: number }) => {
                const response = await call(server.url, '/api/attendances', {
                    method: 'POST',
                    token,
                    json: { ...pair, status: 'attended' },
                });
                if (response.status !== 201)
                    return refused.push(
                        `POST attendances ${JSON.stringify(pair)}: ${response.status} ${response.text}`,
                    );
                marks.set(Number(response.body.id), markFieldsOf(response.body));
                acknowledge();
            };
            const lane = async (lane: number) => {
                for (let n = 0; !stopped; n++) {
                    if (Date.now() < pauseUntil) {
                        await sleep(pauseUntil - Date.now());
                        continue;
                    }
                    const dice = random();
                    const idle = [...customers].filter(([, customer]) => !customer.busy);
                    try {
                        if (dice < 0.2 && idle.length) {
                            const [id, customer] = idle[Math.floor(random() * idle.length)];
                            await update(id, customer, n);
                        } else if (dice < 0.4 && pairs.length) {
                            // A pair is used once only: a mark whose answer was lost may still have been saved.
                            await mark(pairs.pop() as { eventId: number; customerId: number });
                        } else {
                            await create(lane, n);
                        }
                    } catch {
                        return; // the request failed: the server is gone
                    }
                }
            };
            await Promise.all(Array.from({ length: 12 }, (_, index) => lane(index)));
            expect(refused, where(`round ${round}: every write is answered 2xx`)).toEqual([]);
            return acknowledgedWrites;
        };

        // CHECKPOINT_IDLE_MS 50 with the pauses: kills land while rewrites triggered by idleness run; a
        // 2000-byte journal limit: rewrites run back to back under load, so the kill surely lands in one.
        const rounds: Record<string, string>[] = [
            {},
            { CHECKPOINT_IDLE_MS: '50' },
            { CHECKPOINT_JOURNAL_BYTES: '2000' },
            { CHECKPOINT_IDLE_MS: '50' },
            { CHECKPOINT_IDLE_MS: '50', CHECKPOINT_JOURNAL_BYTES: '2000' },
            {},
            { CHECKPOINT_IDLE_MS: '50' },
            { CHECKPOINT_IDLE_MS: '50', CHECKPOINT_JOURNAL_BYTES: '2000' },
        ];
        let dbFile: string | undefined;
        let dir: string | undefined;
        let running: RunningServer | undefined;
        try {
            for (const [round, env] of rounds.entries()) {
                const server = await startServer({ dbFile, env });
                running = server;
                dbFile = server.dbFile;
                dir = server.dir;
                const token = await login(server.url, 'admin');
                await checkRecovered(server, restClient(server.url, token), `round ${round} start`);
                const killAfter = between(20, 120);
                const written = await writeUnderLoad(server, token, round, { killAfter });
                await server.stop('SIGKILL');
                expect(written, where(`round ${round}: writes acknowledged before the kill`)).toBeGreaterThanOrEqual(
                    killAfter,
                );
                expectWellFormedJournal(server.dbFile, where(`round ${round}`));
            }

            // A last start: recovery, more writes, then a clean stop that must leave everything in db.json alone.
            const server = await startServer({ dbFile });
            running = server;
            const token = await login(server.url, 'admin');
            await checkRecovered(server, restClient(server.url, token), 'after the last kill');
            await writeUnderLoad(server, token, rounds.length, { stopAfter: 40 });
            await server.stop('SIGTERM');
            expect(server.process.exitCode, where('a clean stop exits 0')).toBe(0);
            expect(existsSync(journalOf(server.dbFile)), where('no journal after a clean stop')).toBe(false);
            const data = readDb(server.dbFile);
            expect(validateDatabase(data), where('db.json validates after a clean stop')).toEqual([]);
            expectPassesMatchMarks(data, where('after a clean stop'));
            const byId = <R extends { id: unknown }>(list: R[]) =>
                new Map(list.map(record => [Number(record.id), record as unknown as Record<string, unknown>]));
            expectAcknowledged(byId(data.customers), byId(data.attendances), 'db.json after a clean stop');
            expectOneRecordPerLine(server.dbFile);
            expect(marks.size, where('marks were part of the load')).toBeGreaterThan(0);
            expect(
                [...marks.values()].some(mark => mark.charged),
                where('some marks charged a pass: two-record transactions'),
            ).toBe(true);
        } finally {
            await running?.stop('SIGKILL');
            if (dir) removeDir(dir);
        }
    }, 150_000);

    it('ignores a torn last journal line (half a line, no newline): the server starts with every acknowledged write, rewrites db.json and empties the journal', async () => {
        const { server, acknowledged, lines, lastName } = await killedWithJournal();
        // A forged copy of the last write, cut in half as a kill in the middle of a write would leave it.
        const forged = lines[lines.length - 1].replace(lastName, 'Forged');
        appendFileSync(journalOf(server.dbFile), forged.slice(0, Math.floor(forged.length / 2)));
        const restarted = await startServer({ dbFile: server.dbFile });
        try {
            await expectCustomersServed(restarted, acknowledged);
            await waitFor('the journal is emptied at start-up', () => journalEmptied(server.dbFile), 5_000);
            expectRewrittenWithout(server.dbFile, acknowledged, 'Forged');
        } finally {
            await restarted.stop();
            removeDir(server.dir);
        }
    }, 60_000);

    it('ignores a last journal line whose checksum is wrong: the server starts without it, with every acknowledged write', async () => {
        const { server, acknowledged, lines, lastName } = await killedWithJournal();
        // A whole line, newline and all, whose JSON no longer matches its checksum (a write torn inside a disk block).
        const forged = lines[lines.length - 1].replace(lastName, 'Forged');
        appendFileSync(journalOf(server.dbFile), `${forged}\n`);
        const restarted = await startServer({ dbFile: server.dbFile });
        try {
            const client = await expectCustomersServed(restarted, acknowledged);
            const { data: found } = await client.getList('customers', {
                filter: { q: 'Forged' },
                pagination: { page: 1, perPage: 10 },
                sort: { field: 'id', order: 'ASC' },
            });
            expect(found, 'the line with the bad checksum was not applied').toEqual([]);
            await waitFor('the journal is emptied at start-up', () => journalEmptied(server.dbFile), 5_000);
            expectRewrittenWithout(server.dbFile, acknowledged, 'Forged');
        } finally {
            await restarted.stop();
            removeDir(server.dir);
        }
    }, 60_000);

    it('refuses to start when a journal line that is not the last has a bad checksum, and leaves db.json and the journal as they are', async () => {
        const { server, lines } = await killedWithJournal();
        try {
            expect(lines.length).toBeGreaterThanOrEqual(3);
            // A flipped checksum digit: wrong whatever the checksum covers; the line after it shows it is not a torn tail.
            const middle = Math.floor(lines.length / 2);
            const digit = lines[middle][0];
            lines[middle] = `${digit === '0' ? '1' : '0'}${lines[middle].slice(1)}`;
            const journal = `${lines.join('\n')}\n`;
            writeFileSync(journalOf(server.dbFile), journal);
            const database = readFileSync(server.dbFile);

            const result = await runServerToExit({ dbFile: server.dbFile });
            expect(result.started, `the server started over a corrupt journal:\n${result.output}`).toBe(false);
            expect(result.code, result.output).not.toBe(0);
            expect(result.code, `stopped by itself, not by a signal:\n${result.output}`).not.toBeNull();
            expect(result.output).toMatch(/journal/i);
            expect(readFileSync(server.dbFile).equals(database), 'db.json untouched').toBe(true);
            expect(readFileSync(journalOf(server.dbFile), 'utf8'), 'journal untouched').toBe(journal);
        } finally {
            removeDir(server.dir);
        }
    }, 60_000);

    it.each(['SIGTERM', 'SIGINT'] as const)(
        'after %s the process exits 0, no journal remains and db.json holds every write, one record per line',
        async signal => {
            // A long idle time: the writes are only in the journal until the stop.
            const server = await startServer({ env: { CHECKPOINT_IDLE_MS: '60000' } });
            try {
                const token = await login(server.url, 'admin');
                const client = restClient(server.url, token);
                const created = await Promise.all(
                    Array.from({ length: 8 }, async (_, n) => {
                        const { data } = await client.create('customers', {
                            data: { firstName: 'Clean', lastName: `Stop${n}`, phone: nextPhone(), status: 'lead' },
                        });
                        return data;
                    }),
                );
                const { data: changed } = await client.update('customers', {
                    id: created[0].id,
                    data: { ...created[0], notes: 'changed before the stop' },
                    previousData: created[0],
                });
                const { data: mark } = await client.create('attendances', {
                    data: { eventId: 1, customerId: created[1].id, status: 'excused' },
                });
                // Acknowledged and not yet rewritten: the writes must be lines of the journal.
                const journal = readFileSync(journalOf(server.dbFile), 'utf8');
                for (let n = 0; n < 8; n++) expect(journal, `create ${n} is in the journal`).toContain(`Stop${n}`);
                expect(journal).toContain('changed before the stop');
                expectWellFormedJournal(server.dbFile, 'before the stop');

                await server.stop(signal);
                expect(server.process.exitCode).toBe(0);
                expect(existsSync(journalOf(server.dbFile))).toBe(false);
                const data = readDb(server.dbFile);
                expect(validateDatabase(data)).toEqual([]);
                const stored = new Map(data.customers.map(customer => [customer.id, customer]));
                for (const customer of created.slice(1))
                    expect(stored.get(Number(customer.id))).toMatchObject({
                        lastName: customer.lastName,
                        phone: customer.phone,
                    });
                expect(stored.get(Number(changed.id))).toMatchObject({
                    lastName: 'Stop0',
                    notes: 'changed before the stop',
                });
                expect(data.attendances.find(record => record.id === mark.id)).toMatchObject({
                    eventId: 1,
                    customerId: created[1].id,
                    status: 'excused',
                });
                expectOneRecordPerLine(server.dbFile);
            } finally {
                await server.stop();
                removeDir(server.dir);
            }
        },
        60_000,
    );
});

describe('a hand edit of db.json while the server runs', () => {
    // Quick to notice; no idle rewrite, so the acknowledged writes stay in the journal over the edit.
    const watching = { WATCH_INTERVAL_MS: '100', CHECKPOINT_IDLE_MS: '60000' };

    const editCustomers = (dbFile: string, notes: Record<number, string>) => {
        const data = readDb(dbFile);
        for (const customer of data.customers) if (customer.id in notes) customer.notes = notes[customer.id];
        writeFileSync(dbFile, JSON.stringify(data, null, 2));
    };

    it('is reloaded when it validates: the edit is served, and the writes acknowledged before it are applied on top', async () => {
        const server = await startServer({ env: watching });
        try {
            const token = await login(server.url, 'admin');
            const client = restClient(server.url, token);
            const { data: created } = await client.create('customers', {
                data: { firstName: 'Before', lastName: 'TheEdit', phone: nextPhone(), status: 'lead' },
            });
            // The file on disk does not have the new customer yet: only the journal does.
            const from = server.output().length;
            editCustomers(server.dbFile, { 7: 'Edited by hand' });
            await waitForOutput(server, lineWith('changed on disk', 'reloaded'), 5_000, from);

            expect((await client.getOne('customers', { id: 7 })).data.notes).toBe('Edited by hand');
            expect((await client.getOne('customers', { id: created.id })).data).toMatchObject({
                firstName: 'Before',
                lastName: 'TheEdit',
                phone: created.phone,
            });

            await server.stop('SIGTERM');
            expect(server.process.exitCode).toBe(0);
            expect(existsSync(journalOf(server.dbFile))).toBe(false);
            const data = readDb(server.dbFile);
            expect(validateDatabase(data)).toEqual([]);
            expect(data.customers.find(customer => customer.id === 7)?.notes).toBe('Edited by hand');
            expect(data.customers.find(customer => customer.id === created.id)).toMatchObject({ lastName: 'TheEdit' });
        } finally {
            await server.stop();
            removeDir(server.dir);
        }
    }, 60_000);

    it('ends a record that both the edit and an acknowledged write changed as the journal says', async () => {
        const server = await startServer({ env: watching });
        try {
            const token = await login(server.url, 'admin');
            const client = restClient(server.url, token);
            const { data: before } = await client.getOne('customers', { id: 9 });
            await client.update('customers', {
                id: 9,
                data: { ...before, notes: 'Written through the API' },
                previousData: before,
            });
            const from = server.output().length;
            editCustomers(server.dbFile, { 9: 'Edited by hand', 10: 'Also edited by hand' });
            await waitForOutput(server, lineWith('changed on disk', 'reloaded'), 5_000, from);

            expect((await client.getOne('customers', { id: 9 })).data.notes).toBe('Written through the API');
            expect((await client.getOne('customers', { id: 10 })).data.notes).toBe('Also edited by hand');
        } finally {
            await server.stop();
            removeDir(server.dir);
        }
    }, 60_000);

    it('is left alone when it is not JSON: the server keeps serving and journaling, a clean stop keeps the journal, and a fixed file gets the writes at the next start', async () => {
        // A short idle time: a rewrite would run soon after each write, were it not held back by the broken file.
        const server = await startServer({ env: { WATCH_INTERVAL_MS: '100', CHECKPOINT_IDLE_MS: '50' } });
        try {
            const token = await login(server.url, 'admin');
            const client = restClient(server.url, token);
            const { data: first } = await client.create('customers', {
                data: { firstName: 'Written', lastName: 'BeforeBreaking', phone: nextPhone(), status: 'lead' },
            });
            // The original to restore later must already hold the first write: wait for the idle rewrite.
            await waitFor('db.json is rewritten after the idle time', () =>
                readFileSync(server.dbFile, 'utf8').includes('BeforeBreaking'),
            );
            const original = readFileSync(server.dbFile, 'utf8');

            const broken = '{"users": [ broken by hand';
            const from = server.output().length;
            writeFileSync(server.dbFile, broken);
            await waitForOutput(server, lineWith('changed on disk', 'cannot be used'), 5_000, from);

            // Still served from memory, and still written.
            expect((await client.getOne('customers', { id: first.id })).data).toMatchObject({
                lastName: 'BeforeBreaking',
            });
            expect(
                (
                    await client.getList('customers', {
                        filter: {},
                        pagination: { page: 1, perPage: 5 },
                        sort: { field: 'id', order: 'ASC' },
                    })
                ).data,
            ).toHaveLength(5);
            const { data: during } = await client.create('customers', {
                data: { firstName: 'Written', lastName: 'WhileBroken', phone: nextPhone(), status: 'lead' },
            });
            const { data: changed } = await client.update('customers', {
                id: first.id,
                data: { ...first, notes: 'changed while broken' },
                previousData: first,
            });
            expect((await client.getOne('customers', { id: during.id })).data).toMatchObject({
                lastName: 'WhileBroken',
            });
            expect(changed).toMatchObject({ notes: 'changed while broken' });
            // Many idle times and watch intervals later the edited file is still exactly the edit.
            await sleep(600);
            expect(readFileSync(server.dbFile, 'utf8')).toBe(broken);
            expect(journalLines(server.dbFile).join('\n'), 'the writes are journaled').toContain('WhileBroken');

            const stopping = server.output().length;
            await server.stop('SIGTERM');
            expect(readFileSync(server.dbFile, 'utf8'), 'a clean stop leaves the broken file alone').toBe(broken);
            expect(journalLines(server.dbFile).join('\n'), 'a clean stop keeps the journal').toContain('WhileBroken');
            expect(server.output().slice(stopping), 'the stop says the journal is kept').toMatch(/journal/i);

            writeFileSync(server.dbFile, original);
            const restarted = await startServer({ dbFile: server.dbFile });
            try {
                const again = restClient(restarted.url, await login(restarted.url, 'admin'));
                expect((await again.getOne('customers', { id: during.id })).data).toMatchObject({
                    lastName: 'WhileBroken',
                    phone: during.phone,
                });
                expect((await again.getOne('customers', { id: first.id })).data).toMatchObject({
                    lastName: 'BeforeBreaking',
                    notes: 'changed while broken',
                });
                await waitFor('the journal is emptied at start-up', () => journalEmptied(restarted.dbFile), 5_000);
                const data = readDb(restarted.dbFile);
                expect(validateDatabase(data)).toEqual([]);
                expect(data.customers.find(customer => customer.id === during.id)).toMatchObject({
                    lastName: 'WhileBroken',
                });
            } finally {
                await restarted.stop();
            }
        } finally {
            await server.stop();
            removeDir(server.dir);
        }
    }, 60_000);

    it('is left alone while it breaks the schema, and reloaded with the journal on top once it is fixed', async () => {
        const server = await startServer({ env: { WATCH_INTERVAL_MS: '100', CHECKPOINT_IDLE_MS: '50' } });
        try {
            const client = restClient(server.url, await login(server.url, 'admin'));
            const valid = readDb(server.dbFile);
            const invalid = JSON.parse(JSON.stringify(valid)) as Database;
            (invalid.customers[3] as unknown as Record<string, unknown>).phone = 'call me';
            const brokenText = JSON.stringify(invalid, null, 2);
            let from = server.output().length;
            writeFileSync(server.dbFile, brokenText);
            await waitForOutput(server, lineWith('changed on disk', 'cannot be used'), 5_000, from);
            // The reason names what is wrong: the field of the broken record.
            await waitForOutput(server, /phone/, 5_000, from);

            const { data: during } = await client.create('customers', {
                data: { firstName: 'Written', lastName: 'WhileInvalid', phone: nextPhone(), status: 'lead' },
            });
            await sleep(400);
            expect(readFileSync(server.dbFile, 'utf8'), 'no rewrite over the invalid file').toBe(brokenText);

            // Fixed by hand, with a visible change: reloaded, and the write made meanwhile applied on top.
            valid.customers[4].notes = 'Fixed by hand';
            from = server.output().length;
            writeFileSync(server.dbFile, JSON.stringify(valid, null, 2));
            await waitForOutput(server, lineWith('changed on disk', 'reloaded'), 5_000, from);
            expect((await client.getOne('customers', { id: valid.customers[4].id })).data.notes).toBe('Fixed by hand');
            expect((await client.getOne('customers', { id: during.id })).data).toMatchObject({
                lastName: 'WhileInvalid',
            });
            // Rewrites resume once the file is valid again.
            const { data: after } = await client.create('customers', {
                data: { firstName: 'Written', lastName: 'AfterTheFix', phone: nextPhone(), status: 'lead' },
            });
            await waitFor('db.json is rewritten again', () =>
                readFileSync(server.dbFile, 'utf8').includes('AfterTheFix'),
            );
            const data = readDb(server.dbFile);
            expect(validateDatabase(data)).toEqual([]);
            expect(data.customers.find(customer => customer.id === after.id)).toMatchObject({
                lastName: 'AfterTheFix',
            });
            expect(data.customers.find(customer => customer.id === during.id)).toMatchObject({
                lastName: 'WhileInvalid',
            });
            expect(data.customers.find(customer => customer.id === valid.customers[4].id)?.notes).toBe('Fixed by hand');
        } finally {
            await server.stop();
            removeDir(server.dir);
        }
    }, 60_000);
});

describe('a database file that cannot be used', () => {
    const run = (content: string | null) => {
        const dir = mkdtempSync(join(tmpdir(), 'studio-bad-db-'));
        const dbFile = join(dir, 'db.json');
        if (content !== null) writeFileSync(dbFile, content);
        writeFileSync(join(dir, 'index.html'), '');
        const result = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'src/server/main.ts')], {
            cwd: root,
            env: { ...process.env, DB_FILE: dbFile, PORT: '0', DIST_DIR: dir, TOKEN_SECRET: 'x'.repeat(32) },
            encoding: 'utf8',
            timeout: 30_000,
        });
        const after = content === null ? null : readFileSync(dbFile, 'utf8');
        removeDir(dir);
        return { status: result.status, output: result.stdout + result.stderr, after };
    };

    it('stops the server with a clear message when the file is not JSON, and leaves it alone', () => {
        const { status, output, after } = run('{"users": [');
        expect(status).toBe(1);
        expect(output).toMatch(/not valid JSON/);
        expect(after).toBe('{"users": [');
    });

    it('stops the server naming the record when the data is not valid', () => {
        const data = JSON.parse(readFileSync(demoDb, 'utf8')) as Database;
        (data.customers[3] as unknown as Record<string, unknown>).phone = 'call me';
        const text = JSON.stringify(data);
        const { status, output, after } = run(text);
        expect(status).toBe(1);
        expect(output).toMatch(/customers\[3\].*phone/);
        expect(after).toBe(text);
    });

    it('stops the server when the file is missing', () => {
        const { status, output } = run(null);
        expect(status).toBe(1);
        expect(output).toMatch(/Cannot read the database file/);
    });
});
