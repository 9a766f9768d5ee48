import { existsSync, readFileSync, statSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import type { DataProvider } from 'ra-core';
import { expect } from 'vitest';
import { validateDatabase } from '../../src/domain/validation';
import type { Database } from '../../src/domain/types';
import { call, login, restClient, startServerProcess, type RunningServer } from './server';

/*
 * Helpers for the storage engine's durability tests (tests/api/durability-*.test.ts): reading db.json and
 * its journal `${DB_FILE}.journal` (one `<crc32 hex> <json>` line per committed transaction), checking
 * them, the seeded randomness of the load, and the records the writes are compared by. They know nothing
 * of the JSON inside a journal line beyond its checksum.
 */

export const journalOf = (dbFile: string) => `${dbFile}.journal`;
export const readDb = (dbFile: string) => JSON.parse(readFileSync(dbFile, 'utf8')) as Database;
export const sleep = (ms: number) => new Promise<void>(done => setTimeout(done, ms));

export const waitFor = async (what: string, check: () => boolean, timeoutMs = 10_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!check()) {
        if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting until ${what}`);
        await sleep(20);
    }
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** One log line holding every one of the phrases, in any order. */
export const lineWith = (...phrases: string[]) =>
    new RegExp(`^${phrases.map(phrase => `(?=.*${escapeRegExp(phrase)})`).join('')}.*$`, 'im');

/** Seeded, so that a failing run can be repeated with DURABILITY_SEED=<the seed in the message>. */
export const seed = Number(process.env.DURABILITY_SEED ?? Date.now() % 2 ** 31);
export const random = (() => {
    let state = seed;
    return () => {
        state = (state + 0x6d2b79f5) | 0;
        let t = Math.imul(state ^ (state >>> 15), 1 | state);
        t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
})();
export const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));

/** The journal's complete lines; the text after the last newline (a torn write) is left out. */
export const journalLines = (dbFile: string): string[] => {
    const text = existsSync(journalOf(dbFile)) ? readFileSync(journalOf(dbFile), 'utf8') : '';
    return text.split('\n').slice(0, -1);
};

/**
 * After start-up the replayed lines are in db.json and no longer in the journal. The file itself may be
 * gone or already reopened empty for the next writes; after a clean stop it must be gone (checked there).
 */
export const journalEmptied = (dbFile: string) =>
    (statSync(journalOf(dbFile), { throwIfNoEntry: false })?.size ?? 0) === 0;

const checksumOf = (json: string) => crc32(json).toString(16).padStart(8, '0');

/** Every line but the last is whole and checks out: the last may be torn by a kill in the middle of its write. */
export const expectWellFormedJournal = (dbFile: string, where: string) => {
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
export const expectOneRecordPerLine = (dbFile: string) => {
    const text = readFileSync(dbFile, 'utf8');
    const data = JSON.parse(text) as Record<string, unknown>;
    // The collections' records; the database's notes (`_notes`, an object) are no record.
    const records = Object.values(data)
        .filter(Array.isArray)
        .reduce((sum, list) => sum + list.length, 0);
    const perLine = text.split('\n').map(line => line.split('"createdAt"').length - 1);
    expect(Math.max(...perLine), 'no line of db.json holds two records').toBe(1);
    expect(perLine.filter(count => count === 1).length).toBe(records);
};

/** A visit is charged to a pass in the same transaction that saves the mark: the two never part. */
export const expectPassesMatchMarks = (data: Database, where: string) => {
    const charged = new Map<number, number>();
    for (const mark of data.attendances)
        if (mark.charged && mark.passId !== null) charged.set(mark.passId, (charged.get(mark.passId) ?? 0) + 1);
    const mismatched = data.passes
        .filter(pass => pass.visitsUsed !== (charged.get(pass.id) ?? 0))
        .map(pass => `pass ${pass.id}: ${pass.visitsUsed} used, ${charged.get(pass.id) ?? 0} charged marks`);
    expect(mismatched, `${where}: passes whose visitsUsed differs from their charged marks`).toEqual([]);
};

const customerFields = ['firstName', 'lastName', 'phone', 'status', 'notes'] as const;
export type CustomerFields = Record<(typeof customerFields)[number], unknown>;
export const customerFieldsOf = (record: Record<string, unknown>): CustomerFields =>
    Object.fromEntries(customerFields.map(field => [field, record[field] ?? null])) as CustomerFields;

const markFields = ['eventId', 'customerId', 'status', 'passId', 'charged', 'unpaid'] as const;
export type MarkFields = Record<(typeof markFields)[number], unknown>;
export const markFieldsOf = (record: Record<string, unknown>): MarkFields =>
    Object.fromEntries(markFields.map(field => [field, record[field] ?? null])) as MarkFields;

/** Records by id through the app's own data provider, a page of at most 500 ids at a time. */
export const fetchByIds = async (client: DataProvider, resource: string, ids: number[]) => {
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
export const nextPhone = () => {
    phoneCounter += 1;
    const digits = String(phoneCounter).padStart(7, '0');
    return `+7 955 ${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}`;
};

/** A fresh copy of the demo database with some acknowledged writes only in the journal, killed with -9. */
export const killedWithJournal = async (writes = 6) => {
    // A long idle time: nothing is rewritten, so every write is still a line of the journal.
    const server = await startServerProcess({ env: { CHECKPOINT_IDLE_MS: '60000' } });
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
export const expectCustomersServed = async (server: RunningServer, acknowledged: Map<number, CustomerFields>) => {
    const client = restClient(server.url, await login(server.url, 'admin'));
    const served = await fetchByIds(client, 'customers', [...acknowledged.keys()]);
    for (const [id, fields] of acknowledged) {
        const record = served.get(id);
        expect(record && customerFieldsOf(record), `customer ${id}`).toEqual(fields);
    }
    return client;
};

/** db.json, rewritten at start-up, is sound, holds every acknowledged customer, and nothing of a line that was never acknowledged. */
export const expectRewrittenWithout = (
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
