import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instantAt } from '../../src/domain/time';
import type { Attendance, Booking, Database, StudioEvent } from '../../src/domain/types';
import { addCustomer, addEvent as addDemoEvent, addPass, freshPhone } from '../support/factories';
import { call, demoDb, login, type DemoRole } from '../support/server';
import { startClockedApp, type ClockedApp } from '../support/signIns';

/*
 * The line of a full class and the one promotion rule, on both engines: a freed seat goes to the first
 * in line whose pass covers the class, in the same write as what freed it (a cancel, a raised capacity,
 * a freeze, a cancelled class), with their overlapping bookings given up; those with no covering pass
 * keep their place; no promotion within lateCancelHours + 1 hour of the start; the line expires at the
 * start; a mark is linked to the booking it fulfils; and 40 requests at once for 5 seats give exactly
 * 5 seats and a line of 35. The server's clock is set to days in 2031.
 */

const zone = 'Europe/Moscow';
const at = (local: string) => instantAt(local, zone);
const start = at('2031-07-15T12:00');

const db = JSON.parse(readFileSync(demoDb, 'utf8')) as Database;
const anna = db.users.find(user => user.email === 'anna@studio.test')!;
const course = db.courses.find(found => found.directionId === 1)!;
// A plan that may be frozen, for the freeze's test.
const freezable = db.subscriptions.find(plan => plan.freezeDays > 0 && plan.directionIds.length === 0)!;

const addEvent = (startsAt: string, capacity: number, fields: Partial<StudioEvent> = {}) =>
    addDemoEvent(db, startsAt, { courseId: course.id, teacherId: anna.id, capacity, ...fields });

const member = (lastName: string, visitsTotal: number | null = 8) => {
    const customer = addCustomer(db, {
        firstName: 'Line',
        lastName,
        phone: freshPhone(),
        // Someone in line is told when the seat is theirs.
        email: `line.${lastName.toLowerCase()}@example.test`,
    });
    const pass = addPass(db, {
        customerId: customer.id,
        subscriptionId: freezable.id,
        startsOn: '2031-07-01',
        endsOn: '2031-08-31',
        visitsTotal,
    });
    return { id: customer.id, pass };
};

const classA = addEvent('2031-07-20T18:00', 1);
const classB = addEvent('2031-07-20T18:30', 5, { studioId: db.studios[1].id });
const classC = addEvent('2031-07-21T18:00', 1);
const soonClass = addEvent('2031-07-15T20:00', 1);
const classE = addEvent('2031-07-22T18:00', 1);
const classF = addEvent('2031-07-23T18:00', 1);
const classG = addEvent('2031-07-16T10:00', 1);
const classH = addEvent('2031-07-24T18:00', 1);
const rush = addEvent('2031-07-25T18:00', 5);

const [p1, p2, p3, p4, p5, p6, p7, p8] = ['P1', 'P2', 'P3', 'P4', 'P5', 'P6', 'P7', 'P8'].map(name => member(name));
const oneVisit = member('OneVisit', 1);
const crowd = Array.from({ length: 40 }, (_, index) => member(`Crowd${index + 1}`));

let app: ClockedApp;

beforeAll(async () => {
    app = await startClockedApp({ db, at: start });
});

afterAll(async () => {
    await app?.stop();
});

const as = async (role: DemoRole, path: string, init: Omit<Parameters<typeof call>[2], 'token'> = {}) =>
    call(app.url, `/api${path}`, { ...init, token: await login(app.url, role) });

const book = async (eventId: number, customerId: number, waitlist = false): Promise<Booking> => {
    const answer = await as('manager', '/bookings', { method: 'POST', json: { eventId, customerId, waitlist } });
    if (answer.status !== 201) throw new Error(`POST /api/bookings: ${answer.status} ${answer.text}`);
    return answer.body as unknown as Booking;
};

const cancel = async (booking: Booking) => {
    const answer = await as('manager', `/bookings/${booking.id}/cancel`, { method: 'POST' });
    if (answer.status !== 200) throw new Error(`cancel: ${answer.status} ${answer.text}`);
    return answer.body as unknown as Booking;
};

type Listed = Booking & { position?: number };
const bookingsOf = async (eventId: number): Promise<Listed[]> =>
    (await as('admin', `/bookings?filter=${encodeURIComponent(JSON.stringify({ eventId }))}&range=[0,99]`))
        .body as unknown as Listed[];
const stateOf = async (eventId: number, customerId: number) =>
    (await bookingsOf(eventId)).filter(booking => booking.customerId === customerId).at(-1);

