import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instantAt } from '../../src/domain/time';
import type { Database, Message } from '../../src/domain/types';
import { addCustomer, addEvent, addPass, freshPhone, nextId } from '../support/factories';
import { call, demoDb, login, restClient, type DemoRole } from '../support/server';
import { startClockedApp, type ClockedApp } from '../support/signIns';

/*
 * Only a failed message is sent again, on both engines: a skipped one had no channel (or the customer
 * turned its kind off), so sending it again is refused with 409 and the reason's code, and it stays as it
 * was. A class of the test's own teacher and hall, the clock in July 2031.
 */

const db = JSON.parse(readFileSync(demoDb, 'utf8')) as Database;
const teacherId = nextId(db.users);
db.users.push({
    ...db.users.find(user => user.role === 'teacher')!,
    id: teacherId,
    email: 'resend@example.test',
    phone: null,
});
const studioId = nextId(db.studios);
db.studios.push({ ...db.studios[0], id: studioId, name: 'Resend hall' });
const noMail = addCustomer(db, { firstName: 'Resend', lastName: 'Nomail', phone: freshPhone(), email: null });
addPass(db, { customerId: noMail.id, startsOn: '2031-07-01', endsOn: '2031-08-31', visitsTotal: 8 });
const event = addEvent(db, '2031-07-20T18:00', { teacherId, studioId, title: 'Resend flow' });

let app: ClockedApp;
beforeAll(async () => {
    app = await startClockedApp({ db, at: instantAt('2031-07-15T12:00', 'Europe/Moscow') });
});
afterAll(async () => {
    await app?.stop();
});

const as = async (role: DemoRole, path: string, init: Omit<Parameters<typeof call>[2], 'token'> = {}) =>
    call(app.url, `/api${path}`, { ...init, token: await login(app.url, role) });

describe('sending a message again', () => {
    it('refuses a skipped one, which had no channel, and leaves it skipped', async () => {
        const booked = await as('manager', '/bookings', {
            method: 'POST',
            json: { eventId: event.id, customerId: noMail.id },
        });
        expect(booked.status, booked.text).toBe(201);
        const client = restClient(app.url, await login(app.url, 'manager'));
        const { data } = await client.getList<Message>('messages', {
            filter: { customerId: noMail.id },
            sort: { field: 'id', order: 'ASC' },
            pagination: { page: 1, perPage: 10 },
        });
        expect(data).toMatchObject([{ kind: 'booked', status: 'skipped', error: 'no_channel', channel: null }]);
        const resent = await as('manager', `/messages/${data[0].id}/resend`, { method: 'POST' });
        expect(resent.status).toBe(409);
        expect(resent.body).toMatchObject({ errors: { status: 'app.messages.errors.not_resendable' } });
        expect((await client.getOne<Message>('messages', { id: data[0].id })).data).toMatchObject({
            status: 'skipped',
            error: 'no_channel',
        });
    });
});
