import type { Clock } from '../../domain/time';
import { isLocalAddress } from '../payments';

/*
 * CLOCK_START, read: the instant a start moves the server's one clock to, kept as an offset from real
 * time so that the moved clock goes on ticking; or `off`, back to real time. Pure: the start
 * (serverClock.ts) keeps the offset in the database's notes and checks it against the data.
 */

/** A start the clock's setting refuses: one line that says what to do. */
export class ClockStartError extends Error {}

export type ClockStart = { kind: 'off' } | { kind: 'at'; at: Date };

const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/;
const dateTime = /^(\d{4})-(\d{2})-(\d{2})T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** A calendar's date: 2027-02-30 is none, though Date would read it as 2 March. */
const isCalendarDate = (year: string, month: string, day: string) => {
    const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
    return (
        date.getUTCFullYear() === Number(year) &&
        date.getUTCMonth() === Number(month) - 1 &&
        date.getUTCDate() === Number(day)
    );
};

/**
 * CLOCK_START as a start reads it: nothing (unset or blank), `off`, a date (its midnight in UTC) or a
 * date and time with its zone (`2027-01-08T09:00:00Z`, `2027-01-08T12:00+03:00`). Throws ClockStartError
 * for anything else: a time without a zone would be read in the machine's, which nobody means.
 */
export const parseClockStart = (value: string | undefined): ClockStart | undefined => {
    const text = value?.trim() ?? '';
    if (!text) return undefined;
    if (text.toLowerCase() === 'off') return { kind: 'off' };
    const parts = dateOnly.exec(text) ?? dateTime.exec(text);
    const at = Date.parse(dateOnly.test(text) ? `${text}T00:00:00Z` : text);
    if (!parts || Number.isNaN(at) || !isCalendarDate(parts[1], parts[2], parts[3]))
        throw new ClockStartError(
            `CLOCK_START=${text} is not an instant: give a date and time with its zone (2027-01-08T09:00:00Z), a date (2027-01-08, its midnight in UTC), or off to return to real time.`,
        );
    return { kind: 'at', at: new Date(at) };
};

/**
 * Whether PUBLIC_URL is an address customers reach: anything but unset, localhost, a loopback or
 * private-network address, or a .local name of the local network. An address that cannot be read
 * counts as public, since nobody can tell it is not.
 */
export const isPublicUrl = (publicUrl: string | undefined): boolean => {
    const url = publicUrl?.trim();
    if (!url) return false;
    if (isLocalAddress(url)) return false;
    try {
        return !/\.local\.?$/i.test(new URL(url).hostname);
    } catch {
        return true;
    }
};

/**
 * What a start with this setting is refused for before the database is opened, or undefined. `off` is
 * not: it is how a database moved elsewhere is brought back to real time before customers use it.
 */
export const refusalBeforeOpening = (start: ClockStart | undefined, publicUrl: string | undefined) =>
    start?.kind === 'at' && isPublicUrl(publicUrl)
        ? `CLOCK_START is refused while PUBLIC_URL (${publicUrl?.trim()}) is a public address: a server customers use never runs on a moved clock. Try time on a copy of the database with a local PUBLIC_URL, or leave CLOCK_START unset.`
        : undefined;

/** Why a server on a public address does not start over a database whose clock is moved. */
export const movedOnPublicUrl = (publicUrl: string | undefined, clockStart: string) =>
    `This database's clock is moved (CLOCK_START=${clockStart}) and PUBLIC_URL (${publicUrl?.trim()}) is a public address: a server customers use never runs on a moved clock. Start it once with CLOCK_START=off to return to real time.`;

/** How far a clock set to `at` is from real time (`realNow`), in milliseconds: later is positive. */
export const offsetTo = (at: Date, realNow: number): number => at.getTime() - realNow;

/** The clock `offsetMs` from `base` (real time), ticking with it. */
export const shiftedClock =
    (offsetMs: number, base: Clock): Clock =>
    () =>
        new Date(base().getTime() + offsetMs);

/** An offset as a person reads it: "40 days ahead of real time", "3 hours behind real time". */
export const describeOffset = (offsetMs: number): string => {
    const size = Math.abs(offsetMs);
    const units: [number, string][] = [
        [86_400_000, 'day'],
        [3_600_000, 'hour'],
        [60_000, 'minute'],
    ];
    const [unit, name] = units.find(([ms]) => size >= ms) ?? [1000, 'second'];
    const count = Math.round((size / unit) * 10) / 10;
    return `${count} ${name}${count === 1 ? '' : 's'} ${offsetMs < 0 ? 'behind' : 'ahead of'} real time`;
};

/** The clock's note in the database: how far it is moved, from which CLOCK_START, set when (real time). */
export interface ClockNote {
    offsetMs: number;
    clockStart: string;
    setAt: string;
}

/** The note as stored, when it is one (a hand-edited file may hold anything). */
export const clockNoteOf = (value: unknown): ClockNote | undefined => {
    if (!value || typeof value !== 'object') return undefined;
    const { offsetMs, clockStart, setAt } = value as Partial<ClockNote>;
    if (typeof offsetMs !== 'number' || !Number.isFinite(offsetMs)) return undefined;
    return { offsetMs, clockStart: String(clockStart ?? ''), setAt: String(setAt ?? '') };
};
