import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { instantAt } from '../../src/domain/time';
import type { Booking, Customer, Database, MakeUp, Pass, Subscription } from '../../src/domain/types';
import { addCustomer, addEvent, addPass, freshPhone, nextId } from '../support/factories';
import { serverWithMail } from '../support/mailedServer';
import { outboxDesk } from '../support/outbox';
import { portalClient } from '../support/portal';
import { demoDb } from '../support/server';

/*
 * Make-ups, on both engines with the clock the test sets: on a plan with make-ups an excused absence
 * from a group's class uses the visit and gives a credit of the class's direction for 30 days, which
 * books one class of that direction without charging a visit; a booking cancelled in time gives it back,
 * a make-up class missed (the class closed) or cancelled late loses it; past its day it books nothing.
 * On other plans an excused absence charges nothing and gives none. A mark changed takes back a credit
 * nobody used. A teacher reads the make-ups of their classes; the portal shows a customer theirs.
 */

const zone = 'Europe/Moscow';
const local = (time: string) => new Date(instantAt(time, zone));
const db = JSON.parse(readFileSync(demoDb, 'utf8')) as Database;
const makeUpPlan: Subscription = {
    ...db.subscriptions[2],
    id: nextId(db.subscriptions),
    name: 'Group with make-ups',
    makeUps: true,
};
db.subscriptions.push(makeUpPlan);
const person = (firstName: string, subscriptionId: number, endsOn = '2031-08-31') => {
    const customer: Customer = addCustomer(db, {
        firstName,
        lastName: 'Makeup',
        phone: freshPhone(),
        email: `${firstName.toLowerCase()}.makeup@example.test`,
        locale: 'en',
    });
    const pass: Pass = addPass(db, {
        customerId: customer.id,
        subscriptionId,
        startsOn: '2031-07-01',
        endsOn,
        price: 0,
    });
    return { customer, pass };
};
const mia = person('Mia', makeUpPlan.id);
const pavel = person('Pavel', db.subscriptions[2].id);
// Her pass ends with July: after that only her credit books a class.
const lena = person('Lena', makeUpPlan.id, '2031-07-31');

// A group of the first course's direction (its teacher is Anna), and classes of that direction and another.
const group = db.schedules.find(schedule => schedule.courseId === db.courses[0].id)!;
const direction = db.courses[0].directionId;
const otherCourse = db.courses.find(course => course.directionId !== direction)!;
const groupClass = (startsAt: string, fields = {}) =>
    addEvent(db, startsAt, { scheduleId: group.id, courseId: group.courseId, teacherId: 3, capacity: 12, ...fields });
const oneOff = (startsAt: string, fields = {}) =>
    addEvent(db, startsAt, { courseId: db.courses[0].id, teacherId: 3, capacity: 12, ...fields });
const missed = [groupClass('2031-07-07T19:00'), groupClass('2031-07-08T19:00'), groupClass('2031-07-09T19:00')];
const borisGroupClass = groupClass('2031-07-10T19:00', { teacherId: 4 });
const lastCredit = groupClass('2031-07-11T19:00');
const [makeUpDay, secondTry, lateOne, noShowDay, lastDay, afterExpiry] = [
    '2031-07-14T19:00',
    '2031-07-15T19:00',
    '2031-07-16T19:00',
    '2031-07-17T19:00',
    '2031-08-10T19:00',
    '2031-08-11T19:00',
].map(time => oneOff(time));
const otherDirection = addEvent(db, '2031-07-14T10:00', { courseId: otherCourse.id, teacherId: 3 });
const otherDirectionLater = addEvent(db, '2031-07-20T10:00', { courseId: otherCourse.id, teacherId: 3 });
// September: a credit taken back while a booking names it, and a class cancelled and reinstated.
const rita = person('Rita', makeUpPlan.id, '2031-10-31');
const [ritaMissed, ritaCancelled] = [groupClass('2031-09-01T19:00'), groupClass('2031-09-08T19:00')];
const [ritaFirstTry, ritaSecondTry] = [oneOff('2031-09-05T19:00'), oneOff('2031-09-06T19:00')];

let now = local('2031-07-01T12:00');
const served = serverWithMail(db, {}, () => now);
const { as, book } = outboxDesk(() => served.server);
const { portal, signIn } = portalClient(
    () => served.server,
    () => served.mailbox,
    () => (now = new Date(now.getTime() + 61_000)),
);

