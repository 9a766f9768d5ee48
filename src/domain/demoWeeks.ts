import { addMonthsOn, nextPeriodEnd } from './memberships';
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

type Row = Record<string, unknown> & { id: unknown };

/**
 * Whole weeks keep no day of the month: a membership moved by them would no longer run a calendar
 * month per period. What is ahead keeps its moved time (the next charge, its notice, the tries after a
 * decline, the held pass's first day: the demo's story stays as far from today as it was), so each
 * membership takes the moved end of its current period as the day its periods start on (anchorDay);
 * the current period begins a calendar month before it, and the held pass runs a calendar month from
 * it. Periods already paid keep their days, moved by the weeks.
 */
const realignMemberships = (values: Record<string, unknown>, days: number, timeZone: string): void => {
    const rows = (name: string) => (Array.isArray(values[name]) ? (values[name] as Row[]) : []);
    // A charge notice's key names the charge's time: it moves with the charge.
    for (const message of rows('messages')) {
        const [, head, at] = /^(charge_notice:\d+:)(.+)$/.exec(String(message.dedupeKey)) ?? [];
        if (head) message.dedupeKey = `${head}${String(movedValue(at, days, timeZone))}`;
    }
    // So does a charge's key its period's first day.
    for (const charge of rows('charges')) {
        const [, head, day, tail] = /^(.+-m\d+-)(\d{8})(-\d+)$/.exec(String(charge.key)) ?? [];
        const date = day && `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6)}`;
        if (date) charge.key = `${head}${addDays(date, days).replaceAll('-', '')}${tail}`;
    }
    const passes = new Map(rows('passes').map(row => [row.id, row]));
    for (const membership of rows('memberships')) {
        const periodEnd = membership.periodEnd as string;
        const anchorDay = Number(periodEnd.slice(8, 10));
        const periodStart = addMonthsOn(periodEnd, -1, anchorDay);
        const oldStart = membership.periodStart as string;
        Object.assign(membership, { anchorDay, periodStart });
        const current = passes.get(membership.passId);
        if (current?.startsOn === oldStart) current.startsOn = periodStart;
        const held = passes.get(membership.heldPassId);
        const lastDay = addDays(nextPeriodEnd(periodEnd, anchorDay), -1);
        // A past-due period's held pass is good for the grace days only, which keep their moved days.
        if (held && membership.status === 'active') held.endsOn = lastDay;
    }
};

/**
 * Moves every date (`YYYY-MM-DD`), studio wall time (`YYYY-MM-DDTHH:mm`) and instant of every record of
 * `values` (collection name -> records) by `weeks` whole weeks, in place; `timeZone` is the studio's.
 * Memberships keep a calendar month per period (realignMemberships).
 */
export const moveByWeeks = (values: Record<string, unknown>, weeks: number, timeZone: string): void => {
    if (!weeks) return;
    for (const [name, records] of Object.entries(values))
        if (Array.isArray(records)) values[name] = records.map(record => movedValue(record, weeks * 7, timeZone));
    realignMemberships(values, weeks * 7, timeZone);
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
