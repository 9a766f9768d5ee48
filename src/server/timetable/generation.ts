import type { GenerationAnswer, GenerationForAllAnswer, GroupGeneration, SkippedAnswer } from '../../domain/api';
import { addDays } from '../../domain/time';
import { classTitle, planGeneration, type Skipped } from '../../domain/timetable';
import type { Identifier, Schedule, StudioEvent } from '../../domain/types';
import { notFound } from '../http/errors';
import { bookMembers } from '../bookings';
import { startsWithin, type Reader, type Transaction } from '../storage/types';

/*
 * Generating a group's classes from its weekly slots for a period, or every active group's at once,
 * each slot skipped with its reason when the teacher or the studio is taken (rules in src/domain/timetable.ts).
 */

/**
 * Names for the reasons of skipped slots, so that the app can say "Anna Petrova teaches Hatha Yoga at
 * 19:00 in Hall A" in the user's language: the class in the way, or the group's own slot when it exists.
 */
const wordedSkips = async (
    reader: Reader,
    skipped: Skipped[],
    events: Pick<StudioEvent, 'id' | 'teacherId' | 'courseId' | 'studioId' | 'startsAt'>[],
): Promise<SkippedAnswer[]> => {
    const byId = new Map(events.map(event => [event.id, event]));
    const shown = skipped.map(skip => (skip.eventId === undefined ? undefined : byId.get(skip.eventId)));
    const ids = (field: 'teacherId' | 'courseId' | 'studioId') => [
        ...new Set(shown.flatMap(event => (event ? [event[field]] : []))),
    ];
    const [teachers, courses, studios] = await Promise.all([
        reader.getMany('users', ids('teacherId')),
        reader.getMany('courses', ids('courseId')),
        reader.getMany('studios', ids('studioId')),
    ]);
    const nameOf = (records: { id: Identifier; name: string }[], id: Identifier | undefined) =>
        records.find(record => record.id === id)?.name ?? (id === undefined ? '' : `#${id}`);
    return skipped.map((skip, index) => {
        const event = shown[index];
        return {
            ...skip,
            params: {
                date: (event?.startsAt ?? skip.date).slice(0, 10),
                time: event?.startsAt.slice(11, 16) ?? skip.startTime,
                teacher: nameOf(teachers, event?.teacherId),
                course: nameOf(courses, event?.courseId),
                studio: nameOf(studios, event?.studioId),
            },
        };
    });
};

type GeneratedGroup = GroupGeneration & { events: StudioEvent[] };

/**
 * Generates one group's classes for a period inside a transaction. A clash needs an event near the period,
 * and no class lasts a day, so one from the day before or after is enough; the group's own events hold
 * its slots whatever their dates. Classes generated for a group just before are seen by the next.
 */
export const generateGroup = async (
    tx: Transaction,
    schedule: Schedule,
    from: string,
    to: string,
    bookedBy: Identifier,
    now: Date,
): Promise<GeneratedGroup> => {
    const own = await tx.select('events', { scheduleId: schedule.id });
    const near = await tx.select('events', startsWithin(addDays(from, -1), addDays(to, 1)));
    // In id order, as planning expects: the first clash found is the one named.
    const events = [...new Map([...own, ...near].map(event => [event.id, event])).values()].sort((a, b) => a.id - b.id);
    const plan = planGeneration(schedule, events, from, to);
    const created: StudioEvent[] = [];
    for (const draft of plan.create) created.push(await tx.insert('events', draft));
    // The group's members hold a seat in each class made.
    await bookMembers(tx, created, schedule.customerIds, bookedBy, now);
    return {
        scheduleId: schedule.id,
        title: classTitle((await tx.get('courses', schedule.courseId))?.name, schedule.title) || null,
        created: created.length,
        events: created,
        skipped: await wordedSkips(tx, plan.skipped, [...events, ...created]),
    };
};

/** Generates one group's classes for a period, in the caller's transaction. */
export const generateForGroup = async (
    tx: Transaction,
    scheduleId: Identifier,
    period: { from: string; to: string },
    bookedBy: Identifier,
    now: Date,
): Promise<GenerationAnswer> => {
    const schedule = await tx.get('schedules', scheduleId);
    if (!schedule) throw notFound(`schedules ${scheduleId} does not exist`);
    const { created, events, skipped } = await generateGroup(tx, schedule, period.from, period.to, bookedBy, now);
    return { created, events, skipped };
};

/** Generates every active group's classes for a period, in one transaction: the whole period, or nothing. */
export const generateForAll = async (
    tx: Transaction,
    { from, to }: { from: string; to: string },
    bookedBy: Identifier,
    now: Date,
): Promise<GenerationForAllAnswer> => {
    const schedules = (await tx.select('schedules', { active: true })).sort((a, b) => a.id - b.id);
    const groups: GroupGeneration[] = [];
    for (const schedule of schedules) {
        const { events: _events, ...group } = await generateGroup(tx, schedule, from, to, bookedBy, now);
        groups.push(group);
    }
    return { from, to, created: groups.reduce((sum, group) => sum + group.created, 0), groups };
};
