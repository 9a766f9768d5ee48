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

/** A record's value as both engines give it back: no empty fields, instants in one form, keys in order. */
const canonical = (value: unknown): unknown => {
    if (typeof value === 'string' && instantPattern.test(value)) return new Date(value).toISOString();
    if (Array.isArray(value)) return value.map(canonical);
    if (value && typeof value === 'object')
        return Object.fromEntries(
            Object.entries(value)
                .filter(([, inner]) => inner !== null && inner !== undefined)
                .sort(([a], [b]) => (a < b ? -1 : 1))
                .map(([field, inner]) => [field, canonical(inner)]),
        );
    return value;
};

/**
 * What the demo's records are, in a few characters: the seed notes it beside the demo it writes, and a
 * start compares it with the records it finds to tell the untouched demo (moved to this week) from a
 * database someone has used (never moved). A 32-bit FNV-1a hash of the records in a canonical form, the
 * same from db.json and from PostgreSQL.
 */
export const demoFingerprint = (collections: Record<string, readonly unknown[]>): string => {
    const text = JSON.stringify(
        Object.keys(collections)
            // An empty collection is no record: one added since the demo was made does not change it.
            .filter(name => collections[name].length > 0)
            .sort()
            .map(name => [
                name,
                [...collections[name]]
                    .map(canonical)
                    .sort((a, b) =>
                        String((a as { id?: unknown }).id).localeCompare(String((b as { id?: unknown }).id)),
                    ),
            ]),
    );
    let hash = 0x811c9dc5;
    for (let index = 0; index < text.length; index++) {
        hash ^= text.charCodeAt(index);
        hash = Math.imul(hash, 0x01000193) >>> 0;
    }
    return hash.toString(16).padStart(8, '0');
};

/** What the seed notes beside the demo, and a start adds once it has looked. */
export interface DemoNote {
    /** The day the demo was made for. */
    madeFor: string;
    /** demoFingerprint of the records the seed wrote. */
    fingerprint: string;
    /** The whole weeks a start moved it by, when it did. */
    movedBy?: number;
    /** A start found the records changed since the seed: it is never moved. */
    touched?: boolean;
}
