import { randomBytes } from 'node:crypto';
import { chargeTime, lastAttempt, nextPeriodEnd, retryTime } from '../../domain/memberships';
import { paymentLinkAddress } from '../../domain/routes';
import { localDateAt } from '../../domain/time';
import type { StoredRecordOf } from '../../domain/types';
import { studioConfig } from '../rules/studio';
import type { RecordOf, Transaction } from '../storage/types';
import { heldPassOf, keepHeldToGrace } from './held';
import { membershipFacts, reaches, tellPayer, unreachable } from './notices';
import { endMembership } from './renewals';

/*
 * A renewal declined. For money (insufficient funds and every reason not the card's): past due, tried
 * again 1, 3 and 5 days after the first try, each try announced by the decline's message at least 24
 * hours before it; after the fourth, ended unpaid. For the card (expired, revoked): the card is no longer
 * charged, never tried again, and the payer gets a link that pays the period with a new card. Either
 * way, while past due the held pass pays for the grace days only.
 */

type Membership = RecordOf<'memberships'>;
type Charge = RecordOf<'charges'>;

/** Reasons that say the card is gone for good rather than expired. */
const expiredReasons = new Set(['card_expired', 'expired_on_confirmation', 'expired']);

/** The held pass kept to the grace days, and the membership past due. */
const pastDue = async (tx: Transaction, membership: Membership, changes: Partial<Membership>) => {
    const held = await heldPassOf(tx, membership);
    if (held) await keepHeldToGrace(tx, held);
    return tx.update('memberships', { ...membership, ...changes, status: 'past_due' });
};

/** A decline for money: the next try planned and announced, or, after the last, the end. */
export const declinedForMoney = async (
    tx: Transaction,
    membership: Membership,
    charge: Charge,
    now: Date,
): Promise<Membership> => {
    if (charge.attempt >= lastAttempt) return endMembership(tx, membership, 'unpaid', now);
    const first = (await tx.select('charges', { membershipId: membership.id, periodStart: charge.periodStart })).find(
        one => one.attempt === 1,
    );
    const retryAt = retryTime(first?.createdAt ?? charge.createdAt, charge.attempt + 1, now.toISOString()) as string;
    const { timezone } = await studioConfig(tx);
    const message = await tellPayer(
        tx,
        membership,
        'charge_declined',
        `charge_declined:${charge.id}`,
        {
            amount: charge.amount,
            membership: { ...(await membershipFacts(tx, membership)), chargeOn: localDateAt(retryAt, timezone) },
        },
        now,
    );
    const due = await pastDue(tx, membership, { nextChargeAt: retryAt, noticeMessageId: message.id });
    return reaches(message) ? due : unreachable(tx, due, now);
};

/**
 * A decline for the card: the card marked expired (or removed, its token forgotten), and a link that
 * pays the period with a new card, good until the period's end, sent to the payer.
 */
export const declinedForCard = async (
    tx: Transaction,
    membership: Membership,
    charge: Charge,
    publicUrl: string | undefined,
    now: Date,
): Promise<Membership> => {
    const card =
        membership.paymentMethodId == null ? undefined : await tx.get('paymentMethods', membership.paymentMethodId);
    if (card && card.status === 'active') {
        // A removed card's token is forgotten: it never charges again.
        const removed: StoredRecordOf<'paymentMethods'> = {
            ...card,
            status: 'removed',
            removedAt: now.toISOString(),
            token: null,
            payerKey: null,
        };
        await tx.update(
            'paymentMethods',
            expiredReasons.has(charge.reason ?? '') ? { ...card, status: 'expired' } : removed,
        );
    }
    const config = await studioConfig(tx);
    const periodOver = chargeTime(nextPeriodEnd(membership.periodEnd, membership.anchorDay), config.timezone);
    const link = await tx.insert('paymentLinks', {
        id: randomBytes(16).toString('base64url'),
        customerId: membership.customerId,
        purpose: 'membership',
        subscriptionId: membership.subscriptionId,
        passId: null,
        penaltyId: null,
        amount: charge.amount,
        description: null,
        status: 'pending',
        expiresAt: periodOver,
        paidAt: null,
        paymentId: null,
        payerId: membership.payerId,
        membershipId: membership.id,
    });
    const message = await tellPayer(
        tx,
        membership,
        'charge_declined',
        `charge_declined:${charge.id}`,
        {
            amount: charge.amount,
            membership: { ...(await membershipFacts(tx, membership)), payUrl: paymentLinkAddress(link.id, publicUrl) },
        },
        now,
    );
    const due = await pastDue(tx, membership, { nextChargeAt: null, noticeMessageId: message.id });
    return reaches(message) ? due : unreachable(tx, due, now);
};
