import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bucketBoundaries, intervals, periodTotals, type IncomeShare, type Period } from '../../src/domain/income';
import { earnedBreakdown } from '../../src/domain/earned';
import { addDays } from '../../src/domain/time';
import { openStorage, type Storage } from '../../src/server/storage';
import { parseDatabaseText } from '../../src/server/storage/files';
import pg from 'pg';
import { applyMigrations } from '../../src/server/storage/postgres/migrations';
import { importDatabase } from '../../src/server/storage/postgres/transfer';
import { postgresAvailable, startPostgres, type PostgresCluster } from '../support/postgres';
import { engine } from '../support/server';

/*
 * The sums the income statistics are made of, asked of both engines on one database made to be hard:
 * prices whose shares fall on half a cent, unlimited passes of odd lengths used for several classes a
 * day, passes reaching past the period on either side, uncharged marks, refunds and corrections, and
 * payments written with and without seconds exactly on the studio's midnights. PostgreSQL sums with
 * SQL, db.json with the domain's code over its records: the answers must be the same to the cent.
 */

const demoDb = join(import.meta.dirname, '../../db.json');

/** A small deterministic generator, so that a failure can be run again. */
const random = (seed: number) => () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
};

type Records = Record<string, Record<string, unknown>[]>;

/** The demo database with a season of hard cases added (new ids above the demo's). */
const hardDatabase = (): Records => {
    const db = JSON.parse(readFileSync(demoDb, 'utf8')) as Records;
    const next = random(20261123);
    const pick = <T>(items: T[]) => items[Math.floor(next() * items.length)];
    const customers = db.customers.map(customer => customer.id as number).slice(0, 60);
    const teachers = db.users.filter(user => user.role === 'teacher').map(user => user.id as number);
    const courses = db.courses.map(course => course.id as number);
    const studios = db.studios.map(studio => studio.id as number);
    const prices = [100.01, 0.05, 1000, 999.99, 2800, 0.01, 333.33, 5200.5, 10, 7777.77];
    const season = { from: '2026-08-01', to: '2026-12-31' };
    const days = Array.from({ length: 153 }, (_, index) => addDays(season.from, index));

    const passes: Records[string] = [];
    const passesOf = new Map<number, Records[string]>();
    for (const customerId of customers) {
        for (let n = 0; n < 2; n++) {
            const startsOn = pick(days);
            const unlimited = next() < 0.4;
            const pass = {
                id: 10_000 + passes.length,
                customerId,
                subscriptionId: unlimited ? 5 : pick([2, 3, 7, 8]),
                name: unlimited ? 'Безлимит' : 'Абонемент',
                price: pick(prices),
                visitsTotal: unlimited ? null : pick([1, 2, 3, 7, 8, 12]),
                directionIds: [],
                startsOn,
                endsOn: addDays(startsOn, pick([0, 1, 6, 29, 30, 44, 90])),
                visitsUsed: 0,
                frozenFrom: null,
                frozenTo: null,
                cancelled: false,
                paymentId: null,
                createdAt: `${startsOn}T09:00:00.000Z`,
            };
            passes.push(pass);
            passesOf.set(customerId, [...(passesOf.get(customerId) ?? []), pass]);
        }
    }

    const events: Records[string] = [];
    const attendances: Records[string] = [];
    for (const day of days) {
        // Several classes a day, so that an unlimited pass is used for more than one.
        for (const time of ['10:00', '12:30', '19:00', '23:59']) {
            if (next() < 0.3) continue;
            const event = {
                id: 10_000 + events.length,
                scheduleId: null,
                title: null,
                courseId: pick(courses),
                teacherId: pick(teachers),
                studioId: pick(studios),
                startsAt: `${day}T${time}`,
                durationMinutes: 60,
                capacity: 20,
                status: 'done',
                notes: null,
                createdAt: `${day}T06:00:00.000Z`,
            };
            events.push(event);
            for (const customerId of customers) {
                if (next() < 0.85) continue;
                const usable = (passesOf.get(customerId) ?? []).filter(
                    pass => (pass.startsOn as string) <= day && day <= (pass.endsOn as string),
                );
                const pass = usable.length && next() < 0.9 ? pick(usable) : null;
                const charged = pass !== null && next() < 0.92;
                if (pass && charged) pass.visitsUsed = (pass.visitsUsed as number) + 1;
                attendances.push({
                    id: 100_000 + attendances.length,
                    eventId: event.id,
                    customerId,
                    status: charged ? 'attended' : pick(['attended', 'excused']),
                    passId: pass?.id ?? null,
                    charged,
                    unpaid: false,
                    markedBy: event.teacherId,
                    createdAt: `${day}T20:00:00.000Z`,
                });
            }
        }
    }
    // A pass used more than its visits stays a valid record: the sums take what was charged.
    for (const pass of passes)
        if (pass.visitsTotal !== null)
            pass.visitsTotal = Math.max(pass.visitsTotal as number, pass.visitsUsed as number);
    // Every state a pass can be in on a day: cancelled, frozen (or frozen another time), used up.
    for (const pass of passes) {
        const roll = next();
        if (roll < 0.1) pass.cancelled = true;
        else if (roll < 0.3)
            [pass.frozenFrom, pass.frozenTo] = [
                addDays(pass.startsOn as string, 1),
                addDays(pass.startsOn as string, pick([1, 4, 20])),
            ];
        else if (roll < 0.4 && pass.visitsTotal !== null) pass.visitsUsed = pass.visitsTotal;
        else if (roll < 0.5 && pass.visitsTotal !== null)
            pass.visitsUsed = Math.max(0, (pass.visitsTotal as number) - 1);
    }

    const payments: Records[string] = [];
    const pay = (fields: Record<string, unknown>) =>
        payments.push({
            id: 10_000 + payments.length,
            customerId: pick(customers),
            kind: 'payment',
            method: pick(['cash', 'card', 'transfer', 'online']),
            passId: null,
            paymentLinkId: null,
            note: null,
            createdBy: 2,
            correctsId: null,
            ...fields,
            createdAt: fields.paidAt,
        });
    for (const pass of passes)
        pay({
            customerId: pass.customerId,
            amount: pass.price,
            passId: pass.id,
            paidAt: `${pass.startsOn}T08:15:00.000Z`,
        });
    for (const day of days) {
        // Moscow's midnight is 21:00 UTC the day before: on it, a minute before, with and without seconds.
        pay({ amount: pick(prices), paidAt: `${day}T21:00Z` });
        pay({ amount: pick(prices), paidAt: `${day}T20:59:59.999Z` });
        pay({ amount: pick(prices), paidAt: `${day}T21:00:00Z`, passId: pick(passes).id });
        if (next() < 0.3) pay({ kind: 'refund', amount: pick(prices), paidAt: `${day}T12:00:30.5Z` });
    }
    // Inside a second: between instants that are whole seconds but not whole minutes.
    pay({ amount: 12.34, paidAt: '2026-10-05T12:00:30.5Z' });
    const corrected = payments[3];
    pay({ kind: 'correction', amount: -0.03, correctsId: corrected.id, paidAt: '2026-10-31T21:00Z' });

    return {
        ...db,
        passes: [...db.passes, ...passes],
        events: [...db.events, ...events],
        attendances: [...db.attendances, ...attendances],
        payments: [...db.payments, ...payments],
    };
};

