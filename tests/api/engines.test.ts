import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
} from '../support/engines';
import { postgresAvailable, type PostgresCluster, startPostgres } from '../support/postgres';
import { type DemoRole, demoDb, engine, removeDir, startServer } from '../support/server';

/*
 * One database, two engines, the same answers. The demo db.json is loaded into both engines — a server
 * on db.json and a server on PostgreSQL (imported as `npm run db:import` does) — and every business
 * endpoint is asked the same thing on both, as each role: every collection's list under many sorts,
 * pages, filters and searches, json-server's words, the business reads; then the same writes are made on
 * both and their answers and every list afterwards compared. Only what `normalised` explains may differ.
 * Runs once, in the db.json project (it starts its own PostgreSQL), when PostgreSQL is installed.
 */

const demo = JSON.parse(readFileSync(demoDb, 'utf8')) as Database;
const demoInstants = instantsOf(demo);
const today = studioToday('Europe/Moscow');
const roles: DemoRole[] = ['admin', 'manager', 'teacher'];
const collectionNames = [
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
let onJson: Signed;
let onPostgres: Signed;
/** Instants at or after this were written by the test run (see normalised). */
let since: string;
/** Random ids the PostgreSQL server generated, to the db.json server's for the same write. */
const renames = new Map<string, string>();

const list = (collection: string, query: Record<string, unknown> = {}) =>
    `/api/${collection}?${Object.entries(query)
        .map(([key, value]) => `${key}=${encodeURIComponent(JSON.stringify(value))}`)
        .join('&')}`;

const both = async (role: DemoRole | null, path: string): Promise<[Answer, Answer]> =>
    Promise.all([answerOf(onJson, role, path), answerOf(onPostgres, role, path)]);

/** Where the two answers differ once normalised, as a line naming the request; undefined when they agree. */
const difference = (role: DemoRole | null, path: string, [json, postgres]: [Answer, Answer]): string | undefined => {
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
const expectSameAnswers = async (role: DemoRole | null, paths: string[]) => {
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

const scalarFields = (records: object[]) => [
    ...new Set(
        records.flatMap(record =>
            Object.entries(record)
                .filter(([, value]) => value === null || typeof value !== 'object')
                .map(([key]) => key),
        ),
    ),
];

/** Every scalar field of the collection, ascending and descending, a page from the start and one further on. */
const sortedPaths = (collection: (typeof collectionNames)[number]) =>
    scalarFields(demo[collection] as object[]).flatMap(field =>
        (['ASC', 'DESC'] as const).flatMap(order => [
            list(collection, { sort: [field, order], range: [0, 29] }),
            list(collection, { sort: [field, order], range: [40, 64] }),
        ]),
    );

/** Equality on each scalar field with a value one record has, date ranges, and one of two values. */
const filteredPaths = (collection: (typeof collectionNames)[number]) => {
    const records = demo[collection] as Record<string, unknown>[];
    const sample = records[Math.floor(records.length / 3)] ?? {};
    return scalarFields(records).flatMap(field => {
        const value = sample[field];
        // Another value the field has (a filter naming one value twice is a case of its own, below).
        const other =
            records
                .slice(Math.floor((2 * records.length) / 3))
                .concat(records)
                .find(record => record[field] !== value) ?? {};
        const paths = [
            list(collection, { filter: { [field]: value }, sort: ['id', 'DESC'], range: [0, 99] }),
            list(collection, { filter: { [field]: [value, other[field]] }, range: [0, 99] }),
        ];
        if (typeof value === 'string' && /^\d{4}-\d\d-\d\d/.test(value)) {
            const [low, high] = [value, other[field] as string].sort();
            paths.push(
                list(collection, {
                    filter: { [`${field}_gte`]: low, [`${field}_lte`]: high },
                    sort: [field, 'ASC'],
                    range: [0, 99],
                }),
            );
            paths.push(
                list(collection, {
                    filter: { [`${field}_gte`]: low.slice(0, 10) },
                    sort: [field, 'DESC'],
                    range: [0, 49],
                }),
            );
        }
        return paths;
    });
};

const searches = [
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

const jsonServerWords = [
    '/api/customers?_sort=lastName,firstName&_order=desc,asc&_page=2&_limit=10',
    '/api/customers?_sort=lastName&_start=5&_end=15',
    '/api/customers?status=active&status=trial&_sort=phone',
    '/api/customers?status_ne=lead&_sort=id&_order=desc&_limit=20',
    '/api/customers?q=%D0%B0%D0%BB%D1%91%D0%BD%D0%B0',
    '/api/customers?birthDate_gte=1990-01-01&birthDate_lte=1999-12-31&_sort=birthDate',
    '/api/events?startsAt_gte=2026-11-01&startsAt_lte=2026-11-30T23:59&_sort=startsAt&_page=3&_limit=7',
    '/api/payments?amount_gte=3000&_sort=amount&_order=desc&_page=1&_limit=15',
    '/api/payments?kind=refund&kind=correction',
    '/api/attendances?customerId=3&_sort=eventId',
    '/api/passes?visitsUsed_lte=2&cancelled=false&_sort=endsOn,id&_order=asc,desc&_limit=30',
    '/api/attendances?eventId=1',
    '/api/users?_sort=name',
];

const eventIds = [
    1,
    57,
    120,
    200,
    ...demo.events.filter(event => event.startsAt.startsWith(today)).map(event => event.id),
];
const businessReads = [
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
const everything = collectionNames.flatMap(collection => [
    list(collection, { sort: ['id', 'ASC'], range: [0, 999] }),
    list(collection, { sort: ['id', 'ASC'], range: [1000, 1999] }),
    list(collection, { range: [0, 999] }),
]);

describe.skipIf(engine !== 'json' || !postgresAvailable)('the db.json and PostgreSQL engines on one database', () => {
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

    describe.each(roles)('as %s, reading', role => {
        it.each(collectionNames)('lists %s whole, in id and default order', async collection =>
            expectSameAnswers(
                role,
                everything.filter(path => path.startsWith(`/api/${collection}?`)),
            ),
        );
        it.each(collectionNames)(
            'sorts %s by every field, both ways, two pages',
            async collection => expectSameAnswers(role, sortedPaths(collection)),
            180_000,
        );
        it.each(collectionNames)(
            'filters %s by every field, by lists of values and date ranges',
            async collection => expectSameAnswers(role, filteredPaths(collection)),
            180_000,
        );
        it(
            'searches caselessly, ё as е, phones by digits, and the computed customer filters',
            async () => expectSameAnswers(role, searches),
            120_000,
        );
        it('answers json-server’s words alike', async () => expectSameAnswers(role, jsonServerWords));
        it('counts the search, not the whole collection, when a search finds nothing or a page is past its end', async () =>
            expectSameAnswers(role, [
                list('customers', { filter: { q: 'нетакогоимени' } }),
                list('customers', { filter: { q: 'алена' }, range: [50, 59] }),
                list('customers', { filter: { q: '+7 982 1' } }),
            ]));
        it('answers a record once when a filter names its id twice (as react-admin’s getMany may)', async () =>
            expectSameAnswers(role, [
                list('customers', { filter: { id: [5, 5] } }),
                list('customers', { filter: { id: ['5', 5, 9] } }),
                '/api/customers?id=5&id=5',
                list('configs', { filter: { id: ['general', 'general'] } }),
            ]));
        it('answers the business reads alike', async () => expectSameAnswers(role, businessReads), 180_000);
    });

    describe('the same writes on both', () => {
        /** What each server's answers gave so far: the ids the next writes name, each server its own. */
        const ids = { json: {} as Record<string, number | string>, postgres: {} as Record<string, number | string> };
        type Ids = Record<string, number | string>;
        /** The fields of write answers the next steps name. */
        type Written = { id: number | string; pass: { id: number }; payment: { id: number } };
        interface Step {
            name: string;
            role: DemoRole | null;
            method: string;
            path: (ids: Ids) => string;
            body?: (ids: Ids) => unknown;
            /** Remembers ids from the answer's body. */
            remember?: (body: Written, ids: Ids) => void;
            status: number;
        }
        const newCustomer = {
            firstName: 'Ёжик',
            lastName: 'Сравнение',
            phone: '8 (982) 555-01-02',
            status: 'active',
            email: 'compare@example.org',
        };
        const steps: Step[] = [
            {
                name: 'create a customer',
                role: 'manager',
                method: 'POST',
                path: () => '/api/customers',
                body: () => newCustomer,
                remember: (b, s) => (s.customer = b.id),
                status: 201,
            },
            {
                name: 'update the customer',
                role: 'manager',
                method: 'PUT',
                path: s => `/api/customers/${s.customer}`,
                body: () => ({ notes: 'Пришла по сравнению', birthDate: '1990-02-03' }),
                status: 200,
            },
            {
                name: 'sell a pass, paying part',
                role: 'manager',
                method: 'POST',
                path: () => '/api/passes/sell',
                body: s => ({
                    customerId: s.customer,
                    subscriptionId: 7,
                    startsOn: today,
                    method: 'cash',
                    amount: 2000,
                }),
                remember: (b, s) => ((s.pass = b.pass.id), (s.payment = b.payment.id)),
                status: 201,
            },
            {
                name: 'pay the rest in part',
                role: 'manager',
                method: 'POST',
                path: s => `/api/passes/${s.pass}/pay`,
                body: () => ({ amount: 1500, method: 'card' }),
                status: 201,
            },
            {
                name: 'freeze the pass',
                role: 'manager',
                method: 'POST',
                path: s => `/api/passes/${s.pass}/freeze`,
                body: () => ({ from: addDays(today, 2), to: addDays(today, 5) }),
                status: 200,
            },
            {
                name: 'unfreeze the pass',
                role: 'manager',
                method: 'POST',
                path: s => `/api/passes/${s.pass}/unfreeze`,
                body: () => ({ on: addDays(today, 3) }),
                status: 200,
            },
            {
                name: 'create a class today',
                role: 'manager',
                method: 'POST',
                path: () => '/api/events',
                body: () => ({
                    courseId: 1,
                    teacherId: 3,
                    studioId: 3,
                    startsAt: `${today}T06:05`,
                    durationMinutes: 5,
                    capacity: 20,
                }),
                remember: (b, s) => (s.event = b.id),
                status: 201,
            },
            {
                name: 'mark the customer, charging the pass (teacher)',
                role: 'teacher',
                method: 'POST',
                path: () => '/api/attendances',
                body: s => ({ eventId: s.event, customerId: s.customer, status: 'attended' }),
                remember: (b, s) => (s.visit = b.id),
                status: 201,
            },
            {
                name: 'mark someone with no pass: a debt',
                role: 'manager',
                method: 'POST',
                path: () => '/api/attendances',
                body: s => ({ eventId: s.event, customerId: 1, status: 'attended' }),
                remember: (b, s) => (s.debt = b.id),
                status: 201,
            },
            {
                name: 'sell the debtor a pass',
                role: 'manager',
                method: 'POST',
                path: () => '/api/passes/sell',
                body: () => ({ customerId: 1, subscriptionId: 3, startsOn: today, method: 'transfer' }),
                status: 201,
            },
            {
                name: 'settle the debt',
                role: 'manager',
                method: 'POST',
                path: s => `/api/attendances/${s.debt}/settle`,
                body: () => ({}),
                status: 200,
            },
            {
                name: 'give the visit back by deleting the mark',
                role: 'manager',
                method: 'DELETE',
                path: s => `/api/attendances/${s.visit}`,
                status: 200,
            },
            {
                name: 'refund part of the pass',
                role: 'manager',
                method: 'POST',
                path: () => '/api/payments/refund',
                body: s => ({ customerId: s.customer, amount: 500, method: 'cash', passId: s.pass }),
                status: 201,
            },
            {
                name: 'correct the first payment',
                role: 'manager',
                method: 'POST',
                path: s => `/api/payments/${s.payment}/correct`,
                body: () => ({ amount: -100, reason: 'Ошибка в кассе' }),
                status: 201,
            },
            {
                name: 'refuse a refund larger than was paid',
                role: 'manager',
                method: 'POST',
                path: () => '/api/payments/refund',
                body: s => ({ customerId: s.customer, amount: 99_999, method: 'cash', passId: s.pass }),
                status: 400,
            },
            {
                name: 'create a group',
                role: 'manager',
                method: 'POST',
                path: () => '/api/schedules',
                body: s => ({
                    title: 'Сравнение движков',
                    courseId: 1,
                    teacherId: 3,
                    studioId: 2,
                    slots: [
                        { weekday: 2, startTime: '07:00', durationMinutes: 60 },
                        { weekday: 4, startTime: '07:00', durationMinutes: 60 },
                    ],
                    startsOn: '2027-03-01',
                    capacity: 10,
                    customerIds: [s.customer, 2],
                }),
                remember: (b, s) => (s.group = b.id),
                status: 201,
            },
            {
                name: 'generate its classes',
                role: 'manager',
                method: 'POST',
                path: s => `/api/schedules/${s.group}/generate`,
                body: () => ({ from: '2027-03-01', to: '2027-03-31' }),
                status: 200,
            },
            {
                name: 'generate them again: all skipped',
                role: 'manager',
                method: 'POST',
                path: s => `/api/schedules/${s.group}/generate`,
                body: () => ({ from: '2027-03-01', to: '2027-03-14' }),
                status: 200,
            },
            {
                name: 'create a payment link',
                role: 'manager',
                method: 'POST',
                path: () => '/api/paymentLinks',
                body: s => ({ customerId: s.customer, subscriptionId: 2, description: 'Продление' }),
                remember: (b, s) => (s.link = b.id),
                status: 201,
            },
            {
                name: 'cancel the payment link',
                role: 'manager',
                method: 'POST',
                path: s => `/api/paymentLinks/${s.link}/cancel`,
                body: () => ({}),
                status: 200,
            },
            {
                name: 'create another payment link',
                role: 'manager',
                method: 'POST',
                path: () => '/api/paymentLinks',
                body: () => ({ customerId: 21, subscriptionId: 3, amount: 4000 }),
                remember: (b, s) => (s.paidLink = b.id),
                status: 201,
            },
            {
                name: 'read it publicly',
                role: null,
                method: 'GET',
                path: s => `/api/public/payment-links/${s.paidLink}`,
                status: 200,
            },
            {
                name: 'pay it publicly',
                role: null,
                method: 'POST',
                path: s => `/api/public/payment-links/${s.paidLink}/pay`,
                body: () => ({ cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' }),
                status: 200,
            },
            {
                name: 'create a customer to delete',
                role: 'admin',
                method: 'POST',
                path: () => '/api/customers',
                body: () => ({ ...newCustomer, firstName: 'Удаляемый' }),
                remember: (b, s) => (s.doomed = b.id),
                status: 201,
            },
            {
                name: 'delete it',
                role: 'admin',
                method: 'DELETE',
                path: s => `/api/customers/${s.doomed}`,
                status: 200,
            },
            {
                name: 'refuse to delete a customer others refer to',
                role: 'admin',
                method: 'DELETE',
                path: s => `/api/customers/${s.customer}`,
                status: 409,
            },
        ];

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
