import { randomBytes } from 'node:crypto';
import type { Identifier, PaymentLink } from '../../domain/types';
import { conflict, notFound } from '../http/errors';
import type { Transaction } from '../storage/types';
import { openCharges } from './charging';
import { nextAmount } from './renewals';

/*
 * Changing a membership's card in /my. A card is saved only by a payment made with it (the providers save
 * a card at a payment the payer makes on their page, with the consent ticked), so the new card pays the
 * next period now: the held pass if there is one, else the next period in advance, the period moving as
 * at a renewal. Its settlement (the period link's, exactly once) saves the new card on the membership and
 * removes the old one. Nothing is charged twice: the next charge is then a period later.
 */

/** The link that pays the next period with a new card, for its payer; refused while a charge is being made. */
export const cardChangeLink = async (
    tx: Transaction,
    id: Identifier,
    payerId: Identifier,
    now: Date,
): Promise<PaymentLink> => {
    await tx.claim('memberships', [id]);
    const membership = await tx.get('memberships', id);
    if (!membership || membership.payerId !== payerId) throw notFound(`Membership ${id} does not exist`);
    if (membership.status !== 'active' || membership.cancelAtPeriodEnd)
        throw conflict('The membership has ended or is ending: it has no next period to pay', {
            status: 'app.memberships.errors.ended',
        });
    if ((await openCharges(tx, id)).length)
        throw conflict('A charge on this card is being made: try again in a minute', {
            status: 'app.memberships.errors.charge_pending',
        });
    const inADay = new Date(now.getTime() + 86_400_000).toISOString();
    return tx.insert('paymentLinks', {
        id: randomBytes(16).toString('base64url'),
        customerId: membership.customerId,
        purpose: 'membership',
        subscriptionId: membership.subscriptionId,
        passId: null,
        penaltyId: null,
        amount: nextAmount(membership),
        description: null,
        status: 'pending',
        // Paid after the next charge, it would pay the period after that: it lasts a day, at most until then.
        expiresAt: membership.nextChargeAt && membership.nextChargeAt < inADay ? membership.nextChargeAt : inADay,
        paidAt: null,
        paymentId: null,
        payerId: membership.payerId,
        membershipId: membership.id,
    });
};
