import { type IncomeShare, type Period } from '../../../domain/income';
import {
    unlimitedVisitShare,
    unvisitedDayShare,
    visitShare,
    type EarnedGroup,
    type EarnedShares,
} from '../../../domain/earned';
import type { Identifier } from '../../../domain/types';
import type { RecordOf, Reports } from '../types';
import { recordOf } from './tables';

/*
 * The statistics' sums made by PostgreSQL where the records are: a year of visits is a hundred
 * thousand rows at a large studio, and moving them to the server costs far more than adding them up.
 * The database counts the visits by what their share depends on (a pass's price and visits, or its
 * price, days and the classes of that day) and by what the breakdowns group them by; the shares are
 * computed here by the domain's own functions and multiplied by the counts, so that every cent is the
 * one the db.json engine computes. The cross-engine tests (tests/api/engines-reads.test.ts, tests/api/reports.test.ts) hold the two to the same answers.
 */

type Query = (sql: string, values: unknown[]) => Promise<Record<string, unknown>[]>;

/**
 * How paidAt, ISO text written with or without seconds, is compared with instants. With a whole
 * minute's 'YYYY-MM-DDTHH:MM' (the studio's midnights are whole minutes) the text compares exactly as
 * the instant does: a payment is at or after the minute's start when its first 16 characters are, and a
 * longer text with the same start sorts after it; so the index on paidAt answers directly. Other
 * instants are compared as timestamps, a parse per payment, among those of a day more on each side.
 */
const paidAtAgainst = (instants: string[]) =>
    instants.every(instant => instant.endsWith(':00.000Z'))
        ? { paidAt: '"paidAt" COLLATE "C"', type: 'text', keys: instants.map(instant => instant.slice(0, 16)) }
        : { paidAt: '"paidAt"::timestamptz', type: 'timestamptz', keys: instants };

const dayMs = 86_400_000;

/** Payments paid in [start, end): the condition and its values ($1...). */
const paidBetween = (start: string, end: string) => {
    const { paidAt, type, keys } = paidAtAgainst([start, end]);
    if (type === 'text') return { condition: `${paidAt} >= $1 AND ${paidAt} < $2`, values: keys };
    return {
        condition: `"paidAt" >= $1 AND "paidAt" <= $2 AND ${paidAt} >= $3::${type} AND ${paidAt} < $4::${type}`,
        values: [
            new Date(Date.parse(start) - dayMs).toISOString(),
            new Date(Date.parse(end) + dayMs).toISOString(),
            ...keys,
        ],
    };
};

/** Payments and corrections less refunds, in cents: summed apart, so that no row needs arithmetic. */
const signedCents = `(coalesce(sum(payments.amount) FILTER (WHERE payments.kind <> 'refund'), 0) - coalesce(sum(payments.amount) FILTER (WHERE payments.kind = 'refund'), 0)) * 100`;

/*
 * What the charged visits of a period's classes ($1 to $2) earned, counted by what their share depends
 * on and by what the breakdowns group them by (direction, teacher, studio). Rows of three kinds:
 * - counted: visits with a pass of N visits, by price and N;
 * - unlimited: visits with an unlimited pass on its days inside the period, by price, days of validity
 *   and how many classes the pass was used for that day (the day's share is split among them);
 * - unvisited: the days inside the period of the unlimited passes valid then without a visit, by price
 *   and days of validity (visits: the number of days).
 * Two queries, so that the few unlimited passes are reached from their index rather than from every visit.
 */
const inPeriod = `e."startsAt" >= $1::text AND e."startsAt" <= $2::text || 'T23:59'`;

/**
 * What a pass earns in all: its price less what was refunded for it (each refund with its corrections),
 * never below nothing, as earnedPrice (src/domain/earned.ts) has it.
 */
// A membership's held pass is not paid yet (its price is no money due): its visits earn nothing until its charge.
const earnedPrice = (pass: string) => `CASE WHEN ${pass}.held THEN 0 ELSE greatest(0, ${pass}.price - coalesce((
    SELECT sum(CASE WHEN pay.kind = 'refund' THEN pay.amount ELSE -pay.amount END)
      FROM payments pay LEFT JOIN payments corrected ON corrected.id = pay."correctsId"
     WHERE pay."passId" = ${pass}.id AND (pay.kind = 'refund' OR corrected.kind = 'refund')), 0)) END`;

