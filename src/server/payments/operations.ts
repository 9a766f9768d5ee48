import { feeOwed } from '../../domain/penalties';
import { studioToday, type Clock } from '../../domain/time';
import type { OnlinePayment, Pass, PaymentLink, Subscription } from '../../domain/types';
import { ApiError } from '../http/errors';
import { recordPassPayment, recordSale } from '../money';
import { studioConfig } from '../rules/studio';
import type { Reader, Storage, Transaction } from '../storage/types';
import type { MembershipLinks } from './membershipLinks';
import type { PaymentProvider, SavedCard } from './provider';
import { checkStillOwed, stillAsks } from './checks';

/*
 * The online payments' shared steps, each given the room's context (`Payments`): the attempt a notice
 * names, why its link no longer takes the payment, recording the payment in the ledger, and changing an
 * attempt.
 */

/** What settling a provider's payments works with. */
export interface Payments {
    storage: Storage;
    provider: PaymentProvider;
    clock: Clock;
    log: Pick<Console, 'info' | 'warn' | 'error'>;
    /** How long after its expiry a link still takes a payment begun before it (the payer on the page). */
    lateGraceMs: number;
    /** What a `membership` link's payment starts; without it such a payment sells the plan's pass alone. */
    memberships?: MembershipLinks;
}

/** Why a payment could not be recorded against its link, as the attempt keeps it for staff. */
type RefundReason = 'link_cancelled' | 'link_expired' | 'link_paid' | 'link_changed' | 'nothing_due' | 'amount_differs';

/** The attempt a notice names, if it is this provider's. */
export const attemptOf = async (ctx: Payments, reader: Reader, attemptId: string) => {
    const { provider } = ctx;
    const attempt = /^[0-9a-f]{32}$/.test(attemptId) ? await reader.get('onlinePayments', attemptId) : undefined;
    return attempt?.provider === provider.name ? attempt : undefined;
};

/** Changes an attempt, stamped with the server's time. */
export const touch = (ctx: Payments, tx: Transaction, attempt: OnlinePayment, changes: Partial<OnlinePayment>) =>
    tx.update('onlinePayments', { ...attempt, ...changes, updatedAt: ctx.clock().toISOString() });

/** A payment's id that is not the attempt's own (CloudPayments names its order, then a transaction). */
export const otherId = (attempt: OnlinePayment, providerPaymentId: string) =>
    providerPaymentId !== attempt.providerPaymentId && providerPaymentId !== attempt.providerTransactionId;

/**
 * Why the link no longer takes this payment, or null when it does: `now` is when the provider took
 * the money, within the grace after the link's expiry.
 */
export const refusal = async (
    ctx: Payments,
    tx: Transaction,
    link: PaymentLink,
    attempt: OnlinePayment,
    now: Date,
): Promise<RefundReason | null> => {
    const { lateGraceMs } = ctx;
    if (link.status === 'cancelled') return 'link_cancelled';
    if (link.status === 'paid') return 'link_paid';
    if (!stillAsks(link, attempt)) return 'link_changed';
    if (Date.parse(link.expiresAt) + lateGraceMs < now.getTime()) return 'link_expired';
    const owed = await checkStillOwed(tx, link).then(
        () => true,
        (error: unknown) => {
            if (error instanceof ApiError && error.status === 409) return false;
            throw error;
        },
    );
    return owed ? null : 'nothing_due';
};

/**
 * Records the payment inside `tx`: a fee paid on its penalty, the rest of a pass, a membership's first
 * period (with the card the provider saved), or the plan sold (starting on the studio's date), for what
 * the provider took and in the name of no user. The link is then paid, whatever it says (a payment
 * recorded although it could not be given back says so).
 */
export const recordOnlinePayment = async (
    tx: Transaction,
    attempt: OnlinePayment,
    link: PaymentLink,
    note: string,
    now: Date,
    {
        memberships,
        savedCard,
        provider,
    }: Partial<Pick<Payments, 'memberships'>> & {
        savedCard?: SavedCard;
        provider?: PaymentProvider['name'];
    } = {},
) => {
    const config = await studioConfig(tx);
    const entry = {
        amount: attempt.amount,
        method: 'online' as const,
        createdBy: null,
        paymentLinkId: link.id,
        note,
    };
    let passId = link.passId;
    let paymentId: number;
    if (attempt.purpose === 'fee') {
        const penalty = attempt.penaltyId == null ? undefined : await tx.get('penalties', attempt.penaltyId);
        const owed = penalty && feeOwed(penalty) ? penalty : undefined;
        const payment = await tx.insert('payments', {
            ...entry,
            customerId: attempt.customerId,
            kind: 'payment',
            passId: null,
            paidAt: now.toISOString(),
            penaltyId: owed?.id ?? null,
        });
        if (owed) await tx.update('penalties', { ...owed, paymentId: payment.id });
        paymentId = payment.id;
    } else if (attempt.purpose === 'balance' && attempt.passId != null) {
        const pass = (await tx.get('passes', attempt.passId)) as Pass;
        paymentId = (await recordPassPayment(tx, pass, entry, now)).payment.id;
    } else if (attempt.purpose === 'membership' && memberships) {
        const settled = await memberships.settle(tx, {
            attempt,
            link,
            entry,
            provider: provider ?? attempt.provider,
            savedCard,
            now,
        });
        [paymentId, passId] = [settled.paymentId, settled.passId];
    } else {
        const plan = (await tx.get('subscriptions', attempt.subscriptionId)) as Subscription;
        const sold = await recordSale(
            tx,
            {
                ...entry,
                customerId: attempt.customerId,
                plan,
                startsOn: studioToday(config.timezone, now),
            },
            now,
        );
        passId = sold.pass.id;
        paymentId = sold.payment?.id as number;
    }
    await tx.update('paymentLinks', {
        ...link,
        // What was paid: the link's amount, unless it changed and the payment is recorded regardless.
        amount: attempt.amount,
        status: 'paid',
        paidAt: now.toISOString(),
        paymentId,
        passId,
    });
    return paymentId;
};
