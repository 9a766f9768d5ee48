/*
 * The demo timetable: groups whose weekly slots never put a teacher or a hall in two places at once,
 * their classes expanded by the domain's rule (src/domain/timetable.ts, as the server generates them),
 * and a few one-off workshops placed where the domain's clash rule finds teacher and hall free.
 */
import type { Locale } from '../../domain/statuses';
import { addDays, weekdayOf } from '../../domain/time';
import { expandSchedule, findClash, overlaps } from '../../domain/timetable';
import type { Course, Direction, Schedule, Slot, StoredUser, Studio, StudioEvent } from '../../domain/types';
import { COURSES, STUDIOS } from './catalogue';
import { CANCELLED_EVENT_NOTES } from './people';
import { WORKSHOPS } from './plans';
import type { Random } from './random';
import { directionKey, idOfKey, teacherFor } from './setup';
import { TEACHERS } from './staff';
import { localInstant, timeOf, type Calendar, type Sizes } from './world';

type Timed = Pick<StudioEvent, 'startsAt' | 'durationMinutes'>;
type NewEvent = Omit<StudioEvent, 'id'>;

/** A weekly slot as a class of one reference week (2024-01-01 was a Monday), so that slots compare as classes do. */
const weekly = (weekday: number, startTime: string, durationMinutes: number): Timed => ({
    startsAt: `${addDays('2024-01-01', weekday - 1)}T${startTime}`,
    durationMinutes,
});

const slotTimes = (slot: Slot): Timed => weekly(slot.weekday, slot.startTime, slot.durationMinutes);

/** Two groups whose slots overlap: nobody can be a member of both. */
export const groupsClash = (a: Schedule, b: Schedule): boolean =>
    a.slots.some(slot => b.slots.some(other => overlaps(slotTimes(slot), slotTimes(other))));

/** Weekly bookings of teachers and halls. */
class WeeklyBookings {
    private readonly taken = new Map<string, Timed[]>();

    isFree(owner: string, time: Timed): boolean {
        return !(this.taken.get(owner) ?? []).some(other => overlaps(time, other));
    }

    book(owner: string, time: Timed): void {
        this.taken.set(owner, [...(this.taken.get(owner) ?? []), time]);
    }
}

