import { describe, expect, it } from 'vitest';
import { classTitle, expandSchedule, findClash, ownTitle, planGeneration } from '../../src/domain/timetable';
import type { Schedule, StudioEvent } from '../../src/domain/types';

const buildSchedule = (fields: Partial<Schedule> = {}): Schedule => ({
    id: 1,
    createdAt: '2026-11-01T10:00:00.000Z',
    title: 'Хатха',
    courseId: 1,
    teacherId: 3,
    studioId: 1,
    // Monday and Thursday evenings.
    slots: [
        { weekday: 1, startTime: '19:00', durationMinutes: 60 },
        { weekday: 4, startTime: '19:00', durationMinutes: 90 },
    ],
    startsOn: '2026-11-01',
    endsOn: null,
    capacity: 12,
    bookable: true,
    customerIds: [],
    active: true,
    ...fields,
});

let nextId = 100;
const buildEvent = (fields: Partial<StudioEvent> = {}): StudioEvent => ({
    id: nextId++,
    createdAt: '2026-11-01T10:00:00.000Z',
    scheduleId: null,
    title: null,
    courseId: 1,
    teacherId: 4,
    studioId: 2,
    startsAt: '2026-11-23T19:00',
    durationMinutes: 60,
    capacity: 10,
    bookable: true,
    status: 'planned',
    notes: null,
    ...fields,
});

describe('expanding a schedule', () => {
    it('gives one event per slot date, at the slot local time, inside the period and the schedule dates', () => {
        const drafts = expandSchedule(buildSchedule({ endsOn: '2026-11-26' }), '2026-11-16', '2026-11-30');
        expect(drafts.map(draft => [draft.startsAt, draft.durationMinutes])).toEqual([
            ['2026-11-16T19:00', 60],
            ['2026-11-19T19:00', 90],
            ['2026-11-23T19:00', 60],
            ['2026-11-26T19:00', 90],
        ]);
        expect(drafts[0]).toMatchObject({
            scheduleId: 1,
            teacherId: 3,
            studioId: 1,
            capacity: 12,
            status: 'planned',
            title: 'Хатха',
        });
    });

    it('keeps the wall-clock time across a daylight-saving change', () => {
        const drafts = expandSchedule(buildSchedule({ startsOn: '2026-03-01' }), '2026-03-23', '2026-04-02');
        expect(drafts.map(draft => draft.startsAt)).toEqual([
            '2026-03-23T19:00',
            '2026-03-26T19:00',
            '2026-03-30T19:00',
            '2026-04-02T19:00',
        ]);
    });

    it('gives nothing before the schedule starts', () => {
        expect(expandSchedule(buildSchedule({ startsOn: '2026-12-01' }), '2026-11-01', '2026-11-30')).toEqual([]);
    });
});

describe('clashes', () => {
    it('finds a teacher or a studio in two places at once, and only overlapping times', () => {
        const other = buildEvent({ teacherId: 3, studioId: 2, startsAt: '2026-11-23T19:30' });
        expect(findClash(buildEvent({ teacherId: 3, studioId: 1 }), [other])?.kind).toBe('teacher');
        expect(findClash(buildEvent({ teacherId: 9, studioId: 2 }), [other])?.kind).toBe('studio');
        expect(
            findClash(buildEvent({ teacherId: 3, studioId: 2, startsAt: '2026-11-23T18:30', durationMinutes: 61 }), [
                other,
            ])?.kind,
        ).toBe('teacher');
        expect(
            findClash(buildEvent({ teacherId: 3, startsAt: '2026-11-23T18:30', durationMinutes: 60 }), [
                buildEvent({ teacherId: 3, startsAt: '2026-11-23T19:30' }),
            ]),
        ).toBeUndefined();
    });

    it('ignores cancelled events and the event itself', () => {
        const cancelled = buildEvent({ teacherId: 3, status: 'cancelled' });
        expect(findClash(buildEvent({ teacherId: 3 }), [cancelled])).toBeUndefined();
        const self = buildEvent({ teacherId: 3 });
        expect(findClash({ ...self }, [self])).toBeUndefined();
    });
});

