import { addDays, daysBetween, localDateTimeAt, weekStart } from './time';

/*
 * The committed demo is made for a fixed day. A newcomer starting it weeks later would find its timetable
 * over and its links expired, so the first start over the untouched demo moves every date of it by whole
 * weeks, to this week: the classes keep their weekdays and times, the passes their lengths, the links
 * their days left. What is a person's and not the studio's calendar (a birthday) stays.
 */

const datePattern = /^\d{4}-\d{2}-\d{2}$/;
const localPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
const instantPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;

/** Fields whose dates are not the studio's: they never move. */
const fixedFields = new Set(['birthDate']);

const dayMs = 86_400_000;

/** The whole weeks from the week of `madeFor` to the week of `today` (dates); 0 or less: nothing to move. */
export const weeksToMove = (madeFor: string, today: string): number =>
    Math.floor(daysBetween(weekStart(madeFor), weekStart(today)) / 7);

const minutesOf = (local: string) => Number(local.slice(11, 13)) * 60 + Number(local.slice(14, 16));

/**
 * An instant moved by whole days as the studio's wall clock reads it: the same local time `days` later,
 * even across a change of the clocks (the hour the zone's offset changed by is put back).
 */
const movedInstant = (instant: string, days: number, timeZone: string): string => {
    const moved = Date.parse(instant) + days * dayMs;
    let drift = minutesOf(localDateTimeAt(instant, timeZone)) - minutesOf(localDateTimeAt(new Date(moved), timeZone));
    if (drift > 720) drift -= 1440;
    if (drift < -720) drift += 1440;
    const text = new Date(moved + drift * 60_000).toISOString();
    return instant.includes('.') ? text : text.replace(/\.\d{3}Z$/, 'Z');
};

const movedValue = (value: unknown, days: number, timeZone: string): unknown => {
    if (typeof value === 'string') {
        if (datePattern.test(value)) return addDays(value, days);
        if (localPattern.test(value)) return `${addDays(value.slice(0, 10), days)}${value.slice(10)}`;
        if (instantPattern.test(value)) return movedInstant(value, days, timeZone);
        return value;
    }
    if (Array.isArray(value)) return value.map(item => movedValue(item, days, timeZone));
    if (value && typeof value === 'object')
        return Object.fromEntries(
            Object.entries(value).map(([field, inner]) => [
                field,
                fixedFields.has(field) ? inner : movedValue(inner, days, timeZone),
            ]),
        );
    return value;
};

/**
 * Moves every date (`YYYY-MM-DD`), studio wall time (`YYYY-MM-DDTHH:mm`) and instant of every record of
 * `values` (collection name -> records) by `weeks` whole weeks, in place; `timeZone` is the studio's.
 */
export const moveByWeeks = (values: Record<string, unknown>, weeks: number, timeZone: string): void => {
    if (!weeks) return;
    for (const [name, records] of Object.entries(values))
        if (Array.isArray(records)) values[name] = records.map(record => movedValue(record, weeks * 7, timeZone));
};
