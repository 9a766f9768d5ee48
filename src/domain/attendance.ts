import { passToCharge } from './passes';
import { addDays } from './time';
import type { Attendance, Identifier, Pass } from './types';

/*
 * Charging a visit when attendance is marked. The rules answer what the
 * attendance should hold and how each pass's visitsUsed moves; the server applies both in one write.
 */

export type Charge = Pick<Attendance, 'passId' | 'charged' | 'unpaid'>;

export const noCharge: Charge = { passId: null, charged: false, unpaid: false };

export interface Visit {
    /** Does the attendance's status use up a visit. */
    charges: boolean;
    /** A cancelled event charges nobody. */
    eventCancelled: boolean;
    /** The event's local date. */
    date: string;
    /** The direction of the event's course. */
    directionId: Identifier;
}

export interface Settlement {
    charge: Charge;
    /** visitsUsed changes by pass: +1 charges a visit, -1 gives one back. */
    changes: { passId: Identifier; delta: 1 | -1 }[];
}

/** What of a pass the charging and booking rules read. */
export type ChargeablePass = Pick<
    Pass,
    | 'id'
    | 'cancelled'
    | 'startsOn'
    | 'endsOn'
    | 'frozenFrom'
    | 'frozenTo'
    | 'visitsTotal'
    | 'visitsUsed'
    | 'directionIds'
>;

/**
 * What an attendance should be charged, given what it was charged before (`null` for a new mark) and
 * the customer's passes. A mark that stops charging, or a cancelled event, gives the visit back; a mark
 * that keeps charging keeps its pass; a charging mark without a charge (new, or a debt) looks for the
 * pass to charge again, so a debt is settled once a pass is there. A visit someone booked is charged to
 * the pass the booking expected to pay (`preferred`) while that pass can pay it.
 */
export const settleVisit = (
    before: Charge | null,
    visit: Visit,
    passes: ChargeablePass[],
    preferred: Identifier | null = null,
): Settlement => {
    const giveBack: Settlement['changes'] =
        before?.charged && before.passId !== null ? [{ passId: before.passId, delta: -1 }] : [];
    if (!visit.charges || visit.eventCancelled) return { charge: noCharge, changes: giveBack };
    if (before?.charged && before.passId !== null && passes.some(pass => pass.id === before.passId))
        return { charge: before, changes: [] };
    // The pass a booking expected to pay, while it still can; else the charging rule's.
    const pass =
        passToCharge(
            passes.filter(candidate => candidate.id === preferred),
            visit.date,
            visit.directionId,
        ) ?? passToCharge(passes, visit.date, visit.directionId);
    if (!pass) return { charge: { passId: null, charged: false, unpaid: true }, changes: giveBack };
    return {
        charge: { passId: pass.id, charged: true, unpaid: false },
        changes: [...giveBack, { passId: pass.id, delta: 1 }],
    };
};

/** Giving back the visit of an attendance that is deleted. */
export const releaseVisit = (before: Charge): Settlement['changes'] =>
    before.charged && before.passId !== null ? [{ passId: before.passId, delta: -1 }] : [];

/** Applies visitsUsed changes to the passes they name, never below zero. */
export const applyChanges = (passes: Pick<Pass, 'id' | 'visitsUsed'>[], changes: Settlement['changes']) => {
    for (const { passId, delta } of changes) {
        const pass = passes.find(candidate => candidate.id === passId);
        if (pass) pass.visitsUsed = Math.max(0, pass.visitsUsed + delta);
    }
};

/*
 * When a class's marks may be written. Marks open on the class's day in the studio (a visit that has not
 * happened cannot be counted); a teacher may change them for `teacherEditDays` days after that day, so
 * that pay and passes settle, while managers and admins put things right at any time (the audit trail
 * keeps what they changed).
 */

export interface Marking {
    /** The class is on a later day than today: nothing but removing a mark. */
    future: boolean;
    /** The teacher's window has closed: only managers and admins change the marks. */
    locked: boolean;
    /** The last day the teacher may change the marks. */
    lastTeacherDay: string;
    teacherEditDays: number;
}

interface MarkingInput {
    /** The class's local date. */
    date: string;
    /** Today in the studio. */
    today: string;
    role: string;
    teacherEditDays: number;
}

export const marking = ({ date, today, role, teacherEditDays }: MarkingInput): Marking => {
    const lastTeacherDay = addDays(date, teacherEditDays);
    return {
        future: date > today,
        locked: role === 'teacher' && today > lastTeacherDay,
        lastTeacherDay,
        teacherEditDays,
    };
};