/** Counted by pass and class first: hashing a hundred thousand visits by integers is cheaper than by price. */
const countedSql = `
WITH visits AS (
    SELECT a."passId", e."courseId", e."teacherId", e."studioId", count(*) AS visits
      FROM events e
      JOIN attendances a ON a."eventId" = e.id AND a.charged AND a."passId" IS NOT NULL
     WHERE ${inPeriod}
     GROUP BY 1, 2, 3, 4
),
priced AS (
    SELECT p.id, p."visitsTotal", ${earnedPrice('p')} AS price
      FROM passes p
     WHERE p.id IN (SELECT "passId" FROM visits) AND p."visitsTotal" IS NOT NULL
)
SELECT 'counted' AS kind, p.price, p."visitsTotal", c."directionId", v."teacherId", v."studioId", sum(v.visits) AS visits
  FROM visits v
  JOIN priced p ON p.id = v."passId"
  LEFT JOIN courses c ON c.id = v."courseId"
 GROUP BY p.price, p."visitsTotal", c."directionId", v."teacherId", v."studioId"`;

const unlimitedSql = `
WITH valid AS (
    SELECT id, ${earnedPrice('passes')} AS price, "endsOn"::date - "startsOn"::date + 1 AS "validDays",
           greatest("startsOn", $1::text) AS first, least("endsOn", $2::text) AS last
      FROM passes
     WHERE "visitsTotal" IS NULL AND "endsOn" >= $1::text AND "startsOn" <= $2::text
),
visits AS (
    SELECT p.id AS "passId", p.price, p."validDays", left(e."startsAt", 10) AS day, c."directionId", e."teacherId", e."studioId",
           count(*) OVER (PARTITION BY p.id, left(e."startsAt", 10)) AS "sameDay"
      FROM valid p
      JOIN attendances a ON a."passId" = p.id AND a.charged
      JOIN events e ON e.id = a."eventId"
      LEFT JOIN courses c ON c.id = e."courseId"
     WHERE e."startsAt" >= p.first AND e."startsAt" <= p.last || 'T23:59'
),
visited AS (
    SELECT "passId", count(DISTINCT day) AS days FROM visits GROUP BY 1
)
SELECT 'unlimited' AS kind, price, "validDays", "sameDay", "directionId", "teacherId", "studioId", count(*) AS visits
  FROM visits
 GROUP BY price, "validDays", "sameDay", "directionId", "teacherId", "studioId"
UNION ALL
SELECT 'unvisited', p.price, p."validDays", NULL, NULL, NULL, NULL, sum(p.last::date - p.first::date + 1 - coalesce(v.days, 0))
  FROM valid p LEFT JOIN visited v ON v."passId" = p.id
 GROUP BY p.price, p."validDays"`;

/**
 * A pass active on $1, as isActiveOn (src/domain/passes.ts) has it: not cancelled, started, not ended,
 * with visits left, and not inside its freeze.
 */
const activeOn = `NOT cancelled AND "startsOn" <= $1::text AND "endsOn" >= $1::text
    AND ("visitsTotal" IS NULL OR "visitsUsed" < "visitsTotal")
    AND NOT ("frozenFrom" IS NOT NULL AND "frozenTo" IS NOT NULL AND "frozenFrom" <= $1::text AND $1::text <= "frozenTo")`;

/** Running out: ending by $2, or with at most $3 visits left. */
const runningOut = `("endsOn" <= $2::text OR ("visitsTotal" IS NOT NULL AND "visitsTotal" - "visitsUsed" <= $3::integer))`;

interface EarnedRow {
    kind: 'counted' | 'unlimited' | 'unvisited';
    price: number;
    visitsTotal: number;
    validDays: number;
    sameDay: number;
    directionId: Identifier | null;
    teacherId: Identifier;
    studioId: Identifier;
    visits: number;
}

