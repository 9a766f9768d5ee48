import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataProvider, RaRecord } from 'ra-core';
import { call, login, removeDir, restClient, startServer, type RunningServer } from '../support/server';

let server: RunningServer;
let manager: DataProvider;
let managerToken: string;
let teacherToken: string;

const anna = 3;
const boris = 4;

beforeAll(async () => {
    server = await startServer();
    managerToken = await login(server.url, 'manager');
    teacherToken = await login(server.url, 'teacher');
    manager = restClient(server.url, managerToken);
});

afterAll(async () => {
    await server.stop();
    removeDir(server.dir);
});

interface Generated {
    created: number;
    events: RaRecord[];
    skipped: { date: string; startTime: string; reason: string; eventId?: number; params: Record<string, string> }[];
}

const generate = async (scheduleId: unknown, from: string, to: string, token = managerToken) => {
    const answer = await call(server.url, `/api/schedules/${scheduleId}/generate`, {
        method: 'POST',
        token,
        json: { from, to },
    });
    return { status: answer.status, body: answer.body as unknown as Generated };
};

const eventsOf = async (scheduleId: unknown) =>
    (
        await manager.getList('events', {
            filter: { scheduleId },
            pagination: { page: 1, perPage: 100 },
            sort: { field: 'startsAt', order: 'ASC' },
        })
    ).data;

/** A group of Anna's in studio 2 on Monday and Wednesday mornings from March 2027, when the demo timetable is quiet. */
const buildGroup = async (fields: Record<string, unknown> = {}) =>
    (
        await manager.create('schedules', {
            data: {
                title: 'Morning yoga',
                courseId: 1,
                teacherId: anna,
                studioId: 2,
                slots: [
                    { weekday: 1, startTime: '10:00', durationMinutes: 60 },
                    { weekday: 3, startTime: '10:00', durationMinutes: 60 },
                ],
                startsOn: '2027-03-01',
                capacity: 10,
                customerIds: [1, 2],
                ...fields,
            },
        })
    ).data;

describe('generating events from a schedule', () => {
    it('creates one event per slot date and nothing more the second time', async () => {
        const group = await buildGroup();
        const first = await generate(group.id, '2027-03-01', '2027-03-31');
        expect(first.status).toBe(200);
        expect(first.body.created).toBe(10);
        expect(first.body.skipped).toEqual([]);
        const events = await eventsOf(group.id);
        expect(events.map(event => event.startsAt)).toEqual([
            '2027-03-01T10:00',
            '2027-03-03T10:00',
            '2027-03-08T10:00',
            '2027-03-10T10:00',
            '2027-03-15T10:00',
            '2027-03-17T10:00',
            '2027-03-22T10:00',
            '2027-03-24T10:00',
            '2027-03-29T10:00',
            '2027-03-31T10:00',
        ]);
        expect(events[0]).toMatchObject({
            teacherId: anna,
            studioId: 2,
            courseId: 1,
            capacity: 10,
            status: 'planned',
            durationMinutes: 60,
        });

        const second = await generate(group.id, '2027-03-01', '2027-03-31');
        expect(second.body.created).toBe(0);
        expect(second.body.skipped.map(skip => skip.reason)).toEqual(Array(10).fill('exists'));
        expect(await eventsOf(group.id)).toHaveLength(10);
    });

    it('leaves events cancelled or moved by hand alone', async () => {
        const group = await buildGroup({
            studioId: 3,
            slots: [{ weekday: 2, startTime: '11:00', durationMinutes: 45 }],
        });
        await generate(group.id, '2027-03-01', '2027-03-14');
        const [tuesday, nextTuesday] = await eventsOf(group.id);
        await manager.update('events', { id: tuesday.id, data: { status: 'cancelled' }, previousData: tuesday });
        await manager.update('events', {
            id: nextTuesday.id,
            data: { startsAt: '2027-03-09T12:30' },
            previousData: nextTuesday,
        });
        const again = await generate(group.id, '2027-03-01', '2027-03-14');
        expect(again.body.created).toBe(0);
        const events = await eventsOf(group.id);
        expect(events.map(event => [event.startsAt, event.status])).toEqual([
            ['2027-03-02T11:00', 'cancelled'],
            ['2027-03-09T12:30', 'planned'],
        ]);
    });

    it('remembers the slot of a class moved to another date, so generating again does not bring it back', async () => {
        const group = await buildGroup({
            studioId: 3,
            slots: [{ weekday: 4, startTime: '15:00', durationMinutes: 45 }],
        });
        await generate(group.id, '2027-05-03', '2027-05-09');
        const [thursday] = await eventsOf(group.id);
        expect(thursday.startsAt).toBe('2027-05-06T15:00');
        await manager.update('events', {
            id: thursday.id,
            data: { startsAt: '2027-05-11T15:00', slotAt: '2027-05-11T15:00' },
            previousData: thursday,
        });
        const again = await generate(group.id, '2027-05-03', '2027-05-16');
        expect(again.body.created).toBe(1);
        expect(again.body.skipped).toEqual([
            expect.objectContaining({ date: '2027-05-06', reason: 'exists', eventId: thursday.id }),
        ]);
        expect((await eventsOf(group.id)).map(event => event.startsAt)).toEqual([
            '2027-05-11T15:00',
            '2027-05-13T15:00',
        ]);
    });

    it('skips a slot date that would put the teacher or the studio in two places, naming the clash', async () => {
        const group = await buildGroup({
            teacherId: boris,
            courseId: 6,
            studioId: 1,
            slots: [{ weekday: 1, startTime: '09:00', durationMinutes: 60 }],
        });
        const { data: busyStudio } = await manager.create('events', {
            data: {
                courseId: 8,
                teacherId: 5,
                studioId: 1,
                startsAt: '2027-04-05T09:30',
                durationMinutes: 60,
                capacity: 8,
            },
        });
        const { data: busyTeacher } = await manager.create('events', {
            data: {
                courseId: 6,
                teacherId: boris,
                studioId: 2,
                startsAt: '2027-04-12T08:30',
                durationMinutes: 60,
                capacity: 8,
            },
        });
        const result = await generate(group.id, '2027-04-05', '2027-04-19');
        expect(result.body.created).toBe(1);
        expect(result.body.skipped).toEqual([
            {
                date: '2027-04-05',
                startTime: '09:00',
                reason: 'studio_clash',
                eventId: busyStudio.id,
                params: {
                    date: '2027-04-05',
                    time: '09:30',
                    teacher: 'Vera Ivanova',
                    course: 'Пилатес на ковриках',
                    studio: 'Большой зал',
                },
            },
            {
                date: '2027-04-12',
                startTime: '09:00',
                reason: 'teacher_clash',
                eventId: busyTeacher.id,
                params: {
                    date: '2027-04-12',
                    time: '08:30',
                    teacher: 'Boris Sokolov',
                    course: 'Хип-хоп: основы',
                    studio: 'Зеркальный зал',
                },
            },
        ]);
    });

    it('refuses a bad period and other roles', async () => {
        const group = await buildGroup({
            studioId: 3,
            slots: [{ weekday: 5, startTime: '06:00', durationMinutes: 30 }],
        });
        expect((await generate(group.id, '2027-03-10', '2027-03-01')).status).toBe(400);
        expect((await generate(group.id, '2027-01-01', '2028-12-31')).status).toBe(400);
        expect((await generate(999_999, '2027-03-01', '2027-03-02')).status).toBe(404);
        expect((await generate(group.id, '2027-03-01', '2027-03-31', teacherToken)).status).toBe(403);
        expect(await eventsOf(group.id)).toEqual([]);
    });
});

