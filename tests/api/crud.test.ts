import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataProvider } from 'ra-core';
import { call, login, removeDir, restClient, startServer, type RunningServer } from '../support/server';

let server: RunningServer;
let admin: DataProvider;
let adminToken: string;
let managerToken: string;

beforeAll(async () => {
    server = await startServer();
    adminToken = await login(server.url, 'admin');
    managerToken = await login(server.url, 'manager');
    admin = restClient(server.url, adminToken);
});

afterAll(async () => {
    await server.stop();
    removeDir(server.dir);
});

const expectHttpError = async (promise: Promise<unknown>, status: number) => {
    const error = await promise.then(
        () => {
            throw new Error(`expected HTTP ${status}, got success`);
        },
        (error: { status?: number; body?: Record<string, unknown> }) => error,
    );
    expect(error.status).toBe(status);
    return error.body ?? {};
};

describe('reading through ra-data-simple-rest', () => {
    it('getList sorts, pages and counts the whole collection', async () => {
        const { data, total } = await admin.getList('customers', {
            pagination: { page: 2, perPage: 10 },
            sort: { field: 'lastName', order: 'ASC' },
            filter: {},
        });
        expect(data).toHaveLength(10);
        expect(total).toBeGreaterThan(100);
        const names = data.map(customer => customer.lastName as string);
        expect([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true }))).toEqual(
            names,
        );
        const first = await admin.getList('customers', {
            pagination: { page: 1, perPage: 10 },
            sort: { field: 'lastName', order: 'ASC' },
            filter: {},
        });
        expect(first.data.map(c => c.id)).not.toContain(data[0].id);
    });

    it('answers Content-Range with the range and the total', async () => {
        const { headers } = await call(server.url, '/api/directions?range=[0,1]', { token: adminToken });
        expect(headers.get('content-range')).toBe('directions 0-1/6');
    });

    it('getOne, getMany and getManyReference find the records asked for', async () => {
        const { data: customers } = await admin.getList('customers', {
            pagination: { page: 1, perPage: 3 },
            sort: { field: 'id', order: 'ASC' },
            filter: {},
        });
        const { data: one } = await admin.getOne('customers', { id: customers[1].id });
        expect(one).toEqual(customers[1]);
        const { data: many } = await admin.getMany('customers', { ids: [customers[0].id, customers[2].id] });
        expect(many.map(c => c.id).sort()).toEqual([customers[0].id, customers[2].id].sort());
        const { data: passes, total } = await admin.getManyReference('passes', {
            target: 'customerId',
            id: customers[0].id,
            pagination: { page: 1, perPage: 50 },
            sort: { field: 'startsOn', order: 'DESC' },
            filter: {},
        });
        expect(total).toBe(passes.length);
        expect(passes.every(pass => pass.customerId === customers[0].id)).toBe(true);
    });

    it('filters by equality, any of a list, ranges and search', async () => {
        const all = await admin.getList('events', {
            pagination: { page: 1, perPage: 1000 },
            sort: { field: 'startsAt', order: 'ASC' },
            filter: {},
        });
        const planned = await admin.getList('events', {
            pagination: { page: 1, perPage: 1000 },
            sort: { field: 'id', order: 'ASC' },
            filter: { status: 'planned' },
        });
        expect(planned.total).toBe(all.data.filter(event => event.status === 'planned').length);
        expect(planned.total).toBeGreaterThan(0);

        const teachers = [...new Set(all.data.map(event => event.teacherId))].slice(0, 2);
        const byTeachers = await admin.getList('events', {
            pagination: { page: 1, perPage: 1000 },
            sort: { field: 'id', order: 'ASC' },
            filter: { teacherId: teachers },
        });
        expect(byTeachers.total).toBe(all.data.filter(event => teachers.includes(event.teacherId)).length);

        const middle = all.data[Math.floor(all.data.length / 2)].startsAt as string;
        const from = middle.slice(0, 10);
        const ranged = await admin.getList('events', {
            pagination: { page: 1, perPage: 1000 },
            sort: { field: 'startsAt', order: 'ASC' },
            filter: { startsAt_gte: `${from}T00:00`, startsAt_lte: `${from}T23:59` },
        });
        expect(ranged.total).toBeGreaterThan(0);
        expect(ranged.data.every(event => (event.startsAt as string).startsWith(from))).toBe(true);

        const customer = (
            await admin.getList('customers', {
                pagination: { page: 1, perPage: 1 },
                sort: { field: 'id', order: 'DESC' },
                filter: {},
            })
        ).data[0];
        const byName = await admin.getList('customers', {
            pagination: { page: 1, perPage: 50 },
            sort: { field: 'id', order: 'ASC' },
            filter: { q: `${customer.firstName} ${customer.lastName}`.toUpperCase() },
        });
        expect(byName.data.map(c => c.id)).toContain(customer.id);
        const digits = (customer.phone as string).replace(/\D/g, '').slice(-7);
        const byPhone = await admin.getList('customers', {
            pagination: { page: 1, perPage: 50 },
            sort: { field: 'id', order: 'ASC' },
            filter: { q: digits },
        });
        expect(byPhone.data.map(c => c.id)).toContain(customer.id);
    });

    it('refuses a filter or a sort on a field the collection does not have', async () => {
        const body = await expectHttpError(
            admin.getList('customers', {
                pagination: { page: 1, perPage: 5 },
                sort: { field: 'id', order: 'ASC' },
                filter: { nickname: 'x' },
            }),
            400,
        );
        expect(body.errors).toHaveProperty('nickname');
        await expectHttpError(
            admin.getList('customers', {
                pagination: { page: 1, perPage: 5 },
                sort: { field: 'shoeSize', order: 'ASC' },
                filter: {},
            }),
            400,
        );
        await expectHttpError(
            admin.getList('customers', {
                pagination: { page: 1, perPage: 5 },
                sort: { field: 'id', order: 'ASC' },
                filter: { phone_like: '.*' },
            }),
            400,
        );
    });

    it('answers malformed parameters with 400, never 500', async () => {
        for (const query of [
            'filter={bad',
            'range=[5,1]',
            'range=[0,5000]',
            'range="x"',
            'sort=["id","SIDEWAYS"]',
            'sort=[1,2,3]',
            'filter=[1]',
            '_delay=5000',
            '_embed=passes',
            'callback=x',
        ]) {
            const { status, body } = await call(server.url, `/api/customers?${query}`, { token: adminToken });
            expect(status, query).toBe(400);
            expect(typeof body.message).toBe('string');
        }
    });
});

