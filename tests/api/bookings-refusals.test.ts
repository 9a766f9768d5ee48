import { readFileSync } from 'node:fs';
import { HttpError } from 'react-admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RosterAnswer } from '../../src/domain/api';
import { instantAt } from '../../src/domain/time';
import type { Booking, Database, StudioEvent } from '../../src/domain/types';
import { addCustomer, addPass, freshPhone } from '../support/factories';
import { ownTeacherAndHall, ownTeacherPassword, type OwnTimetable } from '../support/ownTimetable';
import { call, demoDb, login, restClient } from '../support/server';
import { startClockedApp, type ClockedApp } from '../support/signIns';

/*
 * What a refused staff booking tells, on both engines: the code in errors.eventId with what the screen
 * needs to word it (a pass whose visits are all held by upcoming bookings, frozen, used up or ended; a
 * full class's seats), the place in line a booking answers, and the roster telling a group member whose
 * seat was cancelled as cancelled. The classes have a teacher and a hall of their own; the server's
 * clock is a Tuesday in 2031, a few days before them.
 */

const zone = 'Europe/Moscow';
const at = (local: string) => instantAt(local, zone);

const db = JSON.parse(readFileSync(demoDb, 'utf8')) as Database;
const course = db.courses[0];

const customer = (lastName: string) =>
    addCustomer(db, {
        firstName: 'Refusal',
        lastName,
        phone: freshPhone(),
        email: `refusal.${lastName.toLowerCase()}@example.test`,
    });
/** A customer with a pass for July and August 2031 (changed as the test needs). */
const withPass = (lastName: string, visitsTotal: number | null, fields: Parameters<typeof addPass>[1] = {}) => {
    const person = customer(lastName);
    const pass = addPass(db, {
        customerId: person.id,
        startsOn: '2031-07-01',
        endsOn: '2031-08-31',
        visitsTotal,
        ...fields,
    });
    return { ...person, pass };
};

const held = withPass('Held', 3);
const frozen = withPass('Frozen', 8, { frozenFrom: '2031-07-24', frozenTo: '2031-07-31' });
const usedUp = withPass('UsedUp', 4, { visitsUsed: 4 });
const ended = withPass('Ended', 8, { endsOn: '2031-07-19' });
const nobody = customer('Nobody');
const first = withPass('First', 8);
const second = withPass('Second', 8);
const third = withPass('Third', 8);
const fourth = withPass('Fourth', 8);
const early = withPass('Early', 8);
const late = withPass('Late', 8);

let app: ClockedApp;
let own: OwnTimetable;
let managerToken: string;
let teacherToken: string;
const classes: Record<'single' | 'a' | 'b' | 'c' | 'd', StudioEvent> = {} as never;

const api = async <T>(path: string, json?: unknown, token = managerToken): Promise<T> => {
    const answer = await call(app.url, `/api${path}`, { method: json === undefined ? 'GET' : 'POST', token, json });
    if (answer.status >= 300) throw new Error(`${path}: ${answer.status} ${answer.text}`);
    return answer.body as unknown as T;
};

const addClass = (startsAt: string, capacity = 10) =>
    api<StudioEvent>('/events', { courseId: course.id, ...own, startsAt, durationMinutes: 60, capacity });

beforeAll(async () => {
    app = await startClockedApp({ db, at: at('2031-07-15T12:00') });
    const { email, ...timetable } = await ownTeacherAndHall(app.url, 'Refusals');
    own = timetable;
    managerToken = await login(app.url, 'manager');
    const signedIn = await call(app.url, '/api/auth/login', {
        method: 'POST',
        json: { email, password: ownTeacherPassword },
    });
    teacherToken = (signedIn.body as unknown as { token: string }).token;
    classes.single = await addClass('2031-07-20T10:00', 1);
    classes.a = await addClass('2031-07-20T12:00');
    classes.b = await addClass('2031-07-20T14:00');
    classes.c = await addClass('2031-07-20T16:00');
    classes.d = await addClass('2031-07-25T18:00');
});

afterAll(async () => {
    await app?.stop();
});

/** POST /api/bookings through ra-data-simple-rest, as the app's lists do. */
const book = async (data: Record<string, unknown>, token = managerToken) =>
    (await restClient(app.url, token).create<Booking & { position?: number | null }>('bookings', { data })).data;

/** The refusal of a booking: its status and body. */
const refused = async (data: Record<string, unknown>, token = managerToken) => {
    try {
        await book(data, token);
    } catch (error) {
        if (error instanceof HttpError)
            return { status: error.status, body: error.body as Record<string, unknown> & { message: string } };
        throw error;
    }
    throw new Error('the booking was not refused');
};

