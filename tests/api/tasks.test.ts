import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../src/domain/types';
import type { Task } from '../../src/domain/tasks';
import { expectHttpError } from '../support/crud';
import { addCustomer, freshPhone, nextId } from '../support/factories';
import { call, demoDb, serverForEveryRole } from '../support/server';

/*
 * Staff's tasks over real HTTP with ra-data-simple-rest, on both engines: made by a manager for a user or
 * a role's queue, listed by the server's filters (status, assignee, customer, mine, overdue), seen by a
 * teacher only when theirs, closed once as done or skipped with who and when, and the refusals: a
 * closed task changed, one closed twice, a user and a queue together, a user who is switched off.
 */

const db = JSON.parse(readFileSync(demoDb, 'utf8')) as Database;
// The lists below are exact: the database holds only the tasks this file makes.
db.tasks = [];
const anna = db.users.find(user => user.email === 'anna@studio.test')!;
const manager = db.users.find(user => user.email === 'manager@studio.test')!;
const other = { ...anna, id: nextId(db.users), name: 'Other teacher', email: 'other.tasks@example.test' };
db.users.push(other);
const gone = {
    ...manager,
    id: nextId(db.users),
    name: 'Gone manager',
    email: 'gone.tasks@example.test',
    active: false,
};
db.users.push(gone);
const customer = addCustomer(db, { firstName: 'Tasha', lastName: 'Tasks', phone: freshPhone() });

const now = new Date('2026-11-29T12:00:00.000Z');
const served = serverForEveryRole({ db, clock: () => now });

const make = async (fields: Partial<Task>) =>
    (
        await served.clients.manager.create<Task>('tasks', {
            data: { title: 'Call back', kind: 'call', dueAt: '2026-11-30T09:00:00.000Z', ...fields },
        })
    ).data;

const ids = (tasks: { id: unknown }[]) => tasks.map(task => task.id);

