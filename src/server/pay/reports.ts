import type { PayAttendee, TeacherPayAnswer } from '../../domain/api';
import { sortingName } from '../../domain/journal';
import { closeProblem } from '../../domain/payPeriods';
import { payroll, type PayrollAnswer } from '../../domain/payroll';
import { localDateTimeAt } from '../../domain/time';
import type { Identifier } from '../../domain/types';
import { coursesOf, periodsOf, teacherPeriodPay } from './closedPay';
import { startsWithin, type Reader } from '../storage/types';
import { chargingStatuses, marksOf, studioConfig } from '../rules/studio';
import { byName, summary, teacherOf, today } from './operations';

/*
 * Teacher pay as read: one teacher's classes of a period and what each paid, and the studio's pay of
 * every teacher for the accountant, computed the same way, so the two never disagree.
 */

/** One teacher's pay of `from`..`to` as the page shows it at `instant`. */
export const teacherPayOf = async (
    reader: Reader,
    teacher: Awaited<ReturnType<typeof teacherOf>>,
    { from, to }: { from: string; to: string },
    instant: Date,
): Promise<TeacherPayAnswer> => {
    const teacherId = teacher.id;
    const [pay, day, periods, now] = await Promise.all([
        teacherPeriodPay(reader, teacher, from, to),
        today(reader, instant),
        periodsOf(reader, teacherId),
        studioConfig(reader).then(config => localDateTimeAt(instant, config.timezone)),
    ]);
    const names = new Map(
        (await reader.getMany('customers', [...new Set(pay.marks.map(mark => mark.customerId))])).map(customer => [
            customer.id,
            sortingName(customer),
        ]),
    );
    const attendeesOf = (eventId: Identifier): PayAttendee[] =>
        pay.marks
            .filter(mark => mark.eventId === eventId)
            .map(mark => ({
                customerId: mark.customerId,
                name: names.get(mark.customerId) ?? `#${mark.customerId}`,
                status: mark.status,
                unpaid: mark.unpaid,
            }))
            .sort((a, b) => byName.compare(a.name, b.name));
    return {
        teacher: { id: teacher.id, name: teacher.name, pay: teacher.pay },
        from,
        to,
        visits: pay.visits,
        total: pay.total,
        events: pay.events.map(row => ({
            ...row,
            attendees: attendeesOf(row.event.id),
            open: row.event.status === 'planned' && row.event.startsAt <= now,
        })),
        adjustments: pay.adjustments,
        periods: periods
            .filter(period => period.startsOn <= to && from <= period.endsOn)
            .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
            .map(summary),
        closable: closeProblem(periods, from, to, day) === null,
    };
};

/** Every teacher's pay of `from`..`to`, for the accountant. */
export const studioPayroll = async (
    reader: Reader,
    { from, to }: { from: string; to: string },
): Promise<PayrollAnswer> => {
    const [teachers, events, charging, overlapping, adjusted] = await Promise.all([
        reader.select('users', { role: 'teacher' }),
        reader.select('events', startsWithin(from, to)),
        chargingStatuses(reader),
        reader.select('payPeriods', [
            { field: 'startsOn', kind: 'lte', value: to },
            { field: 'endsOn', kind: 'gte', value: from },
        ]),
        // Adjustments paid in the period belong to closed periods before it.
        reader.select('payPeriods', [{ field: 'adjustedOn', kind: 'gte', value: from }]),
    ]);
    const [marks, courses] = await Promise.all([marksOf(reader, events), coursesOf(reader, events)]);
    const periods = [...new Map([...overlapping, ...adjusted].map(period => [period.id, period])).values()];
    const { lines, total } = payroll(teachers, events, marks, charging, courses, periods, { from, to });
    return { from, to, teachers: lines, total };
};
