import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { JsonStorage } from '../../src/server/storage/jsonFile/jsonStorage';
import { MemoryData } from '../../src/server/storage/jsonFile/memory';
import { MemoryReader } from '../../src/server/storage/jsonFile/memoryAccess';
import { StorageUnavailable } from '../../src/server/storage/types';
import { itAsRoot, mountSmallDisk, type SmallDisk } from '../support/disk';
import { demoDb } from '../support/server';
import { stateOf } from '../support/storage';

/*
 * Memory never holds what the disk does not: a change is applied whole or not at all, a record that
 * cannot be written down never reaches memory, and transactions the disk refuses are taken back, with
 * those that read them.
 */

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const customer = (lastName: string) => ({ firstName: 'Refused', lastName, phone: '+79550000000', status: 'lead' });

describe('an applied change', () => {
    it('is taken back whole: records as they were, indexes with them, and a prototype collection it made', async () => {
        const data = new MemoryData(
            stateOf({
                passes: [
                    { id: 1, customerId: 5, visitsUsed: 0, createdAt: 'x' },
                    { id: 2, customerId: 6, visitsUsed: 3, createdAt: 'x' },
                ],
            }),
        );
        const reader = new MemoryReader(() => data);
        const change = data.apply([
            { op: 'put', collection: 'passes', record: { id: 1, customerId: 6, visitsUsed: 1, createdAt: 'x' } },
            { op: 'delete', collection: 'passes', id: 2 },
            { op: 'put', collection: 'passes', record: { id: 3, customerId: 5, visitsUsed: 0, createdAt: 'x' } },
            { op: 'put', collection: 'rooms', record: { id: 1, name: 'Hall A' } },
        ]);
        expect((await reader.select('passes', { customerId: 5 })).map(pass => pass.id)).toEqual([3]);
        data.revert(change);
        expect((await reader.select('passes', { customerId: 5 })).map(pass => pass.id)).toEqual([1]);
        expect((await reader.select('passes', { customerId: 6 })).map(pass => [pass.id, pass.visitsUsed])).toEqual([
            [2, 3],
        ]);
        expect(data.prototypes).toEqual([]);
        expect(data.snapshot().keys).not.toContain('rooms');
    });
});

describe('the db.json engine', () => {
    let dir: string | undefined;
    let disk: SmallDisk | undefined;
    afterEach(() => {
        if (dir) rmSync(dir, { recursive: true, force: true });
        disk?.unmount();
        dir = disk = undefined;
    });

    it('refuses a record it cannot write down before it touches memory, and goes on', async () => {
        dir = mkdtempSync(join(tmpdir(), 'studio-refusal-'));
        const file = join(dir, 'db.json');
        copyFileSync(demoDb, file);
        const storage = await JsonStorage.open({ file, watchIntervalMs: 0, log: silent });
        const before = await storage.count('customers');
        await expect(
            storage.transaction(async tx => {
                await tx.insert('customers', customer('Kept') as never);
                await tx.insert('customers', { ...customer('Unwritable'), notes: 10n } as never);
            }),
        ).rejects.toThrow(/BigInt/);
        expect(await storage.count('customers')).toBe(before);
        await storage.transaction(tx => tx.insert('customers', customer('After') as never));
        expect(await storage.count('customers')).toBe(before + 1);
        await storage.close();
    });

    itAsRoot(
        'takes back what a full disk refused, refuses a transaction that read it, and writes again once there is room',
        async () => {
            disk = mountSmallDisk(2);
            const file = join(disk.dir, 'db.json');
            copyFileSync(demoDb, file);
            const storage = await JsonStorage.open({ file, watchIntervalMs: 0, checkpointIdleMs: 60_000, log: silent });
            const before = await storage.count('customers');
            disk.fill(0);
            const refused = storage.transaction(tx => tx.insert('customers', customer('Refused') as never));
            // Begun on top of the refused write, it reads it, then commits after the disk said no.
            const reader = storage.transaction(async tx => {
                const seen = await tx.select('customers', { lastName: 'Refused' });
                await new Promise(done => setTimeout(done, 200));
                await tx.insert('customers', { ...customer('Reader'), notes: `saw ${seen.length}` } as never);
            });
            const [first, second] = await Promise.allSettled([refused, reader]);
            for (const outcome of [first, second]) {
                expect(outcome.status).toBe('rejected');
                const reason = (outcome as PromiseRejectedResult).reason as StorageUnavailable;
                expect(reason).toBeInstanceOf(StorageUnavailable);
                expect(reason.status).toBe(507);
            }
            expect(await storage.count('customers')).toBe(before);
            expect(await storage.select('customers', { firstName: 'Refused' })).toEqual([]);
            disk.free();
            await storage.transaction(tx => tx.insert('customers', customer('Room again') as never));
            await storage.close();
            const reopened = await JsonStorage.open({ file, watchIntervalMs: 0, log: silent });
            expect((await reopened.select('customers', { firstName: 'Refused' })).map(row => row.lastName)).toEqual([
                'Room again',
            ]);
            await reopened.close();
        },
    );
});
