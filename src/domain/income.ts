import { addDays, instantAt, instantRange, weekStart } from './time';
import type { Period } from './periods';
import type { Identifier, Pass, Payment, Subscription } from './types';

export type { Period } from './periods';

export type Interval = 'day' | 'week' | 'month';
export const intervals: readonly Interval[] = ['day', 'week', 'month'];

export interface Amount {
    key: string;
    label?: string;
    amount: number;
}

/** Money is summed in cents so that 0.1 + 0.2 stays 0.3. */
export const cents = (amount: number) => Math.round(amount * 100);
export const fromCents = (value: number) => value / 100;

/**
 * A payment adds, a refund takes away, and a correction adds its signed amount. A correction counts on
 * its own date: the income already reported for the corrected entry's day is not rewritten.
 */
const signedAmount = (payment: Pick<Payment, 'kind' | 'amount'>) =>
    payment.kind === 'refund' ? -payment.amount : payment.amount;

/** The first day of the bucket holding `date`: the day itself, its week's Monday, or the first of its month. */
const bucketOf = (date: string, interval: Interval): string =>
    interval === 'day' ? date : interval === 'week' ? weekStart(date) : `${date.slice(0, 7)}-01`;

/** Every bucket of the period, in order, so that empty days, weeks or months show as zero. */
export const bucketsOf = ({ from, to }: Period, interval: Interval): string[] => {
    const buckets: string[] = [];
    for (let bucket = bucketOf(from, interval); bucket <= to;) {
        buckets.push(bucket);
        bucket = interval === 'day' ? addDays(bucket, 1) : interval === 'week' ? addDays(bucket, 7) : nextMonth(bucket);
    }
    return buckets;
};

const nextMonth = (date: string) => {
    const [year, month] = date.split('-').map(Number);
    return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
};

/** The index of the last boundary at or before `at` (boundaries ascending), by binary search. */
const bucketIndex = (boundaries: number[], at: number) => {
    let low = 0;
    let high = boundaries.length - 1;
    while (low < high) {
        const middle = Math.ceil((low + high) / 2);
        if (boundaries[middle] <= at) low = middle;
        else high = middle - 1;
    }
    return low;
};

/*
 * Income is summed between boundaries: ascending instants, each span from one to the next (the later
 * one excluded). A period's buckets and several periods' totals are spans of one list, so that the
 * engine that holds the payments (PostgreSQL sums them where they are) answers a list of sums in cents
 * and everything else is computed here, by one rule for both engines.
 */

/** Where the studio's buckets of a period begin, and where the period ends: the first span starts with the period, not its bucket. */
export const bucketBoundaries = (period: Period, interval: Interval, timeZone: string): string[] => {
    const [start, end] = instantRange(period.from, period.to, timeZone);
    return [
        start,
        ...bucketsOf(period, interval)
            .slice(1)
            .map(bucket => instantAt(`${bucket}T00:00`, timeZone)),
        end,
    ];
};

/** Income in cents (payments and corrections, less refunds) paid in each span between consecutive boundaries; payments outside them count nowhere. */
export const incomeBetween = (
    payments: Pick<Payment, 'paidAt' | 'kind' | 'amount'>[],
    boundaries: string[],
): number[] => {
    const times = boundaries.map(instant => Date.parse(instant));
    const sums = times.slice(1).map(() => 0);
    for (const payment of payments) {
        const at = Date.parse(payment.paidAt);
        if (at < times[0] || at >= times[times.length - 1]) continue;
        sums[bucketIndex(times, at)] += cents(signedAmount(payment));
    }
    return sums;
};

export interface IncomeSeries {
    total: number;
    series: { period: string; income: number }[];
}

/** The series of a period's buckets from the sums between its bucketBoundaries. */
export const seriesOf = (period: Period, interval: Interval, sums: number[]): IncomeSeries => ({
    total: fromCents(sums.reduce((total, sum) => total + sum, 0)),
    series: bucketsOf(period, interval).map((bucket, index) => ({ period: bucket, income: fromCents(sums[index]) })),
});

