import type { membershipPrice, membershipStatuses } from './collections/memberships';
import type { z } from 'zod';
import { addDays, instantAt } from './time';

/*
 * The rules of a membership that renews by itself, apart from storage: its periods (one calendar month
 * from the start day, the last day of a shorter month standing in for a missing one: 31 Jan, 28 Feb,
 * 31 Mar), the consented price of each period, when a period is told of and charged, the tries after a
 * decline, the days a past-due payer still comes, and the monthly recurring revenue.
 *
 * A period runs from periodStart up to periodEnd, the next period's first day: its pass is valid from
 * periodStart to the day before periodEnd, and the next period is charged at 10:00 studio time on
 * periodEnd, before that day's classes.
 */

export type MembershipPrice = z.output<typeof membershipPrice>;
export type MembershipStatus = (typeof membershipStatuses)[number];

/** The hour (studio time) a period is charged, on its periodEnd. */
export const chargeHour = '10:00';
/** How long before its charge the payer is told of it, and the least time a delivered notice must precede it. */
export const noticeLeadHours = 48;
export const noticeMinimumHours = 24;
/** The days after the first try of a period on which a charge declined for money is tried again (tries 2-4). */
export const retryDays = [1, 3, 5] as const;
export const lastAttempt = retryDays.length + 1;
/** How long ahead staff must propose a new price, and how long before a saved card expires its payer is told. */
export const priceNoticeDays = 30;
export const cardExpiryWarningDays = 7;

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** `date` moved by `months` calendar months to the day `anchorDay`, or the month's last day when it has fewer. */
export const addMonthsOn = (date: string, months: number, anchorDay: number): string => {
    const [year, month] = date.split('-').map(Number);
    const index = year * 12 + (month - 1) + months;
    const [toYear, toMonth] = [Math.floor(index / 12), (index % 12) + 1];
    const day = Math.min(anchorDay, daysInMonth(toYear, toMonth));
    return `${String(toYear).padStart(4, '0')}-${String(toMonth).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
};

/** The first day of a membership's next period after the one starting on `periodStart`. */
export const nextPeriodEnd = (periodStart: string, anchorDay: number): string => addMonthsOn(periodStart, 1, anchorDay);

/** The first period of a membership started on `startsOn`: its days and the day of the month it keeps. */
export const firstPeriod = (startsOn: string) => {
    const anchorDay = Number(startsOn.slice(8, 10));
    return { period: 1, periodStart: startsOn, periodEnd: nextPeriodEnd(startsOn, anchorDay), anchorDay };
};

/** The last day a period's pass is valid. */
export const periodLastDay = (periodEnd: string): string => addDays(periodEnd, -1);

/** The consented price of period `period` (1 is the first): the last step that has begun. */
export const priceOfPeriod = (prices: readonly MembershipPrice[], period: number): number => {
    const steps = [...prices].sort((a, b) => a.fromPeriod - b.fromPeriod);
    const step = steps.filter(one => one.fromPeriod <= period).at(-1) ?? steps[0];
    if (!step) throw new Error('A membership without prices');
    return step.amount;
};

/** When the period ending on `periodEnd` is charged (10:00 studio time that day), as an instant. */
export const chargeTime = (periodEnd: string, timeZone: string): string =>
    instantAt(`${periodEnd}T${chargeHour}`, timeZone);

/** When the notice of a charge at `chargeAt` is due: 48 hours before. */
export const noticeTime = (chargeAt: string): string =>
    new Date(Date.parse(chargeAt) - noticeLeadHours * 3_600_000).toISOString();

/**
 * The earliest a charge may be made: its planned time, but never sooner than 24 hours after its notice
 * was delivered.
 */
export const earliestCharge = (chargeAt: string, noticeDeliveredAt: string): string => {
    const afterNotice = Date.parse(noticeDeliveredAt) + noticeMinimumHours * 3_600_000;
    return new Date(Math.max(Date.parse(chargeAt), afterNotice)).toISOString();
};

/**
 * When try `attempt` (2-4) of a period first tried at `firstTryAt` is made; null after the last. A try
 * whose time had passed when the one before was declined (`declinedAt`: the server was off for days) is
 * made 24 hours after that decline, so that its announcement names a day to come, a day ahead.
 */
export const retryTime = (firstTryAt: string, attempt: number, declinedAt?: string): string | null => {
    const days = retryDays[attempt - 2];
    if (days === undefined) return null;
    const scheduled = Date.parse(firstTryAt) + days * 86_400_000;
    const declined = declinedAt ? Date.parse(declinedAt) : -Infinity;
    return new Date(scheduled > declined ? scheduled : declined + noticeMinimumHours * 3_600_000).toISOString();
};

/** The last day a past-due payer still books and comes on the period's held pass. */
export const graceLastDay = (periodStart: string, graceDays: number): string => addDays(periodStart, graceDays - 1);

/**
 * The key a charge is asked under: the provider's idempotence key and our order id, unique to the
 * database (`prefix`), the membership, the period and the try. 36 characters at most (T-Bank's OrderId).
 */
export const chargeKey = (prefix: string, membershipId: number, periodStart: string, attempt: number): string =>
    `${prefix.slice(0, 8)}-m${membershipId}-${periodStart.replaceAll('-', '')}-${attempt}`;

/** A period moved by a freeze or a closure of `days` days: its end, the day periods start on from now. */
export const movedPeriod = (periodEnd: string, days: number) => {
    const moved = addDays(periodEnd, days);
    return { periodEnd: moved, anchorDay: Number(moved.slice(8, 10)) };
};

/** What a membership brings each month: the current price of those active or past due and not ending. */
export const monthlyRecurringRevenue = (
    memberships: readonly {
        status: MembershipStatus;
        cancelAtPeriodEnd: boolean;
        period: number;
        prices: readonly MembershipPrice[];
    }[],
): number =>
    Math.round(
        memberships
            .filter(one => one.status !== 'ended' && !one.cancelAtPeriodEnd)
            .reduce((sum, one) => sum + priceOfPeriod(one.prices, one.period), 0) * 100,
    ) / 100;
