import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instantAt } from '../../src/domain/time';
import type { Booking, Database, Penalty, StudioEvent, Subscription } from '../../src/domain/types';
import { hashOf } from '../../src/server/messages/notices';
import { addCustomer, addEvent, addPass, freshPhone, nextId } from '../support/factories';
import { call, demoDb, login, restClient, type DemoRole } from '../support/server';
import { startClockedApp, type ClockedApp } from '../support/signIns';

/*
 * Once a class has started, its seats and places in line are cancelled by nobody, on both engines with
 * the server's clock set by the test: staff's cancel, the portal's and the reminder's public link all
 * answer 409 with the code `started` in errors.eventId, the booking stays as it was (no late cancel, no
 * seat freed), also nine hours after the start when the class ended and nobody closed it; before the
 * start a cancel goes through as before. Staff correct a seat after the start by its mark.
 */

const zone = 'Europe/Moscow';
const at = (local: string) => instantAt(local, zone);
const db = JSON.parse(readFileSync(demoDb, 'utf8')) as Database;
const latePlan: Subscription = {
    ...db.subscriptions[2],
    id: nextId(db.subscriptions),
    name: 'Late cancels fined',
    lateCancelPenalty: { kind: 'fee', amount: 300 },
};
db.subscriptions.push(latePlan);
// A teacher and a hall of the file's own: nobody else teaches or books there.
const anna = db.users.find(user => user.id === 3)!;
const teacher = { ...anna, id: nextId(db.users), name: 'Started teacher', email: 'started.teacher@example.test' };
db.users.push(teacher);
const hall = { ...db.studios[0], id: nextId(db.studios), name: 'Started hall' };
db.studios.push(hall);
const person = (firstName: string) => {
    const customer = addCustomer(db, {
        firstName,
        lastName: 'Started',
        phone: freshPhone(),
        email: `${firstName.toLowerCase()}.started@example.test`,
        locale: 'en',
    });
    const pass = addPass(db, {
        customerId: customer.id,
        subscriptionId: latePlan.id,
        startsOn: '2031-11-01',
        endsOn: '2031-12-31',
        price: 0,
    });
    return { ...customer, pass };
};
const [nina, olga, pia, rita] = ['Nina', 'Olga', 'Pia', 'Rita'].map(person);
const own = { teacherId: teacher.id, studioId: hall.id, capacity: 1 };
const evening = addEvent(db, '2031-11-28T18:00', { ...own, title: 'Started evening' });
const linked = addEvent(db, '2031-11-28T20:00', { ...own, title: 'Started by link' });
const tomorrow = addEvent(db, '2031-11-29T18:00', { ...own, title: 'Not started yet' });
// The reminder's cancel link of Rita's seat: its secret, kept hashed on the booking.
const secret = 'started-secret-0001';
const ritaSeat = {
    id: nextId(db.bookings),
    eventId: linked.id,
    customerId: rita.id,
    status: 'booked',
    source: 'staff',
    bookedBy: null,
    passId: rita.pass.id,
    late: false,
    promotedAt: null,
    cancelledAt: null,
    attendanceId: null,
    createdAt: '2031-11-20T10:00:00.000Z',
    cancelTokenHash: hashOf(secret),
} as Booking;
db.bookings.push(ritaSeat);
const link = `${ritaSeat.id}-${secret}`;

let app: ClockedApp;
beforeAll(async () => {
    app = await startClockedApp({ db, at: at('2031-11-28T10:00'), tokenTtlHours: 24 * 365 });
});
afterAll(async () => {
    await app?.stop();
});

const as = async (role: DemoRole, method: string, path: string, json?: unknown) =>
    call(app.url, `/api${path}`, { method, token: await login(app.url, role), json });
const book = async (eventId: number, customerId: number, waitlist = false) => {
    const booked = await as('manager', 'POST', '/bookings', { eventId, customerId, waitlist });
    expect(booked.status, booked.text).toBe(201);
    return booked.body as unknown as Booking;
};
const bookingNow = async (id: number) =>
    (await restClient(app.url, await login(app.url, 'admin')).getOne<Booking>('bookings', { id })).data;
const penaltiesOf = async (customerId: number) =>
    (
        await restClient(app.url, await login(app.url, 'admin')).getList<Penalty>('penalties', {
            filter: { customerId },
            pagination: { page: 1, perPage: 100 },
            sort: { field: 'id', order: 'ASC' },
        })
    ).data;
