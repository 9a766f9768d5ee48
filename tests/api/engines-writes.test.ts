import { describe, expect, it } from 'vitest';
import { abbreviated, type Answer, answerOf } from '../support/engines';
import {
    businessReads,
    difference,
    everything,
    expectSameAnswers,
    onJson,
    onPostgres,
    renames,
    roles,
    searches,
    startBothEngines,
} from '../support/engines-compare';
import { steps, type Written } from '../support/engines-compare-writes';
import { postgresAvailable } from '../support/postgres';
import { engine } from '../support/server';

/*
 * One database, two engines, the same answers. The demo db.json is loaded into both engines — a server
 * on db.json and a server on PostgreSQL (imported as `npm run db:import` does) — and every business
 * endpoint is asked the same thing on both, as each role: every collection's list under many sorts,
 * pages, filters and searches, json-server's words, the business reads; then the same writes are made on
 * both and their answers and every list afterwards compared. Only what `normalised` explains may differ.
 * Runs once, in the db.json project (it starts its own PostgreSQL), when PostgreSQL is installed.
 *
 * This part: the same writes on both (listed in tests/support/engines-compare-writes.ts), then every list
 * and the business reads compared again (the reads before any write are in engines-reads).
 */

describe.skipIf(engine !== 'json' || !postgresAvailable)('the db.json and PostgreSQL engines on one database', () => {
    startBothEngines();

    describe('the same writes on both', () => {
        /** What each server's answers gave so far: the ids the next writes name, each server its own. */
        const ids = { json: {} as Record<string, number | string>, postgres: {} as Record<string, number | string> };

        it.each(steps)(
            '$name: the same answer',
            async step => {
                const answers: Answer[] = [];
                for (const [signed, own] of [
                    [onJson, ids.json],
                    [onPostgres, ids.postgres],
                ] as const) {
                    const answer = await answerOf(signed, step.role, step.path(own), step.method, step.body?.(own));
                    expect(
                        answer.status,
                        `${signed === onJson ? 'db.json' : 'PostgreSQL'}: ${abbreviated(answer.body)}`,
                    ).toBe(step.status);
                    step.remember?.(answer.body as unknown as Written, own);
                    answers.push(answer);
                }
                if (typeof ids.postgres.link === 'string') renames.set(ids.postgres.link, ids.json.link as string);
                if (typeof ids.postgres.paidLink === 'string')
                    renames.set(ids.postgres.paidLink, ids.json.paidLink as string);
                expect(
                    difference(step.role, `${step.method} ${step.path(ids.json)}`, answers as [Answer, Answer]),
                ).toBeUndefined();
            },
            60_000,
        );

        it.each(roles)('leaves every list the same, as %s', async role => expectSameAnswers(role, everything), 180_000);

        it.each(roles)(
            'then answers the business reads and searches alike, as %s',
            async role => {
                const touched = [
                    `/api/events/${ids.json.event}/roster`,
                    `/api/events/${ids.json.event}/walk-ins?q=${encodeURIComponent('ёжик')}`,
                    `/api/reports/attendances/${ids.json.group}?month=2027-03`,
                ];
                await expectSameAnswers(role, [...businessReads, ...touched, ...searches.slice(0, 20)]);
            },
            180_000,
        );
    });
});
