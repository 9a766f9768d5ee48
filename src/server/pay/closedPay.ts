import { teacherPay } from '../../domain/pay';
import {
    adjustmentOf,
    closedOn,
    isClosed,
    periodPay,
    summaryOf,
    type ClassLike,
    type PayAdjustment,
    type PayPeriod,
    type PeriodPay,
} from '../../domain/payPeriods';
import { studioToday } from '../../domain/time';
import type { Attendance, Identifier, StudioEvent, User } from '../../domain/types';
import { ApiError } from '../http/errors';
import { startsWithin, type Reader, type Transaction } from '../storage/types';
import { chargingStatuses, marksOf, studioConfig } from '../rules/studio';

/*
 * Closed pay periods at the storage boundary: a teacher's pay for a period from their classes and their
 * closed periods, the teacher's refusal inside a closed period, and the adjustment a manager's change
 * there records (the rules are in src/domain/payPeriods.ts).
 */

/** A teacher's closed and reopened periods. */
export const periodsOf = (reader: Reader, teacherId: Identifier): Promise<PayPeriod[]> =>
    reader.select('payPeriods', { teacherId });

/** The courses of some events, by id: a rate may reach a course or a direction. */
export const coursesOf = async (reader: Reader, events: Pick<StudioEvent, 'courseId'>[]) =>
    new Map(
        (await reader.getMany('courses', [...new Set(events.map(event => event.courseId))])).map(course => [
            course.id,
            course,
        ]),
    );

/** What each class of `events` pays now by its teacher's rates. */
const livePay = async (reader: Reader, teacher: Pick<User, 'pay'>, events: StudioEvent[]) => {
    const [marks, courses, charging] = await Promise.all([
        marksOf(reader, events),
        coursesOf(reader, events),
        chargingStatuses(reader),
    ]);
    return { pay: teacherPay(teacher.pay, events, marks, charging, courses), marks };
};

/** A teacher's pay for the days `from`..`to`, closed days as they were closed; with the marks of the classes paid now. */
export const teacherPeriodPay = async (
    reader: Reader,
    teacher: Pick<User, 'id' | 'pay'>,
    from: string,
    to: string,
): Promise<PeriodPay & { marks: Attendance[] }> => {
    const [events, periods] = await Promise.all([
        reader.select('events', [
            { field: 'teacherId', kind: 'equals', values: [teacher.id] },
            ...startsWithin(from, to),
        ]),
        periodsOf(reader, teacher.id),
    ]);
    const { pay, marks } = await livePay(reader, teacher, events);
    return { ...periodPay(pay.events, periods, from, to), marks };
};

/** The closed period of the class's teacher that its day falls in. */
export const closedPeriodOf = async (reader: Reader, event: Pick<StudioEvent, 'teacherId' | 'startsAt'>) =>
    closedOn(await periodsOf(reader, event.teacherId), event.startsAt.slice(0, 10));

/** Teachers do not change the marks of a class whose pay is closed: 403 naming the period, so they ask a manager. */
export const refuseClosedForTeacher = async (
    reader: Reader,
    event: Pick<StudioEvent, 'teacherId' | 'startsAt'>,
    user: { role: string },
) => {
    if (user.role !== 'teacher') return;
    const period = await closedPeriodOf(reader, event);
    if (!period) return;
    throw new ApiError(
        403,
        `The pay for ${period.startsOn} to ${period.endsOn} is closed: ask a manager to change the marks of this class`,
        { eventId: 'app.validation.pay_closed' },
        { payPeriod: { id: period.id, startsOn: period.startsOn, endsOn: period.endsOn } },
    );
};

/** A class as it was before the write. */
type Placement = ClassLike & Pick<StudioEvent, 'teacherId'>;

/**
 * After a write that may change what classes pay (their marks, their status, day, teacher or course),
 * records in each closed period concerned the difference between what its classes pay now and what it
 * holds for them. `eventIds` are the classes changed; `placements` where they were before the write.
 */
export const adjustClosedPay = async (
    tx: Transaction,
    /** Who changed them; null for the server's own work (a class closed by itself). */
    user: Pick<User, 'id' | 'name'> | null,
    /** When, by the server's clock: the adjustment's time and the day it is paid on. */
    now: Date,
    eventIds: Identifier[],
    placements: Placement[] = [],
) => {
    const ids = [...new Set(eventIds)];
    const events = await tx.getMany('events', ids);
    const teacherIds = [...new Set([...placements, ...events].map(place => place.teacherId))];
    const change = { on: '', userId: user?.id ?? null, userName: user?.name ?? '', at: now.toISOString() };
    for (const teacherId of teacherIds) {
        const periods = (await periodsOf(tx, teacherId)).filter(isClosed);
        const concerned = periods.filter(period =>
            [...placements, ...events].some(
                place =>
                    place.teacherId === teacherId &&
                    period.startsOn <= place.startsAt.slice(0, 10) &&
                    place.startsAt.slice(0, 10) <= period.endsOn,
            ),
        );
        if (!concerned.length) continue;
        const teacher = await tx.get('users', teacherId);
        change.on ||= studioToday((await studioConfig(tx)).timezone, now);
        for (const period of concerned) {
            const inside = events.filter(
                event =>
                    event.teacherId === teacherId &&
                    period.startsOn <= event.startsAt.slice(0, 10) &&
                    event.startsAt.slice(0, 10) <= period.endsOn,
            );
            const paidNow = teacher ? (await livePay(tx, teacher, inside)).pay.events : [];
            const adjustments: PayAdjustment[] = [];
            for (const eventId of ids) {
                const current = paidNow.find(row => row.event.id === eventId) ?? null;
                const stored = period.lines.find(line => line.event.id === eventId)?.event;
                const shown =
                    current?.event ?? stored ?? [...events, ...placements].find(event => event.id === eventId);
                if (!shown) continue;
                const adjustment = adjustmentOf(period, summaryOf(shown), current, change);
                if (adjustment) adjustments.push(adjustment);
            }
            if (adjustments.length)
                await tx.update('payPeriods', {
                    ...period,
                    adjustments: [...period.adjustments, ...adjustments],
                    adjustedOn: change.on,
                });
        }
    }
};
