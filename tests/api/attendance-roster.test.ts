import { describe, expect, it } from 'vitest';
import type { RaRecord } from 'ra-core';
import { anna, attendanceServer, boris, coveringToday, httpError } from '../support/attendance';
import { call } from '../support/server';

/*
 * Teachers marking their own classes, the roster of a class with its members, walk-ins and debts, and
 * the list of marks filtered by the teacher, course and date of their class.
 */

const { signed, buildEvent, todaysEvent, buildCustomer, buildPass, mark } = attendanceServer();

describe('teachers and the roster', () => {
    it('counts no visits on a cancelled class: they were given back', async () => {
        const customer = await buildCustomer('Cancelledvisit');
        const pass = await buildPass(customer.id, coveringToday);
        const event = await todaysEvent();
        await mark(event.id, customer.id);
        const roster = () =>
            call(signed.server.url, `/api/events/${event.id}/roster`, { token: signed.tokens.manager });
        expect((await roster()).body).toMatchObject({ visits: 1 });
        await signed.clients.manager.update('events', {
            id: event.id,
            data: { status: 'cancelled' },
            previousData: event,
        });
        expect((await roster()).body).toMatchObject({ visits: 0 });
        expect((await signed.clients.manager.getOne('passes', { id: pass.id })).data).toMatchObject({ visitsUsed: 0 });
    });

    it('a teacher marks on their own class only and never reads passes', async () => {
        const customer = await buildCustomer('Pupil');
        const own = await todaysEvent();
        const foreign = await buildEvent({ teacherId: boris, courseId: 6 });
        await buildPass(customer.id, coveringToday);
        const attendance = await mark(own.id, customer.id, 'attended', signed.clients.teacher);
        expect(attendance).toMatchObject({ charged: true, markedBy: anna });
        expect((await httpError(mark(foreign.id, customer.id, 'attended', signed.clients.teacher))).status).toBe(403);
        expect((await call(signed.server.url, '/api/passes', { token: signed.tokens.teacher })).status).toBe(403);
        expect(
            (await call(signed.server.url, `/api/events/${foreign.id}/roster`, { token: signed.tokens.teacher }))
                .status,
        ).toBe(403);
    });

    it('the roster names members and walk-ins with the pass charged, the visits left and the debts', async () => {
        const paying = await buildCustomer('Rosterpaying');
        const owing = await buildCustomer('Rosterowing');
        const bought = await buildPass(paying.id, { visitsTotal: 4, ...coveringToday });
        const { data: group } = await signed.clients.manager.create('schedules', {
            data: {
                courseId: 1,
                teacherId: anna,
                studioId: 3,
                slots: [{ weekday: 1, startTime: '05:00', durationMinutes: 30 }],
                startsOn: '2025-05-01',
                capacity: 8,
                customerIds: [paying.id],
            },
        });
        const event = await todaysEvent({ scheduleId: group.id });
        await mark(event.id, owing.id);
        const before = await call(signed.server.url, `/api/events/${event.id}/roster`, {
            token: signed.tokens.teacher,
        });
        expect(before.status).toBe(200);
        const people = (
            before.body as unknown as {
                people: {
                    name: string;
                    member: boolean;
                    attendance: RaRecord | null;
                    pass: { id: number; visitsLeft: number } | null;
                }[];
            }
        ).people;
        expect(
            people.map(person => [
                person.name,
                person.member,
                person.attendance?.unpaid ?? null,
                person.pass?.visitsLeft ?? null,
            ]),
        ).toEqual([
            ['Rosterowing Test', false, true, null],
            ['Rosterpaying Test', true, null, 4],
        ]);
        await mark(event.id, paying.id, 'attended', signed.clients.teacher);
        const after = await call(signed.server.url, `/api/events/${event.id}/roster`, { token: signed.tokens.teacher });
        expect(after.body).toMatchObject({ capacity: 10, visits: 2, marked: 2 });
        expect(
            (after.body as unknown as { people: { pass: { id: number; visitsLeft: number } | null }[] }).people[1].pass,
        ).toMatchObject({ id: bought.id, visitsLeft: 3 });

        const walkIns = await call(signed.server.url, `/api/events/${event.id}/walk-ins?q=Roster`, {
            token: signed.tokens.teacher,
        });
        expect(walkIns.body).toEqual([]);
        const someone = await buildCustomer('Walkinson');
        const found = await call(signed.server.url, `/api/events/${event.id}/walk-ins?q=walkins`, {
            token: signed.tokens.teacher,
        });
        expect(found.body).toEqual([{ id: someone.id, name: 'Test Walkinson' }]);
    });

    it('lists marks by the teacher, course and date of their class', async () => {
        const customer = await buildCustomer('Filtered');
        const mine = await buildEvent({ startsAt: '2025-06-10T06:00' });
        const borisEvent = await buildEvent({ teacherId: boris, courseId: 6, startsAt: '2025-06-10T07:00' });
        await mark(mine.id, customer.id);
        await mark(borisEvent.id, customer.id);
        const list = (filter: object) =>
            signed.clients.manager.getList('attendances', {
                filter,
                pagination: { page: 1, perPage: 50 },
                sort: { field: 'id', order: 'ASC' },
            });
        const byAnna = await list({
            customerId: customer.id,
            teacherId: anna,
            date_gte: '2025-06-10',
            date_lte: '2025-06-10',
        });
        expect(byAnna.data.map(row => row.eventId)).toEqual([mine.id]);
        expect(byAnna.total).toBe(1);
        const byCourse = await list({ customerId: customer.id, courseId: 6 });
        expect(byCourse.data.map(row => row.eventId)).toEqual([borisEvent.id]);
        const outside = await list({ customerId: customer.id, date_gte: '2025-06-11' });
        expect(outside.total).toBe(0);
        const asTeacher = await signed.clients.teacher.getList('attendances', {
            filter: { customerId: customer.id, date_gte: '2025-06-01' },
            pagination: { page: 1, perPage: 50 },
            sort: { field: 'id', order: 'ASC' },
        });
        expect(asTeacher.data.map(row => row.eventId)).toEqual([mine.id]);
    });
});
