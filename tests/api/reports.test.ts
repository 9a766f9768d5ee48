import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bucketBoundaries, intervals, periodTotals } from '../../src/domain/income';
import { earnedBreakdown } from '../../src/domain/earned';
import { addDays } from '../../src/domain/time';
import { openStorage, type Storage } from '../../src/server/storage';
import { parseDatabaseText } from '../../src/server/storage/jsonFile/files';
import pg from 'pg';
import { applyMigrations } from '../../src/server/storage/postgres/migrations';
import { importDatabase } from '../../src/server/storage/postgres/transfer';
import { postgresAvailable, startPostgres, type PostgresCluster } from '../support/postgres';
import { hardDatabase, periods, sortedShares } from '../support/reports';
import { engine } from '../support/server';

/*
 * The sums the income statistics are made of, asked of both engines on one database made to be hard
 * (tests/support/reports.ts builds it). PostgreSQL sums with SQL, db.json with the domain's code over its
 * records: the answers must be the same to the cent.
 */

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
                /not empty \(\w+ has records\)/,
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
