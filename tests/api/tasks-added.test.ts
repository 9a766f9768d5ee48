import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStorage, type Storage } from '../../src/server/storage';
import { addTask } from '../../src/server/tasks';
import { demoDb, engine, postgresDatabaseFor } from '../support/server';

/*
 * A task made by another feature's rule (a lead to call, an erasure request for the admins) through the
 * tasks room's addTask, on both engines: open, with no one as its maker unless named, in the managers'
 * queue when given to no one, and never to a user who is switched off.
 */

describe('a task made by a rule', () => {
    const dir = mkdtempSync(join(tmpdir(), 'studio-tasks-'));
    const file = join(dir, 'db.json');
    let storage: Storage;

    beforeAll(async () => {
        copyFileSync(demoDb, file);
        storage = await openStorage({
            file,
            watchIntervalMs: 0,
            ...(engine === 'postgres' && { databaseUrl: await postgresDatabaseFor(file) }),
        });
    }, 120_000);
    afterAll(async () => {
        await storage?.close();
        rmSync(dir, { recursive: true, force: true });
    });

    it('is open, of its source, and goes to the role named or else to the managers', async () => {
        const [forAdmins, forNobody] = await storage.transaction(async tx => [
            await addTask(tx, {
                title: 'Erase a customer’s data',
                kind: 'other',
                source: 'erasure',
                assigneeRole: 'admin',
                dueAt: '2026-12-29T09:00Z',
            }),
            await addTask(tx, {
                title: 'Call the lead',
                kind: 'call',
                source: 'lead',
                dueAt: '2026-11-30T09:00:00.000Z',
            }),
        ]);
        expect(forAdmins).toMatchObject({
            source: 'erasure',
            status: 'open',
            assigneeId: null,
            assigneeRole: 'admin',
            createdBy: null,
            doneAt: null,
            doneBy: null,
            customerId: null,
            note: null,
            dueAt: '2026-12-29T09:00:00.000Z',
        });
        expect(forNobody).toMatchObject({ source: 'lead', assigneeRole: 'manager', assigneeId: null });
        expect((await storage.get('tasks', forAdmins.id))?.assigneeRole).toBe('admin');
    });

    it('is refused for a user who is switched off, and nothing is written', async () => {
        const manager = (await storage.select('users', { role: 'manager' }))[0];
        await storage.transaction(tx => tx.update('users', { ...manager, active: false }));
        const before = (await storage.select('tasks')).length;
        await expect(
            storage.transaction(tx =>
                addTask(tx, {
                    title: 'Call back',
                    kind: 'call',
                    source: 'lead',
                    assigneeId: manager.id,
                    dueAt: '2026-12-01T09:00Z',
                }),
            ),
        ).rejects.toMatchObject({ status: 400, errors: { assigneeId: 'app.tasks.errors.inactive_assignee' } });
        expect(await storage.select('tasks')).toHaveLength(before);
    });
});
