import { applyChanges, releaseVisit, settleVisit, type Charge } from '../domain/attendance';
import type { Attendance, Database, StudioEvent } from '../domain/types';
import type { AuthenticatedRequest } from './auth';
import { conflict } from './errors';
import type { AnyRecord, HookContext, WriteHooks } from './hooks';

/** The codes of the attendance statuses that use up a visit. */
export const chargingStatuses = (db: Database): Set<string> =>
    new Set(db.statuses.filter(status => status.name === 'attendance' && status.charges).map(status => status.code));

const eventOf = (db: Database, eventId: unknown) => db.events.find(event => event.id === eventId) as StudioEvent;

const chargeOf = (record: AnyRecord): Charge => ({
    passId: (record.passId as number | null) ?? null,
    charged: record.charged === true,
    unpaid: record.unpaid === true,
});

/** Settles an attendance against its customer's passes: answers its new charge and moves visitsUsed. */
export const settleAttendance = (db: Database, attendance: Pick<Attendance, 'eventId' | 'customerId' | 'status'>, before: Charge | null): Charge => {
    const event = eventOf(db, attendance.eventId);
    const course = db.courses.find(candidate => candidate.id === event.courseId);
    const passes = db.passes.filter(pass => pass.customerId === attendance.customerId);
    const { charge, changes } = settleVisit(
        before,
        {
            charges: chargingStatuses(db).has(attendance.status),
            eventCancelled: event.status === 'cancelled',
            date: event.startsAt.slice(0, 10),
            directionId: course?.directionId ?? -1,
        },
        passes,
    );
    // A charge given back may sit on a pass of another customer when the mark was moved to someone else.
    applyChanges(db.passes, changes);
    return charge;
};

/**
 * A cancelled class charges nobody: marking on it is refused (409) rather than saved without a charge,
 * so that nobody believes a visit was counted. Its existing marks were given back when it was cancelled.
 */
const refuseCancelled = (db: Database, eventId: unknown) => {
    if (eventOf(db, eventId)?.status === 'cancelled') {
        throw conflict('This class is cancelled: attendance cannot be marked on it', { eventId: 'app.validation.event_cancelled' });
    }
};

const markedBy = (context: HookContext) => (context.req as AuthenticatedRequest).user.id;

/** Plain writes of attendances charge or give back the visit in the same write (DESIGN.md section 4). */
export const attendanceHooks: WriteHooks = {
    create: (record, context) => {
        refuseCancelled(context.db, record.eventId);
        const charge = settleAttendance(context.db, record as unknown as Attendance, null);
        return { ...record, ...charge };
    },
    update: (record, before, context) => {
        refuseCancelled(context.db, record.eventId);
        const moved = record.eventId !== before.eventId || record.customerId !== before.customerId;
        if (moved) applyChanges(context.db.passes, releaseVisit(chargeOf(before)));
        const charge = settleAttendance(context.db, record as unknown as Attendance, moved ? null : chargeOf(before));
        return { ...record, ...charge, markedBy: markedBy(context) };
    },
    delete: (record, context) => {
        applyChanges(context.db.passes, releaseVisit(chargeOf(record)));
    },
};
