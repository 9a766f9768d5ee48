import { amountsOf, cents, fromCents, summed, type Amount } from './income';
import type { Period } from './periods';
import { daysBetween } from './time';
import type { Attendance, Course, Identifier, Pass, StudioEvent } from './types';

/*
 * Income earned by visits: the share of each pass a visit used (or, for an unlimited pass, its day's
 * share), summed for a period by direction, teacher and studio; income received is in income.ts.
 */

interface EarnedInputs {
    attendances: Pick<Attendance, 'eventId' | 'passId' | 'charged'>[];
    events: Map<Identifier, Pick<StudioEvent, 'startsAt' | 'courseId' | 'teacherId' | 'studioId' | 'status'>>;
    courses: Map<Identifier, Pick<Course, 'directionId'>>;
    passes: Pick<Pass, 'id' | 'price' | 'visitsTotal' | 'startsOn' | 'endsOn'>[];
}

interface Earned {
    total: number;
    byDirection: Amount[];
    byTeacher: Amount[];
    byStudio: Amount[];
}

/** What the classes of a period earned, in cents, summed by their direction, teacher and studio. */
export interface EarnedGroup {
    directionId: Identifier | null;
    teacherId: Identifier;
    studioId: Identifier;
    cents: number;
}

/**
 * What the visits of a period earned, before it is broken down: what its classes earned, and the days
 * of unlimited passes without a visit (how many, and their cents), which count under `none`.
 */
export interface EarnedShares {
    groups: EarnedGroup[];
    unvisitedDays: number;
    unvisitedCents: number;
}

/** An array to fill by id, sized first: filled out of order from empty, it would be a slow sparse array. */
const byIdArray = <T>(ids: Iterable<Identifier>): (T | undefined)[] => {
    let highest = 0;
    for (const id of ids) highest = Math.max(highest, id);
    return new Array<T | undefined>(highest + 1);
};

/**
 * What a pass earns in all: its price less what was refunded for it, never below nothing. A refund on a
 * pass that stays open lowers what each of its visits earned, so that statistics and the ledger agree.
 */
export const earnedPrice = (price: number, refunded: number) => Math.max(0, cents(price) - cents(refunded)) / 100;

/*
 * The shares, each rounded to cents on its own. An engine that counts visits rather than walking them
 * (PostgreSQL) multiplies a share by how many visits earn it: the same integers as adding them one by one.
 */

/** What a charged visit with a pass of N visits earns: price / N. */
export const visitShare = (price: number, visitsTotal: number) => cents(price / visitsTotal);
/** What a visit with an unlimited pass earns: the pass's day (price / days of validity), split among the classes it was used for that day. */
export const unlimitedVisitShare = (price: number, validDays: number, visitsThatDay: number) =>
    cents(price / validDays / visitsThatDay);
/** What a day of an unlimited pass without a visit earns. */
export const unvisitedDayShare = (price: number, validDays: number) => cents(price / validDays);

/**
 * What the visits of the period consumed. A pass of N visits earns price / N for each charged visit.
 * An unlimited pass earns its price evenly over the days of its validity; each day's share goes to the
 * classes the pass was used for that day, and a day without a visit is earned under `none`.
 * Each share is rounded to cents on its own; shares are summed by class first, and the days without a
 * visit are counted, not walked, so a year of a large studio is one pass over its visits.
 */
