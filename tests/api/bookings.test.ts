import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instantAt } from '../../src/domain/time';
import type { Booking, Database, StudioEvent } from '../../src/domain/types';
import { addCustomer, addEvent as addDemoEvent, addPass, freshPhone } from '../support/factories';
import { call, demoDb, login, type DemoRole } from '../support/server';
import { startClockedApp, type ClockedApp } from '../support/signIns';

/*
 * Staff booking (POST /api/bookings) and cancelling (POST /api/bookings/:id/cancel) on both engines:
 * a seat while there is one, a place in line when asked, each refusal with its code in errors.eventId,
 * the pass expected to pay picked by the charging rule with the customer's upcoming bookings counted,
 * the seats of a class on the class itself, and a class deleted with its bookings. The server's clock
 * is set to a day in 2031, a few days before the classes.
 */

const zone = 'Europe/Moscow';
const at = (local: string) => instantAt(local, zone);

const db = JSON.parse(readFileSync(demoDb, 'utf8')) as Database;
db.configs[0] = { ...db.configs[0], maxWaitlists: 1 };
const anna = db.users.find(user => user.email === 'anna@studio.test')!;
const boris = db.users.find(user => user.email === 'boris@studio.test')!;
const course = db.courses[0];

/** A planned class of Anna's (unless told) in 2031, of the first course's direction. */
const addEvent = (startsAt: string, fields: Partial<StudioEvent> = {}) =>
    addDemoEvent(db, startsAt, { courseId: course.id, teacherId: anna.id, ...fields });

const soon = addEvent('2031-07-20T18:00', { capacity: 2 });
const sameTime = addEvent('2031-07-20T18:30', { studioId: db.studios[1].id, teacherId: boris.id });
const later = addEvent('2031-08-10T18:00');
const cancelledClass = addEvent('2031-07-21T10:00', { status: 'cancelled' });
const monday = addEvent('2031-07-21T18:00');
const tuesday = addEvent('2031-07-22T18:00');
const single = addEvent('2031-07-23T18:00', { capacity: 1 });
const borisClass = addEvent('2031-07-24T18:00', { teacherId: boris.id });
const planWindow = addEvent('2031-07-26T18:00');

/** A customer with an 8-visit pass for July and August 2031 (or the pass given). */
const member = (lastName: string, visitsTotal: number | null = 8) => {
    const customer = addCustomer(db, {
        firstName: 'Booking',
        lastName,
        phone: freshPhone(),
        email: `booking.${lastName.toLowerCase()}@example.test`,
    });
    const pass = addPass(db, {
        customerId: customer.id,
        startsOn: '2031-07-01',
        endsOn: '2031-08-31',
        visitsTotal,
    });
    return { customer, pass };
};

const ada = member('Ada');
const ben = member('Ben');
const cleo = member('Cleo');
const dan = member('Dan');
const eva = member('Eva');
const oneVisit = member('OneVisit', 1);
const nobody = addCustomer(db, { firstName: 'Booking', lastName: 'NoPass', phone: freshPhone() });
// The demo's unlimited month has a late-cancel window of its own: 24 hours, where the studio's is 12.
const dayWindowPlan = db.subscriptions.find(plan => plan.lateCancelHours === 24)!;
const unlimited = addCustomer(db, { firstName: 'Booking', lastName: 'Unlimited', phone: freshPhone() });
addPass(db, {
    customerId: unlimited.id,
    subscriptionId: dayWindowPlan.id,
    startsOn: '2031-07-01',
    endsOn: '2031-08-31',
    visitsTotal: null,
});

let app: ClockedApp;

beforeAll(async () => {
    app = await startClockedApp({ db, at: at('2031-07-15T12:00') });
});

afterAll(async () => {
    await app?.stop();
});

const as = async (role: DemoRole, path: string, init: Omit<Parameters<typeof call>[2], 'token'> = {}) =>
    call(app.url, `/api${path}`, { ...init, token: await login(app.url, role) });

const book = (body: Record<string, unknown>, role: DemoRole = 'manager') =>
    as(role, '/bookings', { method: 'POST', json: body });

const booked = async (body: Record<string, unknown>, role: DemoRole = 'manager'): Promise<Booking> => {
    const answer = await book(body, role);
    if (answer.status !== 201) throw new Error(`POST /api/bookings: ${answer.status} ${answer.text}`);
    return answer.body as unknown as Booking;
};

const refusal = async (body: Record<string, unknown>, role: DemoRole = 'manager') => {
    const answer = await book(body, role);
    return { status: answer.status, code: (answer.body.errors as Record<string, string> | undefined)?.eventId };
};

