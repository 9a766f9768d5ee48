import { teacherPay, type PayRate } from './pay';
import { classesHeld, periodPay, type PayPeriod } from './payPeriods';
import { addDays } from './time';
import type { Attendance, Course, Identifier, StudioEvent, User } from './types';

/*
 * The studio's teacher pay for a period, a line per teacher, for the accountant: each line is what the
 * teacher's own pay page shows for the period (the same rates by date, the same closed figures and
 * adjustments), so the two never disagree.
 */

/** One teacher's line of the studio's pay for a period. */
interface PayrollLine {
    teacherId: Identifier;
    name: string;
    /** Classes held (done). */
    classes: number;
    visits: number;
    /** Adjustments made in the period to classes of closed periods (part of the total). */
    adjustments: number;
    total: number;
    /** Every day of the period is in a closed period of the teacher. */
    closed: boolean;
}

/** The studio's teacher pay for a period: GET /api/reports/pay?from=&to=. */
export interface PayrollAnswer {
    from: string;
    to: string;
    teachers: PayrollLine[];
    total: number;
}

const cents = (amount: number) => Math.round(amount * 100) / 100;

/** Whether closed periods cover every day of `from`..`to`. */
export const coveredBy = (
    periods: readonly Pick<PayPeriod, 'startsOn' | 'endsOn'>[],
    from: string,
    to: string,
): boolean => {
    let next = from;
    for (const period of [...periods].sort((a, b) => a.startsOn.localeCompare(b.startsOn))) {
        if (period.startsOn > next) return false;
        if (period.endsOn >= next) next = addDays(period.endsOn, 1);
        if (next > to) return true;
    }
    return next > to;
};

const groupBy = <T>(items: readonly T[], key: (item: T) => Identifier | undefined) => {
    const groups = new Map<Identifier, T[]>();
    for (const item of items) {
        const value = key(item);
        if (value === undefined) continue;
        const group = groups.get(value);
        if (group) group.push(item);
        else groups.set(value, [item]);
    }
    return groups;
};

/**
 * The pay of every teacher for the days `from`..`to`, as each teacher's pay page computes it: `events`
 * are the classes of the period, `periods` the closed periods that overlap it or have adjustments in it.
 * Teachers without classes in the period are listed with zeros; largest first.
 */
export const payroll = (
    teachers: Pick<User, 'id' | 'name' | 'pay'>[],
    events: StudioEvent[],
    attendances: Pick<Attendance, 'eventId' | 'status'>[],
    chargingStatuses: ReadonlySet<string>,
    courses: ReadonlyMap<Identifier, Pick<Course, 'id' | 'directionId'>>,
    periods: readonly PayPeriod[],
    { from, to }: { from: string; to: string },
): { lines: PayrollLine[]; total: number } => {
    const eventsOf = groupBy(events, event => event.teacherId);
    const teacherOf = new Map(events.map(event => [event.id, event.teacherId]));
    const marksOf = groupBy(attendances, mark => teacherOf.get(mark.eventId));
    const periodsOf = groupBy(periods, period => period.teacherId);
    const lines = teachers.map(teacher => {
        const live = teacherPay(
            teacher.pay as PayRate[],
            eventsOf.get(teacher.id) ?? [],
            marksOf.get(teacher.id) ?? [],
            chargingStatuses,
            courses,
        );
        const pay = periodPay(live.events, periodsOf.get(teacher.id) ?? [], from, to);
        return {
            teacherId: teacher.id,
            name: teacher.name,
            classes: classesHeld(pay),
            visits: pay.visits,
            adjustments: cents(pay.adjustments.reduce((sum, adjustment) => sum + adjustment.pay, 0)),
            total: pay.total,
            closed: coveredBy(pay.closed, from, to),
        };
    });
    lines.sort((a, b) => b.total - a.total || a.name.localeCompare(b.name));
    return { lines, total: cents(lines.reduce((sum, line) => sum + line.total, 0)) };
};
