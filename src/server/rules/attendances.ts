import { releaseVisit, settleVisit, type Charge, type Settlement } from '../../domain/attendance';
import type { Attendance, Identifier } from '../../domain/types';
import { conflict, forbidden } from '../errors';
import type { Row, Transaction } from '../storage/types';
import { chargingStatuses } from '../studio';
import type { WriteRules } from './types';

const chargeOf = (record: Row): Charge => ({
    passId: (record.passId as number | null) ?? null,
    charged: record.charged === true,
    unpaid: record.unpaid === true,
});

/** Moves visitsUsed of the passes named, never below zero. */
const applyVisitChanges = async (tx: Transaction, changes: Settlement['changes']) => {
    for (const { passId, delta } of changes) {
        const pass = await tx.get('passes', passId);
        if (pass) await tx.update('passes', { ...pass, visitsUsed: Math.max(0, pass.visitsUsed + delta) });
    }
};

/**
 * Settles an attendance against its customer's passes: answers its new charge and moves visitsUsed.
 * `cancelled` tells the event's status when the event itself is being changed in the same write.
 */
export const settleAttendance = async (
    tx: Transaction,
    attendance: Pick<Attendance, 'eventId' | 'customerId' | 'status'>,
    before: Charge | null,
    cancelled?: boolean,
): Promise<Charge> => {
    const event = await tx.get('events', attendance.eventId);
    if (!event) return { passId: null, charged: false, unpaid: false };
    const course = await tx.get('courses', event.courseId);
    const passes = await tx.select('passes', { customerId: attendance.customerId });
    const { charge, changes } = settleVisit(
        before,
        {
            charges: (await chargingStatuses(tx)).has(attendance.status),
            eventCancelled: cancelled ?? event.status === 'cancelled',
            date: event.startsAt.slice(0, 10),
            directionId: course?.directionId ?? -1,
        },
        passes,
    );
    // A charge given back may sit on a pass of another customer when the mark was moved to someone else.
    await applyVisitChanges(tx, changes);
    return charge;
};

/**
 * A cancelled class charges nobody: marking on it is refused (409) rather than saved without a charge,
 * so that nobody believes a visit was counted. Its existing marks were given back when it was cancelled.
 * A teacher marks attendance on their own classes only.
 */
const checkEvent = async (tx: Transaction, record: Row, user: { id: Identifier; role: string }) => {
    const event = await tx.get('events', record.eventId as Identifier);
    if (user.role === 'teacher' && event && event.teacherId !== user.id) throw forbidden('Teachers mark attendance on their own events only');
    if (event?.status === 'cancelled') {
        throw conflict('This class is cancelled: attendance cannot be marked on it', { eventId: 'app.validation.event_cancelled' });
    }
};

/** Plain writes of attendances charge or give back the visit in the same write. */
export const attendanceRules: WriteRules = {
    create: async (record, { tx, user }) => {
        await checkEvent(tx, record, user);
        const charge = await settleAttendance(tx, record as unknown as Attendance, null);
        return { ...record, ...charge, markedBy: user.id };
    },
    update: async (record, before, { tx, user }) => {
        await checkEvent(tx, record, user);
        const moved = record.eventId !== before.eventId || record.customerId !== before.customerId;
        if (moved) await applyVisitChanges(tx, releaseVisit(chargeOf(before)));
        const charge = await settleAttendance(tx, record as unknown as Attendance, moved ? null : chargeOf(before));
        return { ...record, ...charge, markedBy: user.id };
    },
    delete: async (record, { tx }) => {
        await applyVisitChanges(tx, releaseVisit(chargeOf(record)));
    },
};
