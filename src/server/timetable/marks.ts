import { marking, releaseVisit, type Marking } from '../../domain/attendance';
import { lowVisitsAt } from '../../domain/messages';
import { reversePenalty } from '../policy';
import { visitsLeft } from '../../domain/passes';
import { studioToday } from '../../domain/time';
import { queueMessage } from '../messages';
import type { Attendance, Identifier, StudioEvent } from '../../domain/types';
import { ApiError, conflict, forbidden } from '../http/errors';
import { adjustClosedPay, refuseClosedForTeacher } from '../pay';
import type { Reader, Row, Transaction } from '../storage/types';
import { studioConfig } from '../rules/studio';
import { applyVisitChanges, bookingsFor, chargeOf, settleAttendance } from '../rules/charging';
import { repickPasses, settleMakeUp } from '../bookings';
import type { WriteRules } from '../rules/types';

/** A mark fulfils the seat its customer booked in the class: the booking names it, until the mark goes or moves. */
const linkBooking = async (tx: Transaction, attendance: Row | null, before: Row | null) => {
    if (before && (!attendance || attendance.eventId !== before.eventId || attendance.customerId !== before.customerId))
        for (const booking of await tx.select('bookings', { attendanceId: before.id as Identifier }))
            await tx.update('bookings', { ...booking, attendanceId: null });
    if (!attendance) return;
    const booking = (await bookingsFor(tx, attendance as Attendance)).find(
        found => found.status === 'booked' && found.attendanceId === null,
    );
    if (booking) await tx.update('bookings', { ...booking, attendanceId: attendance.id as Identifier });
};

type MarkingUser = { id: Identifier; role: string };

/** When the marks of a class may be written, for this user, today in the studio (at `now`, the server's clock). */
export const markingOf = async (
    reader: Reader,
    event: Pick<StudioEvent, 'startsAt'>,
    user: MarkingUser,
    now: Date,
): Promise<Marking> => {
    const config = await studioConfig(reader);
    return marking({
        date: event.startsAt.slice(0, 10),
        today: studioToday(config.timezone, now),
        role: user.role,
        // A database made before the setting existed holds no value: the schema's default applies.
        teacherEditDays: config.teacherEditDays ?? 2,
    });
};

/** A teacher's window has closed: 403 naming the window, so the teacher knows to ask a manager. */
const refuseLocked = (state: Marking) => {
    if (!state.locked) return;
    throw new ApiError(
        403,
        `Teachers change marks up to ${state.teacherEditDays} days after the class (until ${state.lastTeacherDay}); ask a manager`,
        { eventId: 'app.validation.teacher_window' },
        { teacherEditDays: state.teacherEditDays, lastTeacherDay: state.lastTeacherDay },
    );
};

/**
 * A cancelled class charges nobody: marking on it is refused (409) rather than saved without a charge,
 * so that nobody believes a visit was counted. Its existing marks were given back when it was cancelled.
 * A class of a later day has had no visits yet: marking it is refused (409) until its day.
 * A teacher marks attendance on their own classes only, and only within their window after the class.
 */
const checkEvent = async (tx: Transaction, record: Row, user: MarkingUser, now: Date) => {
    const event = await tx.get('events', record.eventId as Identifier);
    if (!event) return;
    if (user.role === 'teacher' && event.teacherId !== user.id)
        throw forbidden('Teachers mark attendance on their own events only');
    if (event.status === 'cancelled') {
        throw conflict('This class is cancelled: attendance cannot be marked on it', {
            eventId: 'app.validation.event_cancelled',
        });
    }
    const state = await markingOf(tx, event, user, now);
    if (state.future) {
        const date = event.startsAt.slice(0, 10);
        throw conflict(
            `This class is on ${date}: its marks open on that day`,
            { eventId: 'app.validation.event_future' },
            { opensOn: date },
        );
    }
    refuseLocked(state);
    await refuseClosedForTeacher(tx, event, user);
};

/** Changing or removing a mark also changes the class it was on: a teacher's window must be open there too. */
const checkWindowOf = async (tx: Transaction, eventId: Identifier, user: MarkingUser, now: Date) => {
    const event = await tx.get('events', eventId);
    if (!event) return;
    refuseLocked(await markingOf(tx, event, user, now));
    await refuseClosedForTeacher(tx, event, user);
};

/** A visit charged that leaves a pass its last few (3, or 1 on a pass of 4 visits or fewer) tells its customer, once per pass. */
const tellLowVisits = async (tx: Transaction, passId: Identifier, now: Date) => {
    const pass = await tx.get('passes', passId);
    const at = pass && lowVisitsAt(pass.visitsTotal);
    const left = pass && visitsLeft(pass);
    if (!pass || at == null || left == null || left < 1 || left > at) return;
    await queueMessage(tx, {
        customerId: pass.customerId,
        kind: 'low_visits',
        dedupeKey: `low_visits:${pass.id}`,
        facts: { passName: pass.name, visitsLeft: left },
        now,
    });
};

/** Plain writes of attendances charge or give back the visit in the same write. */
export const attendanceRules: WriteRules<'attendances'> = {
    create: async (record, { tx, user, now }) => {
        await checkEvent(tx, record, user, now);
        const charge = await settleAttendance(tx, record as Attendance, null);
        return { ...record, ...charge, markedBy: user.id };
    },
    update: async (found, before, { tx, user, now }) => {
        await checkEvent(tx, found, user, now);
        if (found.eventId !== before.eventId) await checkWindowOf(tx, before.eventId as Identifier, user, now);
        const moved = found.eventId !== before.eventId || found.customerId !== before.customerId;
        // A penalty's mark changed (moved, or another status) puts the penalty right: the mark is a plain one again.
        let record: Row = found;
        if (before.penaltyId != null && (moved || found.status !== before.status)) {
            await reversePenalty(tx, before.penaltyId as Identifier);
            const { penaltyId: _ended, ...plain } = found;
            record = plain;
        }
        if (moved) await applyVisitChanges(tx, releaseVisit(chargeOf(before)));
        const charge = await settleAttendance(tx, record as Attendance, moved ? null : chargeOf(before));
        return { ...record, ...charge, markedBy: user.id };
    },
    delete: async (record, { tx, user, now }) => {
        // Removing a mark is allowed on a class of a later day (a mistake put right), never past a teacher's window.
        await checkWindowOf(tx, record.eventId as Identifier, user, now);
        if (record.penaltyId != null) await reversePenalty(tx, record.penaltyId as Identifier, true);
        await applyVisitChanges(tx, releaseVisit(chargeOf(record)));
        await linkBooking(tx, null, record);
        // Its make-up goes with it, unless it was used (then the mark stays, in use).
        await settleMakeUp(tx, null, record, now);
    },
    // A manager's change to a class of a closed pay period is paid as an adjustment in the open one.
    after: async (record, before, { tx, user, now }) => {
        if (record) await linkBooking(tx, record, before);
        if (record) await settleMakeUp(tx, record, before, now);
        if (record?.charged === true && record.passId != null)
            await tellLowVisits(tx, record.passId as Identifier, now);
        // A visit charged or given back changes what the customer's passes can still pay for their seats.
        for (const customerId of new Set([record?.customerId, before?.customerId]))
            if (customerId != null) await repickPasses(tx, customerId as Identifier, now);
        await adjustClosedPay(
            tx,
            user,
            now,
            [record?.eventId, before?.eventId].filter(eventId => eventId != null) as Identifier[],
        );
    },
};
