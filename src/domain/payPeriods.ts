import type { z } from 'zod';
import type { paidClassSummarySchema, payAdjustmentSchema } from './schemas';
import type { EventPay } from './pay';
import type { Identifier, PayPeriod } from './types';

/*
 * Closed pay periods. Once a teacher's period (a month, say) is paid out, a manager or an admin closes
 * it: the pay of each of its classes is stored with the rate that paid it, and from then on the period
 * shows those figures whatever happens to its classes. Teachers can no longer change the marks of its
 * classes. A manager still can (a visit marked wrong is put right), and the difference it makes to the
 * class's pay is recorded as an adjustment dated the day of the change: it is paid with the period that
 * day falls in, which is open, since only days before today can be closed. The closed figures plus the
 * adjustments of a period always equal what its classes pay now.
 *
 * An admin may reopen the latest closed period of a teacher (a later closed one would have paid its
 * adjustments): its classes are then paid as they are now, and its adjustments no longer count, since
 * the live figures hold the changes they recorded.
 */

type ClassSummary = z.output<typeof paidClassSummarySchema>;
export type PayAdjustment = z.output<typeof payAdjustmentSchema>;
export type { PayPeriod };

/** A class of the pay page: paid now by its rate, or as stored in the closed period it belongs to. */
export type PaidClass = Omit<EventPay, 'event'> & { event: ClassSummary; closedIn: Identifier | null };

/** An adjustment as a period's pay shows it, with the closed period it corrects. */
export type PeriodAdjustment = PayAdjustment & { periodId: Identifier; periodStartsOn: string; periodEndsOn: string };

export interface PeriodPay {
    events: PaidClass[];
    adjustments: PeriodAdjustment[];
    visits: number;
    total: number;
    /** The closed periods the period overlaps. */
    closed: PayPeriod[];
}

const cents = (amount: number) => Math.round(amount * 100) / 100;

const dateOf = (startsAt: string) => startsAt.slice(0, 10);

/** A class as records hold it: a summary, or a whole event (whose group and title may be absent). */
export type ClassLike = Omit<ClassSummary, 'scheduleId' | 'title'> & {
    scheduleId?: Identifier | null;
    title?: string | null;
};

export const summaryOf = ({
    id: eventId,
    startsAt,
    courseId,
    studioId,
    status,
    scheduleId,
    title,
}: ClassLike): ClassSummary => ({
    id: eventId,
    startsAt,
    courseId,
    studioId,
    status,
    scheduleId: scheduleId ?? null,
    title: title ?? null,
});

export const isClosed = (period: Pick<PayPeriod, 'reopenedAt'>) => period.reopenedAt === null;

/** The closed period a day of the teacher's falls in. */
export const closedOn = <P extends Pick<PayPeriod, 'startsOn' | 'endsOn' | 'reopenedAt'>>(
    periods: readonly P[],
    date: string,
): P | undefined => periods.find(period => isClosed(period) && period.startsOn <= date && date <= period.endsOn);

/**
 * A teacher's pay for the days `from`..`to`: the classes of closed days as stored, the others as `live`
 * pays them now (the teacher's classes of the period, by their rates), and the adjustments made in the
 * period to classes of closed periods.
 */
export const periodPay = (live: EventPay[], periods: readonly PayPeriod[], from: string, to: string): PeriodPay => {
    const closed = periods.filter(period => isClosed(period) && period.startsOn <= to && from <= period.endsOn);
    const open = live
        .filter(row => !closedOn(closed, dateOf(row.event.startsAt)))
        .map(row => ({ ...row, event: summaryOf(row.event), closedIn: null }));
    const stored = closed.flatMap(period =>
        period.lines
            .filter(line => from <= dateOf(line.event.startsAt) && dateOf(line.event.startsAt) <= to)
            .map(line => ({ ...line, closedIn: period.id })),
    );
    const events = [...open, ...stored].sort(
        (a, b) => a.event.startsAt.localeCompare(b.event.startsAt) || a.event.id - b.event.id,
    );
    const adjustments = periods
        .filter(isClosed)
        .flatMap(period =>
            period.adjustments
                .filter(adjustment => from <= adjustment.on && adjustment.on <= to)
                .map(adjustment => ({
                    ...adjustment,
                    periodId: period.id,
                    periodStartsOn: period.startsOn,
                    periodEndsOn: period.endsOn,
                })),
        )
        .sort((a, b) => a.at.localeCompare(b.at));
    return {
        events,
        adjustments,
        visits: events.reduce((sum, row) => sum + (row.event.status === 'cancelled' ? 0 : row.visits), 0),
        total: cents(
            events.reduce((sum, row) => sum + row.pay, 0) +
                adjustments.reduce((sum, adjustment) => sum + adjustment.pay, 0),
        ),
        closed,
    };
};

/** Classes held in a pay. */
export const classesHeld = (pay: Pick<PeriodPay, 'events'>) =>
    pay.events.filter(row => row.event.status === 'done').length;

/** Why a teacher's days `from`..`to` cannot be closed today, or null: only past days, never twice. */
export const closeProblem = (
    periods: readonly PayPeriod[],
    from: string,
    to: string,
    today: string,
): Record<string, string> | null => {
    if (to >= today) return { to: 'app.validation.pay_close_past' };
    if (periods.some(period => isClosed(period) && period.startsOn <= to && from <= period.endsOn))
        return { from: 'app.validation.pay_close_twice' };
    return null;
};

/** Why a closed period cannot be reopened, or null: it is open already, or a later period of the teacher is closed. */
export const reopenProblem = (periods: readonly PayPeriod[], period: PayPeriod): string | null => {
    if (!isClosed(period)) return 'app.validation.pay_open';
    if (periods.some(other => other.id !== period.id && isClosed(other) && other.startsOn > period.endsOn))
        return 'app.validation.pay_reopen_later';
    return null;
};

/** The figures a period is closed with. */
export const closingFigures = (pay: PeriodPay) => ({
    classes: classesHeld(pay),
    visits: pay.visits,
    total: pay.total,
    lines: pay.events.map(({ closedIn: _closedIn, ...line }) => line),
});

/**
 * The adjustment a change makes to a class of a closed period: what the class pays now in the period
 * (`now`: null when it no longer belongs to it, moved to another day or teacher, or removed) less what
 * the period holds for it (its stored line and the adjustments made since). Null when the pay is the same.
 */
export const adjustmentOf = (
    period: PayPeriod,
    event: ClassLike,
    now: Pick<EventPay, 'pay' | 'visits'> | null,
    change: Pick<PayAdjustment, 'on' | 'userId' | 'userName' | 'at'>,
): PayAdjustment | null => {
    const line = period.lines.find(stored => stored.event.id === event.id);
    const earlier = period.adjustments.filter(adjustment => adjustment.event.id === event.id);
    const recorded = (line?.pay ?? 0) + earlier.reduce((sum, adjustment) => sum + adjustment.pay, 0);
    const recordedVisits = (line?.visits ?? 0) + earlier.reduce((sum, adjustment) => sum + adjustment.visits, 0);
    const pay = cents((now?.pay ?? 0) - recorded);
    if (pay === 0) return null;
    return { event: summaryOf(event), pay, visits: (now?.visits ?? 0) - recordedVisits, ...change };
};
