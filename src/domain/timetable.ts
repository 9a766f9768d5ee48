import { addDays, datesBetween, weekdayOf } from './time';
import type { Identifier, Schedule, Slot, StudioEvent } from './types';

/*
 * The timetable's rules. Events live on the studio's wall clock (`YYYY-MM-DDTHH:mm` in configs.timezone),
 * so a weekly slot expands into local dates and times without any time-zone arithmetic: 19:00 on a
 * Monday stays 19:00 across a daylight-saving change.
 */

type EventDraft = Omit<StudioEvent, 'id' | 'createdAt'>;
type Placed = Pick<StudioEvent, 'teacherId' | 'studioId' | 'startsAt' | 'durationMinutes' | 'status'> & {
    id?: Identifier;
};

/** Minutes since the epoch of a wall-clock date-time: only ever compared with others of the same studio. */
const minutesOf = (startsAt: string) => Date.parse(`${startsAt}:00Z`) / 60_000;

const endsAt = (event: Pick<StudioEvent, 'startsAt' | 'durationMinutes'>) =>
    minutesOf(event.startsAt) + event.durationMinutes;

export const overlaps = (
    a: Pick<StudioEvent, 'startsAt' | 'durationMinutes'>,
    b: Pick<StudioEvent, 'startsAt' | 'durationMinutes'>,
) => minutesOf(a.startsAt) < endsAt(b) && minutesOf(b.startsAt) < endsAt(a);

interface Clash<E extends Placed = Placed> {
    kind: 'teacher' | 'studio';
    event: E;
}

/**
 * The first event that would put the candidate's teacher or studio in two places at once. Cancelled
 * events take no room; an event never clashes with itself (`id`).
 */
export const findClash = <E extends Placed>(candidate: Placed, events: E[]): Clash<E> | undefined => {
    if (candidate.status === 'cancelled') return undefined;
    for (const event of events) {
        if (event.status === 'cancelled' || (candidate.id !== undefined && event.id === candidate.id)) continue;
        if (!overlaps(candidate, event)) continue;
        if (event.teacherId === candidate.teacherId) return { kind: 'teacher', event };
        if (event.studioId === candidate.studioId) return { kind: 'studio', event };
    }
    return undefined;
};

/** Between a course's name and what a class's own title adds to it. */
const TITLE_SEPARATOR = ' · ';

/** A separator after a leading course name: "Йога · Пн 19:00", "Йога: партер", "Йога - утро" (not "Йога-нидра"). */
const afterCourse = /^\s*[·:,;|/]\s*|^\s+[–—-]\s+/;

/**
 * What a class's (or a group's) title adds to its course: nothing when it is the course's name, the rest
 * when it starts with the name and a separator ("Виньяса-флоу · Ср/Пт 14:00" of Виньяса-флоу is
 * "Ср/Пт 14:00"), else the whole title ("Yoga inversions" of Yoga stays a name of its own).
 */
export const ownTitle = (title: string | null | undefined, courseName: string | undefined): string | null => {
    const whole = title?.trim() ?? '';
    const course = courseName?.trim() ?? '';
    if (!course || !whole.toLocaleLowerCase().startsWith(course.toLocaleLowerCase())) return whole || null;
    const rest = whole.slice(course.length);
    if (rest === '') return null;
    return afterCourse.test(rest) ? rest.replace(afterCourse, '') || null : whole;
};

/**
 * A class's name with its course said once: the course alone, the course and the title's own words, or
 * a title that already starts with the course's name as it is.
 */
export const classTitle = (courseName: string | undefined, title: string | null | undefined): string => {
    const own = ownTitle(title, courseName);
    const course = courseName?.trim() ?? '';
    if (!own) return course;
    if (!course || own.toLocaleLowerCase().startsWith(course.toLocaleLowerCase())) return own;
    return `${course}${TITLE_SEPARATOR}${own}`;
};

