import { addDays } from '../../domain/time';
import { findClash } from '../../domain/timetable';
import type { Identifier, Schedule, StudioEvent } from '../../domain/types';
import { conflict } from '../http/errors';
import { adjustClosedPay } from '../pay';
import type { Reader, Row, Transaction } from '../storage/types';
import { settleAttendance } from '../rules/charging';
import { cancelBookingsOf, promote, releaseMakeUp, settleMakeUp } from '../bookings';
import { refuseNonTeacher } from '../users';
import { groupMembershipChanged } from '../bookings';
import type { WriteRules } from '../rules/types';

/** A 409 naming who or what is busy, and with which class. */
const clashError = async (reader: Reader, kind: 'teacher' | 'studio', other: StudioEvent) => {
    const who =
        kind === 'teacher'
            ? `The teacher ${(await reader.get('users', other.teacherId))?.name ?? other.teacherId}`
            : `The studio ${(await reader.get('studios', other.studioId))?.name ?? other.studioId}`;
    return conflict(
        `${who} is busy at that time with class ${other.id} (${other.startsAt.replace('T', ' ')}, ${other.durationMinutes} min)`,
        kind === 'teacher'
            ? { teacherId: 'app.validation.teacher_clash' }
            : { studioId: 'app.validation.studio_clash' },
        { clash: { kind, eventId: other.id, startsAt: other.startsAt } },
    );
};

/** The classes of its teacher or its studio that start on the event's day or the day before: the only ones it can overlap. */
const sameDayNeighbours = (reader: Reader, event: StudioEvent) => {
    const day = event.startsAt.slice(0, 10);
    const sameDay = [
        { field: 'startsAt', kind: 'gte' as const, value: `${addDays(day, -1)}T00:00` },
        { field: 'startsAt', kind: 'lte' as const, value: `${day}T23:59` },
    ];
    return Promise.all([
        reader.select('events', [...sameDay, { field: 'teacherId', kind: 'equals', values: [event.teacherId] }]),
        reader.select('events', [...sameDay, { field: 'studioId', kind: 'equals', values: [event.studioId] }]),
    ]).then(([byTeacher, byStudio]) =>
        [...new Map([...byTeacher, ...byStudio].map(other => [other.id, other])).values()].sort((a, b) => a.id - b.id),
    );
};

const refuseClash = async (reader: Reader, event: StudioEvent) => {
    const clash = findClash(event, await sameDayNeighbours(reader, event));
    if (clash) throw await clashError(reader, clash.kind, clash.event);
};

/**
 * Settles every mark of the event as if it already had its new status: a make-up an excused mark gave is
 * taken back with its visit when the class is cancelled, and given again when it is reinstated.
 */
const rechargeMarks = async (tx: Transaction, event: StudioEvent, now: Date) => {
    for (const attendance of await tx.select('attendances', { eventId: event.id })) {
        const charge = await settleAttendance(tx, attendance, attendance, event.status === 'cancelled');
        const stored = await tx.update('attendances', { ...attendance, ...charge });
        await settleMakeUp(tx, stored as Row, attendance as Row, now);
    }
};

/**
 * Events refuse to put a teacher or a studio in two places at once (409). Cancelling an event gives
 * back every visit charged on it, and reinstating it charges its marks again, in the same write.
 * Deleting one deletes its bookings with it.
 */
export const eventRules: WriteRules<'events'> = {
    create: async (record, { tx }) => {
        await refuseNonTeacher(record, tx);
        await refuseClash(tx, record as StudioEvent);
        return record;
    },
    update: async (record: Row, before, { tx, now }) => {
        const event = record as StudioEvent;
        await refuseNonTeacher(record, tx);
        await refuseClash(tx, event);
        if ((event.status === 'cancelled') !== (before.status === 'cancelled')) await rechargeMarks(tx, event, now);
        return record;
    },
    // A class made by mistake goes with its bookings; one with marks stays (it is in use), to be cancelled.
    delete: async (record, { tx }) => {
        for (const booking of await tx.select('bookings', { eventId: record.id as number })) {
            // A make-up credit it held is free again.
            await releaseMakeUp(tx, booking);
            await tx.remove('bookings', booking.id);
        }
    },
    // What a class pays depends on its status, day, teacher and course: a change to one of a closed pay
    // period is paid as an adjustment in the open one.
    after: async (record, before, { tx, user, now }) => {
        const event = (record ?? before) as StudioEvent;
        if (record && before) {
            // A class the studio cancels cancels its seats and lines; more seats go to the line at once.
            if (event.status === 'cancelled' && before.status !== 'cancelled')
                await cancelBookingsOf(tx, event.id, now);
            else if (event.capacity > (before.capacity as number)) await promote(tx, [event.id], now);
        }
        await adjustClosedPay(tx, user, now, [event.id], before ? [before as StudioEvent] : []);
    },
};

export const scheduleRules: WriteRules<'schedules'> = {
    create: async (record, { tx }) => {
        await refuseNonTeacher(record, tx);
        return record;
    },
    update: async (record, _before, { tx }) => {
        await refuseNonTeacher(record, tx);
        return record;
    },
    // Joining a group books its classes still to come; leaving it gives them up.
    after: async (record, before, { tx, user, now }) => {
        if (record && before)
            await groupMembershipChanged(
                tx,
                record as Schedule,
                (before.customerIds as Identifier[]) ?? [],
                user.id,
                now,
            );
    },
};
