import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataProvider, RaRecord } from 'ra-core';
import { call, login, removeDir, restClient, startServer, type RunningServer } from '../support/server';
import { freshPhone } from '../support/factories';

/*
 * A teacher reads only the names of customers: no filter, range bound, sort or search may compare a
 * hidden field either, since each answer tells something of its value (a phone rebuilt digit by digit).
 */

let server: RunningServer;
let manager: DataProvider;
let managerToken: string;
let teacherToken: string;
let event: RaRecord;
let hidden: RaRecord;
let walkIn: RaRecord;

const secret = {
    phone: '+7 911 234-56-78',
    email: 'hidden.person@example.test',
    birthDate: '1990-03-04',
    notes: 'A private note',
};

beforeAll(async () => {
    server = await startServer();
    managerToken = await login(server.url, 'manager');
    teacherToken = await login(server.url, 'teacher');
    manager = restClient(server.url, managerToken);
    const me = (await call(server.url, '/api/auth/me', { token: teacherToken })).body.user as { id: number };
    event = (
        await manager.create('events', {
            data: {
                courseId: 1,
                teacherId: me.id,
                studioId: 3,
                startsAt: '2025-07-07T08:00',
                durationMinutes: 30,
                capacity: 10,
            },
        })
    ).data;
    hidden = (
        await manager.create('customers', {
            data: { firstName: 'Fieldhidden', lastName: 'Person', status: 'active', ...secret },
        })
    ).data;
    // Marked on the teacher's class (a past one: a later class cannot be marked yet), so the teacher sees the customer's name.
    await manager.create('attendances', { data: { eventId: event.id, customerId: hidden.id, status: 'attended' } });
    walkIn = (
        await manager.create('customers', {
            data: {
                firstName: 'Fieldwalkin',
                lastName: 'Person',
                status: 'lead',
                phone: '+7 922 765-43-21',
                email: 'walk.in@example.test',
            },
        })
    ).data;
});

afterAll(async () => {
    await server.stop();
    removeDir(server.dir);
});

const listCustomers = (token: string, query: { filter?: object; sort?: [string, string] }) => {
    const parts = [
        query.filter && `filter=${encodeURIComponent(JSON.stringify(query.filter))}`,
        query.sort && `sort=${encodeURIComponent(JSON.stringify(query.sort))}`,
    ];
    return call(server.url, `/api/customers?${parts.filter(Boolean).join('&')}`, { token });
};
const ids = (body: unknown) => (body as RaRecord[]).map(record => record.id);

describe('what a teacher may ask of customers', () => {
    it('refuses filters and range bounds on hidden fields, naming the field', async () => {
        const filters: Record<string, string>[] = [
            { phone: secret.phone },
            { email: secret.email },
            { birthDate: secret.birthDate },
            { notes: secret.notes },
            { phone_gte: '+7 911' },
            { phone_lte: '+7 912' },
            { birthDate_gte: '1990-01-01' },
            { email_lte: 'i' },
        ];
        for (const filter of filters) {
            const answer = await listCustomers(teacherToken, { filter });
            const [key] = Object.keys(filter);
            expect(answer.status, key).toBe(400);
            expect(Object.keys(answer.body.errors as object)).toEqual([key]);
            expect(answer.body.message).toContain(key.replace(/_(gte|lte)$/, ''));
        }
    });

    it('refuses sorts by hidden fields', async () => {
        for (const field of ['phone', 'email', 'birthDate', 'notes', 'source', 'createdAt']) {
            const answer = await listCustomers(teacherToken, { sort: [field, 'ASC'] });
            expect(answer.status, field).toBe(400);
            expect(answer.body.errors).toEqual({ sort: 'app.validation.unknown_field' });
            expect(answer.body.message).toContain(field);
        }
    });

    it('searches names only: phone digits and e-mails find nobody', async () => {
        for (const q of ['9112345', '911 234', '234-56-78', 'hidden.person', 'example.test']) {
            const answer = await listCustomers(teacherToken, { filter: { q } });
            expect(answer.status, q).toBe(200);
            expect(answer.body, q).toEqual([]);
        }
        const byName = await listCustomers(teacherToken, { filter: { q: 'fieldhidden' } });
        expect(byName.body).toEqual([
            { id: hidden.id, firstName: 'Fieldhidden', lastName: 'Person', status: 'active' },
        ]);
    });

    it('still filters and sorts by the names and the status', async () => {
        const answer = await listCustomers(teacherToken, {
            filter: { lastName: 'Person', status: 'active' },
            sort: ['firstName', 'DESC'],
        });
        expect(answer.status).toBe(200);
        expect(ids(answer.body)).toEqual([hidden.id]);
        const one = await call(server.url, `/api/customers/${hidden.id}`, { token: teacherToken });
        expect(one.body).toEqual({ id: hidden.id, firstName: 'Fieldhidden', lastName: 'Person', status: 'active' });
    });
});

describe('what staff may ask of customers', () => {
    it('filters, bounds, sorts and searches by every field as before', async () => {
        // Phones are stored in one form (E.164): a filter by the field compares with that form.
        expect(ids((await listCustomers(managerToken, { filter: { phone: '+79112345678' } })).body)).toEqual([
            hidden.id,
        ]);
        expect(ids((await listCustomers(managerToken, { filter: { email: secret.email } })).body)).toEqual([hidden.id]);
        expect(
            ids(
                (
                    await listCustomers(managerToken, {
                        filter: { birthDate_gte: '1990-03-04', birthDate_lte: '1990-03-04', lastName: 'Person' },
                    })
                ).body,
            ),
        ).toEqual([hidden.id]);
        expect(ids((await listCustomers(managerToken, { filter: { q: '9112345' } })).body)).toEqual([hidden.id]);
        expect(ids((await listCustomers(managerToken, { filter: { q: 'hidden.person' } })).body)).toEqual([hidden.id]);
        const sorted = await listCustomers(managerToken, { filter: { lastName: 'Person' }, sort: ['phone', 'DESC'] });
        expect(ids(sorted.body)).toEqual([walkIn.id, hidden.id]);
        expect((sorted.body as RaRecord[])[1]).toMatchObject({ ...secret, phone: '+79112345678' });
    });
});

describe('the walk-in search', () => {
    const walkIns = (token: string, q: string) =>
        call(server.url, `/api/events/${event.id}/walk-ins?q=${encodeURIComponent(q)}`, { token });

    it('matches names only, for every role', async () => {
        for (const token of [teacherToken, managerToken]) {
            for (const q of ['9227654', '+7 922 765', 'walk.in@example.test', 'walk.in', 'example.test']) {
                const answer = await walkIns(token, q);
                expect(answer.status, q).toBe(200);
                expect(answer.body, q).toEqual([]);
            }
            expect((await walkIns(token, 'fieldwalk')).body).toEqual([{ id: walkIn.id, name: 'Fieldwalkin Person' }]);
        }
    });

    it('answers at most ten', async () => {
        for (let n = 0; n < 12; n++) {
            await manager.create('customers', {
                data: { firstName: `Fieldmany${n}`, lastName: 'Crowd', status: 'lead', phone: freshPhone() },
            });
        }
        const answer = await walkIns(teacherToken, 'fieldmany');
        expect(answer.status).toBe(200);
        expect(answer.body).toHaveLength(10);
    });
});