/** The schedule's slot dates from `from` to `to` (both included), clipped to the schedule's own dates. */
export const expandSchedule = (
    schedule: Pick<
        Schedule,
        | 'id'
        | 'title'
        | 'courseId'
        | 'teacherId'
        | 'studioId'
        | 'slots'
        | 'startsOn'
        | 'endsOn'
        | 'capacity'
        | 'bookable'
    >,
    from: string,
    to: string,
): EventDraft[] => {
    const first = from > schedule.startsOn ? from : schedule.startsOn;
    const last = schedule.endsOn && schedule.endsOn < to ? schedule.endsOn : to;
    if (first > last) return [];
    return datesBetween(first, last).flatMap(date =>
        slotsOn(schedule.slots, date).map(slot => ({
            scheduleId: schedule.id,
            title: schedule.title ?? null,
            courseId: schedule.courseId,
            teacherId: schedule.teacherId,
            studioId: schedule.studioId,
            startsAt: `${date}T${slot.startTime}`,
            durationMinutes: slot.durationMinutes,
            capacity: schedule.capacity,
            bookable: schedule.bookable,
            status: 'planned' as const,
            notes: null,
            slotAt: `${date}T${slot.startTime}`,
        })),
    );
};

const slotsOn = (slots: Slot[], date: string) =>
    slots.filter(slot => slot.weekday === weekdayOf(date)).sort((a, b) => a.startTime.localeCompare(b.startTime));

type SkipReason = 'exists' | 'teacher_clash' | 'studio_clash';

export interface Skipped {
    date: string;
    startTime: string;
    reason: SkipReason;
    /** The event already there, or the one it clashes with. */
    eventId?: Identifier;
}

interface Generation {
    create: EventDraft[];
    skipped: Skipped[];
}

/**
 * Which events generating a schedule for a period adds. A generated event remembers the slot it was made
 * for (`slotAt`), so the slot keeps its event wherever and whenever it was moved, or if it was cancelled:
 * generating never duplicates it or brings it back. Events of the group without `slotAt` (older data,
 * classes added by hand) stand for a slot of their date: the one at the same time, or, failing that, any
 * left over after matching times. The rest are refused when they clash with an event of another group
 * (or with one generated just before).
 */
export const planGeneration = (
    schedule: Parameters<typeof expandSchedule>[0],
    events: StudioEvent[],
    from: string,
    to: string,
): Generation => {
    const drafts = expandSchedule(schedule, from, to);
    const present = new Map<string, Identifier>();
    events.forEach(event => event.scheduleId === schedule.id && event.slotAt && present.set(event.slotAt, event.id));
    const own = events.filter(
        event =>
            event.scheduleId === schedule.id &&
            !event.slotAt &&
            event.startsAt >= from &&
            event.startsAt < addDays(to, 1),
    );
    const byDate = new Map<string, EventDraft[]>();
    drafts
        .filter(draft => !present.has(draft.startsAt))
        .forEach(draft =>
            byDate.set(draft.startsAt.slice(0, 10), [...(byDate.get(draft.startsAt.slice(0, 10)) ?? []), draft]),
        );
    byDate.forEach((dateDrafts, date) => {
        const left = own.filter(event => event.startsAt.startsWith(date));
        const unmatched = dateDrafts.filter(draft => {
            const same = left.findIndex(event => event.startsAt === draft.startsAt);
            if (same < 0) return true;
            present.set(draft.startsAt, left.splice(same, 1)[0].id);
            return false;
        });
        unmatched.forEach(draft => {
            const moved = left.shift();
            if (moved) present.set(draft.startsAt, moved.id);
        });
    });

    const result: Generation = { create: [], skipped: [] };
    for (const draft of drafts) {
        const [date, startTime] = draft.startsAt.split('T');
        const existing = present.get(draft.startsAt);
        if (existing !== undefined) {
            result.skipped.push({ date, startTime, reason: 'exists', eventId: existing });
            continue;
        }
        const clash = findClash<Placed>(draft, [...events, ...result.create]);
        if (clash) {
            result.skipped.push({
                date,
                startTime,
                reason: clash.kind === 'teacher' ? 'teacher_clash' : 'studio_clash',
                eventId: clash.event.id,
            });
            continue;
        }
        result.create.push(draft);
    }
    return result;
};
