import { describe, expect, it } from 'vitest';
import { MemoryData, replayOnto } from '../../src/server/storage/jsonFile/memory';
import { MemoryReader, MemoryTransaction } from '../../src/server/storage/jsonFile/memoryAccess';
import type { Row } from '../../src/server/storage/types';
import { stateOf } from '../support/storage';

/*
 * The db.json engine's memory under writes: transactions and their isolation, journaled writes replayed,
 * and database files of an older shape read and searched.
 */

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
        const { parseDatabaseText } = await import('../../src/server/storage/jsonFile/files');
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