const seats = async (event: StudioEvent) => {
    const { booked: taken, waitlisted, free } = (await as('manager', `/events/${event.id}`)).body;
    return { booked: taken, waitlisted, free };
};

describe('booking a seat', () => {
    it('holds a seat with the pass expected to pay, and counts it on the class', async () => {
        const booking = await booked({ eventId: soon.id, customerId: ada.customer.id });
        expect(booking).toMatchObject({
            eventId: soon.id,
            customerId: ada.customer.id,
            status: 'booked',
            source: 'staff',
            bookedBy: 2,
            passId: ada.pass.id,
            late: false,
            promotedAt: null,
            cancelledAt: null,
            attendanceId: null,
        });
        expect(await seats(soon)).toEqual({ booked: 1, waitlisted: 0, free: 1 });
        const list = (await as('manager', `/events?filter=${encodeURIComponent(JSON.stringify({ id: [soon.id] }))}`))
            .body;
        expect(list).toMatchObject([{ id: soon.id, booked: 1, free: 1 }]);
    });

    it('puts people in line once the class is full, when asked, in the order they came', async () => {
        await booked({ eventId: soon.id, customerId: ben.customer.id });
        expect(await refusal({ eventId: soon.id, customerId: cleo.customer.id })).toEqual({
            status: 409,
            code: 'full',
        });
        const first = await booked({ eventId: soon.id, customerId: cleo.customer.id, waitlist: true });
        const second = await booked({ eventId: soon.id, customerId: dan.customer.id, waitlist: true });
        expect([first.status, second.status]).toEqual(['waitlisted', 'waitlisted']);
        expect(await seats(soon)).toEqual({ booked: 2, waitlisted: 2, free: 0 });

        const line = (
            await as(
                'manager',
                `/bookings?filter=${encodeURIComponent(JSON.stringify({ eventId: soon.id, status: 'waitlisted' }))}`,
            )
        ).body as unknown as (Booking & { position: number })[];
        expect(line.map(booking => [booking.customerId, booking.position])).toEqual([
            [cleo.customer.id, 1],
            [dan.customer.id, 2],
        ]);
        expect((await as('manager', `/bookings/${second.id}`)).body.position).toBe(2);
    });

    it('refuses with the reason in errors.eventId', async () => {
        expect(await refusal({ eventId: soon.id, customerId: ada.customer.id })).toEqual({
            status: 409,
            code: 'already_booked',
        });
        expect(await refusal({ eventId: sameTime.id, customerId: ada.customer.id })).toEqual({
            status: 409,
            code: 'overlap',
        });
        expect(await refusal({ eventId: monday.id, customerId: nobody.id })).toEqual({ status: 409, code: 'no_pass' });
        expect(await refusal({ eventId: later.id, customerId: eva.customer.id })).toEqual({
            status: 409,
            code: 'not_open',
        });
        expect(await refusal({ eventId: cancelledClass.id, customerId: eva.customer.id })).toEqual({
            status: 409,
            code: 'closed',
        });
        // Cleo already holds the one place in line the studio allows (maxWaitlists 1).
        await booked({ eventId: single.id, customerId: eva.customer.id });
        expect(await refusal({ eventId: single.id, customerId: cleo.customer.id, waitlist: true })).toEqual({
            status: 409,
            code: 'too_many_waitlists',
        });
        // A visit promised to an upcoming booking is not there for another.
        const first = await booked({ eventId: monday.id, customerId: oneVisit.customer.id });
        expect(first.passId).toBe(oneVisit.pass.id);
        expect(await refusal({ eventId: tuesday.id, customerId: oneVisit.customer.id })).toEqual({
            status: 409,
            code: 'no_pass',
        });
        // Bad input is a 400 naming the field; an unknown class a 400 too, since it is a reference.
        expect((await book({ eventId: 'x', customerId: ada.customer.id })).status).toBe(400);
        expect((await book({ eventId: 999_999, customerId: ada.customer.id })).status).toBe(400);
    });

    it('lets managers force a seat over capacity, outside the window or without a pass, and teachers not', async () => {
        const overCapacity = await booked({ eventId: single.id, customerId: dan.customer.id, force: true });
        expect(overCapacity.status).toBe('booked');
        expect(await seats(single)).toMatchObject({ booked: 2, free: 0 });
        expect((await booked({ eventId: later.id, customerId: nobody.id, force: true })).passId).toBeNull();
        expect((await book({ eventId: tuesday.id, customerId: eva.customer.id, force: true }, 'teacher')).status).toBe(
            403,
        );
    });

    it('lets a teacher book into their own classes only, and read only their bookings', async () => {
        const own = await booked({ eventId: tuesday.id, customerId: eva.customer.id }, 'teacher');
        expect(own.bookedBy).toBe(anna.id);
        expect((await book({ eventId: borisClass.id, customerId: ben.customer.id }, 'teacher')).status).toBe(403);
        await booked({ eventId: borisClass.id, customerId: ben.customer.id });
        const theirs = (await as('teacher', '/bookings')).body as unknown as Booking[];
        expect(theirs.length).toBeGreaterThan(0);
        expect(theirs.every(booking => booking.eventId !== borisClass.id)).toBe(true);
    });
});

