import { describe, expect, it } from 'vitest';
import { matchesFilter, matchesSearch, sortComparator } from '../../src/server/storage/match';
import { MemoryData, replayOnto, type FileState } from '../../src/server/storage/memory';
import { MemoryReader, MemoryTransaction } from '../../src/server/storage/memoryAccess';
import type { Filter, Row, Sort } from '../../src/server/storage/types';

/*
 * The db.json engine's memory answers every query as a plain scan and sort would, whichever index it
 * starts from, and keeps answering so while records are written, changed and removed.
 */

/** A small deterministic random generator, so that a failure can be replayed. */
const random = (seed: number) => () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
};

const names = ['Анна', 'anna', 'Boris', 'Борис', 'Clara', 'Ёлка', 'ёлка', 'Zoe', 'zoë', '10 Pro', '9 Pro', ''];

const stateOf = (values: Partial<Record<string, Row[]>>): FileState => {
    const all = {
        users: [],
        directions: [],
        studios: [],
        courses: [],
        subscriptions: [],
        passes: [],
        customers: [],
        schedules: [],
        events: [],
        attendances: [],
        payments: [],
        paymentLinks: [],
        statuses: [],
        configs: [],
        ...values,
    };
    return { keys: Object.keys(all), values: all };
};

const attendance = (next: () => number, id: number): Row => ({
    id,
    eventId: 1 + Math.floor(next() * 20),
    customerId: 1 + Math.floor(next() * 30),
    passId: next() < 0.3 ? null : 1 + Math.floor(next() * 15),
    status: ['attended', 'late', 'missed', 'excused'][Math.floor(next() * 4)],
    unpaid: next() < 0.2,
    charged: next() < 0.6,
    markedBy: 1,
    createdAt: `2026-0${1 + Math.floor(next() * 9)}-1${Math.floor(next() * 10)}T10:00:00.000Z`,
});

const customer = (next: () => number, id: number): Row => ({
    id,
    firstName: names[Math.floor(next() * names.length)],
    lastName: next() < 0.1 ? null : names[Math.floor(next() * names.length)],
    phone: `+7 9${Math.floor(next() * 100)} 123-45-67`,
    status: ['lead', 'active', 'left'][Math.floor(next() * 3)],
    createdAt: '2026-01-01T00:00:00.000Z',
});

const randomFilters = (next: () => number): Filter[] => {
    const pick = <T>(values: T[]) => values[Math.floor(next() * values.length)];
    const all: (() => Filter)[] = [
        () => ({ field: 'eventId', kind: 'equals', values: [pick([1, 2, 3, '4', 5])] }),
        () => ({ field: 'customerId', kind: 'equals', values: [pick([1, 2, 3]), pick([10, 11, 12])] }),
        () => ({ field: 'passId', kind: 'equals', values: [pick([null, 3, 7])] }),
        () => ({ field: 'unpaid', kind: 'equals', values: [pick([true, 'true', false])] }),
        () => ({ field: 'status', kind: 'excludes', values: [pick(['attended', 'missed'])] }),
        () => ({ field: 'createdAt', kind: 'gte', value: pick(['2026-03', '2026-05-15', '2026-09']) }),
        () => ({ field: 'createdAt', kind: 'lte', value: pick(['2026-02', '2026-06-15', '2026-08-13T10']) }),
        () => ({ field: 'id', kind: 'equals', values: [pick([1, 5, 9]), pick([50, 70, 90])] }),
        () => ({ field: 'eventId', kind: 'gte', value: pick([5, '12', 18]) }),
    ];
    return Array.from({ length: Math.floor(next() * 3) }, () => pick(all)());
};

const scan = (rows: Row[], filters: Filter[], sort: Sort, search?: string) =>
    rows
        .filter(
            row =>
                filters.every(filter => matchesFilter(row, filter)) &&
                (!search || matchesSearch('customers', row, search)),
        )
        .sort(sortComparator(sort));