describe('writing through ra-data-simple-rest', () => {
    it('create assigns the id and createdAt and ignores the ones sent', async () => {
        const { data } = await admin.create('directions', {
            data: { id: 999, createdAt: '2000-01-01T00:00:00Z', name: 'Tango', color: '#aa3355', extra: 'dropped' },
        });
        expect(data.id).not.toBe(999);
        expect(Number.isInteger(data.id)).toBe(true);
        expect(data.createdAt).not.toBe('2000-01-01T00:00:00Z');
        expect(data).not.toHaveProperty('extra');
        expect(data).toMatchObject({ name: 'Tango', color: '#aa3355', active: true });
    });

    it('update with a partial record keeps the fields not sent', async () => {
        const { data: created } = await admin.create('studios', {
            data: { name: 'Hall Z', address: 'Main st 1', capacity: 10 },
        });
        const { data: updated } = await admin.update('studios', {
            id: created.id,
            data: { capacity: 14 },
            previousData: created,
        });
        expect(updated).toMatchObject({
            id: created.id,
            name: 'Hall Z',
            address: 'Main st 1',
            capacity: 14,
            createdAt: created.createdAt,
        });
        const { data: again } = await admin.getOne('studios', { id: created.id });
        expect(again).toEqual(updated);
    });

    it('updateMany changes only the fields sent on each record', async () => {
        const { data: a } = await admin.create('directions', { data: { name: 'Salsa', color: '#112233' } });
        const { data: b } = await admin.create('directions', { data: { name: 'Bachata', color: '#445566' } });
        const { data: ids } = await admin.updateMany('directions', { ids: [a.id, b.id], data: { active: false } });
        expect(ids).toEqual([a.id, b.id]);
        const { data: both } = await admin.getMany('directions', { ids: [a.id, b.id] });
        expect(both.map(d => [d.name, d.color, d.active])).toEqual([
            ['Salsa', '#112233', false],
            ['Bachata', '#445566', false],
        ]);
    });

    it('delete answers the deleted record and deleteMany removes each one', async () => {
        const { data: a } = await admin.create('directions', { data: { name: 'Waltz', color: '#010203' } });
        const { data: b } = await admin.create('directions', { data: { name: 'Foxtrot', color: '#010204' } });
        const { data: c } = await admin.create('directions', { data: { name: 'Rumba', color: '#010205' } });
        const { data: deleted } = await admin.delete('directions', { id: a.id, previousData: a });
        expect(deleted).toEqual(a);
        const { data: ids } = await admin.deleteMany('directions', { ids: [b.id, c.id] });
        expect(ids).toEqual([b.id, c.id]);
        await expectHttpError(admin.getOne('directions', { id: b.id }), 404);
    });

    it('answers a wrong field with 400 naming the field', async () => {
        const body = await expectHttpError(admin.create('studios', { data: { name: '', capacity: 0 } }), 400);
        expect(body.errors).toMatchObject({ name: expect.any(String), capacity: expect.any(String) });
        const update = await expectHttpError(
            admin.update('settings/studios'.replace('settings/', ''), {
                id: 1,
                data: { capacity: 'many' },
                previousData: { id: 1 },
            }),
            400,
        );
        expect(update.errors).toHaveProperty('capacity');
    });

    it('refuses references to records that do not exist', async () => {
        const body = await expectHttpError(
            admin.create('courses', { data: { name: 'Ghost', directionId: 9999, level: 'open' } }),
            400,
        );
        expect(body.errors).toEqual({ directionId: 'app.validation.reference' });
        const status = await expectHttpError(
            admin.create('customers', {
                data: { firstName: 'A', lastName: 'B', phone: '+7 900 000-00-00', status: 'vip' },
            }),
            400,
        );
        expect(status.errors).toEqual({ status: 'app.validation.unknown_status' });
    });

    it('keeps emails and names unique with 409 on the field', async () => {
        const duplicate = await expectHttpError(
            admin.create('users', {
                data: { name: 'Someone', email: 'MANAGER@studio.test', role: 'teacher', password: 'long-enough' },
            }),
            409,
        );
        expect(duplicate.errors).toEqual({ email: 'app.validation.unique' });
        await expectHttpError(admin.create('directions', { data: { name: 'йога', color: '#000000' } }), 409);
    });

    it('refuses to delete a record others refer to, naming them, and deletes nothing', async () => {
        const { data: customers } = await admin.getList('passes', {
            pagination: { page: 1, perPage: 1 },
            sort: { field: 'id', order: 'ASC' },
            filter: {},
        });
        const customerId = customers[0].customerId;
        const before = await admin.getManyReference('passes', {
            target: 'customerId',
            id: customerId,
            pagination: { page: 1, perPage: 100 },
            sort: { field: 'id', order: 'ASC' },
            filter: {},
        });
        const body = await expectHttpError(admin.delete('customers', { id: customerId }), 409);
        expect(body.message).toMatch(/passes/);
        expect(body.referrers).toEqual(
            expect.arrayContaining([expect.objectContaining({ collection: 'passes', count: before.total })]),
        );
        const after = await admin.getManyReference('passes', {
            target: 'customerId',
            id: customerId,
            pagination: { page: 1, perPage: 100 },
            sort: { field: 'id', order: 'ASC' },
            filter: {},
        });
        expect(after.total).toBe(before.total);
        await admin.getOne('customers', { id: customerId });
    });

    it('answers 404 for records and collections that do not exist', async () => {
        await expectHttpError(admin.getOne('customers', { id: 987654 }), 404);
        await expectHttpError(
            admin.update('customers', { id: 987654, data: { firstName: 'X' }, previousData: { id: 987654 } }),
            404,
        );
        await expectHttpError(admin.delete('customers', { id: 987654 }), 404);
        expect((await call(server.url, '/api/db', { token: adminToken })).status).toBe(404);
        expect((await call(server.url, '/api/nothing', { token: adminToken })).status).toBe(404);
    });

    it('answers malformed JSON with 400 and an oversized body with 413', async () => {
        const malformed = await call(server.url, '/api/directions', {
            method: 'POST',
            token: adminToken,
            headers: { 'Content-Type': 'application/json' },
            body: '{"name":',
        });
        expect(malformed.status).toBe(400);
        expect(malformed.text).not.toMatch(/at .*\.js/);
        const huge = await call(server.url, '/api/directions', {
            method: 'POST',
            token: adminToken,
            json: { name: 'x', description: 'y'.repeat(1_100_000) },
        });
        expect(huge.status).toBe(413);
        const notObject = await call(server.url, '/api/directions', {
            method: 'POST',
            token: adminToken,
            json: [1, 2],
        });
        expect(notObject.status).toBe(400);
    });

    it('ignores method override: a POST stays a POST', async () => {
        const { data: target } = await admin.create('directions', { data: { name: 'Tap', color: '#123456' } });
        const response = await call(server.url, `/api/directions/${target.id}`, {
            method: 'POST',
            token: adminToken,
            headers: { 'X-HTTP-Method-Override': 'DELETE' },
        });
        expect(response.status).toBe(404);
        await admin.getOne('directions', { id: target.id });
    });

    it('the single configs record is changed with PUT and cannot be created or deleted', async () => {
        const { data } = await admin.update('configs', {
            id: 'general',
            data: { lowVisitsThreshold: 2 },
            previousData: { id: 'general' },
        });
        expect(data).toMatchObject({ id: 'general', lowVisitsThreshold: 2, currency: 'RUB' });
        const bad = await expectHttpError(
            admin.update('configs', {
                id: 'general',
                data: { timezone: 'Mars/Olympus', currency: 'XYZ1' },
                previousData: { id: 'general' },
            }),
            400,
        );
        expect(bad.errors).toMatchObject({ timezone: 'app.validation.timezone', currency: 'app.validation.currency' });
        expect((await call(server.url, '/api/configs', { method: 'POST', token: adminToken, json: {} })).status).toBe(
            405,
        );
        expect((await call(server.url, '/api/configs/general', { method: 'DELETE', token: adminToken })).status).toBe(
            405,
        );
    });
});

