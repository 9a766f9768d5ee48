import { addDays, daysBetween, instantAt, instantRange, weekStart } from './time';
import type { Period } from './periods';
import type { Attendance, Course, Identifier, Pass, Payment, StudioEvent, Subscription } from './types';

export type { Period } from './periods';

export type Interval = 'day' | 'week' | 'month';
export const intervals: readonly Interval[] = ['day', 'week', 'month'];

export interface Amount {
    key: string;
    label?: string;
    amount: number;
}

/** Money is summed in cents so that 0.1 + 0.2 stays 0.3. */
const cents = (amount: number) => Math.round(amount * 100);
const fromCents = (value: number) => value / 100;

/**
 * A payment adds, a refund takes away, and a correction adds its signed amount. A correction counts on
 * its own date: the income already reported for the corrected entry's day is not rewritten.
 */
export const signedAmount = (payment: Pick<Payment, 'kind' | 'amount'>) => (payment.kind === 'refund' ? -payment.amount : payment.amount);

/** The first day of the bucket holding `date`: the day itself, its week's Monday, or the first of its month. */
export const bucketOf = (date: string, interval: Interval): string =>
    interval === 'day' ? date : interval === 'week' ? weekStart(date) : `${date.slice(0, 7)}-01`;

/** Every bucket of the period, in order, so that empty days, weeks or months show as zero. */
export const bucketsOf = ({ from, to }: Period, interval: Interval): string[] => {
    const buckets: string[] = [];
    for (let bucket = bucketOf(from, interval); bucket <= to; ) {
        buckets.push(bucket);
        bucket = interval === 'day' ? addDays(bucket, 1) : interval === 'week' ? addDays(bucket, 7) : nextMonth(bucket);
    }
    return buckets;
};

const nextMonth = (date: string) => {
    const [year, month] = date.split('-').map(Number);
    return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
};

