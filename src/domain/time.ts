/*
 * Calendar arithmetic on the studio's terms. Dates are `YYYY-MM-DD`, local date-times
 * `YYYY-MM-DDTHH:mm` on the studio's wall clock (configs.timezone), instants ISO 8601 UTC. Dates are
 * computed as UTC midnights so that no browser or server time zone leaks into them.
 */

const dayMs = 86_400_000;

const toUtcDate = (date: string) => new Date(`${date.slice(0, 10)}T00:00:00Z`);
const fromUtcDate = (date: Date) => date.toISOString().slice(0, 10);

export const addDays = (date: string, days: number): string =>
    fromUtcDate(new Date(toUtcDate(date).getTime() + days * dayMs));

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number =>
    Math.round((toUtcDate(to).getTime() - toUtcDate(from).getTime()) / dayMs);

/** 1 = Monday ... 7 = Sunday. */
export const weekdayOf = (date: string): number => ((toUtcDate(date).getUTCDay() + 6) % 7) + 1;

/** The Monday of the week holding `date`. */
export const weekStart = (date: string): string => addDays(date, 1 - weekdayOf(date));

/** Every date from `from` to `to`, both included. */
export const datesBetween = (from: string, to: string): string[] => {
    const dates: string[] = [];
    for (let date = from; date <= to; date = addDays(date, 1)) dates.push(date);
    return dates;
};

// Building a DateTimeFormat costs far more than using one: keep one per zone.
const formatters = new Map<string, Intl.DateTimeFormat>();
const formatterFor = (timeZone: string) => {
    let formatter = formatters.get(timeZone);
    if (!formatter) {
        formatter = new Intl.DateTimeFormat('en-CA', {
            timeZone,
            year: 'numeric',
            month: '2-digit',
            day: '2-digit',
            hour: '2-digit',
            minute: '2-digit',
            hourCycle: 'h23',
        });
        formatters.set(timeZone, formatter);
    }
    return formatter;
};

const partsIn = (instant: Date, timeZone: string) => {
    const parts = formatterFor(timeZone).formatToParts(instant);
    const part = (type: string) => parts.find(candidate => candidate.type === type)?.value ?? '00';
    return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}`;
};

/** The studio's wall-clock date-time at an instant. */
export const localDateTimeAt = (instant: string | Date, timeZone: string): string =>
    partsIn(typeof instant === 'string' ? new Date(instant) : instant, timeZone);

/** The studio's date at an instant (a payment made at 23:30 UTC is the next day in Moscow). */
export const localDateAt = (instant: string | Date, timeZone: string): string =>
    localDateTimeAt(instant, timeZone).slice(0, 10);

/**
 * Where the time comes from. The server reads every rule's time (today in the studio, a teacher's
 * window, link expiry, sign-in limits, closing classes) from the one clock it is given
 * (src/server/app.ts, ServerOptions.clock), which tests set; the helpers here take the instant they
 * judge as an argument and read no clock themselves. The app in the browser reads its own.
 */
export type Clock = () => Date;

/** The machine's clock: the one the server runs on unless it is given another. */
export const systemClock: Clock = () => new Date();

/** Today in the studio at the instant `now`. */
export const studioToday = (timeZone: string, now: Date): string => localDateAt(now, timeZone);

/**
 * The instant at which the studio's wall clock shows `local` (`YYYY-MM-DDTHH:mm`). Found by correcting
 * a first guess by the zone's offset; a time skipped by a daylight-saving jump moves forward.
 */
export const instantAt = (local: string, timeZone: string): string => {
    const wanted = Date.parse(`${local}:00Z`);
    let guess = wanted;
    for (let step = 0; step < 3; step++) {
        const shown = Date.parse(`${localDateTimeAt(new Date(guess), timeZone)}:00Z`);
        if (shown === wanted) break;
        guess += wanted - shown;
    }
    return new Date(guess).toISOString();
};

/** The instants bounding the studio's days `from` to `to` (both included): [start, end). */
export const instantRange = (from: string, to: string, timeZone: string): [string, string] => [
    instantAt(`${from}T00:00`, timeZone),
    instantAt(`${addDays(to, 1)}T00:00`, timeZone),
];
