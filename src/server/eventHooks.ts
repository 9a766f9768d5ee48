import { findClash } from '../domain/timetable';
import type { Database, StudioEvent } from '../domain/types';
import { settleAttendance } from './attendanceHooks';
import { conflict } from './errors';
import type { AnyRecord, WriteHooks } from './hooks';

/** A 409 naming who or what is busy, and with which class. */
export const clashError = (db: Database, kind: 'teacher' | 'studio', other: StudioEvent) => {
    const who =
        kind === 'teacher'
            ? `The teacher ${db.users.find(user => user.id === other.teacherId)?.name ?? other.teacherId}`
            : `The studio ${db.studios.find(studio => studio.id === other.studioId)?.name ?? other.studioId}`;
    return conflict(
        `${who} is busy at that time with class ${other.id} (${other.startsAt.replace('T', ' ')}, ${other.durationMinutes} min)`,
        kind === 'teacher' ? { teacherId: 'app.validation.teacher_clash' } : { studioId: 'app.validation.studio_clash' },
        { clash: { kind, eventId: other.id, startsAt: other.startsAt } },
    );
};

const refuseClash = (db: Database, event: StudioEvent) => {
    const clash = findClash(event, db.events);
    if (clash) throw clashError(db, clash.kind, clash.event);
};

/**
 * Events refuse to put a teacher or a studio in two places at once (409). Cancelling an event gives
 * back every visit charged on it, and reinstating it charges its marks again, in the same write.
 */
export const eventHooks: WriteHooks = {
    create: (record, { db }) => {
        refuseClash(db, record as unknown as StudioEvent);
        return record;
    },
    update: (record, before, { db }) => {
        const event = record as unknown as StudioEvent;
        refuseClash(db, event);
        const cancelledNow = event.status === 'cancelled';
        if (cancelledNow !== (before.status === 'cancelled')) rechargeMarks(db, event, record);
        return record;
    },
};

/** Settles every mark of the event as if it already had its new status. */
const rechargeMarks = (db: Database, event: StudioEvent, record: AnyRecord) => {
    const index = db.events.findIndex(candidate => candidate.id === event.id);
    const stored = db.events[index];
    // The settlement reads the event's status from the database: show it the new one.
    db.events[index] = record as unknown as StudioEvent;
    try {
        db.attendances
            .filter(attendance => attendance.eventId === event.id)
            .forEach(attendance => Object.assign(attendance, settleAttendance(db, attendance, attendance)));
    } finally {
        db.events[index] = stored;
    }
};
