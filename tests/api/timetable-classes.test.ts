import { describe, expect, it } from 'vitest';
import type { RaRecord } from 'ra-core';
import { call } from '../support/server';
import { anna, boris, timetableServer } from '../support/timetable';

/*
 * Classes written one by one: a clash of teacher or studio is refused with 409 naming it. And what the
 * classes lead to: a teacher's pay and the attendance journal of a group, and who may see them.
 */

const { served, generate, eventsOf, buildGroup } = timetableServer();

describe('clashes of plain writes', () => {
    it('refuses to create or move an event into a clash with 409 naming it', async () => {
        const { data: first } = await served.clients.manager.create('events', {
            data: {
                courseId: 1,
                teacherId: anna,
                studioId: 3,
                startsAt: '2027-07-01T10:00',
                durationMinutes: 60,
                capacity: 8,
            },
        });
        const created = await call(served.server.url, '/api/events', {
            method: 'POST',
            token: served.tokens.manager,
            json: {
                courseId: 2,
                teacherId: anna,
                studioId: 2,
                startsAt: '2027-07-01T10:30',
                durationMinutes: 60,
                capacity: 8,
            },
        });
        expect(created.status).toBe(409);
        expect(created.body.message).toMatch(/Анна Петрова is busy .* class \d+/);
        expect(created.body.errors).toEqual({ teacherId: 'app.validation.teacher_clash' });

        const { data: other } = await served.clients.manager.create('events', {
            data: {
                courseId: 6,
                teacherId: boris,
                studioId: 3,
                startsAt: '2027-07-01T12:00',
                durationMinutes: 60,
                capacity: 8,
            },
        });
        const moved = await call(served.server.url, `/api/events/${other.id}`, {
            method: 'PUT',
            token: served.tokens.manager,
            json: { startsAt: '2027-07-01T10:15' },
        });
        expect(moved.status).toBe(409);
        expect(moved.body).toMatchObject({
            errors: { studioId: 'app.validation.studio_clash' },
            clash: { kind: 'studio', eventId: first.id },
        });
        const cancelledThenMoved = await call(served.server.url, `/api/events/${other.id}`, {
            method: 'PUT',
            token: served.tokens.manager,
            json: { startsAt: '2027-07-01T10:15', status: 'cancelled' },
        });
        expect(cancelledThenMoved.status).toBe(200);
    });
});

describe('teacher pay and the journal', () => {
    const mark = (eventId: unknown, customerId: number, status: string) =>
        served.clients.manager.create('attendances', { data: { eventId, customerId, status } });

    it('pays Anna per charging attendee, nothing for a cancelled class, and lists the attendees', async () => {
        // August 2025: a past month, so that its classes may be marked.
        const group = await buildGroup({
            studioId: 3,
            slots: [{ weekday: 4, startTime: '07:00', durationMinutes: 60 }],
            startsOn: '2025-08-01',
            customerIds: [5, 6, 7],
        });
        await generate(group.id, '2025-08-01', '2025-08-31');
        const [one, two, three] = await eventsOf(group.id);
        await mark(one.id, 5, 'attended');
        await mark(one.id, 6, 'excused');
        await mark(one.id, 7, 'missed');
        await mark(two.id, 5, 'late');
        await mark(three.id, 6, 'attended');
        await served.clients.manager.update('events', {
            id: three.id,
            data: { status: 'cancelled' },
            previousData: three,
        });

        const answer = await call(served.server.url, `/api/teachers/${anna}/pay?from=2025-08-01&to=2025-08-31`, {
            token: served.tokens.teacher,
        });
        expect(answer.status).toBe(200);
        const body = answer.body as unknown as {
            total: number;
            events: { event: RaRecord; visits: number; pay: number; attendees: { status: string }[] }[];
        };
        const rows = body.events.filter(row => row.event.scheduleId === group.id);
        // Anna is paid 300 per attendee in the demo data.
        expect(rows.map(row => [row.visits, row.pay, row.attendees.length])).toEqual([
            [2, 600, 3],
            [1, 300, 1],
            [1, 0, 1],
            [0, 0, 0],
        ]);
        expect(body.total).toBe(900);

        const journal = await call(served.server.url, `/api/reports/attendances/${group.id}?month=2025-08`, {
            token: served.tokens.manager,
        });
        expect(journal.status).toBe(200);
        const {
            columns,
            rows: people,
            visits,
        } = journal.body as unknown as {
            columns: { eventId: number; visits: number }[];
            rows: { customerId: number; marks: Record<string, string>; visits: number }[];
            visits: number;
        };
        expect(columns.map(column => column.visits)).toEqual([2, 1, 1, 0]);
        expect(people.find(row => row.customerId === 5)).toMatchObject({
            visits: 2,
            marks: { [one.id]: 'attended', [two.id]: 'late' },
        });
        expect(people.find(row => row.customerId === 6)).toMatchObject({
            visits: 1,
            marks: { [one.id]: 'excused', [three.id]: 'attended' },
        });
        expect(visits).toBe(4);
    });

    it('keeps a teacher to their own pay and away from the journal', async () => {
        expect(
            (
                await call(served.server.url, `/api/teachers/${boris}/pay?from=2025-08-01&to=2025-08-31`, {
                    token: served.tokens.teacher,
                })
            ).status,
        ).toBe(403);
        expect(
            (
                await call(served.server.url, `/api/teachers/${boris}/pay?from=2025-08-01&to=2025-08-31`, {
                    token: served.tokens.manager,
                })
            ).status,
        ).toBe(200);
        expect(
            (
                await call(served.server.url, `/api/teachers/${anna}/pay?from=2025-08-31&to=2025-08-01`, {
                    token: served.tokens.teacher,
                })
            ).status,
        ).toBe(400);
        expect(
            (
                await call(served.server.url, '/api/reports/attendances/1?month=2026-11', {
                    token: served.tokens.teacher,
                })
            ).status,
        ).toBe(403);
        expect(
            (
                await call(served.server.url, '/api/reports/attendances/1?month=2026-13', {
                    token: served.tokens.manager,
                })
            ).status,
        ).toBe(400);
    });
});
