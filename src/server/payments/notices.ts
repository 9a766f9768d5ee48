import type { OnlinePayment, PaymentLink } from '../../domain/types';
import { fromMinor, toMinor, type CheckCode, type Notice } from './provider';
import { attemptOf, otherId, recordOnlinePayment, refusal, touch, type Payments } from './operations';
import { finishRefund, giveBack } from './refunds';
import { recordStaffRefund, refuseStaffRefund } from './staffRefunds';

/*
 * What a provider's verified notice settles: a payment succeeded or declined, a refund confirmed or
 * refused, and CloudPayments' check before it charges a card.
 */

/** The statuses after which an attempt's payment has been decided once and for all. */
const settledStatuses: OnlinePayment['status'][] = ['succeeded', 'refunding', 'refunded', 'refund_failed'];

/**
 * A payment the provider says succeeded or was declined. Answers the attempt as it stands after, and
 * starts the refund of a payment its link no longer takes.
 */
export const settlePayment = async (
    ctx: Payments,
    notice: Extract<Notice, { kind: 'payment' }>,
): Promise<OnlinePayment | null> => {
    const { storage, provider, clock, log } = ctx;
    const now = clock();
    // What the transaction decided: told and acted on after its commit (it may run more than once).
    let givenBack: string | null = null;
    const settled = await storage.transaction(async tx => {
        givenBack = null;
        const attempt = await attemptOf(ctx, tx, notice.attemptId);
        if (!attempt) return null;
        if (settledStatuses.includes(attempt.status) || notice.status === 'pending') return attempt;
        // CloudPayments' order is paid by a transaction of its own, which its refunds name.
        const ids =
            attempt.providerPaymentId == null
                ? { providerPaymentId: notice.providerPaymentId }
                : otherId(attempt, notice.providerPaymentId)
                  ? { providerTransactionId: notice.providerPaymentId }
                  : {};
        if (notice.status === 'declined')
            return attempt.status === 'declined'
                ? attempt
                : touch(ctx, tx, attempt, { ...ids, status: 'declined', reason: notice.reason ?? 'declined' });
        if (notice.amountMinor !== toMinor(attempt.amount) || notice.currency !== attempt.currency) {
            // Another amount than the link asked: from now on the attempt keeps what was received, the
            // only amount given back, or recorded if it cannot be.
            // Nothing received: nothing to give back or record, and the link may still be paid.
            if (notice.amountMinor <= 0)
                return touch(ctx, tx, attempt, { ...ids, status: 'declined', reason: 'amount_differs' });
            const received = { amount: fromMinor(notice.amountMinor), currency: notice.currency };
            givenBack = 'amount_differs';
            return touch(ctx, tx, attempt, {
                ...ids,
                ...received,
                status: 'refunding',
                reason: 'amount_differs',
                refundKey: `${attempt.id}-r1`,
            });
        }
        const link = (await tx.get('paymentLinks', attempt.paymentLinkId)) as PaymentLink;
        const why = await refusal(ctx, tx, link, attempt, now);
        if (why) {
            givenBack = why;
            return touch(ctx, tx, attempt, { ...ids, status: 'refunding', reason: why, refundKey: `${attempt.id}-r1` });
        }
        const paymentId = await recordOnlinePayment(
            tx,
            attempt,
            link,
            `${provider.name} ${notice.providerPaymentId}`,
            now,
            { memberships: ctx.memberships, savedCard: notice.savedCard, provider: provider.name },
        );
        return touch(ctx, tx, attempt, { ...ids, status: 'succeeded', paymentId, settledAt: now.toISOString() });
    });
    if (!settled) log.warn(`A ${provider.name} notice names no payment of this server (${notice.attemptId}): ignored.`);
    // Only the notice that decided the refund asks for it: a repeated one finds it under way.
    if (settled && givenBack) {
        log.warn(
            `The ${provider.name} payment ${notice.providerPaymentId} for payment link ${settled.paymentLinkId} is given back: ${givenBack}.`,
        );
        return giveBack(ctx, settled);
    }
    return settled;
};

/** A refund the provider confirms (or refuses) in a notice. */
export const settleRefund = async (ctx: Payments, notice: Extract<Notice, { kind: 'refund' }>) => {
    const { storage, provider, log } = ctx;
    const named = { provider: provider.name, providerPaymentId: notice.providerPaymentId };
    const [attempt] = [
        ...(await storage.select('onlinePayments', named)),
        // CloudPayments' refund names the transaction that paid the order.
        ...(await storage.select('onlinePayments', {
            provider: provider.name,
            providerTransactionId: notice.providerPaymentId,
        })),
    ];
    if (!attempt) {
        log.warn(`A ${provider.name} refund notice names no payment of this server: ignored.`);
        return null;
    }
    if (attempt.status !== 'refunding') {
        // A refund staff gave: the one it names, or the only one still waiting for the provider.
        // A notice of a refund already recorded (sent again, or late) names nothing waiting.
        if (attempt.refunds.some(one => one.status !== 'pending' && one.providerRefundId === notice.providerRefundId))
            return null;
        const waiting = attempt.refunds.filter(one => one.status === 'pending');
        const refund =
            waiting.find(one => one.providerRefundId === notice.providerRefundId) ??
            (waiting.length === 1 && toMinor(waiting[0].amount) === notice.amountMinor ? waiting[0] : undefined);
        if (!refund) return null;
        if (notice.status === 'succeeded')
            await recordStaffRefund(ctx, attempt.id, refund.key, notice.providerRefundId);
        else await refuseStaffRefund(ctx, attempt.id, refund.key, 'the provider cancelled the refund');
        return null;
    }
    return finishRefund(ctx, attempt.id, notice.status, notice.providerRefundId, 'the provider cancelled the refund');
};

/** CloudPayments asks before charging a card whether the order may be paid: an open link, the same amount. */
export const checkOrder = async (ctx: Payments, notice: Extract<Notice, { kind: 'check' }>): Promise<CheckCode> => {
    const { storage, clock } = ctx;
    const attempt = await attemptOf(ctx, storage, notice.attemptId);
    if (!attempt) return 10;
    if (notice.amountMinor !== toMinor(attempt.amount)) return 12;
    // A payer declined on CloudPayments' page may try another card on it.
    if (attempt.status !== 'pending' && attempt.status !== 'declined') return 20;
    const link = (await storage.get('paymentLinks', attempt.paymentLinkId)) as PaymentLink;
    return (await storage.transaction(tx => refusal(ctx, tx, link, attempt, clock()))) ? 20 : 0;
};

/** Settles what a verified notice says; answers the CloudPayments Check's code for a check. */
export const settle = async (ctx: Payments, notice: Notice): Promise<CheckCode | null> => {
    if (notice.kind === 'payment') await settlePayment(ctx, notice);
    else if (notice.kind === 'refund') await settleRefund(ctx, notice);
    else if (notice.kind === 'check') return checkOrder(ctx, notice);
    return null;
};
