import { describe, expect, it } from 'vitest';
import { call, serverForEveryRole } from '../support/server';
import { expectHttpError } from '../support/crud';

/*
 * Writing the generic collections through ra-data-simple-rest, as the app does: creating, updating and
 * deleting, checks of fields, references and uniqueness, malformed bodies and the single configs record.
 */

const served = serverForEveryRole();

describe('writing through ra-data-simple-rest', () => {
    it('create assigns the id and createdAt and ignores the ones sent', async () => {
        const { data } = await served.clients.admin.create('directions', {
            data: { id: 999, createdAt: '2000-01-01T00:00:00Z', name: 'Tango', color: '#aa3355', extra: 'dropped' },
        });
        expect(data.id).not.toBe(999);
        expect(Number.isInteger(data.id)).toBe(true);
        expect(data.createdAt).not.toBe('2000-01-01T00:00:00Z');
        expect(data).not.toHaveProperty('extra');
        expect(data).toMatchObject({ name: 'Tango', color: '#aa3355', active: true });
    });

    it('update with a partial record keeps the fields not sent', async () => {
        const { data: created } = await served.clients.admin.create('studios', {
            data: { name: 'Hall Z', address: 'Main st 1', capacity: 10 },
        });
        const { data: updated } = await served.clients.admin.update('studios', {
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
        const { data: again } = await served.clients.admin.getOne('studios', { id: created.id });
        expect(again).toEqual(updated);
    });

    it('updateMany changes only the fields sent on each record', async () => {
        const { data: a } = await served.clients.admin.create('directions', {
            data: { name: 'Salsa', color: '#112233' },
        });
        const { data: b } = await served.clients.admin.create('directions', {
            data: { name: 'Bachata', color: '#445566' },
        });
        const { data: ids } = await served.clients.admin.updateMany('directions', {
            ids: [a.id, b.id],
            data: { active: false },
        });
        expect(ids).toEqual([a.id, b.id]);
        const { data: both } = await served.clients.admin.getMany('directions', { ids: [a.id, b.id] });
        expect(both.map(d => [d.name, d.color, d.active])).toEqual([
            ['Salsa', '#112233', false],
            ['Bachata', '#445566', false],
        ]);
    });

    it('delete answers the deleted record and deleteMany removes each one', async () => {
        const { data: a } = await served.clients.admin.create('directions', {
            data: { name: 'Waltz', color: '#010203' },
        });
        const { data: b } = await served.clients.admin.create('directions', {
            data: { name: 'Foxtrot', color: '#010204' },
        });
        const { data: c } = await served.clients.admin.create('directions', {
            data: { name: 'Rumba', color: '#010205' },
        });
        const { data: deleted } = await served.clients.admin.delete('directions', { id: a.id, previousData: a });
        expect(deleted).toEqual(a);
        const { data: ids } = await served.clients.admin.deleteMany('directions', { ids: [b.id, c.id] });
        expect(ids).toEqual([b.id, c.id]);
        await expectHttpError(served.clients.admin.getOne('directions', { id: b.id }), 404);
    });

    it('answers a wrong field with 400 naming the field', async () => {
        const body = await expectHttpError(
            served.clients.admin.create('studios', { data: { name: '', capacity: 0 } }),
            400,
        );
        expect(body.errors).toMatchObject({ name: expect.any(String), capacity: expect.any(String) });
        const update = await expectHttpError(
            served.clients.admin.update('settings/studios'.replace('settings/', ''), {
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
            served.clients.admin.create('courses', { data: { name: 'Ghost', directionId: 9999, level: 'open' } }),
            400,
        );
        expect(body.errors).toEqual({ directionId: 'app.validation.reference' });
        const status = await expectHttpError(
            served.clients.admin.create('customers', {
                data: { firstName: 'A', lastName: 'B', phone: '+7 900 000-00-00', status: 'vip' },
            }),
            400,
        );
        expect(status.errors).toEqual({ status: 'app.validation.unknown_status' });
    });

    it('keeps emails and names unique with 409 on the field', async () => {
        const duplicate = await expectHttpError(
            served.clients.admin.create('users', {
                data: { name: 'Someone', email: 'MANAGER@studio.test', role: 'teacher', password: 'long-enough' },
            }),
            409,
        );
        expect(duplicate.errors).toEqual({ email: 'app.validation.unique' });
        await expectHttpError(
            served.clients.admin.create('directions', { data: { name: 'йога', color: '#000000' } }),
            409,
        );
    });

    it('refuses to delete a record others refer to, naming them, and deletes nothing', async () => {
        const { data: customers } = await served.clients.admin.getList('passes', {
            pagination: { page: 1, perPage: 1 },
            sort: { field: 'id', order: 'ASC' },
            filter: {},
        });
        const customerId = customers[0].customerId;
        const before = await served.clients.admin.getManyReference('passes', {
            target: 'customerId',
            id: customerId,
            pagination: { page: 1, perPage: 100 },
            sort: { field: 'id', order: 'ASC' },
            filter: {},
        });
        const body = await expectHttpError(served.clients.admin.delete('customers', { id: customerId }), 409);
        expect(body.message).toMatch(/passes/);
        expect(body.referrers).toEqual(
            expect.arrayContaining([expect.objectContaining({ collection: 'passes', count: before.total })]),
        );
        const after = await served.clients.admin.getManyReference('passes', {
            target: 'customerId',
            id: customerId,
            pagination: { page: 1, perPage: 100 },
            sort: { field: 'id', order: 'ASC' },
            filter: {},
        });
        expect(after.total).toBe(before.total);
        await served.clients.admin.getOne('customers', { id: customerId });
    });

    it('answers 404 for records and collections that do not exist', async () => {
        await expectHttpError(served.clients.admin.getOne('customers', { id: 987654 }), 404);
        await expectHttpError(
            served.clients.admin.update('customers', {
                id: 987654,
                data: { firstName: 'X' },
                previousData: { id: 987654 },
            }),
            404,
        );
        await expectHttpError(served.clients.admin.delete('customers', { id: 987654 }), 404);
        expect((await call(served.server.url, '/api/db', { token: served.tokens.admin })).status).toBe(404);
        expect((await call(served.server.url, '/api/nothing', { token: served.tokens.admin })).status).toBe(404);
    });

    it('answers malformed JSON with 400 and an oversized body with 413', async () => {
        const malformed = await call(served.server.url, '/api/directions', {
            method: 'POST',
            token: served.tokens.admin,
            headers: { 'Content-Type': 'application/json' },
            body: '{"name":',
        });
        expect(malformed.status).toBe(400);
        expect(malformed.text).not.toMatch(/at .*\.js/);
        const huge = await call(served.server.url, '/api/directions', {
            method: 'POST',
            token: served.tokens.admin,
            json: { name: 'x', description: 'y'.repeat(1_100_000) },
        });
        expect(huge.status).toBe(413);
        const notObject = await call(served.server.url, '/api/directions', {
            method: 'POST',
            token: served.tokens.admin,
            json: [1, 2],
        });
        expect(notObject.status).toBe(400);
    });

    it('ignores method override: a POST stays a POST', async () => {
        const { data: target } = await served.clients.admin.create('directions', {
            data: { name: 'Tap', color: '#123456' },
        });
        const response = await call(served.server.url, `/api/directions/${target.id}`, {
            method: 'POST',
            token: served.tokens.admin,
            headers: { 'X-HTTP-Method-Override': 'DELETE' },
        });
        expect(response.status).toBe(404);
        await served.clients.admin.getOne('directions', { id: target.id });
    });

    it('the single configs record is changed with PUT and cannot be created or deleted', async () => {
        const { data } = await served.clients.admin.update('configs', {
            id: 'general',
            data: { lowVisitsThreshold: 2 },
            previousData: { id: 'general' },
        });
        expect(data).toMatchObject({ id: 'general', lowVisitsThreshold: 2, currency: 'RUB' });
        const bad = await expectHttpError(
            served.clients.admin.update('configs', {
                id: 'general',
                data: { timezone: 'Mars/Olympus', currency: 'XYZ1' },
                previousData: { id: 'general' },
            }),
            400,
        );
        expect(bad.errors).toMatchObject({ timezone: 'app.validation.timezone', currency: 'app.validation.currency' });
        expect(
            (await call(served.server.url, '/api/configs', { method: 'POST', token: served.tokens.admin, json: {} }))
                .status,
        ).toBe(405);
        expect(
            (await call(served.server.url, '/api/configs/general', { method: 'DELETE', token: served.tokens.admin }))
                .status,
        ).toBe(405);
    });
});
