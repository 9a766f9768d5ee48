import { chargeTime, nextPeriodEnd, priceOfPeriod } from '../../domain/memberships';
import type { Pass, Payment } from '../../domain/types';
import { recordPassPayment } from '../money';
import { studioConfig } from '../rules/studio';
import type { RecordOf, Transaction } from '../storage/types';
import { cancelHeld, heldPassOf, holdNextPass, releaseHeld } from './held';
import { membershipFacts, tellPayer } from './notices';

/*
 * A period paid (by its charge, or by a link with a new card) and a membership ended at its period's end.
 * Paying records the ledger's payment of the held pass (online, by no staff user; the payer hears of it
 * as of any payment), the pass no longer held, and the membership moved to the next period with its
 * next charge planned, all in the caller's one transaction.
 */

type Membership = RecordOf<'memberships'>;

interface PeriodPaid {
    membership: Membership;
    pass: Pass;
    payment: Payment;
}

/** Pays the next period of `membership` with `amount` at `now`, and moves the membership into it. */
export const payNextPeriod = async (
    tx: Transaction,
    membership: Membership,
    amount: number,
    now: Date,
    paymentLinkId?: string,
): Promise<PeriodPaid> => {
    const config = await studioConfig(tx);
    const held = (await heldPassOf(tx, membership)) ?? (await holdNextPass(tx, membership, amount));
    const { payment } = await recordPassPayment(
        tx,
        held,
        { amount, method: 'online', createdBy: null, ...(paymentLinkId ? { paymentLinkId } : {}) },
        now,
    );
    const pass = await releaseHeld(tx, (await tx.get('passes', held.id)) ?? held, membership, payment.id);
    const periodStart = membership.periodEnd;
    const periodEnd = nextPeriodEnd(periodStart, membership.anchorDay);
    const moved = await tx.update('memberships', {
        ...membership,
        status: 'active',
        period: membership.period + 1,
        periodStart,
        periodEnd,
        passId: pass.id,
        heldPassId: null,
        noticeMessageId: null,
        nextChargeAt: chargeTime(periodEnd, config.timezone),
    });
    return { membership: moved, pass, payment };
};

/** What the next period costs, as consented. */
export const nextAmount = (membership: Membership) => priceOfPeriod(membership.prices, membership.period + 1);

/**
 * Ends a membership: nothing more is told or charged, its held pass (if any) cancelled with the seats
 * ahead it was to pay for, and the payer told why.
 */
export const endMembership = async (
    tx: Transaction,
    membership: Membership,
    endReason: NonNullable<Membership['endReason']>,
    now: Date,
): Promise<Membership> => {
    await cancelHeld(tx, membership, now);
    const ended = await tx.update('memberships', {
        ...membership,
        status: 'ended',
        endReason,
        endedAt: now.toISOString(),
        nextChargeAt: null,
        heldPassId: null,
    });
    await tellPayer(
        tx,
        ended,
        'membership_ended',
        `membership_ended:${membership.id}`,
        {
            membership: {
                ...(await membershipFacts(tx, ended)),
                endReason: endReason === 'customer' || endReason === 'staff' ? 'cancelled' : 'unpaid',
            },
        },
        now,
    );
    return ended;
};
