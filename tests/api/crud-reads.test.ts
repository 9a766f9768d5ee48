import { describe, expect, it } from 'vitest';
import { call, serverForEveryRole } from '../support/server';
import { expectHttpError } from '../support/crud';

/*
 * Reading the generic collections through ra-data-simple-rest, as the app does: sorting, paging,
 * counting, filtering and searching, and the answers to fields and parameters the API does not know.
 */

const served = serverForEveryRole();

describe('reading through ra-data-simple-rest', () => {
    it('getList sorts, pages and counts the whole collection', async () => {
        const { data, total } = await served.clients.admin.getList('customers', {
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
        const first = await served.clients.admin.getList('customers', {
            pagination: { page: 1, perPage: 10 },
            sort: { field: 'lastName', order: 'ASC' },
            filter: {},
        });
        expect(first.data.map(c => c.id)).not.toContain(data[0].id);
    });

    it('answers Content-Range with the range and the total', async () => {
        const { headers } = await call(served.server.url, '/api/directions?range=[0,1]', {
            token: served.tokens.admin,
        });
        expect(headers.get('content-range')).toBe('directions 0-1/6');
    });

    it('getOne, getMany and getManyReference find the records asked for', async () => {
        const { data: customers } = await served.clients.admin.getList('customers', {
            pagination: { page: 1, perPage: 3 },
            sort: { field: 'id', order: 'ASC' },
            filter: {},
        });
        const { data: one } = await served.clients.admin.getOne('customers', { id: customers[1].id });
        expect(one).toEqual(customers[1]);
        const { data: many } = await served.clients.admin.getMany('customers', {
            ids: [customers[0].id, customers[2].id],
        });
        expect(many.map(c => c.id).sort()).toEqual([customers[0].id, customers[2].id].sort());
        const { data: passes, total } = await served.clients.admin.getManyReference('passes', {
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
        const all = await served.clients.admin.getList('events', {
            pagination: { page: 1, perPage: 1000 },
            sort: { field: 'startsAt', order: 'ASC' },
            filter: {},
        });
        const planned = await served.clients.admin.getList('events', {
            pagination: { page: 1, perPage: 1000 },
            sort: { field: 'id', order: 'ASC' },
            filter: { status: 'planned' },
        });
        expect(planned.total).toBe(all.data.filter(event => event.status === 'planned').length);
        expect(planned.total).toBeGreaterThan(0);

        const teachers = [...new Set(all.data.map(event => event.teacherId))].slice(0, 2);
        const byTeachers = await served.clients.admin.getList('events', {
            pagination: { page: 1, perPage: 1000 },
            sort: { field: 'id', order: 'ASC' },
            filter: { teacherId: teachers },
        });
        expect(byTeachers.total).toBe(all.data.filter(event => teachers.includes(event.teacherId)).length);

        const middle = all.data[Math.floor(all.data.length / 2)].startsAt as string;
        const from = middle.slice(0, 10);
        const ranged = await served.clients.admin.getList('events', {
            pagination: { page: 1, perPage: 1000 },
            sort: { field: 'startsAt', order: 'ASC' },
            filter: { startsAt_gte: `${from}T00:00`, startsAt_lte: `${from}T23:59` },
        });
        expect(ranged.total).toBeGreaterThan(0);
        expect(ranged.data.every(event => (event.startsAt as string).startsWith(from))).toBe(true);

        const customer = (
            await served.clients.admin.getList('customers', {
                pagination: { page: 1, perPage: 1 },
                sort: { field: 'id', order: 'DESC' },
                filter: {},
            })
        ).data[0];
        const byName = await served.clients.admin.getList('customers', {
            pagination: { page: 1, perPage: 50 },
            sort: { field: 'id', order: 'ASC' },
            filter: { q: `${customer.firstName} ${customer.lastName}`.toUpperCase() },
        });
        expect(byName.data.map(c => c.id)).toContain(customer.id);
        const digits = (customer.phone as string).replace(/\D/g, '').slice(-7);
        const byPhone = await served.clients.admin.getList('customers', {
            pagination: { page: 1, perPage: 50 },
            sort: { field: 'id', order: 'ASC' },
            filter: { q: digits },
        });
        expect(byPhone.data.map(c => c.id)).toContain(customer.id);
    });

    it('refuses a filter or a sort on a field the collection does not have', async () => {
        const body = await expectHttpError(
            served.clients.admin.getList('customers', {
                pagination: { page: 1, perPage: 5 },
                sort: { field: 'id', order: 'ASC' },
                filter: { nickname: 'x' },
            }),
            400,
        );
        expect(body.errors).toHaveProperty('nickname');
        await expectHttpError(
            served.clients.admin.getList('customers', {
                pagination: { page: 1, perPage: 5 },
                sort: { field: 'shoeSize', order: 'ASC' },
                filter: {},
            }),
            400,
        );
        await expectHttpError(
            served.clients.admin.getList('customers', {
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
            const { status, body } = await call(served.server.url, `/api/customers?${query}`, {
                token: served.tokens.admin,
            });
            expect(status, query).toBe(400);
            expect(typeof body.message).toBe('string');
        }
    });
});
