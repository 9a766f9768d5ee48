import { describe, it } from 'vitest';
import {
    businessReads,
    collectionNames,
    demo,
    everything,
    expectSameAnswers,
    list,
    roles,
    searches,
    startBothEngines,
} from '../support/engines-compare';
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
 * This part: the reads, on both servers as they start (the writes are in engines-writes).
 */

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

describe.skipIf(engine !== 'json' || !postgresAvailable)('the db.json and PostgreSQL engines on one database', () => {
    startBothEngines();

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
});
