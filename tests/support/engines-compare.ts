import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect } from 'vitest';
import { addDays, studioToday } from '../../src/domain/time';
import type { Database } from '../../src/domain/types';
import {
    abbreviated,
    type Answer,
    answerOf,
    firstDifference,
    importedDatabase,
    instantsOf,
    normalised,
    signIn,
    type Signed,
} from './engines';
import { type PostgresCluster, startPostgres } from './postgres';
import { type DemoRole, demoDb, removeDir, startServer } from './server';

/*
 * The comparison of the db.json and PostgreSQL engines on one database (tests/api/engines-*.test.ts): the
 * two servers each part starts on the demo db.json (one of them on PostgreSQL, imported as
 * `npm run db:import` does), the asking of both and the comparing of their answers, and the requests
 * both parts ask. Only what `normalised` (tests/support/engines.ts) explains may differ.
 */

export const demo = JSON.parse(readFileSync(demoDb, 'utf8')) as Database;
const demoInstants = instantsOf(demo);
export const today = studioToday('Europe/Moscow', new Date());
export const roles: DemoRole[] = ['admin', 'manager', 'teacher'];
export const collectionNames = [
    'users',
    'directions',
    'studios',
    'courses',
    'subscriptions',
    'passes',
    'customers',
    'schedules',
    'events',
    'attendances',
    'payments',
    'paymentLinks',
    'statuses',
    'configs',
    'auditEntries',
] as const;

let cluster: PostgresCluster;
export let onJson: Signed;
export let onPostgres: Signed;
/** Instants at or after this were written by the test run (see normalised). */
let since: string;
/** Random ids the PostgreSQL server generated, to the db.json server's for the same write. */
export const renames = new Map<string, string>();

export const list = (collection: string, query: Record<string, unknown> = {}) =>
    `/api/${collection}?${Object.entries(query)
        .map(([key, value]) => `${key}=${encodeURIComponent(JSON.stringify(value))}`)
        .join('&')}`;

const both = async (role: DemoRole | null, path: string): Promise<[Answer, Answer]> =>
    Promise.all([answerOf(onJson, role, path), answerOf(onPostgres, role, path)]);

/** Where the two answers differ once normalised, as a line naming the request; undefined when they agree. */
export const difference = (
    role: DemoRole | null,
    path: string,
    [json, postgres]: [Answer, Answer],
): string | undefined => {
    const [left, right] = [
        normalised(json, since, undefined, demoInstants),
        normalised(postgres, since, renames, demoInstants),
    ] as Answer[];
    // Links made by the test have random ids, different on each server: a list of links in id order
    // (asked for, or by default) is in a random order, so such lists are compared in the order of the
    // first server's ids. Every other list keeps its order.
    if (
        renames.size &&
        path.startsWith('/api/paymentLinks') &&
        (!path.includes('sort=') || path.includes(encodeURIComponent('["id"')))
    ) {
        for (const answer of [left, right])
            if (Array.isArray(answer.body))
                answer.body.sort((a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : 1));
    }
    const found = firstDifference(left, right);
    return (
        found &&
        `${role ?? 'public'} ${decodeURIComponent(path)}: at ${found.path} db.json ${abbreviated(found.json)} ≠ PostgreSQL ${abbreviated(found.postgres)}`
    );
};

/** Asks both servers every path as the role; fails listing every request whose answers differ. */
export const expectSameAnswers = async (role: DemoRole | null, paths: string[]) => {
    const differences: string[] = [];
    for (const path of paths) {
        const answers = await both(role, path);
        expect(
            answers[0].status,
            `${path} answered ${answers[0].status}: ${abbreviated(answers[0].body)}`,
        ).toBeLessThan(500);
        const found = difference(role, path, answers);
        if (found) differences.push(found);
    }
    expect(differences).toEqual([]);
};

/** PostgreSQL and both servers on the demo database, started before the describe it is called in and stopped after. */
export const startBothEngines = () => {
    beforeAll(async () => {
        since = new Date(Date.now() - 1000).toISOString();
        cluster = await startPostgres();
        const url = await importedDatabase(cluster);
        const [jsonServer, postgresServer] = await Promise.all([
            startServer(),
            startServer({ env: { DATABASE_URL: url } }),
        ]);
        [onJson, onPostgres] = await Promise.all([signIn(jsonServer), signIn(postgresServer)]);
    });

    afterAll(async () => {
        for (const signed of [onJson, onPostgres]) {
            await signed?.server.stop();
            if (signed) removeDir(signed.server.dir);
        }
        await cluster?.stop();
    });
};