describe('who may do what', () => {
    it('answers 401 without a token or with a bad one', async () => {
        expect((await call(server.url, '/api/customers')).status).toBe(401);
        expect((await call(server.url, '/api/customers', { token: 'not.a.token' })).status).toBe(401);
        expect((await call(server.url, '/api/auth/me')).status).toBe(401);
        const forged = adminToken.slice(0, -4) + (adminToken.endsWith('AAAA') ? 'BBBB' : 'AAAA');
        expect((await call(server.url, '/api/customers', { token: forged })).status).toBe(401);
    });

    it('answers 403 when the role may not do it', async () => {
        const manager = restClient(server.url, managerToken);
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
        const me = (await call(server.url, '/api/auth/me', { token: adminToken })).body.user as { id: number };
        const role = await expectHttpError(
            admin.update('users', { id: me.id, data: { role: 'manager' }, previousData: { id: me.id } }),
            400,
        );
        expect(role.errors).toEqual({ role: 'app.validation.own_role' });
        const active = await expectHttpError(
            admin.update('users', { id: me.id, data: { active: false }, previousData: { id: me.id } }),
            400,
        );
        expect(active.errors).toEqual({ active: 'app.validation.own_active' });
    });

    it('a teacher sees only their own events and no money', async () => {
        const teacherToken = await login(server.url, 'teacher');
        const teacher = restClient(server.url, teacherToken);
        const me = (await call(server.url, '/api/auth/me', { token: teacherToken })).body.user as { id: number };
        const { data: events, total } = await teacher.getList('events', {
            pagination: { page: 1, perPage: 1000 },
            sort: { field: 'id', order: 'ASC' },
            filter: {},
        });
        expect(total).toBeGreaterThan(0);
        expect(events.every(event => event.teacherId === me.id)).toBe(true);
        const other = (
            await admin.getList('events', {
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