describe('the db.json engine in memory', () => {
    it('answers lists exactly as a scan and a sort would, through writes, changes and removals', async () => {
        const next = random(7);
        const rows = Array.from({ length: 400 }, (_, index) => attendance(next, index + 1));
        const data = new MemoryData(stateOf({ attendances: rows }));
        const reader = new MemoryReader(() => data);
        const truth = new Map(rows.map(row => [row.id, row]));
        for (let round = 0; round < 300; round++) {
            // Write something first: the indexes must follow every kind of change.
            const roll = next();
            const id = 1 + Math.floor(next() * 500);
            if (roll < 0.4) {
                const record = attendance(next, id);
                data.apply([{ op: 'put', collection: 'attendances', record }]);
                truth.set(id, record);
            } else if (roll < 0.6) {
                data.apply([{ op: 'delete', collection: 'attendances', id }]);
                truth.delete(id);
            }
            const filters = randomFilters(next);
            const sort: Sort = {
                field: ['id', 'eventId', 'createdAt', 'status', 'passId'][Math.floor(next() * 5)],
                order: next() < 0.5 ? 'ASC' : 'DESC',
            };
            const start = Math.floor(next() * 30);
            const expected = scan([...truth.values()], filters, sort);
            const page = await reader.list('attendances', { filters, sort, range: { start, end: start + 24 } });
            expect(page.total, JSON.stringify({ round, filters })).toBe(expected.length);
            expect(
                page.records.map(row => row.id),
                JSON.stringify({ round, filters, sort }),
            ).toEqual(expected.slice(start, start + 25).map(row => row.id));
            expect(await reader.count('attendances', filters)).toBe(expected.length);
        }
    });

    it('sorts names as people read them, any letter case and alphabet, with the search', async () => {
        const next = random(3);
        const rows = Array.from({ length: 300 }, (_, index) => customer(next, index + 1));
        const reader = new MemoryReader(() => new MemoryData(stateOf({ customers: rows })));
        for (const order of ['ASC', 'DESC'] as const) {
            for (const search of [undefined, 'ан', '916', 'pro']) {
                const sort: Sort = { field: 'lastName', order };
                const page = await reader.list('customers', {
                    filters: [],
                    search,
                    sort,
                    range: { start: 0, end: 99 },
                });
                expect(page.records.map(row => row.id)).toEqual(
                    scan(rows, [], sort, search)
                        .slice(0, 100)
                        .map(row => row.id),
                );
            }
        }
    });

    it('finds by caseless equality for unique names and emails', async () => {
        const data = new MemoryData(stateOf({ users: [{ id: 1, email: 'Anna@Studio.test', createdAt: 'x' }] }));
        const reader = new MemoryReader(() => data);
        expect(
            await reader.select('users', [
                { field: 'email', kind: 'equals', values: [' anna@studio.TEST'], caseless: true },
            ]),
        ).toHaveLength(1);
        expect(
            await reader.select('users', [{ field: 'email', kind: 'equals', values: ['anna@studio.test'] }]),
        ).toHaveLength(0);
    });
});

describe('a transaction', () => {
    const twoPasses = () =>
        new MemoryData(
            stateOf({
                passes: [
                    { id: 1, customerId: 5, visitsUsed: 0, createdAt: 'x' },
                    { id: 2, customerId: 6, visitsUsed: 3, createdAt: 'x' },
                ],
            }),
        );

    it('sees its own writes, and nobody else does until it commits', async () => {
        const data = twoPasses();
        const outside = new MemoryReader(() => data);
        const tx = new MemoryTransaction(() => data);
        const created = await tx.insert('passes', { customerId: 5, visitsUsed: 0 } as never);
        expect(created.id).toBe(3);
        await tx.update('passes', { ...(await tx.get('passes', 1))!, visitsUsed: 1 });
        await tx.remove('passes', 2);
        expect((await tx.select('passes', { customerId: 5 })).map(pass => [pass.id, pass.visitsUsed])).toEqual([
            [1, 1],
            [3, 0],
        ]);
        expect(await tx.get('passes', 2)).toBeUndefined();
        expect(await tx.count('passes')).toBe(2);
        expect((await outside.select('passes')).map(pass => pass.visitsUsed)).toEqual([0, 3]);

        data.apply(tx.operations());
        expect((await outside.select('passes')).map(pass => [pass.id, pass.visitsUsed])).toEqual([
            [1, 1],
            [3, 0],
        ]);
        expect((await outside.select('passes', { customerId: 6 })).length).toBe(0);
    });

    it('hands out frozen records, so that nothing changes a stored record but a write', async () => {
        const data = twoPasses();
        const pass = (await new MemoryReader(() => data).get('passes', 1))!;
        expect(() => {
            (pass as { visitsUsed: number }).visitsUsed = 9;
        }).toThrow(TypeError);
    });

    it('gives ids above any the collection held, even after the highest is removed', async () => {
        const data = twoPasses();
        const first = new MemoryTransaction(() => data);
        await first.remove('passes', 2);
        data.apply(first.operations());
        const second = new MemoryTransaction(() => data);
        expect((await second.insert('passes', { customerId: 1, visitsUsed: 0 } as never)).id).toBe(3);
    });
});