/** Income (payments minus refunds, corrections counted) over the period, by day, week or month in the studio's time zone. */
export const incomeSeries = (
    payments: Pick<Payment, 'paidAt' | 'kind' | 'amount'>[],
    period: Period,
    interval: Interval,
    timeZone: string,
): IncomeSeries => seriesOf(period, interval, incomeBetween(payments, bucketBoundaries(period, interval, timeZone)));

/**
 * Several lists of boundaries asked as one (the engine then reads each payment once): the merged list,
 * and how each list's sums are made from the merged list's. Every boundary of every list is one of the
 * merged list's, so each merged span lies wholly inside a list's span or outside it.
 */
export const mergedBoundaries = (lists: string[][]) => {
    const times = [...new Set(lists.flat().map(instant => Date.parse(instant)))].sort((a, b) => a - b);
    return {
        boundaries: times.map(time => new Date(time).toISOString()),
        split: (sums: number[]): number[][] =>
            lists.map(list => {
                const edges = list.map(instant => Date.parse(instant));
                const listSums = edges.slice(1).map(() => 0);
                // Both lists ascend: one walk along the merged spans.
                let span = 0;
                for (let index = 0; index < listSums.length; index++) {
                    while (span < sums.length && times[span] < edges[index]) span++;
                    while (span < sums.length && times[span + 1] <= edges[index + 1]) listSums[index] += sums[span++];
                }
                return listSums;
            }),
    };
};

/** The totals of several periods (overlapping or not) from one list of sums: the boundaries to sum between, and each period's total. */
export const periodTotals = (periods: Period[], timeZone: string) => {
    const { boundaries, split } = mergedBoundaries(periods.map(({ from, to }) => instantRange(from, to, timeZone)));
    return { boundaries, totals: (sums: number[]): number[] => split(sums).map(([total]) => fromCents(total)) };
};

/** Income (payments minus refunds, corrections counted) of each period: the dashboard's months. */
export const incomeTotals = (
    payments: Pick<Payment, 'paidAt' | 'kind' | 'amount'>[],
    periods: Period[],
    timeZone: string,
): number[] => {
    const { boundaries, totals } = periodTotals(periods, timeZone);
    return totals(incomeBetween(payments, boundaries));
};

/** Income in cents by payment method and by the plan of the pass paid for (null: no pass): what the breakdowns are made of. */
export interface IncomeShare {
    method: Payment['method'];
    planId: Identifier | null;
    cents: number;
}

export const incomeShares = (
    payments: Pick<Payment, 'kind' | 'amount' | 'method' | 'passId'>[],
    passes: Map<Identifier, Pick<Pass, 'subscriptionId'>>,
): IncomeShare[] => {
    const shares = new Map<string, IncomeShare>();
    for (const payment of payments) {
        const planId = payment.passId == null ? null : (passes.get(payment.passId)?.subscriptionId ?? null);
        const key = `${payment.method} ${planId}`;
        const share = shares.get(key) ?? { method: payment.method, planId, cents: 0 };
        share.cents += cents(signedAmount(payment));
        shares.set(key, share);
    }
    return [...shares.values()];
};

/** Sums in cents by key, as a breakdown answers them: largest first. */
export const amountsOf = (sums: Map<string, number>, labels?: (key: string) => string | undefined): Amount[] =>
    [...sums]
        .map(([key, amount]) => ({ key, label: labels?.(key), amount: fromCents(amount) }))
        .sort((a, b) => b.amount - a.amount || a.key.localeCompare(b.key));

export const summed = <T>(entries: T[], keyOf: (entry: T) => string, centsOf: (entry: T) => number) => {
    const sums = new Map<string, number>();
    for (const entry of entries) sums.set(keyOf(entry), (sums.get(keyOf(entry)) ?? 0) + centsOf(entry));
    return sums;
};

export const incomeByMethod = (shares: IncomeShare[]): Amount[] =>
    amountsOf(
        summed(
            shares,
            share => share.method,
            share => share.cents,
        ),
    );

/** By the plan of the pass a payment paid for; payments for no pass go under `none`. */
export const incomeByPlan = (shares: IncomeShare[], plans: Map<Identifier, Pick<Subscription, 'name'>>): Amount[] =>
    amountsOf(
        summed(
            shares,
            share => (share.planId === null ? 'none' : String(share.planId)),
            share => share.cents,
        ),
        key => (key === 'none' ? undefined : plans.get(Number(key))?.name),
    );
