import { settleVisit } from '../../domain/attendance';
import { graceLastDay, nextPeriodEnd, periodLastDay } from '../../domain/memberships';
import { passForSale } from '../../domain/money';
import type { Pass } from '../../domain/types';
import { giveUpSeatsOf } from '../bookings';
import { applyVisitChanges, chargeOf } from '../rules/charging';
import { visitTo } from '../rules/visits';
import { studioConfig } from '../rules/studio';
import type { RecordOf, Transaction } from '../storage/types';

/*
 * The next period's pass, sold as `held` with its notice: it books seats and counts visits like any pass,
 * so that booking never stops at a period's end, and owes nothing until its charge pays it. While the
 * membership is past due it is good only within the grace days from its first day (its last day moved
 * there, and back once the period is paid); a membership that ends unpaid cancels it and the seats it
 * was to pay for ahead.
 */

type Membership = RecordOf<'memberships'>;

/** The last day of the period that starts on `startsOn`, for a membership whose periods start on `anchorDay`. */
const lastDayFrom = (startsOn: string, anchorDay: number) => periodLastDay(nextPeriodEnd(startsOn, anchorDay));

/** Sells the next period's pass as held: the plan's terms, the period's days, the period's consented price. */
export const holdNextPass = async (tx: Transaction, membership: Membership, amount: number): Promise<Pass> => {
    const plan = await tx.get('subscriptions', membership.subscriptionId);
    if (!plan) throw new Error(`The plan ${membership.subscriptionId} of membership ${membership.id} is gone`);
    const startsOn = membership.periodEnd;
    return tx.insert('passes', {
        ...passForSale(plan, membership.customerId, startsOn),
        endsOn: lastDayFrom(startsOn, membership.anchorDay),
        price: amount,
        membershipId: membership.id,
        held: true,
    });
};

/** The held pass of a membership, when it has one that is not cancelled. */
export const heldPassOf = async (tx: Transaction, membership: Membership): Promise<Pass | undefined> => {
    const pass = membership.heldPassId == null ? undefined : await tx.get('passes', membership.heldPassId);
    return pass && !pass.cancelled ? pass : undefined;
};

/** A past-due membership's held pass pays for the grace days only: its last day moved to the grace's. */
export const keepHeldToGrace = async (tx: Transaction, pass: Pass): Promise<Pass> => {
    const { membershipGraceDays } = await studioConfig(tx);
    const endsOn = graceLastDay(pass.startsOn, membershipGraceDays);
    return endsOn < pass.endsOn ? tx.update('passes', { ...pass, endsOn }) : pass;
};

/** The held pass paid: no longer held, good for its whole period again. */
export const releaseHeld = (tx: Transaction, pass: Pass, membership: Membership, paymentId: number): Promise<Pass> =>
    tx.update('passes', {
        ...pass,
        held: false,
        paymentId: pass.paymentId ?? paymentId,
        endsOn: lastDayFrom(pass.startsOn, membership.anchorDay),
    });

/**
 * Cancels the held pass (a membership ended unpaid, or cancelled) and gives up the seats it was to pay for
 * ahead. Visits already made on it are charged again as any visit is: to another pass of that day, or
 * left unpaid.
 */
export const cancelHeld = async (tx: Transaction, membership: Membership, now: Date): Promise<void> => {
    const pass = await heldPassOf(tx, membership);
    if (!pass) return;
    await tx.update('passes', { ...pass, cancelled: true });
    await giveUpSeatsOf(tx, pass, lastDayFrom(pass.startsOn, membership.anchorDay), now);
    for (const attendance of await tx.select('attendances', { passId: pass.id })) {
        const event = attendance.charged ? await tx.get('events', attendance.eventId) : undefined;
        if (!event) continue;
        // Charged again as if the held pass had never been: its visit given back, another pass or none.
        const others = (await tx.select('passes', { customerId: attendance.customerId })).filter(
            one => one.id !== pass.id,
        );
        const visit = { charges: true, eventCancelled: event.status === 'cancelled', ...(await visitTo(tx, event)) };
        const { charge, changes } = settleVisit(chargeOf(attendance), visit, others);
        await applyVisitChanges(tx, changes);
        await tx.update('attendances', { ...attendance, ...charge });
    }
};