describe('replaying journaled writes', () => {
    it('gives the same records whether or not the file already holds some of them', () => {
        const operations = [
            { op: 'put' as const, collection: 'customers', record: { id: 1, firstName: 'A' } },
            { op: 'put' as const, collection: 'customers', record: { id: 2, firstName: 'B' } },
            { op: 'put' as const, collection: 'customers', record: { id: 1, firstName: 'A2' } },
            { op: 'delete' as const, collection: 'customers', id: 2 },
        ];
        const fromScratch = stateOf({ customers: [{ id: 9, firstName: 'Z', createdAt: 'x' }] });
        replayOnto(fromScratch, operations);
        // A file written after the second write already holds customers 1 (A) and 2.
        const rewritten = stateOf({
            customers: [
                { id: 9, firstName: 'Z', createdAt: 'x' },
                { id: 1, firstName: 'A' },
                { id: 2, firstName: 'B' },
            ] as Row[],
        });
        replayOnto(rewritten, operations);
        expect(rewritten.values.customers).toEqual(fromScratch.values.customers);
        expect(fromScratch.values.customers).toEqual([
            { id: 9, firstName: 'Z', createdAt: 'x' },
            { id: 1, firstName: 'A2' },
        ]);
    });
});

describe('reading a database file of an older shape', () => {
    it('turns each status label into the label in the studio language, and leaves current records as they are', async () => {
        const { parseDatabaseText } = await import('../../src/server/storage/files');
        const current = {
            id: 2,
            name: 'customer',
            code: 'active',
            labels: { en: 'Active' },
            color: '#00a884',
            createdAt: '2026-01-01T00:00:00.000Z',
        };
        const text = JSON.stringify({
            configs: [{ id: 'general', defaultLocale: 'ru' }],
            statuses: [
                {
                    id: 1,
                    name: 'customer',
                    code: 'lead',
                    label: 'Интерес',
                    color: '#78909c',
                    createdAt: '2026-01-01T00:00:00.000Z',
                },
                current,
            ],
        });
        const state = parseDatabaseText('db.json', text);
        expect(state.values.statuses).toEqual([
            {
                id: 1,
                name: 'customer',
                code: 'lead',
                labels: { ru: 'Интерес' },
                color: '#78909c',
                createdAt: '2026-01-01T00:00:00.000Z',
            },
            current,
        ]);
        // A collection added later still starts empty.
        expect(state.values.auditEntries).toEqual([]);
    });

    it('searches through the memory engine with ё as е and phones however written', () => {
        const data = new MemoryData(
            stateOf({
                customers: [
                    {
                        id: 1,
                        firstName: 'Мария',
                        lastName: 'Соловьёва',
                        phone: '8 (982) 123-45-67',
                        email: null,
                        createdAt: '',
                    },
                ],
            }),
        );
        const reader = new MemoryReader(() => data);
        const found = (search: string) =>
            reader
                .list('customers', {
                    filters: [],
                    search,
                    sort: { field: 'id', order: 'ASC' },
                    range: { start: 0, end: 9 },
                })
                .then(page => page.total);
        return Promise.all(['соловьева', '+7 982 123 45 67', '982-123'].map(found)).then(totals =>
            expect(totals).toEqual([1, 1, 1]),
        );
    });
});
