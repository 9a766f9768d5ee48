import { settleVisit, type Charge, type Settlement } from '../../domain/attendance';
import { penaltyRuleOf } from '../../domain/penalties';
import type { Attendance, Identifier } from '../../domain/types';
import type { Row, Transaction } from '../storage/types';
import { chargingStatuses } from './studio';
import { visitTo } from './visits';

/*
 * Charging a visit to a pass: a mark's charge as stored, and settling it against the customer's passes
 * (the pass its seat expected, a penalty's plan, a make-up's credit, an excused absence on a plan with
 * make-ups), moving visitsUsed with it. Marks, penalties and cancelled classes settle through here; it
 * knows no feature, so that the bookings, the policy and the marks can all use it.
 */

/** The attendance status whose absence gives a make-up on a plan that has them. */
export const excusedStatus = 'excused';

/** Does an excused mark of a group's class use the visit of this pass: its plan gives make-ups. */
export const makeUpPlanPays = async (tx: Transaction, passId: Identifier | null): Promise<boolean> => {
    const pass = passId === null ? undefined : await tx.get('passes', passId);
    return (pass && (await tx.get('subscriptions', pass.subscriptionId)))?.makeUps === true;
};

/** What a mark's charge is, as stored. */
export const chargeOf = (record: Row): Charge => ({
    passId: (record.passId as number | null) ?? null,
    charged: record.charged === true,
    unpaid: record.unpaid === true,
});

/** Moves visitsUsed of the passes named, never below zero. */
export const applyVisitChanges = async (tx: Transaction, changes: Settlement['changes']) => {
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
    attendance: Pick<Attendance, 'eventId' | 'customerId' | 'status' | 'penaltyId'>,
    before: Charge | null,
    cancelled?: boolean,
): Promise<Charge> => {
    const event = await tx.get('events', attendance.eventId);
    if (!event) return { passId: null, charged: false, unpaid: false };
    // Every pass of the customer: a charge given back may sit on one that has ended since.
    const passes = await tx.select('passes', { customerId: attendance.customerId });
    const booking = (await bookingsFor(tx, attendance)).find(found => found.status === 'booked');
    // A penalty's mark charges the pass of the penalty's plan once the penalty is applied, whatever its status.
    const penalty = attendance.penaltyId == null ? undefined : await tx.get('penalties', attendance.penaltyId);
    const visit = { eventCancelled: cancelled ?? event.status === 'cancelled', ...(await visitTo(tx, event)) };
    const preferred = penalty?.passId ?? booking?.passId ?? null;
    let charges = penalty
        ? penalty.status === 'applied' && penalty.action === 'visit'
        : (await chargingStatuses(tx)).has(attendance.status) &&
          !(await missedOnNoShowPlan(tx, attendance.status, booking?.passId ?? null));
    // A make-up's class is paid by its credit, whatever the mark.
    if (booking?.makeUpId != null) charges = false;
    let { charge, changes } = settleVisit(before, { ...visit, charges }, passes, preferred);
    // An excused absence from a group's class uses the visit on a plan with make-ups (and gives a credit).
    if (
        !charges &&
        !penalty &&
        booking?.makeUpId == null &&
        attendance.status === excusedStatus &&
        event.scheduleId != null
    ) {
        const used = settleVisit(before, { ...visit, charges: true }, passes, preferred);
        if (used.charge.charged && (await makeUpPlanPays(tx, used.charge.passId))) ({ charge, changes } = used);
    }
    // A charge given back may sit on a pass of another customer when the mark was moved to someone else.
    await applyVisitChanges(tx, changes);
    return charge;
};

/**
 * A `missed` mark of a seat whose plan has a no-show penalty charges nothing when it is made: closing the
 * class makes it a no-show, and its penalty decides (waived, forgiven or applied).
 */
const missedOnNoShowPlan = async (tx: Transaction, status: string, passId: Identifier | null) => {
    if (status !== 'missed' || passId === null) return false;
    const pass = await tx.get('passes', passId);
    const plan = pass && (await tx.get('subscriptions', pass.subscriptionId));
    return penaltyRuleOf(plan, 'no_show') !== null;
};

/** The customer's bookings in the class a mark is for. */
export const bookingsFor = async (tx: Transaction, attendance: Pick<Attendance, 'eventId' | 'customerId'>) =>
    (await tx.select('bookings', { eventId: attendance.eventId })).filter(
        booking => booking.customerId === attendance.customerId,
    );
