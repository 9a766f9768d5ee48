import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validateDatabase } from '../../src/domain/validation';
import {
    expectCustomersServed,
    expectOneRecordPerLine,
    expectRewrittenWithout,
    expectWellFormedJournal,
    journalEmptied,
    journalOf,
    killedWithJournal,
    nextPhone,
    readDb,
    waitFor,
} from '../support/durability';
import { login, removeDir, restClient, runServerToExit, startServerProcess } from '../support/server';

/*
 * The storage engine's promises: db.json plus an append-only journal `${DB_FILE}.journal` with one
 * `<crc32 hex> <json>` line per committed transaction, fsync'd before the answer; db.json rewritten in
 * the background (after CHECKPOINT_IDLE_MS without writes, or once the journal passes
 * CHECKPOINT_JOURNAL_BYTES); the journal replayed at start-up; a hand edit of db.json noticed every
 * WATCH_INTERVAL_MS. The tests know nothing of the JSON inside a journal line beyond its checksum.
 *
 * This part: a start-up after a kill with a torn or corrupt journal, and the clean stops (the writes
 * under load and repeated kills are in durability-crash).
 */

describe('crash safety', () => {
    it('ignores a torn last journal line (half a line, no newline): the server starts with every acknowledged write, rewrites db.json and empties the journal', async () => {
        const { server, acknowledged, lines, lastName } = await killedWithJournal();
        // A forged copy of the last write, cut in half as a kill in the middle of a write would leave it.
        const forged = lines[lines.length - 1].replace(lastName, 'Forged');
        appendFileSync(journalOf(server.dbFile), forged.slice(0, Math.floor(forged.length / 2)));
        const restarted = await startServerProcess({ dbFile: server.dbFile });
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
        const restarted = await startServerProcess({ dbFile: server.dbFile });
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
            const server = await startServerProcess({ env: { CHECKPOINT_IDLE_MS: '60000' } });
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