const query = (filter: object) => encodeURIComponent(JSON.stringify(filter));
const makeUpsOf = async (customerId: number, role: 'manager' | 'teacher' = 'manager') =>
    (await as(role, `/makeUps?filter=${query({ customerId })}&sort=["id","ASC"]`)).body as unknown as MakeUp[];
const passOf = async (id: number) => (await as('manager', `/passes/${id}`)).body as unknown as Pass;
const mark = async (eventId: number, customerId: number, status: string) => {
    const made = await as('manager', '/attendances', { method: 'POST', json: { eventId, customerId, status } });
    expect(made.status, made.text).toBe(201);
    return made.body as unknown as { id: number; charged: boolean; passId: number | null };
};
const bookOn = (eventId: number, customerId: number) =>
    as('manager', '/bookings', { method: 'POST', json: { eventId, customerId } });

describe('an excused absence', () => {
    it('on a plan with make-ups uses the visit and gives a credit of the direction for 30 days', async () => {
        await book(missed[0].id, mia.customer.id);
        now = local('2031-07-07T21:00');
        const excused = await mark(missed[0].id, mia.customer.id, 'excused');
        expect(excused).toMatchObject({ charged: true, passId: mia.pass.id });
        expect((await passOf(mia.pass.id)).visitsUsed).toBe(1);
        expect(await makeUpsOf(mia.customer.id)).toEqual([
            expect.objectContaining({
                attendanceId: excused.id,
                eventId: missed[0].id,
                directionId: direction,
                expiresOn: '2031-08-06',
                usedBookingId: null,
                lostAt: null,
            }),
        ]);
    });

    it('on other plans charges nothing and gives none', async () => {
        const excused = await mark(missed[0].id, pavel.customer.id, 'excused');
        expect(excused.charged).toBe(false);
        expect((await passOf(pavel.pass.id)).visitsUsed).toBe(0);
        expect(await makeUpsOf(pavel.customer.id)).toEqual([]);
    });

    it('of a class that is no group’s gives none', async () => {
        now = local('2031-07-14T09:00');
        const excused = await mark(otherDirection.id, lena.customer.id, 'excused');
        expect(excused.charged).toBe(false);
        expect(await makeUpsOf(lena.customer.id)).toEqual([]);
    });

    it('changed to another mark takes back the credit nobody used; removed, the visit too', async () => {
        now = local('2031-07-08T21:00');
        const excused = await mark(missed[1].id, mia.customer.id, 'excused');
        expect(await makeUpsOf(mia.customer.id)).toHaveLength(2);
        const attended = await as('manager', `/attendances/${excused.id}`, {
            method: 'PUT',
            json: { eventId: missed[1].id, customerId: mia.customer.id, status: 'attended' },
        });
        expect(attended.status, attended.text).toBe(200);
        expect(attended.body).toMatchObject({ charged: true });
        expect(await makeUpsOf(mia.customer.id)).toHaveLength(1);
        expect((await passOf(mia.pass.id)).visitsUsed).toBe(2);
        await as('manager', `/attendances/${excused.id}`, {
            method: 'PUT',
            json: { eventId: missed[1].id, customerId: mia.customer.id, status: 'excused' },
        });
        expect(await makeUpsOf(mia.customer.id)).toHaveLength(2);
        expect((await as('manager', `/attendances/${excused.id}`, { method: 'DELETE' })).status).toBe(200);
        expect(await makeUpsOf(mia.customer.id)).toHaveLength(1);
        expect((await passOf(mia.pass.id)).visitsUsed).toBe(1);
    });
});