export const searches = [
    ...[
        'алена',
        'АЛЁНА',
        'королева',
        'Королёва',
        'фёдор',
        'ковал',
        'example.org',
        '8 982',
        '+7 982 1',
        '982 466',
        '89824664564',
        'анна петрова',
    ].map(q => list('customers', { filter: { q }, sort: ['lastName', 'ASC'], range: [0, 99] })),
    ...['8 982 107-92-56', '+7 (982) 107 92 56', '89821079256', '9821079256'].map(phoneDigits =>
        list('customers', { filter: { phoneDigits } }),
    ),
    list('customers', { filter: { debt: true }, sort: ['lastName', 'DESC'], range: [0, 199] }),
    list('customers', {
        filter: { debt: false, status: ['active', 'trial'] },
        sort: ['firstName', 'ASC'],
        range: [0, 199],
    }),
    list('customers', { filter: { activePass: true }, sort: ['birthDate', 'ASC'], range: [0, 199] }),
    list('customers', { filter: { activePass: false, q: 'ова' }, sort: ['createdAt', 'DESC'], range: [0, 199] }),
    list('subscriptions', { filter: { directionIds: 1 } }),
    list('subscriptions', { filter: { directionIds: [2, 3] }, sort: ['price', 'DESC'] }),
    list('passes', { filter: { directionIds: 1 } }),
    list('schedules', { filter: { customerIds: 9 } }),
    list('courses', { filter: { q: 'йога' } }),
    list('events', { filter: { q: 'перенос' } }),
    list('statuses', { filter: { q: 'интерес' } }),
    list('users', { filter: { q: 'ANNA' } }),
    list('payments', { filter: { q: 'ПОСЕЩ' }, range: [0, 99] }),
    list('payments', { filter: { q: 'возврат' } }),
    list('paymentLinks', { filter: { q: 'продление' } }),
    list('passes', { filter: { q: 'занят', cancelled: false }, sort: ['endsOn', 'ASC'], range: [0, 49] }),
    // A search matching nobody, and a page past the end of a search: the total is the search's, not the collection's.
    list('customers', { filter: { q: 'нетакогоимени' } }),
    list('customers', { filter: { q: 'алена' }, range: [50, 59] }),
    list('customers', { filter: { q: 'анна', status: 'left' } }),
    list('events', {
        filter: { startsAt_gte: today, startsAt_lte: `${addDays(today, 7)}T23:59` },
        sort: ['startsAt', 'ASC'],
    }),
];

const eventIds = [
    1,
    57,
    120,
    200,
    ...demo.events.filter(event => event.startsAt.startsWith(today)).map(event => event.id),
];
export const businessReads = [
    '/api/auth/me',
    '/api/dashboard',
    '/api/prototypes',
    ...(['month', 'week', 'day'] as const).flatMap(interval => [
        `/api/statistics/incomes?from=2026-01-01&to=2026-12-31&interval=${interval}`,
        `/api/statistics/incomes?from=2026-09-01&to=2026-11-30&interval=${interval}`,
    ]),
    `/api/statistics/incomes?from=${today}&to=${today}&interval=day`,
    ...eventIds.flatMap(id => [
        `/api/events/${id}/roster`,
        `/api/events/${id}/walk-ins?q=${encodeURIComponent('ал')}`,
        `/api/events/${id}/walk-ins?q=${encodeURIComponent('Королёв')}`,
    ]),
    ...[3, 4, 5, 6].flatMap(id => [
        `/api/teachers/${id}/pay?from=2026-11-01&to=2026-11-30`,
        `/api/teachers/${id}/pay?from=2026-09-01&to=2026-12-31`,
    ]),
    ...demo.schedules.flatMap(schedule => [
        `/api/reports/attendances/${schedule.id}?month=2026-11`,
        `/api/reports/attendances/${schedule.id}?month=2026-10`,
    ]),
];

/** Every record of every collection, a thousand to a page, in id order and in the engine's default order. */
export const everything = collectionNames.flatMap(collection => [
    list(collection, { sort: ['id', 'ASC'], range: [0, 999] }),
    list(collection, { sort: ['id', 'ASC'], range: [1000, 1999] }),
    list(collection, { range: [0, 999] }),
]);
