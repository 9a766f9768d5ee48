import type { Attendance, Course, Identifier, StudioEvent, User } from './types';

/*
 * Teacher pay. A teacher's pay is a list of rates, each in force from a date (the first from the
 * beginning) until a later one of the same reach takes over, so that raising a rate today leaves what
 * last month paid as it was. A rate reaches every class of the teacher, or the classes of one direction,
 * or of one course (a workshop that pays more); for a class the narrowest reach wins, then the latest
 * start. Each class is paid by the rate in force on its date:
 * - per_event: the amount for a class held (status done);
 * - per_attendee: the amount for each visit (charging mark) of a class not cancelled;
 * - base_bonus: for a class held, the amount plus the bonus for each visit above the threshold;
 * and never less than the rate's minimum for a class held. A cancelled class pays nothing.
 */

export type PayRate = User['pay'][number];

export interface EventPay {
    event: StudioEvent;
    /** Attendances of the event whose mark charges (the visits it used). */
    visits: number;
    /** Every mark on the event. */
    marks: number;
    pay: number;
    /** The rate that paid the class; null when no rate reaches it. */
    rate: PayRate | null;
}

interface TeacherPay {
    events: EventPay[];
    visits: number;
    total: number;
}

/** A rate with the defaults of what it does not say: from the beginning, every class, no bonus, no minimum. */
export const payRate = ({ kind, amount, ...fields }: Pick<PayRate, 'kind' | 'amount'> & Partial<PayRate>): PayRate => ({
    from: null,
    kind,
    amount,
    bonus: 0,
    threshold: 0,
    minimum: 0,
    directionId: null,
    courseId: null,
    ...fields,
});

/** The rate in force today for every class: what lists show as a teacher's pay. */
export const currentRate = (rates: readonly PayRate[], today: string): PayRate | null =>
    rateOn(rates, today, undefined);

/**
 * The rate a new row of the form starts from: the rate in force today for every class, from today, so
 * that a raise is one change of the amount; per class and 0 only for a teacher with no rate yet.
 */
export const nextRate = (rates: readonly PayRate[], today: string): PayRate => ({
    ...(currentRate(rates, today) ?? payRate({ kind: 'per_event', amount: 0 })),
    from: today,
});

/**
 * A rate that names a way of paying but pays nothing for any class: an amount left at 0, most likely,
 * since "not paid" says so by its kind.
 */
const paysNothing = (rate: PayRate): boolean =>
    rate.kind !== 'none' && !rate.amount && !rate.minimum && (rate.kind !== 'base_bonus' || !rate.bonus);

const cents = (amount: number) => Math.round(amount * 100) / 100;

/** How narrow a rate's reach is: a course, a direction, every class. */
const narrowness = (rate: PayRate) => (rate.courseId !== null ? 2 : rate.directionId !== null ? 1 : 0);

/** The rate in force for a class of `course` on `date`, or null when none reaches it. */
export const rateOn = (
    rates: readonly PayRate[],
    date: string,
    course: Pick<Course, 'id' | 'directionId'> | undefined,
): PayRate | null => {
    let found: PayRate | null = null;
    for (const rate of rates) {
        if (rate.from !== null && rate.from > date) continue;
        if (rate.courseId !== null && rate.courseId !== course?.id) continue;
        if (rate.directionId !== null && rate.directionId !== course?.directionId) continue;
        const better =
            !found ||
            narrowness(rate) > narrowness(found) ||
            (narrowness(rate) === narrowness(found) && (found.from ?? '') < (rate.from ?? ''));
        if (better) found = rate;
    }
    return found;
};

/** What one class pays by a rate, given its status and its visits. */
export const classPay = (rate: PayRate | null, status: StudioEvent['status'], visits: number): number => {
    if (!rate || status === 'cancelled') return 0;
    const held = status === 'done';
    let pay = 0;
    if (rate.kind === 'per_event' && held) pay = rate.amount;
    if (rate.kind === 'per_attendee') pay = rate.amount * visits;
    if (rate.kind === 'base_bonus' && held) pay = rate.amount + rate.bonus * Math.max(0, visits - rate.threshold);
    return cents(held && rate.kind !== 'none' ? Math.max(pay, rate.minimum) : pay);
};

/** A teacher's pay for their events of a period, each class by the rate in force on its date. */
export const teacherPay = (
    rates: readonly PayRate[],
    events: StudioEvent[],
    attendances: Pick<Attendance, 'eventId' | 'status'>[],
    chargingStatuses: ReadonlySet<string>,
    courses: ReadonlyMap<Identifier, Pick<Course, 'id' | 'directionId'>> = new Map(),
): TeacherPay => {
    const marksByEvent = new Map<Identifier, Pick<Attendance, 'eventId' | 'status'>[]>();
    attendances.forEach(attendance =>
        marksByEvent.set(attendance.eventId, [...(marksByEvent.get(attendance.eventId) ?? []), attendance]),
    );
    const rows = [...events]
        .sort((a, b) => a.startsAt.localeCompare(b.startsAt) || a.id - b.id)
        .map(event => {
            const marks = marksByEvent.get(event.id) ?? [];
            const visits = marks.filter(mark => chargingStatuses.has(mark.status)).length;
            const rate = rateOn(rates, event.startsAt.slice(0, 10), courses.get(event.courseId));
            return { event, visits, marks: marks.length, pay: classPay(rate, event.status, visits), rate };
        });
    return {
        events: rows,
        visits: rows.reduce((sum, row) => sum + (row.event.status === 'cancelled' ? 0 : row.visits), 0),
        total: cents(rows.reduce((sum, row) => sum + row.pay, 0)),
    };
};

const rateFields = ['from', 'kind', 'amount', 'bonus', 'threshold', 'minimum', 'directionId', 'courseId'] as const;

/** The same rate: what it pays, and when and where it applies. */
const sameRate = (a: PayRate, b: PayRate) => rateFields.every(field => a[field] === b[field]);

/**
 * Whether a change of a teacher's rates rewrites the past: a rate in force before `today` (starting
 * before it, or from the beginning) may not be changed or removed, and a new rate may not start before
 * today. Answers the problem, or null when the change only adds or changes rates from today on.
 */
export const payChangeProblem = (
    before: readonly PayRate[],
    after: readonly PayRate[],
    today: string,
): string | null => {
    const past = (rate: PayRate) => rate.from === null || rate.from < today;
    const kept = (rate: PayRate, rates: readonly PayRate[]) => rates.some(other => sameRate(rate, other));
    if (before.filter(past).some(rate => !kept(rate, after))) return 'app.validation.pay_past';
    if (after.filter(past).some(rate => !kept(rate, before))) return 'app.validation.pay_past';
    return null;
};

/** The rates of `after` that pay nothing and were not saved so (`before`): what the form asks about before saving. */
export const newZeroRates = (before: readonly PayRate[], after: readonly PayRate[]): PayRate[] =>
    after.filter(rate => paysNothing(rate) && !before.some(other => sameRate(rate, other)));
