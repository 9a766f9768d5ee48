import { describe, expect, it } from 'vitest';
import { call, login, restClient, serverForEveryRole } from '../support/server';
import { expectHttpError } from '../support/crud';

/*
 * Who may do what through the generic collections' API: no token or a bad one, the roles' rights,
 * changes to one's own account, and what a teacher sees.
 */

const served = serverForEveryRole();

describe('who may do what', () => {
    it('answers 401 without a token or with a bad one', async () => {
        expect((await call(served.server.url, '/api/customers')).status).toBe(401);
        expect((await call(served.server.url, '/api/customers', { token: 'not.a.token' })).status).toBe(401);
        expect((await call(served.server.url, '/api/auth/me')).status).toBe(401);
        const forged = served.tokens.admin.slice(0, -4) + (served.tokens.admin.endsWith('AAAA') ? 'BBBB' : 'AAAA');
        expect((await call(served.server.url, '/api/customers', { token: forged })).status).toBe(401);
    });

    it('answers 403 when the role may not do it', async () => {
        const manager = restClient(served.server.url, served.tokens.manager);
        await manager.getList('courses', {
            pagination: { page: 1, perPage: 5 },
            sort: { field: 'id', order: 'ASC' },
            filter: {},
        });
        await expectHttpError(manager.create('directions', { data: { name: 'Jive', color: '#000001' } }), 403);
        await expectHttpError(
            manager.update('courses', { id: 1, data: { name: 'Renamed' }, previousData: { id: 1 } }),
            403,
        );
        await expectHttpError(manager.delete('customers', { id: 1 }), 403);
        await expectHttpError(
            manager.update('configs', { id: 'general', data: { studioName: 'Mine' }, previousData: { id: 'general' } }),
            403,
        );
    });

    it('nobody may change their own role or deactivate themselves', async () => {
        const me = (await call(served.server.url, '/api/auth/me', { token: served.tokens.admin })).body.user as {
            id: number;
        };
        const role = await expectHttpError(
            served.clients.admin.update('users', { id: me.id, data: { role: 'manager' }, previousData: { id: me.id } }),
            400,
        );
        expect(role.errors).toEqual({ role: 'app.validation.own_role' });
        const active = await expectHttpError(
            served.clients.admin.update('users', { id: me.id, data: { active: false }, previousData: { id: me.id } }),
            400,
        );
        expect(active.errors).toEqual({ active: 'app.validation.own_active' });
    });

    it('a teacher sees only their own events and no money', async () => {
        const teacherToken = await login(served.server.url, 'teacher');
        const teacher = restClient(served.server.url, teacherToken);
        const me = (await call(served.server.url, '/api/auth/me', { token: teacherToken })).body.user as { id: number };
        const { data: events, total } = await teacher.getList('events', {
            pagination: { page: 1, perPage: 1000 },
            sort: { field: 'id', order: 'ASC' },
            filter: {},
        });
        expect(total).toBeGreaterThan(0);
        expect(events.every(event => event.teacherId === me.id)).toBe(true);
        const other = (
            await served.clients.admin.getList('events', {
                pagination: { page: 1, perPage: 1 },
                sort: { field: 'id', order: 'ASC' },
                filter: { teacherId_gte: me.id + 1 },
            })
        ).data[0];
        await expectHttpError(teacher.getOne('events', { id: other.id }), 403);
        for (const collection of ['payments', 'passes', 'paymentLinks', 'subscriptions']) {
            await expectHttpError(
                teacher.getList(collection, {
                    pagination: { page: 1, perPage: 5 },
                    sort: { field: 'id', order: 'ASC' },
                    filter: {},
                }),
                403,
            );
        }
        const { data: customers } = await teacher.getList('customers', {
            pagination: { page: 1, perPage: 1000 },
            sort: { field: 'id', order: 'ASC' },
            filter: {},
        });
        expect(customers.length).toBeGreaterThan(0);
        expect(Object.keys(customers[0]).sort()).toEqual(['firstName', 'id', 'lastName', 'status']);
        const { data: users } = await teacher.getList('users', {
            pagination: { page: 1, perPage: 100 },
            sort: { field: 'id', order: 'ASC' },
            filter: {},
        });
        expect(users.map(user => user.id)).toEqual([me.id]);
    });
});