/** A portal session of the customer, through the sign-in link staff make on the card. */
const portalTokenOf = async (customerId: number) => {
    const made = await as('manager', 'POST', `/customers/${customerId}/sign-in-link`);
    const token = (made.body.url as unknown as string).split('/my/link/')[1];
    const spent = await call(app.url, '/api/portal/auth/link', { method: 'POST', json: { token } });
    expect(spent.status, spent.text).toBe(200);
    return spent.body.token as unknown as string;
};
const expectStarted = (answer: Awaited<ReturnType<typeof call>>) => {
    expect(answer.status, answer.text).toBe(409);
    expect(answer.body.errors).toEqual({ eventId: 'started' });
    expect(answer.body.message).toMatch(/started/);
};

let seat: Booking;
let line: Booking;
let portalToken = '';

describe('a booking of a class that has started', () => {
    it('is cancelled by no staff, a seat or a place in line: 409 started, the booking unchanged', async () => {
        app.setClock(at('2031-11-28T10:00'));
        seat = await book(evening.id, nina.id);
        line = await book(evening.id, olga.id, true);
        expect(line.status).toBe('waitlisted');
        portalToken = await portalTokenOf(nina.id);

        app.setClock(at('2031-11-28T18:05'));
        for (const role of ['manager', 'admin', 'teacher'] as const) {
            const refused = await as(role, 'POST', `/bookings/${seat.id}/cancel`);
            // The demo's teacher may not touch another teacher's class at all.
            if (role === 'teacher') expect(refused.status).toBe(403);
            else expectStarted(refused);
        }
        expectStarted(await as('manager', 'POST', `/bookings/${line.id}/cancel`));
        expect(await bookingNow(seat.id)).toMatchObject({ status: 'booked', late: false, cancelledAt: null });
        expect((await bookingNow(line.id)).status).toBe('waitlisted');
        expect(await penaltiesOf(nina.id)).toEqual([]);
    });

    it('is not cancelled in the portal, also nine hours after the start, once the class ended unclosed', async () => {
        for (const time of ['2031-11-28T18:00', '2031-11-29T03:00']) {
            app.setClock(at(time));
            expectStarted(
                await call(app.url, `/api/portal/bookings/${seat.id}/cancel`, { method: 'POST', token: portalToken }),
            );
        }
        expect(await bookingNow(seat.id)).toMatchObject({ status: 'booked', late: false });
        expect(await penaltiesOf(nina.id)).toEqual([]);
        const event = (await as('manager', 'GET', `/events/${evening.id}`)).body as unknown as StudioEvent;
        expect(event.status).toBe('planned');
    });

    it('is not cancelled by the reminder’s link, whose page says the class has started', async () => {
        app.setClock(at('2031-11-28T20:01'));
        const page = await call(app.url, `/api/public/bookings/${link}`);
        expect(page.body).toMatchObject({ status: 'booked', started: true });
        expectStarted(await call(app.url, `/api/public/bookings/${link}/cancel`, { method: 'POST' }));
        expect(await bookingNow(ritaSeat.id)).toMatchObject({ status: 'booked', late: false });
        expect(await penaltiesOf(rita.id)).toEqual([]);
    });

    it('is corrected by staff with its mark instead', async () => {
        app.setClock(at('2031-11-28T18:30'));
        const marked = await as('manager', 'POST', '/attendances', {
            eventId: evening.id,
            customerId: nina.id,
            status: 'excused',
        });
        expect(marked.status, marked.text).toBe(201);
    });
});

describe('a booking of a class still to come', () => {
    it('is cancelled as before, late inside the window, by staff and in the portal', async () => {
        app.setClock(at('2031-11-28T19:00'));
        const staffs = await book(tomorrow.id, pia.id);
        const cancelled = await as('manager', 'POST', `/bookings/${staffs.id}/cancel`);
        expect(cancelled.status, cancelled.text).toBe(200);
        expect(cancelled.body).toMatchObject({ status: 'cancelled', late: false });

        const ninas = await book(tomorrow.id, nina.id);
        app.setClock(at('2031-11-29T17:59'));
        const portal = await call(app.url, `/api/portal/bookings/${ninas.id}/cancel`, {
            method: 'POST',
            token: portalToken,
        });
        expect(portal.status, portal.text).toBe(200);
        expect(portal.body).toMatchObject({ late: true });
    });
});
