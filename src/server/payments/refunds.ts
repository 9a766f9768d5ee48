import type { OnlinePayment, PaymentLink } from '../../domain/types';
import { studioConfig } from '../rules/studio';
import { ProviderError, toMinor, type PaymentProvider } from './provider';
import { howKept, keptWords, recordOwnPayment, type Kept } from './kept';
import { refundReceipt } from './receipts';
import { attemptReceipt, receiptSettingsOf } from './checks';
import { recordOnlinePayment, touch, type Payments } from './operations';

/*
 * Giving back a payment its link no longer takes, through the provider, with the attempt's refund key so
 * that asking again never refunds twice.
 */

/**
 * Asks the provider to give back `amount` of an attempt's payment with `key` and a refund receipt:
 * its answer, a refusal for good as `canceled`, or null when the outcome is unknown (asked again later).
 */
export const askRefund = async (
    ctx: Payments,
    attempt: OnlinePayment,
    amount: number,
    key: string,
): Promise<Awaited<ReturnType<PaymentProvider['refund']>> | null> => {
    const { storage, provider, log } = ctx;
    const paid = await attemptReceipt(storage, attempt, receiptSettingsOf(await studioConfig(storage)));
    const amountMinor = toMinor(amount);
    try {
        return await provider.refund({
            providerPaymentId: (attempt.providerTransactionId ?? attempt.providerPaymentId) as string,
            amountMinor,
            currency: attempt.currency,
            receipt: paid && refundReceipt(paid, amountMinor),
            idempotenceKey: key,
        });
    } catch (error) {
        if (error instanceof ProviderError && !error.retryable) return { status: 'canceled', reason: error.message };
        log.warn(`The ${provider.name} refund ${key} is to be asked again: ${String(error)}`);
        return null;
    }
};

/**
 * Gives a payment its link no longer takes back through the provider, with the attempt's refund key
 * (so that asking again never refunds twice) and a refund receipt. A refund the provider refuses for
 * good is recorded as paid against the link, so that staff see the money; one whose outcome is
 * unknown stays `refunding` and is asked again later.
 */
export const giveBack = async (ctx: Payments, attempt: OnlinePayment): Promise<OnlinePayment> => {
    const { storage, provider } = ctx;
    let outcome = await askRefund(ctx, attempt, attempt.amount, attempt.refundKey ?? `${attempt.id}-r1`);
    if (!outcome) return attempt;
    // Refused now, perhaps because an earlier ask gave it back already (past the key's lifetime): the
    // provider's own account of the payment decides before anything is recorded as kept.
    if (outcome.status === 'canceled') {
        const refunded = await provider
            .fetchPayment(attempt.providerPaymentId as string, attempt.id)
            .then(state => state.refunded === true)
            .catch(() => null);
        if (refunded === null) return attempt;
        if (refunded) outcome = { status: 'succeeded', providerRefundId: attempt.providerRefundId ?? undefined };
    }
    if (outcome.status === 'pending')
        return storage.transaction(async tx => {
            const now = await tx.get('onlinePayments', attempt.id);
            return now?.status === 'refunding'
                ? touch(ctx, tx, now, { providerRefundId: outcome.providerRefundId ?? null })
                : (now as OnlinePayment);
        });
    return finishRefund(ctx, attempt.id, outcome.status, outcome.providerRefundId ?? null, outcome.reason);
};

/** A refund the provider answered or confirmed: the attempt refunded, or, refused, what was received recorded. */
export const finishRefund = async (
    ctx: Payments,
    attemptId: string,
    status: 'succeeded' | 'canceled',
    providerRefundId: string | null,
    reason?: string,
): Promise<OnlinePayment> => {
    const { storage, provider, clock, log } = ctx;
    const now = clock();
    let kept: Kept | null = null;
    const after = await storage.transaction(async tx => {
        kept = null;
        const attempt = (await tx.get('onlinePayments', attemptId)) as OnlinePayment;
        if (attempt.status !== 'refunding') return attempt;
        if (status === 'succeeded')
            return touch(ctx, tx, attempt, {
                status: 'refunded',
                providerRefundId: providerRefundId ?? attempt.providerRefundId,
                settledAt: now.toISOString(),
            });
        const link = (await tx.get('paymentLinks', attempt.paymentLinkId)) as PaymentLink;
        const paid = `${provider.name} ${attempt.providerTransactionId ?? attempt.providerPaymentId}`;
        kept = await howKept(tx, attempt, link, paid);
        const paymentId =
            kept.as === 'nothing'
                ? null
                : kept.as === 'own'
                  ? await recordOwnPayment(tx, attempt, link, kept.note, now)
                  : await recordOnlinePayment(
                        tx,
                        attempt,
                        link,
                        `${paid}: the link had changed (${attempt.reason}) and the payment could not be given back`,
                        now,
                    );
        return touch(ctx, tx, attempt, { status: 'refund_failed', paymentId, settledAt: now.toISOString() });
    });
    const how = (kept as Kept | null)?.as;
    if (how)
        log.error(
            `The ${provider.name} payment ${after.providerPaymentId} of ${after.amount} ${after.currency} for payment link ${after.paymentLinkId} could not be given back (${reason ?? 'refused'}): ${keptWords[how]}, for staff to settle with the customer.`,
        );
    return after;
};
