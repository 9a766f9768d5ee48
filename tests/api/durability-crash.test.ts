import { existsSync, readFileSync } from 'node:fs';
import type { DataProvider } from 'ra-core';
import { describe, expect, it } from 'vitest';
import { studioToday } from '../../src/domain/time';
import { validateDatabase } from '../../src/domain/validation';
import type { Database } from '../../src/domain/types';
import {
    between,
    type CustomerFields,
    customerFieldsOf,
    expectOneRecordPerLine,
    expectPassesMatchMarks,
    expectWellFormedJournal,
    fetchByIds,
    journalEmptied,
    journalOf,
    type MarkFields,
    markFieldsOf,
    nextPhone,
    random,
    readDb,
    seed,
    sleep,
    waitFor,
} from '../support/durability';
import { call, demoDb, login, removeDir, restClient, startServerProcess, type ServerProcess } from '../support/server';

/*
 * The storage engine's promises: db.json plus an append-only journal `${DB_FILE}.journal` with one
 * `<crc32 hex> <json>` line per committed transaction, fsync'd before the answer; db.json rewritten in
 * the background (after CHECKPOINT_IDLE_MS without writes, or once the journal passes
 * CHECKPOINT_JOURNAL_BYTES); the journal replayed at start-up; a hand edit of db.json noticed every
 * WATCH_INTERVAL_MS. The tests know nothing of the JSON inside a journal line beyond its checksum.
 *
 * This part: every acknowledged write kept through repeated SIGKILLs under concurrent writers, also in the
 * middle of background rewrites (the journal's torn lines and clean stops are in durability-journal).
 */

describe('crash safety', () => {
    it('keeps every acknowledged write through repeated SIGKILLs under concurrent writers, also in the middle of background rewrites', async () => {
        const where = (text: string) => `${text} (DURABILITY_SEED=${seed})`;
        // Pairs of a demo customer and a class they have a pass for, never marked: most marks charge a pass,
        // so that a mark is a transaction of two records (the attendance and the pass's visitsUsed).
        const demo = JSON.parse(readFileSync(demoDb, 'utf8')) as Database;
        // A seat booked in a past class is the server's to mark too: closing the class marks a no-show on a
        // plan with a no-show penalty.
        const marked = new Set(
            [...demo.attendances, ...demo.bookings.filter(booking => booking.status === 'booked')].map(
                record => `${record.eventId}:${record.customerId}`,
            ),
        );
        const pairs: { eventId: number; customerId: number }[] = [];
        // Classes of today or before: a later class cannot be marked yet.
        const today = studioToday(demo.configs[0].timezone, new Date());
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
        const checkRecovered = async (server: ServerProcess, client: DataProvider, text: string) => {
            // Waited for, not timed: a start-up on a machine busy with other tests' servers may take a while.
            await waitFor(
                where(`${text}: the journal is emptied at start-up`),
                () => journalEmptied(server.dbFile),
                20_000,
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
            server: ServerProcess,
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
        let running: ServerProcess | undefined;
        try {
            for (const [round, env] of rounds.entries()) {
                const server = await startServerProcess({ dbFile, env });
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
            const server = await startServerProcess({ dbFile });
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
});