const periods: Period[] = [
    { from: '2026-01-01', to: '2026-12-31' },
    { from: '2026-09-01', to: '2026-11-30' },
    { from: '2026-10-01', to: '2026-10-31' },
    { from: '2026-10-17', to: '2026-10-17' },
    { from: '2026-08-01', to: '2026-08-01' },
    { from: '2026-12-20', to: '2027-01-10' },
];

const sortedShares = (shares: IncomeShare[]) =>
    [...shares].sort((a, b) => `${a.method} ${a.planId}`.localeCompare(`${b.method} ${b.planId}`));

describe.skipIf(engine !== 'json' || !postgresAvailable)(
    'the sums behind the statistics, on db.json and on PostgreSQL',
    () => {
        let cluster: PostgresCluster | undefined;
        let dir: string;
        let onJson: Storage;
        let onPostgres: Storage;
        let file: string;
        let url: string;

        beforeAll(async () => {
            dir = mkdtempSync(join(tmpdir(), 'studio-reports-'));
            file = join(dir, 'db.json');
            writeFileSync(file, JSON.stringify(hardDatabase()));
            cluster = await startPostgres();
            url = await cluster.createDatabase();
            await importDatabase(url, parseDatabaseText(file, readFileSync(file, 'utf8')), { info: () => undefined });
            [onJson, onPostgres] = await Promise.all([
                openStorage({ file, watchIntervalMs: 0 }),
                openStorage({ file, databaseUrl: url }),
            ]);
        }, 180_000);

        afterAll(async () => {
            await onJson?.close();
            await onPostgres?.close();
            await cluster?.stop();
            rmSync(dir, { recursive: true, force: true });
        });

        it.each(periods)('earn the same from the visits of $from to $to', async period => {
            const [json, postgres] = await Promise.all([
                onJson.reports.earned(period),
                onPostgres.reports.earned(period),
            ]);
            expect(postgres.unvisitedDays).toBe(json.unvisitedDays);
            expect(postgres.unvisitedCents).toBe(json.unvisitedCents);
            expect(earnedBreakdown(postgres)).toEqual(earnedBreakdown(json));
        });

        it('earn something in the hard season, from both kinds of pass and from days without a visit', async () => {
            const earned = await onJson.reports.earned({ from: '2026-09-01', to: '2026-11-30' });
            expect(earned.unvisitedDays).toBeGreaterThan(0);
            expect(earnedBreakdown(earned).byTeacher.length).toBeGreaterThan(1);
        });

        it.each(periods.flatMap(period => intervals.map(interval => ({ ...period, interval }))))(
            'sum the same income by $interval from $from to $to',
            async ({ interval, ...period }) => {
                const boundaries = bucketBoundaries(period, interval, 'Europe/Moscow');
                expect(await onPostgres.reports.incomeBetween(boundaries)).toEqual(
                    await onJson.reports.incomeBetween(boundaries),
                );
                const start = boundaries[0];
                const end = boundaries[boundaries.length - 1];
                expect(sortedShares(await onPostgres.reports.incomeShares(start, end))).toEqual(
                    sortedShares(await onJson.reports.incomeShares(start, end)),
                );
            },
        );

        it.each(['2026-08-01', '2026-09-15', '2026-10-17', '2026-11-23', '2026-12-31'])(
            'count the same marks and active passes, and list the same running out, on %s',
            async date => {
                const runningOut = { endingBy: addDays(date, 7), visitsLeft: 1, limit: 50 };
                const [json, postgres] = await Promise.all([
                    onJson.reports.activePasses(date, runningOut),
                    onPostgres.reports.activePasses(date, runningOut),
                ]);
                expect({ ...postgres, firstRunningOut: postgres.firstRunningOut.map(pass => pass.id) }).toEqual({
                    ...json,
                    firstRunningOut: json.firstRunningOut.map(pass => pass.id),
                });
                const week = { from: date, to: addDays(date, 6) };
                for (const statuses of [['attended'], ['attended', 'excused'], []])
                    expect(await onPostgres.reports.marks(week, statuses)).toBe(
                        await onJson.reports.marks(week, statuses),
                    );
            },
        );

        it('find passes in every state on a day of the season', async () => {
            const { active, runningOut, firstRunningOut } = await onJson.reports.activePasses('2026-10-17', {
                endingBy: '2026-10-24',
                visitsLeft: 1,
                limit: 5,
            });
            expect(active).toBeGreaterThan(runningOut);
            expect(runningOut).toBeGreaterThan(5);
            expect(firstRunningOut).toHaveLength(5);
            expect(await onJson.reports.marks({ from: '2026-10-12', to: '2026-10-18' }, ['attended'])).toBeGreaterThan(
                0,
            );
        });

        it('sum the same between overlapping periods and between instants that are not whole minutes', async () => {
            const totals = periodTotals(
                [
                    { from: '2026-10-01', to: '2026-10-17' },
                    { from: '2026-09-01', to: '2026-09-17' },
                    { from: '2026-09-01', to: '2026-09-30' },
                ],
                'Europe/Moscow',
            );
            expect(await onPostgres.reports.incomeBetween(totals.boundaries)).toEqual(
                await onJson.reports.incomeBetween(totals.boundaries),
            );
            const odd = [
                '2026-09-30T21:00:00.000Z',
                '2026-10-05T12:00:30.000Z',
                '2026-10-05T12:00:31.000Z',
                '2026-10-31T21:00:00.000Z',
            ];
            const sums = await onJson.reports.incomeBetween(odd);
            expect(sums[1]).not.toBe(0);
            expect(await onPostgres.reports.incomeBetween(odd)).toEqual(sums);
            expect(sortedShares(await onPostgres.reports.incomeShares(odd[1], odd[3]))).toEqual(
                sortedShares(await onJson.reports.incomeShares(odd[1], odd[3])),
            );
        });

        it('are imported only into an empty database, prototypes and other values counted', async () => {
            const state = () => parseDatabaseText(file, readFileSync(file, 'utf8'));
            await expect(importDatabase(url, state(), { info: () => undefined })).rejects.toThrow(
                /not empty \(configs has records\)/,
            );
            // A database holding only a developer's prototype collection is not empty either.
            const other = await cluster!.createDatabase();
            const pool = new pg.Pool({ connectionString: other, max: 1 });
            await applyMigrations(pool, { info: () => undefined });
            await pool.end();
            const client = new pg.Client({ connectionString: other });
            await client.connect();
            await client.query(`INSERT INTO prototype_collections (name) VALUES ('notes')`);
            await client.end();
            await expect(importDatabase(other, state(), { info: () => undefined })).rejects.toThrow(
                /not empty \(prototype_collections has records\)/,
            );
        });
    },
);
