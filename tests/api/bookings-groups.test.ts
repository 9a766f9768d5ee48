import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instantAt } from '../../src/domain/time';
import type { Booking, Database, StudioEvent } from '../../src/domain/types';
import { addCustomer, addPass, freshPhone } from '../support/factories';
import { call, demoDb, login, type DemoRole } from '../support/server';
import { startClockedApp, type ClockedApp } from '../support/signIns';

/*
 * A group's members hold a seat in each of its classes, on both engines: made when the classes are
 * generated (whatever the capacity, with the pass expected to pay while one can), when someone joins
 * the group (its classes still to come), and given up when someone leaves, the line moving up. The
 * server's clock is a Tuesday in 2031; the group meets on Wednesdays at 18:00.
 */

const zone = 'Europe/Moscow';
const start = instantAt('2031-07-15T12:00', zone);

const db = JSON.parse(readFileSync(demoDb, 'utf8')) as Database;
const course = db.courses.find(found => found.directionId === 1)!;
const person = (lastName: string, visitsTotal: number | null = 8) => {
    const customer = addCustomer(db, {
        firstName: 'Group',
        lastName,
        phone: freshPhone(),
        email: `group.${lastName.toLowerCase()}@example.test`,
    });
    const pass = addPass(db, { customerId: customer.id, startsOn: '2031-07-01', endsOn: '2031-08-31', visitsTotal });
    return { id: customer.id, pass };
};
const twoVisits = person('TwoVisits', 2);
const leaver = person('Leaver');
const joiner = person('Joiner');
const outsider = person('Outsider');
const waiting = person('Waiting');

let app: ClockedApp;
let groupId: number;
let classes: StudioEvent[];

beforeAll(async () => {
    app = await startClockedApp({ db, at: start });
});

afterAll(async () => {
    await app?.stop();
});

const as = async (role: DemoRole, path: string, init: Omit<Parameters<typeof call>[2], 'token'> = {}) => {
    const answer = await call(app.url, `/api${path}`, { ...init, token: await login(app.url, role) });
    if (answer.status >= 300) throw new Error(`${path}: ${answer.status} ${answer.text}`);
    return answer.body as never;
};

const bookingsOf = async (eventId: number): Promise<(Booking & { position?: number })[]> =>
    as('admin', `/bookings?filter=${encodeURIComponent(JSON.stringify({ eventId }))}&range=[0,99]`);

describe('the members of a group', () => {
    it('hold a seat in each class generated, whatever the capacity, with the pass expected to pay while one can', async () => {
        const group: { id: number } = await as('manager', '/schedules', {
            method: 'POST',
            json: {
                title: 'Wednesday group',
                courseId: course.id,
                teacherId: 3,
                studioId: db.studios[0].id,
                slots: [{ weekday: 3, startTime: '18:00', durationMinutes: 60 }],
                startsOn: '2031-07-01',
                capacity: 3,
                customerIds: [twoVisits.id, leaver.id],
                // Booked by staff only: its classes are so too.
                bookable: false,
            },
        });
        groupId = group.id;
        const generated: { events: StudioEvent[] } = await as('manager', `/schedules/${groupId}/generate`, {
            method: 'POST',
            json: { from: '2031-07-16', to: '2031-08-06' },
        });
        classes = generated.events.sort((a, b) => a.startsAt.localeCompare(b.startsAt));
        expect(classes).toHaveLength(4);
        expect(classes.map(event => event.bookable)).toEqual([false, false, false, false]);
        for (const [index, event] of classes.entries()) {
            const seats = await bookingsOf(event.id);
            expect(
                seats.map(booking => [booking.customerId, booking.status, booking.source, booking.bookedBy]),
            ).toEqual([
                [twoVisits.id, 'booked', 'group', 2],
                [leaver.id, 'booked', 'group', 2],
            ]);
            // Two visits for four classes: the first two have the pass, the rest none yet.
            expect(seats[0].passId).toBe(index < 2 ? twoVisits.pass.id : null);
        }
        expect(await as('manager', `/events/${classes[0].id}`)).toMatchObject({ booked: 2, free: 1 });
    });

    it('who leave give up their seats still to come, and the line moves up; those who join get the rest', async () => {
        const first = classes[0];
        await as('manager', '/bookings', { method: 'POST', json: { eventId: first.id, customerId: outsider.id } });
        await as('manager', '/bookings', {
            method: 'POST',
            json: { eventId: first.id, customerId: waiting.id, waitlist: true },
        });
        const group: { customerIds: number[] } = await as('manager', `/schedules/${groupId}`);
        await as('manager', `/schedules/${groupId}`, {
            method: 'PUT',
            json: { ...group, customerIds: [twoVisits.id, joiner.id] },
        });
        const seats = await bookingsOf(first.id);
        const of = (id: number) => seats.filter(booking => booking.customerId === id).at(-1);
        expect(of(leaver.id)).toMatchObject({ status: 'cancelled', late: false });
        expect(of(waiting.id)).toMatchObject({ status: 'booked', source: 'staff' });
        // The joiner holds a seat over capacity: a member's seat is theirs.
        expect(of(joiner.id)).toMatchObject({ status: 'booked', source: 'group' });
        expect(await as('manager', `/events/${first.id}`)).toMatchObject({ booked: 4, free: 0 });
        for (const event of classes.slice(1)) {
            const later = await bookingsOf(event.id);
            expect(
                later
                    .filter(booking => booking.status === 'booked')
                    .map(booking => booking.customerId)
                    .sort(),
            ).toEqual([twoVisits.id, joiner.id].sort());
        }
    });
});
