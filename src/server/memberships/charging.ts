import { chargeKey, earliestCharge } from '../../domain/memberships';
import type { StoredRecordOf } from '../../domain/types';
import type { Reader, RecordOf, Storage, Transaction } from '../storage/types';
import { declinedForCard, declinedForMoney } from './declines';
import { payNextPeriod } from './renewals';

/*
 * Charging a membership's saved card, never twice for one period. The job claims the membership's row,
 * writes and commits the `pending` charge under that claim (one pending or unknown charge per membership
 * at a time: a second process, or a second run, finds it and leaves the membership alone), and only
 * then asks the provider. The answer is settled in one transaction that claims the row again and finds the
 * charge still open, so that two settlements of one charge make one payment. No answer (a network
 * error, a timeout, a 5xx): the charge is `unknown`, and before anything else is asked for the
 * membership the provider is asked what became of it by its key; one it never took is asked again under
 * the same key, which no provider charges twice.
 */

type Membership = RecordOf<'memberships'>;
type Charge = RecordOf<'charges'>;
type Card = StoredRecordOf<'paymentMethods'>;

/** A renewal's outcome, as the provider tells it. */
export type ChargeAnswer =
    | { status: 'succeeded'; providerPaymentId: string }
    | { status: 'pending'; providerPaymentId: string }
    | { status: 'declined'; providerPaymentId: string | null; reason: string; cause: 'money' | 'card' };

/** The provider's side of a renewal, as the server's payments set it up. */
export interface Charger {
    /** The provider's name: a card saved with another provider is not charged by this one. */
    name: RecordOf<'paymentMethods'>['provider'];
    /** Asks for the charge under its key; throws when the outcome is unknown. */
    charge(input: {
        charge: Charge;
        card: Card;
        payer: RecordOf<'customers'>;
        description: string;
    }): Promise<ChargeAnswer>;
    /** What became of a charge whose outcome is unknown; `missing` when the provider never took it. */
    find(charge: Charge): Promise<ChargeAnswer | { status: 'missing' }>;
}

export interface ChargeContext {
    storage: Storage;
    charger: Charger;
    /** The database's own prefix of charge keys. */
    prefix: string;
    publicUrl: string | undefined;
    now: Date;
}

const open = (charge: Charge) => charge.status === 'pending' || charge.status === 'unknown';

/** The charges of the membership still waiting for an outcome. */
export const openCharges = async (tx: Pick<Transaction, 'select'>, membershipId: number) =>
    (await tx.select('charges', { membershipId })).filter(open);

/** Whether the membership is due a charge at `now`: its time has come, and its notice was delivered 24 hours before. */
export const chargeDue = async (reader: Pick<Reader, 'get'>, membership: Membership, now: Date): Promise<boolean> => {
    if (membership.status === 'ended' || membership.cancelAtPeriodEnd || !membership.nextChargeAt) return false;
    if (Date.parse(membership.nextChargeAt) > now.getTime() || membership.noticeMessageId == null) return false;
    const notice = await reader.get('messages', membership.noticeMessageId);
    if (!notice?.sentAt || notice.status !== 'sent') return false;
    return Date.parse(earliestCharge(membership.nextChargeAt, notice.sentAt)) <= now.getTime();
};

/**
 * Writes the membership's next charge as `pending`, under the claim of its row, when it is due and no
 * other charge of it is open; answers the charge, or null when there is nothing to charge now.
 */
const beginCharge = (context: ChargeContext, membershipId: number, amount: number) =>
    context.storage.transaction(
        async tx => {
            await tx.claim('memberships', [membershipId]);
            const membership = await tx.get('memberships', membershipId);
            if (!membership || !(await chargeDue(tx, membership, context.now))) return null;
            if ((await openCharges(tx, membershipId)).length) return null;
            const card =
                membership.paymentMethodId == null
                    ? undefined
                    : await tx.get('paymentMethods', membership.paymentMethodId);
            if (!card || card.status !== 'active' || card.provider !== context.charger.name) return null;
            const periodStart = membership.periodEnd;
            const attempt = (await tx.select('charges', { membershipId, periodStart })).length + 1;
            return tx.insert('charges', {
                membershipId,
                periodStart,
                attempt,
                key: chargeKey(context.prefix, membershipId, periodStart, attempt),
                provider: card.provider,
                paymentMethodId: card.id,
                amount,
                status: 'pending',
                reason: null,
                cause: null,
                providerPaymentId: null,
                noticeMessageId: membership.noticeMessageId,
                paymentId: null,
                settledAt: null,
            });
        },
        { claimed: true },
    );