describe('clashes of plain writes', () => {
    it('refuses to create or move an event into a clash with 409 naming it', async () => {
        const { data: first } = await manager.create('events', {
            data: {
                courseId: 1,
                teacherId: anna,
                studioId: 3,
                startsAt: '2027-07-01T10:00',
                durationMinutes: 60,
                capacity: 8,
            },
        });
        const created = await call(server.url, '/api/events', {
            method: 'POST',
            token: managerToken,
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
        expect(created.body.message).toMatch(/Anna Petrova is busy .* class \d+/);
        expect(created.body.errors).toEqual({ teacherId: 'app.validation.teacher_clash' });

        const { data: other } = await manager.create('events', {
            data: {
                courseId: 6,
                teacherId: boris,
                studioId: 3,
                startsAt: '2027-07-01T12:00',
                durationMinutes: 60,
                capacity: 8,
            },
        });
        const moved = await call(server.url, `/api/events/${other.id}`, {
            method: 'PUT',
            token: managerToken,
            json: { startsAt: '2027-07-01T10:15' },
        });
        expect(moved.status).toBe(409);
        expect(moved.body).toMatchObject({
            errors: { studioId: 'app.validation.studio_clash' },
            clash: { kind: 'studio', eventId: first.id },
        });
        const cancelledThenMoved = await call(server.url, `/api/events/${other.id}`, {
            method: 'PUT',
            token: managerToken,
            json: { startsAt: '2027-07-01T10:15', status: 'cancelled' },
        });
        expect(cancelledThenMoved.status).toBe(200);
    });
});

describe('teacher pay and the journal', () => {
    const mark = (eventId: unknown, customerId: number, status: string) =>
        manager.create('attendances', { data: { eventId, customerId, status } });

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
        await manager.update('events', { id: three.id, data: { status: 'cancelled' }, previousData: three });

        const answer = await call(server.url, `/api/teachers/${anna}/pay?from=2025-08-01&to=2025-08-31`, {
            token: teacherToken,
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

        const journal = await call(server.url, `/api/reports/attendances/${group.id}?month=2025-08`, {
            token: managerToken,
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
                await call(server.url, `/api/teachers/${boris}/pay?from=2025-08-01&to=2025-08-31`, {
                    token: teacherToken,
                })
            ).status,
        ).toBe(403);
        expect(
            (
                await call(server.url, `/api/teachers/${boris}/pay?from=2025-08-01&to=2025-08-31`, {
                    token: managerToken,
                })
            ).status,
        ).toBe(200);
        expect(
            (await call(server.url, `/api/teachers/${anna}/pay?from=2025-08-31&to=2025-08-01`, { token: teacherToken }))
                .status,
        ).toBe(400);
        expect(
            (await call(server.url, '/api/reports/attendances/1?month=2026-11', { token: teacherToken })).status,
        ).toBe(403);
        expect(
            (await call(server.url, '/api/reports/attendances/1?month=2026-13', { token: managerToken })).status,
        ).toBe(400);
    });
});
