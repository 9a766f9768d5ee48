import { describe, expect, it } from 'vitest';
import { anna, boris, timetableServer } from '../support/timetable';

/*
 * Generating the classes of a group from its weekly slots: once per slot date, leaving classes cancelled
 * or moved by hand alone, skipping the dates that would clash, and refusing bad periods and other roles.
 */

const { served, generate, eventsOf, buildGroup } = timetableServer();

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
        await served.clients.manager.update('events', {
            id: tuesday.id,
            data: { status: 'cancelled' },
            previousData: tuesday,
        });
        await served.clients.manager.update('events', {
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
        await served.clients.manager.update('events', {
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
        const { data: busyStudio } = await served.clients.manager.create('events', {
            data: {
                courseId: 8,
                teacherId: 5,
                studioId: 1,
                startsAt: '2027-04-05T09:30',
                durationMinutes: 60,
                capacity: 8,
            },
        });
        const { data: busyTeacher } = await served.clients.manager.create('events', {
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
                    teacher: 'Вера Иванова',
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
                    teacher: 'Борис Соколов',
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
        expect((await generate(group.id, '2027-03-01', '2027-03-31', served.tokens.teacher)).status).toBe(403);
        expect(await eventsOf(group.id)).toEqual([]);
    });
});