describe('planning a generation', () => {
    const schedule = buildSchedule();

    it('creates the missing slot dates and is idempotent', () => {
        const first = planGeneration(schedule, [], '2026-11-23', '2026-11-29');
        expect(first.create.map(draft => draft.startsAt)).toEqual(['2026-11-23T19:00', '2026-11-26T19:00']);
        const stored = first.create.map(draft => buildEvent(draft));
        const second = planGeneration(schedule, stored, '2026-11-23', '2026-11-29');
        expect(second.create).toEqual([]);
        expect(second.skipped.map(skip => [skip.date, skip.reason, skip.eventId])).toEqual([
            ['2026-11-23', 'exists', stored[0].id],
            ['2026-11-26', 'exists', stored[1].id],
        ]);
    });

    it('never brings back a cancelled event or duplicates one moved by hand', () => {
        const cancelled = buildEvent({
            scheduleId: 1,
            teacherId: 3,
            studioId: 1,
            startsAt: '2026-11-23T19:00',
            status: 'cancelled',
        });
        const moved = buildEvent({ scheduleId: 1, teacherId: 3, studioId: 1, startsAt: '2026-11-26T20:15' });
        const plan = planGeneration(schedule, [cancelled, moved], '2026-11-23', '2026-11-29');
        expect(plan.create).toEqual([]);
        expect(plan.skipped.map(skip => skip.eventId)).toEqual([cancelled.id, moved.id]);
    });

    it('skips a slot date that clashes, naming the clash', () => {
        const busyTeacher = buildEvent({ teacherId: 3, studioId: 3, startsAt: '2026-11-23T18:30' });
        const busyStudio = buildEvent({ teacherId: 5, studioId: 1, startsAt: '2026-11-26T20:00' });
        const plan = planGeneration(schedule, [busyTeacher, busyStudio], '2026-11-23', '2026-11-29');
        expect(plan.create).toEqual([]);
        expect(plan.skipped).toEqual([
            { date: '2026-11-23', startTime: '19:00', reason: 'teacher_clash', eventId: busyTeacher.id },
            { date: '2026-11-26', startTime: '19:00', reason: 'studio_clash', eventId: busyStudio.id },
        ]);
    });
});

describe('a class title names its course once', () => {
    it('drops a title that is only the course, or the course it starts with, and keeps the rest', () => {
        expect(ownTitle('Виньяса-флоу', 'Виньяса-флоу')).toBeNull();
        expect(ownTitle('  виньяса-флоу ', 'Виньяса-флоу')).toBeNull();
        expect(ownTitle('Виньяса-флоу · Ср/Пт 14:00', 'Виньяса-флоу')).toBe('Ср/Пт 14:00');
        expect(ownTitle('Yoga: inversions', 'Yoga')).toBe('inversions');
        expect(ownTitle('Yoga - morning', 'Yoga')).toBe('morning');
        expect(ownTitle('Ср/Пт 14:00', 'Виньяса-флоу')).toBe('Ср/Пт 14:00');
        expect(ownTitle(null, 'Виньяса-флоу')).toBeNull();
        expect(ownTitle('', 'Виньяса-флоу')).toBeNull();
    });

    it('keeps a title that only begins with the same letters as its course', () => {
        expect(ownTitle('Yoga inversions', 'Yoga')).toBe('Yoga inversions');
        expect(ownTitle('Хатха-йога', 'Хатха')).toBe('Хатха-йога');
    });

    it('shows the course, then what the title adds, never the course twice', () => {
        expect(classTitle('Виньяса-флоу', 'Виньяса-флоу · Ср/Пт 14:00')).toBe('Виньяса-флоу · Ср/Пт 14:00');
        expect(classTitle('Виньяса-флоу', 'Ср/Пт 14:00')).toBe('Виньяса-флоу · Ср/Пт 14:00');
        expect(classTitle('Виньяса-флоу', 'Виньяса-флоу')).toBe('Виньяса-флоу');
        expect(classTitle('Виньяса-флоу', null)).toBe('Виньяса-флоу');
        expect(classTitle('Yoga', 'Yoga inversions')).toBe('Yoga inversions');
        // A course not (yet) read: the title alone.
        expect(classTitle(undefined, 'Ср/Пт 14:00')).toBe('Ср/Пт 14:00');
        expect(classTitle(undefined, null)).toBe('');
    });
});