/** The payments whose paidAt falls on the studio's days of the period. */
export const paymentsIn = <P extends Pick<Payment, 'paidAt'>>(payments: P[], period: Period, timeZone: string): P[] => {
    const [start, end] = instantRange(period.from, period.to, timeZone).map(instant => Date.parse(instant));
    return payments.filter(payment => {
        const at = Date.parse(payment.paidAt);
        return at >= start && at < end;
    });
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

export interface IncomeSeries {
    total: number;
    series: { period: string; income: number }[];
}

/** Income (payments minus refunds, corrections counted) over the period, by day, week or month in the studio's time zone. */
export const incomeSeries = (payments: Pick<Payment, 'paidAt' | 'kind' | 'amount'>[], period: Period, interval: Interval, timeZone: string): IncomeSeries => {
    const buckets = bucketsOf(period, interval);
    // The instants at which the studio's buckets begin: a payment belongs to the last one it is not before.
    const boundaries = buckets.map(bucket => Date.parse(instantAt(`${bucket}T00:00`, timeZone)));
    const [start, end] = instantRange(period.from, period.to, timeZone).map(instant => Date.parse(instant));
    const sums = buckets.map(() => 0);
    let total = 0;
    for (const payment of payments) {
        const at = Date.parse(payment.paidAt);
        if (at < start || at >= end) continue;
        const amount = cents(signedAmount(payment));
        sums[bucketIndex(boundaries, at)] += amount;
        total += amount;
    }
    return { total: fromCents(total), series: buckets.map((bucket, index) => ({ period: bucket, income: fromCents(sums[index]) })) };
};

/** Income (payments minus refunds, corrections counted) of each period, in one pass over the payments: the dashboard's months. */
export const incomeTotals = (payments: Pick<Payment, 'paidAt' | 'kind' | 'amount'>[], periods: Period[], timeZone: string): number[] => {
    const ranges = periods.map(({ from, to }) => instantRange(from, to, timeZone).map(instant => Date.parse(instant)));
    const sums = periods.map(() => 0);
    for (const payment of payments) {
        const at = Date.parse(payment.paidAt);
        const amount = cents(signedAmount(payment));
        ranges.forEach(([start, end], index) => {
            if (at >= start && at < end) sums[index] += amount;
        });
    }
    return sums.map(fromCents);
};

/** Sums amounts by key, largest first. */
const breakdown = (entries: { key: string; label?: string; amount: number }[]): Amount[] => {
    const sums = new Map<string, Amount>();
    for (const entry of entries) {
        const sum = sums.get(entry.key) ?? { key: entry.key, label: entry.label, amount: 0 };
        sum.amount += cents(entry.amount);
        sums.set(entry.key, sum);
    }
    return [...sums.values()].map(sum => ({ ...sum, amount: fromCents(sum.amount) })).sort((a, b) => b.amount - a.amount || a.key.localeCompare(b.key));
};

export const incomeByMethod = (payments: Pick<Payment, 'kind' | 'amount' | 'method'>[]): Amount[] =>
    breakdown(payments.map(payment => ({ key: payment.method, amount: signedAmount(payment) })));

/** By the plan of the pass a payment paid for; payments for no pass go under `none`. */
export const incomeByPlan = (
    payments: Pick<Payment, 'kind' | 'amount' | 'passId'>[],
    passes: Map<Identifier, Pick<Pass, 'subscriptionId' | 'name'>>,
    plans: Map<Identifier, Pick<Subscription, 'name'>>,
): Amount[] =>
    breakdown(
        payments.map(payment => {
            const pass = payment.passId == null ? undefined : passes.get(payment.passId);
            if (!pass) return { key: 'none', amount: signedAmount(payment) };
            return { key: String(pass.subscriptionId), label: plans.get(pass.subscriptionId)?.name ?? pass.name, amount: signedAmount(payment) };
        }),
    );

export interface EarnedInputs {
    attendances: Pick<Attendance, 'eventId' | 'passId' | 'charged'>[];
    events: Map<Identifier, Pick<StudioEvent, 'startsAt' | 'courseId' | 'teacherId' | 'studioId' | 'status'>>;
    courses: Map<Identifier, Pick<Course, 'directionId'>>;
    passes: Pick<Pass, 'id' | 'price' | 'visitsTotal' | 'startsOn' | 'endsOn'>[];
}

export interface Earned {
    total: number;
    byDirection: Amount[];
    byTeacher: Amount[];
    byStudio: Amount[];
}

/** An array to fill by id, sized first: filled out of order from empty, it would be a slow sparse array. */
const byIdArray = <T>(ids: Iterable<Identifier>): (T | undefined)[] => {
    let highest = 0;
    for (const id of ids) highest = Math.max(highest, id);
    return new Array<T | undefined>(highest + 1);
};

/** Sums in cents by key, as a breakdown answers them: largest first. */
const amountsOf = (sums: Map<string, number>): Amount[] =>
    [...sums].map(([key, amount]) => ({ key, amount: fromCents(amount) })).sort((a, b) => b.amount - a.amount || a.key.localeCompare(b.key));

/**
 * What the visits of the period consumed. A pass of N visits earns price / N for each charged visit.
 * An unlimited pass earns its price evenly over the days of its validity; each day's share goes to the
 * classes the pass was used for that day, and a day without a visit is earned under `none`.
 * Each share is rounded to cents on its own; shares are summed by class first, and the days without a
 * visit are counted, not walked, so a year of a large studio is one pass over its visits.
 */
export const earnedRevenue = ({ attendances, events, courses, passes }: EarnedInputs, period: Period): Earned => {
    const byClass = new Map<Identifier, number>();
    // Days of unlimited passes without a visit: how many, and what they earned.
    let unvisitedDays = 0;
    let unvisited = 0;
    const earn = (eventId: Identifier, amount: number) => byClass.set(eventId, (byClass.get(eventId) ?? 0) + cents(amount));
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
            earn(attendance.eventId, pass.price / pass.visitsTotal);
        }
    }

    for (const pass of passes) {
        if (pass.visitsTotal !== null) continue;
        const from = pass.startsOn > period.from ? pass.startsOn : period.from;
        const to = pass.endsOn < period.to ? pass.endsOn : period.to;
        if (from > to) continue;
        const daily = pass.price / (daysBetween(pass.startsOn, pass.endsOn) + 1);
        let visitedDays = 0;
        for (const [date, visits] of unlimitedVisits.get(pass.id) ?? []) {
            if (date < from || date > to) continue;
            visitedDays++;
            visits.forEach(eventId => earn(eventId, daily / visits.length));
        }
        const emptyDays = daysBetween(from, to) + 1 - visitedDays;
        unvisitedDays += emptyDays;
        unvisited += cents(daily) * emptyDays;
    }

    const sums = { direction: new Map<string, number>(), teacher: new Map<string, number>(), studio: new Map<string, number>() };
    const add = (key: keyof typeof sums, value: string, amount: number) => sums[key].set(value, (sums[key].get(value) ?? 0) + amount);
    let total = 0;
    for (const [eventId, amount] of byClass) {
        const event = events.get(eventId) as Pick<StudioEvent, 'courseId' | 'teacherId' | 'studioId'>;
        add('direction', String(courses.get(event.courseId)?.directionId ?? 'none'), amount);
        add('teacher', String(event.teacherId), amount);
        add('studio', String(event.studioId), amount);
        total += amount;
    }
    if (unvisitedDays > 0) (['direction', 'teacher', 'studio'] as const).forEach(key => add(key, 'none', unvisited));
    return {
        total: fromCents(total + unvisited),
        byDirection: amountsOf(sums.direction),
        byTeacher: amountsOf(sums.teacher),
        byStudio: amountsOf(sums.studio),
    };
};
