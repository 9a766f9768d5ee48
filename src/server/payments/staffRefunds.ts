import type { RefundInput } from '../../domain/money';
import type { OnlinePayment, Pass, Payment } from '../../domain/types';
import { conflict } from '../http/errors';
import { recordRefund } from '../money';
import type { Transaction } from '../storage/types';
import { toMinor } from './provider';
import { touch, type Payments } from './operations';
import { askRefund } from './refunds';

/*
 * Refunds staff give of what was paid online: asked of the provider with a key of their own, and
 * recorded in the ledger once the provider confirms them.
 */

/**
 * Records a refund staff gave through the provider once it confirmed it: the ledger's refund, for
 * the payment's link, and the pass cancelled when asked. Nothing is checked again: the money is back
 * with the customer, and the ledger says so.
 */
export const recordStaffRefund = (ctx: Payments, attemptId: string, key: string, providerRefundId: string | null) => {
    const { storage, provider, clock } = ctx;
    const now = clock();
    return storage.transaction(async tx => {
        const attempt = (await tx.get('onlinePayments', attemptId)) as OnlinePayment;
        const refund = attempt.refunds.find(one => one.key === key);
        if (!refund || refund.status !== 'pending') return null;
        const id = providerRefundId ?? refund.providerRefundId;
        const given = await recordRefund(
            tx,
            {
                customerId: attempt.customerId,
                amount: refund.amount,
                method: 'online',
                passId: refund.passId,
                cancelPass: refund.cancelPass,
                note: [`${provider.name} refund${id ? ` ${id}` : ''}`, refund.note].filter(Boolean).join(': '),
            },
            refund.createdBy,
            now,
            { paymentLinkId: attempt.paymentLinkId },
        );
        const refunds = attempt.refunds.map(one =>
            one.key === key
                ? { ...one, status: 'succeeded' as const, providerRefundId: id, paymentId: given.payment.id }
                : one,
        );
        await touch(ctx, tx, attempt, { refunds, refundPending: refunds.some(one => one.status === 'pending') });
        return given;
    });
};

/** A refund staff gave that the provider refused: kept on the payment as such, nothing recorded. */
export const refuseStaffRefund = (ctx: Payments, attemptId: string, key: string, reason: string) =>
    ctx.storage.transaction(async tx => {
        const attempt = (await tx.get('onlinePayments', attemptId)) as OnlinePayment;
        const refunds = attempt.refunds.map(one =>
            one.key === key && one.status === 'pending' ? { ...one, status: 'canceled' as const, reason } : one,
        );
        await touch(ctx, tx, attempt, { refunds, refundPending: refunds.some(one => one.status === 'pending') });
    });

/** Asks the provider for a refund staff gave (again, with its key, when its outcome was unknown) and records it once given. */
export const askStaffRefund = async (ctx: Payments, attempt: OnlinePayment, key: string) => {
    const { storage } = ctx;
    const refund = attempt.refunds.find(one => one.key === key) as OnlinePayment['refunds'][number];
    const outcome = await askRefund(ctx, attempt, refund.amount, key);
    if (!outcome) return { pending: true as const };
    if (outcome.status === 'succeeded') {
        const given = await recordStaffRefund(ctx, attempt.id, key, outcome.providerRefundId ?? null);
        if (given) return { pending: false as const, ...given };
        // Its notice came first and recorded it: answered as recorded.
        const now = (await storage.get('onlinePayments', attempt.id)) as OnlinePayment;
        const recorded = now.refunds.find(one => one.key === key);
        const payment = recorded?.paymentId == null ? undefined : await storage.get('payments', recorded.paymentId);
        if (!payment) return { pending: true as const };
        const pass = payment.passId == null ? null : ((await storage.get('passes', payment.passId)) ?? null);
        return { pending: false as const, payment, pass };
    }
    if (outcome.status === 'canceled') {
        await refuseStaffRefund(ctx, attempt.id, key, outcome.reason ?? 'refused');
        throw conflict(`The provider refused the refund: ${outcome.reason ?? 'no reason given'}`, {
            method: 'app.money.errors.online_refund_refused',
        });
    }
    if (outcome.providerRefundId)
        await storage.transaction(async tx => {
            const now = (await tx.get('onlinePayments', attempt.id)) as OnlinePayment;
            const refunds = now.refunds.map(one =>
                one.key === key ? { ...one, providerRefundId: outcome.providerRefundId ?? null } : one,
            );
            await touch(ctx, tx, now, { refunds });
        });
    return { pending: true as const };
};

/**
 * A refund staff give of what was paid online: it goes back through the provider to the card of one
 * online payment that has that much left (the newest first; the pass's, when a pass is named),
 * with a refund receipt and a key of its own, and is recorded in the ledger once the provider
 * confirms it (at once, or later by its notice or the job). Answers null when no online payment of
 * this provider can take it (paid before this provider, or through another): the caller records it
 * as given back by hand.
 */
export const refundByStaff = async (
    ctx: Payments,
    input: RefundInput,
    createdBy: number,
    check: (tx: Transaction) => Promise<Payment[]>,
): Promise<{ pending: true } | { pending: false; payment: Payment; pass: Pass | null } | null> => {
    const { storage, provider, clock } = ctx;
    const now = clock();
    const begun = await storage.transaction(async tx => {
        const ledger = await check(tx);
        const cents = (amount: number) => toMinor(amount);
        const paidOnline = ledger
            .filter(
                entry =>
                    entry.kind === 'payment' &&
                    entry.method === 'online' &&
                    entry.paymentLinkId != null &&
                    (input.passId == null || entry.passId === input.passId),
            )
            .sort((a, b) => b.paidAt.localeCompare(a.paidAt));
        let most = 0;
        let any = false;
        for (const payment of paidOnline) {
            const [attempt] = await tx.select('onlinePayments', { paymentId: payment.id });
            if (attempt?.provider !== provider.name) continue;
            any = true;
            const given = ledger
                .filter(entry => entry.kind === 'refund' && entry.method === 'online')
                .filter(entry => entry.paymentLinkId === payment.paymentLinkId)
                .reduce((sum, entry) => sum + cents(entry.amount), 0);
            const waiting = attempt.refunds
                .filter(one => one.status === 'pending')
                .reduce((sum, one) => sum + cents(one.amount), 0);
            const left = cents(payment.amount) - given - waiting;
            most = Math.max(most, left);
            if (left < cents(input.amount)) continue;
            const key = `${attempt.id}-s${attempt.refunds.length + 1}`;
            const refund = {
                key,
                amount: input.amount,
                passId: input.passId ?? null,
                cancelPass: input.cancelPass,
                note: input.note ?? null,
                createdBy,
                requestedAt: now.toISOString(),
                status: 'pending' as const,
                providerRefundId: null,
                paymentId: null,
                reason: null,
            };
            return {
                attempt: await touch(ctx, tx, attempt, { refunds: [...attempt.refunds, refund], refundPending: true }),
                key,
            };
        }
        if (any)
            throw conflict(
                'A refund online goes back to the card of one payment: this is more than any has left',
                { amount: 'app.money.errors.online_refund_split' },
                { most: most / 100 },
            );
        return null;
    });
    return begun && askStaffRefund(ctx, begun.attempt, begun.key);
};