const WEEKDAY_PATTERNS: Record<number, number[][]> = {
    1: [[6], [7], [2], [4], [5]],
    2: [
        [1, 3],
        [2, 4],
        [3, 5],
        [1, 4],
        [2, 5],
        [6, 7],
    ],
    3: [
        [1, 3, 5],
        [2, 4, 6],
        [1, 3, 6],
    ],
};
const EVENING_TIMES = ['17:30', '19:00', '20:30'];
const DAYTIME_TIMES = ['08:00', '10:00', '12:00', '14:00'];
/** Weekdays in group titles ("Пн/Ср 19:00"), in the studio's language. */
const WEEKDAY_SHORT: Record<Locale, string[]> = {
    en: ['', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'],
    ru: ['', 'Пн', 'Вт', 'Ср', 'Чт', 'Пт', 'Сб', 'Вс'],
};

/** Most groups meet in the evening, after work; some in the morning or at lunchtime. */
const candidateTimes = (random: Random): string[] =>
    random.chance(0.85)
        ? [...random.shuffle(EVENING_TIMES), ...random.shuffle(DAYTIME_TIMES)]
        : [...random.shuffle(DAYTIME_TIMES), ...random.shuffle(EVENING_TIMES)];

/** Finds weekly slots (same time on every day of a pattern) free for the teacher and one of the halls. */
const findSlots = (
    random: Random,
    bookings: WeeklyBookings,
    teacherId: number,
    halls: Studio[],
    durationMinutes: number,
): { studio: Studio; slots: Slot[] } => {
    const wanted = random.weighted([
        [1, 20],
        [2, 55],
        [3, 25],
    ] as const);
    const times = candidateTimes(random);
    for (let count: number = wanted; count >= 1; count--) {
        for (const studio of random.shuffle(halls)) {
            for (const pattern of random.shuffle(WEEKDAY_PATTERNS[count])) {
                for (const time of times) {
                    const owners = [`teacher ${teacherId}`, `studio ${studio.id}`];
                    const free = pattern.every(weekday =>
                        owners.every(owner => bookings.isFree(owner, weekly(weekday, time, durationMinutes))),
                    );
                    if (!free) continue;
                    for (const weekday of pattern)
                        for (const owner of owners) bookings.book(owner, weekly(weekday, time, durationMinutes));
                    return { studio, slots: pattern.map(weekday => ({ weekday, startTime: time, durationMinutes })) };
                }
            }
        }
    }
    throw new Error(`no free slot for teacher ${teacherId}`);
};

/** Groups, with the size each should be filled to. Branch b uses its own teachers and halls. */
export const makeSchedules = (
    world: { random: Random; calendar: Calendar; sizes: Sizes; locale: Locale },
    users: StoredUser[],
    studios: Studio[],
    courses: Course[],
    directions: Direction[],
): { schedules: Schedule[]; groupSizes: Map<number, number> } => {
    const { random, calendar, sizes, locale } = world;
    const bookings = new WeeklyBookings();
    const schedules: Schedule[] = [];
    const groupSizes = new Map<number, number>();
    const perBranch = Math.ceil(sizes.schedules / sizes.branches);
    for (let index = 0; index < sizes.schedules; index++) {
        const branch = Math.floor(index / perBranch);
        // Every course gets a group; the first ones (the most popular) get two.
        const course = courses[(index % perBranch) % courses.length];
        const direction = directions.find(candidate => candidate.id === course.directionId) as Direction;
        const teacher = teacherFor(users, branch, directionKey(direction));
        const size = random.int(6, 15);
        const halls = studios
            .slice(branch * STUDIOS.length, (branch + 1) * STUDIOS.length)
            .filter(hall => hall.capacity >= size);
        const { studio, slots } = findSlots(random, bookings, teacher.id, halls, course.durationMinutes);
        const startsOn = addDays(calendar.today, -84 - random.int(0, 14));
        const id = schedules.length + 1;
        groupSizes.set(id, size);
        schedules.push({
            id,
            // What tells the course's groups apart: the screens show the course beside it (classTitle).
            title: `${slots.map(slot => WEEKDAY_SHORT[locale][slot.weekday]).join('/')} ${slots[0].startTime}`,
            courseId: course.id,
            teacherId: teacher.id,
            studioId: studio.id,
            slots,
            startsOn,
            // Some groups run for a season; their end is still after the two weeks of planned events.
            endsOn: random.chance(0.3) ? addDays(calendar.today, 7 * random.int(4, 16)) : null,
            capacity: Math.min(studio.capacity, size + random.int(2, 6)),
            bookable: true,
            customerIds: [],
            active: true,
            createdAt: localInstant(calendar, addDays(startsOn, -random.int(3, 10)), '11:00'),
        });
    }
    return { schedules, groupSizes };
};

/**
 * A group's classes from the first to the last day, as generating them makes them; past ones done (a few
 * cancelled), the rest planned. Staff generate the timetable two weeks ahead.
 */
export const groupClasses = (random: Random, calendar: Calendar, schedule: Schedule): NewEvent[] =>
    expandSchedule(schedule, calendar.firstDay, calendar.lastDay).map(draft => {
        const date = draft.startsAt.slice(0, 10);
        const past = date < calendar.today;
        const cancelled = past && random.chance(0.03);
        return {
            ...draft,
            status: cancelled ? 'cancelled' : past ? 'done' : 'planned',
            notes: cancelled ? random.pick(CANCELLED_EVENT_NOTES) : null,
            createdAt: localInstant(calendar, addDays(date, -14), '09:00'),
        };
    });

const saturdayOnOrAfter = (date: string): string => addDays(date, (6 - weekdayOf(date) + 7) % 7);

/** One-off workshops of the first branch, on weekend afternoons where teacher and hall are free. */
export const placeWorkshops = (
    calendar: Calendar,
    events: NewEvent[],
    catalogue: { courses: Course[]; directions: Direction[]; users: StoredUser[]; studios: Studio[] },
    locale: Locale,
): NewEvent[] => {
    const { courses, directions, users, studios } = catalogue;
    const placed: NewEvent[] = [];
    const nextSaturday = saturdayOnOrAfter(addDays(calendar.today, 1));
    const dates = {
        past: saturdayOnOrAfter(addDays(calendar.today, -28)),
        next_saturday: nextSaturday,
        next_sunday: addDays(nextSaturday, 1),
    };
    const durationMinutes = 120;
    for (const workshop of WORKSHOPS) {
        const course = courses[idOfKey(COURSES, workshop.course) - 1];
        const direction = directions.find(candidate => candidate.id === course.directionId) as Direction;
        const teachers = [
            teacherFor(users, 0, directionKey(direction)),
            ...users.filter(user => user.role === 'teacher').slice(0, TEACHERS.length),
        ];
        const date = dates[workshop.when];
        const sameDay = [...events, ...placed].filter(other => other.startsAt.startsWith(date));
        const status = date < calendar.today ? ('done' as const) : ('planned' as const);
        const candidates = teachers.flatMap(teacher =>
            studios.slice(0, STUDIOS.length).flatMap(studio =>
                Array.from({ length: 13 }, (_, step) => ({
                    teacherId: teacher.id,
                    studioId: studio.id,
                    capacity: studio.capacity,
                    startsAt: `${date}T${timeOf(12 * 60 + step * 30)}`,
                    durationMinutes,
                    status,
                })),
            ),
        );
        const choice = candidates.find(candidate => !findClash(candidate, sameDay));
        if (!choice) throw new Error(`no free hall for workshop ${workshop.title.en}`);
        placed.push({
            scheduleId: null,
            title: workshop.title[locale],
            courseId: course.id,
            teacherId: choice.teacherId,
            studioId: choice.studioId,
            startsAt: choice.startsAt,
            durationMinutes,
            capacity: choice.capacity,
            bookable: true,
            status,
            notes: null,
            slotAt: null,
            createdAt: localInstant(calendar, addDays(date, -21), '12:00'),
        });
    }
    return placed;
};

/** Ids follow the timetable's order, as if the events had been created in it. */
export const numberEvents = (events: NewEvent[]): StudioEvent[] =>
    [...events]
        .sort((a, b) => (a.startsAt === b.startsAt ? a.studioId - b.studioId : a.startsAt < b.startsAt ? -1 : 1))
        .map((event, index) => ({ id: index + 1, ...event }));