describe('a make-up credit', () => {
    it('books a class of its direction without a visit, and holds until that class', async () => {
        const [credit] = await makeUpsOf(mia.customer.id);
        const booked = await bookOn(makeUpDay.id, mia.customer.id);
        expect(booked.status, booked.text).toBe(201);
        expect(booked.body).toMatchObject({ status: 'booked', makeUpId: credit.id, passId: null });
        expect((await makeUpsOf(mia.customer.id))[0].usedBookingId).toBe(booked.body.id);
        // Held: the next class of the direction is paid by her pass.
        const next = await bookOn(secondTry.id, mia.customer.id);
        expect(next.body).toMatchObject({ passId: mia.pass.id });
        expect(next.body.makeUpId ?? null).toBeNull();
        // The roster names no pass beside her: the credit pays the seat.
        const roster = await as('manager', `/events/${makeUpDay.id}/roster`);
        expect(
            (roster.body.people as { customerId: number }[]).find(person => person.customerId === mia.customer.id),
        ).toMatchObject({ pass: null, booking: { makeUp: true } });
        now = local('2031-07-14T20:30');
        const attended = await mark(makeUpDay.id, mia.customer.id, 'attended');
        expect(attended).toMatchObject({ charged: false, passId: null });
        expect((await passOf(mia.pass.id)).visitsUsed).toBe(1);
    });

    it('never pays a class of another direction', async () => {
        now = local('2031-07-09T12:00');
        await book(missed[2].id, lena.customer.id);
        now = local('2031-07-09T21:00');
        await mark(missed[2].id, lena.customer.id, 'excused');
        const [credit] = await makeUpsOf(lena.customer.id);
        expect(credit).toMatchObject({ directionId: direction, expiresOn: '2031-08-08', usedBookingId: null });
        const other = await bookOn(otherDirectionLater.id, lena.customer.id);
        expect(other.status, other.text).toBe(201);
        expect(other.body).toMatchObject({ passId: lena.pass.id });
        expect(other.body.makeUpId ?? null).toBeNull();
    });

    it('comes back when its booking is cancelled in time, and is lost by a late cancel', async () => {
        now = local('2031-07-10T12:00');
        const booked = (await bookOn(lateOne.id, lena.customer.id)).body as unknown as Booking;
        expect(booked.makeUpId).toBeDefined();
        const cancelled = await as('manager', `/bookings/${booked.id}/cancel`, { method: 'POST' });
        expect(cancelled.body).toMatchObject({ late: false });
        expect((await makeUpsOf(lena.customer.id))[0]).toMatchObject({ lostAt: null });
        const again = (await bookOn(lateOne.id, lena.customer.id)).body as unknown as Booking;
        expect(again.makeUpId).toBe(booked.makeUpId);
        now = local('2031-07-16T18:00');
        expect((await as('manager', `/bookings/${again.id}/cancel`, { method: 'POST' })).body).toMatchObject({
            late: true,
        });
        expect((await makeUpsOf(lena.customer.id))[0].lostAt).toBe(now.toISOString());
    });

    it('is lost when its class is closed with the customer missing, and comes back when it is reopened', async () => {
        // A second credit, from Boris's group class.
        now = local('2031-07-10T12:00');
        await book(borisGroupClass.id, lena.customer.id);
        now = local('2031-07-10T21:00');
        await mark(borisGroupClass.id, lena.customer.id, 'excused');
        const credits = await makeUpsOf(lena.customer.id);
        expect(credits).toHaveLength(2);
        now = local('2031-07-12T12:00');
        const booked = (await bookOn(noShowDay.id, lena.customer.id)).body as unknown as Booking;
        expect(booked.makeUpId).toBe(credits[1].id);
        now = local('2031-07-17T21:00');
        expect((await as('manager', `/events/${noShowDay.id}/close`, { method: 'POST' })).status).toBe(200);
        expect((await makeUpsOf(lena.customer.id))[1].lostAt).toBe(now.toISOString());
        expect((await as('manager', `/events/${noShowDay.id}/reopen`, { method: 'POST' })).status).toBe(200);
        expect((await makeUpsOf(lena.customer.id))[1].lostAt).toBeNull();
        // She was there after all: the credit paid the class.
        expect(await mark(noShowDay.id, lena.customer.id, 'attended')).toMatchObject({ charged: false });
    });

    it('books a class up to its day and nothing after: with no pass either, a later class is refused', async () => {
        now = local('2031-07-11T12:00');
        await book(lastCredit.id, lena.customer.id);
        now = local('2031-07-11T21:00');
        await mark(lastCredit.id, lena.customer.id, 'excused');
        const credit = (await makeUpsOf(lena.customer.id))[2];
        expect(credit.expiresOn).toBe('2031-08-10');
        now = local('2031-08-01T12:00');
        const refused = await bookOn(afterExpiry.id, lena.customer.id);
        expect(refused.status).toBe(409);
        expect(refused.body.errors).toEqual({ eventId: 'no_pass' });
        const onTheDay = await bookOn(lastDay.id, lena.customer.id);
        expect(onTheDay.status, onTheDay.text).toBe(201);
        expect(onTheDay.body).toMatchObject({ makeUpId: credit.id, passId: null });
    });
});

