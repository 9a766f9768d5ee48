import { describe, expect, it } from 'vitest';
import { matchesFilter, matchesSearch, sortComparator } from '../../src/server/storage/match';
import { MemoryData } from '../../src/server/storage/jsonFile/memory';
import { MemoryReader } from '../../src/server/storage/jsonFile/memoryAccess';
import type { Filter, Row, Sort } from '../../src/server/storage/types';
import { stateOf } from '../support/storage';

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