describe('cancelling', () => {
    it('frees the seat, late only inside the late-cancel window, and answers the same again', async () => {
        const bens = (
            (
                await as(
                    'manager',
                    `/bookings?filter=${encodeURIComponent(JSON.stringify({ customerId: ben.customer.id, eventId: soon.id }))}`,
                )
            ).body as unknown as Booking[]
        )[0];
        const early = await as('manager', `/bookings/${bens.id}/cancel`, { method: 'POST' });
        expect(early.status).toBe(200);
        expect(early.body).toMatchObject({ status: 'cancelled', late: false });
        expect(early.body.cancelledAt).toBe(new Date(at('2031-07-15T12:00')).toISOString());
        // The seat went to the first in line, Cleo, in the same write.
        expect(await seats(soon)).toEqual({ booked: 2, waitlisted: 1, free: 0 });

        // Eight hours before the class: inside the 12-hour window.
        app.setClock(at('2031-07-20T10:00'));
        const adas = (
            (
                await as(
                    'manager',
                    `/bookings?filter=${encodeURIComponent(JSON.stringify({ customerId: ada.customer.id, eventId: soon.id }))}`,
                )
            ).body as unknown as Booking[]
        )[0];
        const late = await as('manager', `/bookings/${adas.id}/cancel`, { method: 'POST' });
        expect(late.body).toMatchObject({ status: 'cancelled', late: true });
        const again = await as('manager', `/bookings/${adas.id}/cancel`, { method: 'POST' });
        expect(again.status).toBe(200);
        expect(again.body).toEqual(late.body);
        app.setClock(at('2031-07-15T12:00'));
    });

    it('is late by the window of the plan whose pass pays the seat, when it has one', async () => {
        const byPlan = await booked({ eventId: planWindow.id, customerId: unlimited.id });
        const byStudio = await booked({ eventId: planWindow.id, customerId: dan.customer.id });
        // Twenty hours before the class: inside the plan's 24 hours, outside the studio's 12.
        app.setClock(at('2031-07-25T22:00'));
        try {
            expect((await as('manager', `/bookings/${byPlan.id}/cancel`, { method: 'POST' })).body).toMatchObject({
                status: 'cancelled',
                late: true,
            });
            expect((await as('manager', `/bookings/${byStudio.id}/cancel`, { method: 'POST' })).body).toMatchObject({
                status: 'cancelled',
                late: false,
            });
        } finally {
            app.setClock(at('2031-07-15T12:00'));
        }
    });

    it('is refused to a teacher in another teacher’s class', async () => {
        const bens = (
            (await as('manager', `/bookings?filter=${encodeURIComponent(JSON.stringify({ eventId: borisClass.id }))}`))
                .body as unknown as Booking[]
        )[0];
        expect((await as('teacher', `/bookings/${bens.id}/cancel`, { method: 'POST' })).status).toBe(403);
        expect((await as('manager', '/bookings/999999/cancel', { method: 'POST' })).status).toBe(404);
    });
});

describe('what bookings never do', () => {
    it('are never edited or deleted through the API', async () => {
        const any = ((await as('manager', '/bookings')).body as unknown as Booking[])[0];
        for (const method of ['PUT', 'PATCH', 'DELETE'])
            expect(
                (
                    await as('admin', `/bookings/${any.id}`, {
                        method,
                        json: method === 'DELETE' ? undefined : { late: true },
                    })
                ).status,
            ).toBe(405);
    });

    it('stay behind no class: one deleted with no marks takes its bookings with it', async () => {
        const before = (
            await as('manager', `/bookings?filter=${encodeURIComponent(JSON.stringify({ eventId: monday.id }))}`)
        ).body as unknown as Booking[];
        expect(before.length).toBeGreaterThan(0);
        expect((await as('admin', `/events/${monday.id}`, { method: 'DELETE' })).status).toBe(200);
        const after = (
            await as('admin', `/bookings?filter=${encodeURIComponent(JSON.stringify({ eventId: monday.id }))}`)
        ).body as unknown as Booking[];
        expect(after).toEqual([]);
    });
});