/** Asks the provider for a charge written as pending; answers its outcome, or null when it is unknown. */
const ask = async (context: ChargeContext, charge: Charge): Promise<ChargeAnswer | null> => {
    const facts = await context.storage.transaction(async tx => {
        const membership = await tx.get('memberships', charge.membershipId);
        const card =
            charge.paymentMethodId == null ? undefined : await tx.get('paymentMethods', charge.paymentMethodId);
        const payer = membership && (await tx.get('customers', membership.payerId));
        const plan = membership && (await tx.get('subscriptions', membership.subscriptionId));
        return card && payer && plan ? { card: card as Card, payer, description: plan.name } : null;
    });
    // A card removed meanwhile is never asked to pay: the charge ends declined for the card.
    if (!facts || facts.card.status !== 'active' || !facts.card.token)
        return { status: 'declined', providerPaymentId: null, reason: 'card_removed', cause: 'card' };
    try {
        return await context.charger.charge({ charge, ...facts });
    } catch {
        return null;
    }
};

/** Settles a charge's outcome once, in one transaction under the membership's claim; answers whether it changed anything. */
export const settleCharge = (context: ChargeContext, chargeId: number, answer: ChargeAnswer | null): Promise<boolean> =>
    context.storage.transaction(
        async tx => {
            const found = await tx.get('charges', chargeId);
            if (!found) return false;
            await tx.claim('memberships', [found.membershipId]);
            const charge = await tx.get('charges', chargeId);
            const membership = await tx.get('memberships', found.membershipId);
            if (!charge || !membership || !open(charge)) return false;
            const settledAt = context.now.toISOString();
            if (!answer || answer.status === 'pending') {
                const status = answer ? 'pending' : 'unknown';
                const providerPaymentId = answer?.providerPaymentId ?? charge.providerPaymentId;
                if (status === charge.status && providerPaymentId === charge.providerPaymentId) return false;
                await tx.update('charges', { ...charge, status, providerPaymentId });
                return true;
            }
            const { providerPaymentId } = answer;
            if (answer.status === 'succeeded') {
                // A membership ended meanwhile (its card removed) still gets the period it paid for, and stays ended.
                const paid = await payNextPeriod(tx, membership, charge.amount, context.now);
                const { payment } = paid;
                if (membership.status === 'ended')
                    await tx.update('memberships', { ...paid.membership, status: 'ended', nextChargeAt: null });
                await tx.update('charges', {
                    ...charge,
                    status: 'succeeded',
                    providerPaymentId,
                    paymentId: payment.id,
                    settledAt,
                });
                return true;
            }
            const declined = await tx.update('charges', {
                ...charge,
                status: 'declined',
                providerPaymentId,
                reason: answer.reason,
                cause: answer.cause,
                settledAt,
            });
            if (membership.status === 'ended') return true;
            if (answer.cause === 'card')
                await declinedForCard(tx, membership, declined, context.publicUrl, context.now);
            else await declinedForMoney(tx, membership, declined, context.now);
            return true;
        },
        { claimed: true },
    );

/**
 * Charges a membership due now: the pending charge committed, the provider asked, the outcome settled.
 * Answers whether a charge was made.
 */
export const chargeMembership = async (context: ChargeContext, membershipId: number, amount: number) => {
    const charge = await beginCharge(context, membershipId, amount);
    if (!charge) return false;
    await settleCharge(context, charge.id, await ask(context, charge));
    return true;
};

/**
 * Reconciles a charge left open (unknown, pending at the provider, or pending when its process stopped):
 * the provider says what became of it, and one it never took is asked again under the same key.
 */
export const reconcileCharge = async (context: ChargeContext, charge: Charge): Promise<boolean> => {
    let found: ChargeAnswer | { status: 'missing' };
    try {
        found = await context.charger.find(charge);
    } catch {
        return settleCharge(context, charge.id, null);
    }
    return settleCharge(context, charge.id, found.status === 'missing' ? await ask(context, charge) : found);
};