/** A row of the earned queries, its numbers as numbers. */
const earnedRow = (row: Record<string, unknown>): EarnedRow => ({
    kind: row.kind as EarnedRow['kind'],
    price: Number(row.price),
    visitsTotal: Number(row.visitsTotal),
    validDays: Number(row.validDays),
    sameDay: Number(row.sameDay),
    directionId: (row.directionId as Identifier | null) ?? null,
    teacherId: row.teacherId as Identifier,
    studioId: row.studioId as Identifier,
    visits: Number(row.visits),
});

/** The classes' earnings by direction, teacher and studio: each count of visits times its share. */
const groupsOf = (rows: EarnedRow[]): EarnedGroup[] => {
    const groups = new Map<string, EarnedGroup>();
    for (const row of rows) {
        if (row.kind === 'unvisited') continue;
        const share =
            row.kind === 'counted'
                ? visitShare(row.price, row.visitsTotal)
                : unlimitedVisitShare(row.price, row.validDays, row.sameDay);
        const key = `${row.directionId} ${row.teacherId} ${row.studioId}`;
        const group = groups.get(key) ?? {
            directionId: row.directionId,
            teacherId: row.teacherId,
            studioId: row.studioId,
            cents: 0,
        };
        group.cents += share * row.visits;
        groups.set(key, group);
    }
    return [...groups.values()];
};

export const pgReports = (query: Query): Reports => ({
    async incomeBetween(boundaries) {
        const { condition, values } = paidBetween(boundaries[0], boundaries[boundaries.length - 1]);
        const { paidAt, type, keys } = paidAtAgainst(boundaries);
        const rows = await query(
            `SELECT width_bucket(${paidAt}, $${values.length + 1}::${type}[]) AS span, ${signedCents} AS cents FROM payments WHERE ${condition} GROUP BY 1`,
            [...values, keys],
        );
        const sums = boundaries.slice(1).map(() => 0);
        for (const row of rows) sums[(row.span as number) - 1] += row.cents as number;
        return sums;
    },

    async incomeShares(start, end) {
        const { condition, values } = paidBetween(start, end);
        const rows = await query(
            `SELECT payments.method, passes."subscriptionId" AS "planId", ${signedCents} AS cents
               FROM payments LEFT JOIN passes ON passes.id = payments."passId" WHERE ${condition} GROUP BY 1, 2`,
            values,
        );
        return rows.map((row): IncomeShare => ({
            method: row.method as IncomeShare['method'],
            planId: (row.planId as Identifier | null) ?? null,
            cents: Number(row.cents),
        }));
    },

    async earned(period: Period): Promise<EarnedShares> {
        const values = [period.from, period.to];
        const rows = (await Promise.all([query(countedSql, values), query(unlimitedSql, values)]))
            .flat()
            .map(earnedRow);
        const unvisited = rows.filter(row => row.kind === 'unvisited');
        return {
            groups: groupsOf(rows),
            unvisitedDays: unvisited.reduce((total, row) => total + row.visits, 0),
            unvisitedCents: unvisited.reduce(
                (total, row) => total + unvisitedDayShare(row.price, row.validDays) * row.visits,
                0,
            ),
        };
    },

    async marks(period, statuses) {
        const [row] = await query(
            `SELECT count(*) AS marks FROM events e JOIN attendances a ON a."eventId" = e.id WHERE ${inPeriod} AND a.status = ANY($3::text[])`,
            [period.from, period.to, statuses],
        );
        return row.marks as number;
    },

    async activePasses(date, { endingBy, visitsLeft, limit }) {
        const values = [date, endingBy, visitsLeft];
        const [[counts], first] = await Promise.all([
            query(
                `SELECT count(*) AS active, count(*) FILTER (WHERE ${runningOut}) AS "runningOut" FROM passes WHERE ${activeOn}`,
                values,
            ),
            query(`SELECT * FROM passes WHERE ${activeOn} AND ${runningOut} ORDER BY "endsOn", id LIMIT $4`, [
                ...values,
                limit,
            ]),
        ]);
        return {
            active: counts.active as number,
            runningOut: counts.runningOut as number,
            firstRunningOut: first.map(row => recordOf('passes', row)) as RecordOf<'passes'>[],
        };
    },
});