describe('who sees make-ups', () => {
    it('a teacher those of their own classes, and nobody writes them', async () => {
        const seen = (await as('teacher', `/makeUps?filter=${query({ customerId: lena.customer.id })}`))
            .body as unknown as MakeUp[];
        expect(seen.map(makeUp => makeUp.eventId)).toEqual([missed[2].id, lastCredit.id]);
        const [credit] = await makeUpsOf(mia.customer.id);
        expect((await as('admin', '/makeUps', { method: 'POST', json: credit })).status).toBe(405);
        expect((await as('admin', `/makeUps/${credit.id}`, { method: 'PUT', json: credit })).status).toBe(405);
        expect((await as('admin', `/makeUps/${credit.id}`, { method: 'DELETE' })).status).toBe(405);
    });

    it('the customer in the portal, with where each stands, and the booking it pays', async () => {
        const token = await signIn(lena.customer.email!, lena.customer.email!);
        const passes = await portal('/passes', token);
        expect(passes.status, passes.text).toBe(200);
        expect(passes.body.makeUps).toEqual([
            expect.objectContaining({ state: 'booked', missedOn: '2031-07-11', bookedFor: '2031-08-10T19:00' }),
            expect.objectContaining({ state: 'used', missedOn: '2031-07-10', bookedFor: '2031-07-17T19:00' }),
            expect.objectContaining({ state: 'lost', missedOn: '2031-07-09', expiresOn: '2031-08-08' }),
        ]);
        const bookings = await portal('/bookings', token);
        expect(bookings.body.bookings).toEqual([expect.objectContaining({ eventId: lastDay.id, makeUp: true })]);
    });
});

describe('a credit taken back', () => {
    const bookingOf = async (id: number) => (await as('manager', `/bookings/${id}`)).body as unknown as Booking;

    it('when its mark changes: the bookings that named it name it no more, and its seat is paid by a pass', async () => {
        now = local('2031-09-01T12:00');
        await book(ritaMissed.id, rita.customer.id);
        now = local('2031-09-01T21:00');
        const excused = await mark(ritaMissed.id, rita.customer.id, 'excused');
        const [credit] = await makeUpsOf(rita.customer.id);
        now = local('2031-09-02T12:00');
        const first = (await bookOn(ritaFirstTry.id, rita.customer.id)).body as unknown as Booking;
        await as('manager', `/bookings/${first.id}/cancel`, { method: 'POST' });
        const second = (await bookOn(ritaSecondTry.id, rita.customer.id)).body as unknown as Booking;
        expect(second.makeUpId).toBe(credit.id);
        const attended = await as('manager', `/attendances/${excused.id}`, {
            method: 'PUT',
            json: { eventId: ritaMissed.id, customerId: rita.customer.id, status: 'attended' },
        });
        expect(attended.status, attended.text).toBe(200);
        expect(await makeUpsOf(rita.customer.id)).toEqual([]);
        expect((await bookingOf(first.id)).makeUpId ?? null).toBeNull();
        expect(await bookingOf(second.id)).toMatchObject({ status: 'booked', passId: rita.pass.id });
        expect((await bookingOf(second.id)).makeUpId ?? null).toBeNull();
    });

    it('when its class is cancelled, with the visit; and given again when the class is reinstated', async () => {
        now = local('2031-09-08T12:00');
        await book(ritaCancelled.id, rita.customer.id);
        now = local('2031-09-08T21:00');
        await mark(ritaCancelled.id, rita.customer.id, 'excused');
        const used = (await passOf(rita.pass.id)).visitsUsed;
        expect(await makeUpsOf(rita.customer.id)).toHaveLength(1);
        const event = (await as('manager', `/events/${ritaCancelled.id}`)).body;
        const cancelled = await as('manager', `/events/${ritaCancelled.id}`, {
            method: 'PUT',
            json: { ...event, status: 'cancelled' },
        });
        expect(cancelled.status, cancelled.text).toBe(200);
        expect(await makeUpsOf(rita.customer.id)).toEqual([]);
        expect((await passOf(rita.pass.id)).visitsUsed).toBe(used - 1);
        await as('manager', `/events/${ritaCancelled.id}`, { method: 'PUT', json: { ...event, status: 'planned' } });
        expect(await makeUpsOf(rita.customer.id)).toHaveLength(1);
        expect((await passOf(rita.pass.id)).visitsUsed).toBe(used);
    });
});