describe('tasks', () => {
    it('are made by a manager: manual, open, made by them, due as given', async () => {
        const task = await make({ customerId: customer.id, assigneeId: anna.id, dueAt: '2026-11-30T09:00Z' });
        expect(task).toMatchObject({
            title: 'Call back',
            kind: 'call',
            customerId: customer.id,
            assigneeId: anna.id,
            assigneeRole: null,
            source: 'manual',
            status: 'open',
            doneAt: null,
            doneBy: null,
            createdBy: manager.id,
            dueAt: '2026-11-30T09:00:00.000Z',
            customerName: 'Tasha Tasks',
            assigneeName: anna.name,
        });
        // What the server sets is not the client's to say.
        const forced = await make({
            title: 'Forced',
            source: 'lead',
            status: 'done',
            createdBy: anna.id,
        } as Partial<Task>);
        expect(forced).toMatchObject({ source: 'manual', status: 'open', createdBy: manager.id });
    });

    it('without a user or a role go to the managers’ queue', async () => {
        const task = await make({ title: 'Nobody named' });
        expect(task).toMatchObject({ assigneeId: null, assigneeRole: 'manager' });
    });

    it('are listed by status, assignee, role queue, customer, mine and overdue, sorted by due and paged', async () => {
        const late = await make({ title: 'Late one', assigneeRole: 'teacher', dueAt: '2026-11-28T08:00:00.000Z' });
        const lateMine = await make({ title: 'Late for me', dueAt: '2026-11-29T11:59:00.000Z' });
        const forOther = await make({ title: 'For other', assigneeId: other.id, customerId: customer.id });
        const { data: byDue, total } = await served.clients.manager.getList<Task>('tasks', {
            filter: {},
            sort: { field: 'dueAt', order: 'ASC' },
            pagination: { page: 1, perPage: 2 },
        });
        expect(total).toBeGreaterThanOrEqual(5);
        expect(ids(byDue)).toEqual([late.id, lateMine.id]);

        const list = async (filter: Record<string, unknown>) =>
            ids(
                (
                    await served.clients.manager.getList<Task>('tasks', {
                        filter,
                        sort: { field: 'dueAt', order: 'ASC' },
                        pagination: { page: 1, perPage: 100 },
                    })
                ).data,
            );
        expect(await list({ overdue: true })).toEqual([late.id, lateMine.id]);
        expect(await list({ assigneeId: other.id })).toEqual([forOther.id]);
        expect(await list({ assigneeRole: 'teacher' })).toEqual([late.id]);
        expect(await list({ customerId: customer.id, assigneeId: other.id })).toEqual([forOther.id]);
        const mine = await list({ mine: true });
        expect(mine).toContain(lateMine.id);
        expect(mine).not.toContain(late.id);
        expect(mine).not.toContain(forOther.id);
        expect(await list({ mine: true, overdue: true })).toEqual([lateMine.id]);
        expect(
            (await call(served.server.url, '/api/tasks?filter={"mine":"yes"}', { token: served.tokens.manager })).body,
        ).toMatchObject({ errors: { mine: 'app.validation.invalid' } });
    });

    it('show a teacher only theirs and the teachers’ queue, and refuse them the others', async () => {
        const annas = await make({ title: 'For Anna', assigneeId: anna.id });
        const queue = await make({ title: 'For any teacher', assigneeRole: 'teacher' });
        const others = await make({ title: 'Not Anna’s', assigneeId: other.id });
        const managers = await make({ title: 'Managers only', assigneeRole: 'manager' });
        const { data } = await served.clients.teacher.getList<Task>('tasks', {
            filter: {},
            sort: { field: 'dueAt', order: 'ASC' },
            pagination: { page: 1, perPage: 1000 },
        });
        const seen = ids(data);
        expect(seen).toEqual(expect.arrayContaining([annas.id, queue.id]));
        expect(seen).not.toContain(others.id);
        expect(seen).not.toContain(managers.id);
        expect(data.every(task => task.assigneeId === anna.id || task.assigneeRole === 'teacher')).toBe(true);
        expect((await served.clients.teacher.getOne<Task>('tasks', { id: annas.id })).data.title).toBe('For Anna');
        await expectHttpError(served.clients.teacher.getOne('tasks', { id: others.id }), 403);
        await expectHttpError(
            served.clients.teacher.update('tasks', { id: annas.id, data: { title: 'Mine now' }, previousData: annas }),
            403,
        );
        await expectHttpError(
            served.clients.teacher.create('tasks', {
                data: { title: 'Mine', kind: 'other', dueAt: '2026-12-01T09:00Z' },
            }),
            403,
        );
        const refused = await call(served.server.url, `/api/tasks/${others.id}/done`, {
            method: 'POST',
            token: served.tokens.teacher,
            json: { note: 'not mine' },
        });
        expect(refused.status).toBe(403);
        expect((await served.clients.manager.getOne<Task>('tasks', { id: others.id })).data.status).toBe('open');
    });

    it('are done or skipped once, with who, when and the note; a closed task keeps all but its note', async () => {
        const task = await make({ title: 'Ring Tasha', assigneeRole: 'teacher', customerId: customer.id });
        const done = await call(served.server.url, `/api/tasks/${task.id}/done`, {
            method: 'POST',
            token: served.tokens.teacher,
            json: { note: 'Called, she comes on Monday' },
        });
        expect(done.status, done.text).toBe(200);
        expect(done.body).toMatchObject({
            status: 'done',
            doneBy: anna.id,
            doneAt: now.toISOString(),
            note: 'Called, she comes on Monday',
            doneByName: anna.name,
        });
        const again = await call(served.server.url, `/api/tasks/${task.id}/skip`, {
            method: 'POST',
            token: served.tokens.manager,
            json: {},
        });
        expect(again.status).toBe(409);
        expect(again.body).toMatchObject({ errors: { status: 'app.tasks.errors.not_open' } });

        const stored = (await served.clients.manager.getOne<Task>('tasks', { id: task.id })).data;
        const retitled = await expectHttpError(
            served.clients.manager.update('tasks', {
                id: task.id,
                data: { ...stored, title: 'Other' },
                previousData: stored,
            }),
            409,
        );
        expect(retitled).toMatchObject({ errors: { title: 'app.tasks.errors.closed' } });
        const noted = await served.clients.manager.update<Task>('tasks', {
            id: task.id,
            data: { ...stored, note: 'She came' },
            previousData: stored,
        });
        expect(noted.data).toMatchObject({ note: 'She came', status: 'done', doneBy: anna.id });

        const skipped = await call(served.server.url, `/api/tasks/${(await make({ title: 'Skip me' })).id}/skip`, {
            method: 'POST',
            token: served.tokens.manager,
        });
        expect(skipped.status, skipped.text).toBe(200);
        expect(skipped.body).toMatchObject({ status: 'skipped', doneBy: manager.id, doneAt: now.toISOString() });
        expect(
            (await call(served.server.url, '/api/tasks/999999/done', { method: 'POST', token: served.tokens.manager }))
                .status,
        ).toBe(404);
    });

    it('refuse bad input with 400 naming the field', async () => {
        const refused = async (data: Record<string, unknown>) =>
            expectHttpError(served.clients.manager.create('tasks', { data }), 400);
        const base = { title: 'Bad', kind: 'call', dueAt: '2026-12-01T09:00:00.000Z' };
        expect(await refused({ ...base, assigneeId: gone.id })).toMatchObject({
            errors: { assigneeId: 'app.tasks.errors.inactive_assignee' },
        });
        expect(await refused({ ...base, assigneeId: anna.id, assigneeRole: 'teacher' })).toMatchObject({
            errors: { assigneeRole: 'app.tasks.errors.one_assignee' },
        });
        expect(await refused({ ...base, title: ' ' })).toMatchObject({ errors: { title: 'ra.validation.required' } });
        expect(await refused({ ...base, kind: 'visit' })).toMatchObject({ errors: { kind: 'app.validation.choice' } });
        expect(await refused({ ...base, assigneeRole: 'owner' })).toMatchObject({
            errors: { assigneeRole: 'app.validation.choice' },
        });
        expect(await refused({ ...base, dueAt: 'tomorrow' })).toMatchObject({
            errors: { dueAt: 'app.validation.instant' },
        });
        expect(Object.keys((await refused({ ...base, assigneeId: 999999 })).errors as object)).toEqual(['assigneeId']);

        const task = await make({ title: 'Reassign me' });
        const moved = await expectHttpError(
            served.clients.manager.update('tasks', {
                id: task.id,
                data: { ...task, assigneeId: gone.id, assigneeRole: null },
                previousData: task,
            }),
            400,
        );
        expect(moved).toMatchObject({ errors: { assigneeId: 'app.tasks.errors.inactive_assignee' } });
        const given = await served.clients.manager.update<Task>('tasks', {
            id: task.id,
            data: { ...task, assigneeId: other.id, assigneeRole: null },
            previousData: task,
        });
        expect(given.data).toMatchObject({ assigneeId: other.id, assigneeRole: null });
    });
});
