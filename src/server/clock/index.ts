import { ClockStartError, parseClockStart, refusalBeforeOpening, type ClockStart } from './setting';

/*
 * The clock room: CLOCK_START read and checked (setting.ts), and the server's one clock settled from it
 * and the database's notes (serverClock.ts). The start (src/server/start.ts) uses it through here.
 */

export { ClockStartError, describeOffset, isPublicUrl, parseClockStart } from './setting';
export { clockOffsetOf, settleClock, timeByNotes, type ServerClock } from './serverClock';

/** How often a PostgreSQL server reads the clock's note again: another process's start moves it. */
export const clockRereadMs = 5000;

/** CLOCK_START from the settings, refused (ClockStartError) before anything is opened when it cannot be. */
export const clockStartOf = (env: Record<string, string | undefined>): ClockStart | undefined => {
    const start = parseClockStart(env.CLOCK_START);
    const refusal = refusalBeforeOpening(start, env.PUBLIC_URL);
    if (refusal) throw new ClockStartError(refusal);
    return start;
};
