import { chargeTime } from '../../domain/memberships';
import { studioToday } from '../../domain/time';
import type { Identifier, StoredRecordOf } from '../../domain/types';
import { conflict, forbidden, notFound } from '../http/errors';
import { studioConfig } from '../rules/studio';
import type { NewRecord, Transaction } from '../storage/types';

/*
 * Managing a running membership: cancelling it (nothing more is charged; it ends with the period paid),
 * resuming it before that, and its payer removing the saved card, after which nothing is charged to it.
 */

type Membership = StoredRecordOf<'memberships'>;
type Card = StoredRecordOf<'paymentMethods'>;

/** Who asks: staff, or the customer signed in to the portal (only a membership's payer changes it). */
export type Asker = { staff: true } | { payerId: Identifier };

/** The membership, claimed so that the job charging it and this change take turns. */
const claimed = async (tx: Transaction, id: Identifier, asker: Asker): Promise<Membership> => {
    await tx.claim('memberships', [id]);
    const membership = await tx.get('memberships', id);
    if (!membership) throw notFound(`Membership ${id} does not exist`);
    if ('payerId' in asker && membership.payerId !== asker.payerId)
        throw forbidden('Only the payer of a membership changes it');
    return membership;
};

const refuseEnded = (membership: Membership) => {
    if (membership.status === 'ended')
        throw conflict('The membership has ended', { status: 'app.memberships.errors.ended' });
};

/**
 * Cancels at the period's end: no further notice or charge (nextChargeAt empty), `ended` by the job at
 * periodEnd, and why it ends is kept. Cancelling again changes nothing.
 */
export const cancelMembership = async (tx: Transaction, id: Identifier, asker: Asker): Promise<Membership> => {
    const membership = await claimed(tx, id, asker);
    refuseEnded(membership);
    if (membership.cancelAtPeriodEnd) return membership;
    return tx.update('memberships', {
        ...membership,
        cancelAtPeriodEnd: true,
        nextChargeAt: null,
        endReason: 'payerId' in asker ? 'customer' : 'staff',
    });
};

/** Takes a cancel back while its period runs: charged again at the period's end, as before. */
export const resumeMembership = async (
    tx: Transaction,
    id: Identifier,
    asker: Asker,
    now: Date,
): Promise<Membership> => {
    const membership = await claimed(tx, id, asker);
    refuseEnded(membership);
    if (!membership.cancelAtPeriodEnd) return membership;
    const { timezone } = await studioConfig(tx);
    if (studioToday(timezone, now) >= membership.periodEnd || membership.status !== 'active')
        throw conflict('The period is over: the membership can no longer be resumed', {
            status: 'app.memberships.errors.not_resumable',
        });
    return tx.update('memberships', {
        ...membership,
        cancelAtPeriodEnd: false,
        endReason: null,
        nextChargeAt: chargeTime(membership.periodEnd, timezone),
    });
};

/**
 * Its payer removes a saved card: from now on nothing is charged to it (the job charges active cards
 * only), what charges it is deleted, and the memberships on it keep naming it. A charge being asked of
 * the provider right now is waited for (409: try again in a moment), so that its outcome is recorded.
 */
export const removeCard = async (tx: Transaction, id: Identifier, payerId: Identifier, now: Date) => {
    await tx.claim('paymentMethods', [id]);
    const card = (await tx.get('paymentMethods', id)) as Card | undefined;
    if (!card || card.customerId !== payerId) throw notFound(`Saved card ${id} does not exist`);
    const memberships = await tx.select('memberships', { paymentMethodId: id });
    await tx.claim(
        'memberships',
        memberships.map(membership => membership.id),
    );
    if (card.status === 'removed') return { removed: true as const };
    const pending = await tx.select('charges', { paymentMethodId: id, status: ['pending', 'unknown'] });
    if (pending.length > 0)
        throw conflict('A charge on this card is being made: try again in a minute', {
            status: 'app.memberships.errors.charge_pending',
        });
    const removed: NewRecord<'paymentMethods'> & Pick<Card, 'id' | 'createdAt' | 'token' | 'payerKey'> = {
        ...card,
        status: 'removed',
        removedAt: now.toISOString(),
        token: null,
        payerKey: null,
    };
    await tx.update('paymentMethods', removed);
    return { removed: true as const };
};