describe('a booking refused for want of a pass', () => {
    it('says the pass has visits left, all held by the customer’s upcoming bookings', async () => {
        for (const event of [classes.a, classes.b, classes.c]) await book({ eventId: event.id, customerId: held.id });
        const { status, body } = await refused({ eventId: classes.d.id, customerId: held.id });
        expect(status).toBe(409);
        expect(body.errors).toEqual({ eventId: 'no_pass' });
        expect(body.noPass).toEqual({ reason: 'held', visitsLeft: 3, heldBy: 3 });
        expect(body.message).toMatch(/3 visits left, all held by 3 upcoming bookings/);
    });

    it('says when the pass is frozen on the day, used up, ended before it, or when there is none', async () => {
        const reasons = [];
        for (const who of [frozen, usedUp, ended, nobody]) {
            const { status, body } = await refused({ eventId: classes.d.id, customerId: who.id });
            expect([status, (body.errors as Record<string, string>).eventId]).toEqual([409, 'no_pass']);
            reasons.push(body.noPass);
        }
        expect(reasons).toEqual([
            { reason: 'frozen', frozenTo: '2031-07-31' },
            { reason: 'used_up' },
            { reason: 'ended', endsOn: '2031-07-19' },
            { reason: 'none' },
        ]);
    });
});

describe('a booking refused in a full class', () => {
    it('says full with its seats, and books over capacity for a manager who forces it, not for its teacher', async () => {
        await book({ eventId: classes.single.id, customerId: first.id });
        const { status, body } = await refused({ eventId: classes.single.id, customerId: second.id });
        expect(status).toBe(409);
        expect(body.errors).toEqual({ eventId: 'full' });
        expect(body.seats).toEqual({ booked: 1, capacity: 1 });
        expect(body.message).toMatch(/full/);
        expect(
            (await refused({ eventId: classes.single.id, customerId: second.id, force: true }, teacherToken)).status,
        ).toBe(403);
        expect(await book({ eventId: classes.single.id, customerId: second.id, force: true })).toMatchObject({
            status: 'booked',
        });
    });

    it('answers a place in line with its position, 1 being next', async () => {
        const waiting = await book({ eventId: classes.single.id, customerId: third.id, waitlist: true });
        const after = await book({ eventId: classes.single.id, customerId: fourth.id, waitlist: true }, teacherToken);
        expect([waiting.status, waiting.position]).toEqual(['waitlisted', 1]);
        expect([after.status, after.position]).toEqual(['waitlisted', 2]);
        // A seat answers no place in line.
        expect((await book({ eventId: classes.a.id, customerId: third.id })).position).toBeUndefined();
    });
});

describe('the roster of a group’s class', () => {
    it('shows a member whose seat was cancelled as cancelled (late or not), not as a row with no booking', async () => {
        const group = await api<{ id: number }>('/schedules', {
            title: 'Refusals group',
            courseId: course.id,
            ...own,
            slots: [{ weekday: 3, startTime: '18:00', durationMinutes: 60 }],
            startsOn: '2031-07-01',
            capacity: 5,
            customerIds: [early.id, late.id],
        });
        const { events } = await api<{ events: StudioEvent[] }>(`/schedules/${group.id}/generate`, {
            from: '2031-07-22',
            to: '2031-07-24',
        });
        const wednesday = events[0];
        const seats = await api<Booking[]>(
            `/bookings?filter=${encodeURIComponent(JSON.stringify({ eventId: wednesday.id }))}`,
        );
        const seatOf = (id: number) => seats.find(seat => seat.customerId === id) as Booking;
        await api(`/bookings/${seatOf(early.id).id}/cancel`, {});
        let roster = await api<RosterAnswer>(`/events/${wednesday.id}/roster`);
        const row = (id: number) => roster.people.find(person => person.customerId === id);
        expect(row(early.id)).toMatchObject({ member: true, booking: null, cancelled: { late: false } });
        // The seat still held says from when a cancel is late: 12 hours before the class.
        expect(row(late.id)?.booking).toMatchObject({ status: 'booked', lateCancelFrom: '2031-07-23T06:00' });
        expect(row(late.id)?.cancelled ?? null).toBeNull();

        app.setClock(at('2031-07-23T10:00'));
        // A sign-in lasts an hour: the manager signs in again at the new time.
        managerToken = await login(app.url, 'manager');
        await api(`/bookings/${seatOf(late.id).id}/cancel`, {});
        roster = await api<RosterAnswer>(`/events/${wednesday.id}/roster`);
        expect(row(late.id)).toMatchObject({ booking: null, cancelled: { late: true } });
        // The cancelled come last, after the seats and the line.
        expect(
            roster.people
                .slice(-2)
                .map(person => person.customerId)
                .sort(),
        ).toEqual([early.id, late.id].sort());
    });
});