export const earnedShares = ({ attendances, events, courses, passes }: EarnedInputs, period: Period): EarnedShares => {
    const byClass = new Map<Identifier, number>();
    // Days of unlimited passes without a visit: how many, and what they earned.
    let unvisitedDays = 0;
    let unvisited = 0;
    const earn = (eventId: Identifier, share: number) => byClass.set(eventId, (byClass.get(eventId) ?? 0) + share);
    // A year of a large studio is a hundred thousand visits: their classes and passes are looked up in
    // arrays by id (ids are small integers), and each class's date is taken once.
    const dates = byIdArray<string>(events.keys());
    events.forEach((event, id) => (dates[id] = event.startsAt.slice(0, 10)));
    const passById = byIdArray<EarnedInputs['passes'][number]>(passes.map(pass => pass.id));
    for (const pass of passes) passById[pass.id] = pass;
    // The classes each unlimited pass was used for, by date.
    const unlimitedVisits = new Map<Identifier, Map<string, Identifier[]>>();

    for (const attendance of attendances) {
        if (!attendance.charged || attendance.passId == null) continue;
        const pass = passById[attendance.passId];
        const date = dates[attendance.eventId];
        if (!pass || date === undefined) continue;
        if (pass.visitsTotal === null) {
            const days = unlimitedVisits.get(pass.id) ?? new Map<string, Identifier[]>();
            const sameDay = days.get(date);
            if (sameDay) sameDay.push(attendance.eventId);
            else days.set(date, [attendance.eventId]);
            unlimitedVisits.set(pass.id, days);
        } else if (date >= period.from && date <= period.to) {
            earn(attendance.eventId, visitShare(pass.price, pass.visitsTotal));
        }
    }

    for (const pass of passes) {
        if (pass.visitsTotal !== null) continue;
        const from = pass.startsOn > period.from ? pass.startsOn : period.from;
        const to = pass.endsOn < period.to ? pass.endsOn : period.to;
        if (from > to) continue;
        const validDays = daysBetween(pass.startsOn, pass.endsOn) + 1;
        let visitedDays = 0;
        for (const [date, visits] of unlimitedVisits.get(pass.id) ?? []) {
            if (date < from || date > to) continue;
            visitedDays++;
            visits.forEach(eventId => earn(eventId, unlimitedVisitShare(pass.price, validDays, visits.length)));
        }
        const emptyDays = daysBetween(from, to) + 1 - visitedDays;
        unvisitedDays += emptyDays;
        unvisited += unvisitedDayShare(pass.price, validDays) * emptyDays;
    }

    // The classes' earnings summed by what the breakdowns group them by.
    const groups = new Map<string, EarnedGroup>();
    for (const [eventId, amount] of byClass) {
        const event = events.get(eventId) as Pick<StudioEvent, 'courseId' | 'teacherId' | 'studioId'>;
        const directionId = courses.get(event.courseId)?.directionId ?? null;
        const key = `${directionId} ${event.teacherId} ${event.studioId}`;
        const group = groups.get(key) ?? {
            directionId,
            teacherId: event.teacherId,
            studioId: event.studioId,
            cents: 0,
        };
        group.cents += amount;
        groups.set(key, group);
    }
    return { groups: [...groups.values()], unvisitedDays, unvisitedCents: unvisited };
};

/** The total and the breakdowns of what was earned, from the shares of either engine. */
export const earnedBreakdown = ({ groups, unvisitedDays, unvisitedCents }: EarnedShares): Earned => {
    const none = (sums: Map<string, number>) =>
        unvisitedDays > 0 ? sums.set('none', (sums.get('none') ?? 0) + unvisitedCents) : sums;
    return {
        total: fromCents(groups.reduce((total, group) => total + group.cents, 0) + unvisitedCents),
        byDirection: amountsOf(
            none(
                summed(
                    groups,
                    group => String(group.directionId ?? 'none'),
                    group => group.cents,
                ),
            ),
        ),
        byTeacher: amountsOf(
            none(
                summed(
                    groups,
                    group => String(group.teacherId),
                    group => group.cents,
                ),
            ),
        ),
        byStudio: amountsOf(
            none(
                summed(
                    groups,
                    group => String(group.studioId),
                    group => group.cents,
                ),
            ),
        ),
    };
};

/**
 * The days of a period whose visits have earned by `today` (the studio's): a class to come has not been
 * visited, and an unlimited pass's day to come has not been used, so a period that goes on past today
 * earns up to today, and one wholly to come earns nothing (undefined).
 */
export const earnedDays = (period: Period, today: string): Period | undefined =>
    period.from > today ? undefined : { from: period.from, to: period.to < today ? period.to : today };

/** What a period wholly to come has earned. */
export const nothingEarned: EarnedShares = { groups: [], unvisitedDays: 0, unvisitedCents: 0 };

export const earnedRevenue = (inputs: EarnedInputs, period: Period): Earned =>
    earnedBreakdown(earnedShares(inputs, period));