describe('a freed seat', () => {
    it('goes to the first in line whose pass covers the class, and the one passed over keeps their place', async () => {
        const held = await book(classA.id, p1.id);
        await book(classA.id, oneVisit.id, true);
        await book(classA.id, p2.id, true);
        // P2 also sits in a class at an overlapping time: given up once promoted.
        await book(classB.id, p2.id);
        // The one visit is now promised to class C: nothing is left to pay for A.
        await book(classC.id, oneVisit.id);

        await cancel(held);
        expect(await stateOf(classA.id, p2.id)).toMatchObject({ status: 'booked', passId: p2.pass.id });
        expect((await stateOf(classA.id, p2.id))?.promotedAt).toBe(new Date(start).toISOString());
        expect(await stateOf(classA.id, oneVisit.id)).toMatchObject({ status: 'waitlisted', position: 1 });
        expect(await stateOf(classB.id, p2.id)).toMatchObject({ status: 'cancelled', late: false });
    });

    it('goes to the line when the capacity is raised; lowering it un-books nobody', async () => {
        await book(classE.id, p3.id);
        await book(classE.id, p4.id, true);
        const event = (await as('manager', `/events/${classE.id}`)).body;
        expect(
            (await as('manager', `/events/${classE.id}`, { method: 'PUT', json: { ...event, capacity: 2 } })).status,
        ).toBe(200);
        expect(await stateOf(classE.id, p4.id)).toMatchObject({ status: 'booked' });
        expect(
            (await as('manager', `/events/${classE.id}`, { method: 'PUT', json: { ...event, capacity: 1 } })).status,
        ).toBe(200);
        expect((await bookingsOf(classE.id)).filter(booking => booking.status === 'booked')).toHaveLength(2);
        expect((await as('manager', `/events/${classE.id}`)).body).toMatchObject({ booked: 2, free: 0 });
    });

    it('stays for the first to book it within lateCancelHours + 1 hour of the start', async () => {
        const held = await book(soonClass.id, p5.id);
        await book(soonClass.id, p6.id, true);
        await cancel(held);
        expect(await stateOf(soonClass.id, p6.id)).toMatchObject({ status: 'waitlisted', position: 1 });
        expect((await book(soonClass.id, p7.id)).status).toBe('booked');
    });

    it('goes to the line when a pass is frozen over the class: the frozen one’s seat is cancelled, never late', async () => {
        await book(classF.id, p8.id);
        await book(classF.id, p1.id, true);
        const frozen = await as('manager', `/passes/${p8.pass.id}/freeze`, {
            method: 'POST',
            json: { from: '2031-07-23', to: '2031-07-23' },
        });
        expect(frozen.status, frozen.text).toBe(200);
        expect(await stateOf(classF.id, p8.id)).toMatchObject({ status: 'cancelled', late: false });
        expect(await stateOf(classF.id, p1.id)).toMatchObject({ status: 'booked' });
    });
});

describe('a class cancelled by the studio', () => {
    it('cancels its bookings and places in line, never late', async () => {
        await book(classH.id, p3.id);
        await book(classH.id, p4.id, true);
        const event = (await as('manager', `/events/${classH.id}`)).body;
        app.setClock(at('2031-07-24T12:00'));
        expect(
            (await as('manager', `/events/${classH.id}`, { method: 'PUT', json: { ...event, status: 'cancelled' } }))
                .status,
        ).toBe(200);
        const after = await bookingsOf(classH.id);
        expect(after.map(booking => [booking.status, booking.late])).toEqual([
            ['cancelled', false],
            ['cancelled', false],
        ]);
        app.setClock(start);
    });
});

describe('the line at the start of the class', () => {
    it('expires: places still waiting become expired when the server looks after the start', async () => {
        await book(classG.id, p5.id);
        await book(classG.id, p6.id, true);
        app.setClock(at('2031-07-16T10:05'));
        await app.sweep();
        expect(await stateOf(classG.id, p6.id)).toMatchObject({ status: 'expired' });
        expect(await stateOf(classG.id, p5.id)).toMatchObject({ status: 'booked' });
        app.setClock(start);
    });
});

describe('marking a booked person', () => {
    it('links the mark to the booking and charges the booking’s pass; removing the mark unlinks it', async () => {
        app.setClock(at('2031-07-22T19:00'));
        const booking = (await stateOf(classE.id, p3.id)) as Booking;
        const marked = await as('manager', '/attendances', {
            method: 'POST',
            json: { eventId: classE.id, customerId: p3.id, status: 'attended' },
        });
        expect(marked.status, marked.text).toBe(201);
        const attendance = marked.body as unknown as Attendance;
        expect(attendance.passId).toBe(booking.passId);
        expect(await stateOf(classE.id, p3.id)).toMatchObject({ status: 'booked', attendanceId: attendance.id });
        expect((await as('manager', `/attendances/${attendance.id}`, { method: 'DELETE' })).status).toBe(200);
        expect(await stateOf(classE.id, p3.id)).toMatchObject({ attendanceId: null });
        app.setClock(start);
    });
});

describe('a rush', () => {
    it('gives 40 requests at once for 5 seats exactly 5 seats and a line of 35, with no error answer', async () => {
        const token = await login(app.url, 'manager');
        const answers = await Promise.all(
            crowd.map(person =>
                call(app.url, '/api/bookings', {
                    method: 'POST',
                    token,
                    json: { eventId: rush.id, customerId: person.id, waitlist: true },
                }),
            ),
        );
        expect(answers.map(answer => answer.status)).toEqual(crowd.map(() => 201));
        const all = await bookingsOf(rush.id);
        expect(all.filter(booking => booking.status === 'booked')).toHaveLength(5);
        const positions = all.filter(booking => booking.status === 'waitlisted').map(booking => booking.position);
        expect(positions.sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(
            Array.from({ length: 35 }, (_, index) => index + 1),
        );

        // Three cancels at once promote exactly the first three in line.
        const firstThree = all
            .filter(booking => booking.status === 'waitlisted')
            .sort((a, b) => (a.position ?? 0) - (b.position ?? 0))
            .slice(0, 3)
            .map(booking => booking.customerId);
        const seated = all.filter(booking => booking.status === 'booked').slice(0, 3);
        const cancels = await Promise.all(
            seated.map(booking => call(app.url, `/api/bookings/${booking.id}/cancel`, { method: 'POST', token })),
        );
        expect(cancels.map(answer => answer.status)).toEqual([200, 200, 200]);
        const after = await bookingsOf(rush.id);
        const promoted = after.filter(booking => booking.promotedAt !== null).map(booking => booking.customerId);
        expect(promoted.sort()).toEqual([...firstThree].sort());
        expect(after.filter(booking => booking.status === 'booked')).toHaveLength(5);
    });
});
