import type { OnlinePayment } from '../../domain/types';
import { ProviderError } from './provider';
import { settlePayment } from './notices';
import { touch, type Payments } from './operations';
import { giveBack } from './refunds';
import { askStaffRefund } from './staffRefunds';

/*
 * Asking the provider how a payment went when its notice is late or lost: for the payer's return page,
 * and for the job that goes through the attempts left open.
 */

/** How long a payment may wait for its notice before the job asks the provider. */
const noticeLateMs = 10 * 60_000;

/**
 * Asks the provider how a payment went (its notice is late, or lost) and settles the answer: used by
 * the payer's return page and by the job that goes through the attempts left open.
 */
export const reconcile = async (ctx: Payments, attempt: OnlinePayment): Promise<OnlinePayment> => {
    const { provider } = ctx;
    if (attempt.status === 'refunding') return giveBack(ctx, attempt);
    if (attempt.status !== 'pending' || attempt.providerPaymentId == null) return attempt;
    const state = await provider.fetchPayment(attempt.providerPaymentId, attempt.id);
    if (state.status === 'pending') return attempt;
    return (
        (await settlePayment(ctx, {
            kind: 'payment',
            providerPaymentId: state.providerTransactionId ?? attempt.providerPaymentId,
            attemptId: attempt.id,
            status: state.status,
            amountMinor: state.amountMinor,
            currency: state.currency,
            reason: state.status === 'declined' ? 'declined' : undefined,
            ...(state.savedCard ? { savedCard: state.savedCard } : {}),
        })) ?? attempt
    );
};

/**
 * The job: attempts whose notice is late are asked of the provider (and those nobody paid long after
 * their link expired end as failed), a payment begun but never answered by the provider ends as
 * failed, and refunds whose outcome was unknown are asked again with the same key. Answers how many
 * attempts it settled.
 */
export const reconcileOpen = async (ctx: Payments): Promise<number> => {
    const { storage, provider, clock, log, lateGraceMs } = ctx;
    const now = clock().getTime();
    let done = 0;
    const fail = async (attempt: OnlinePayment, reason: string) => {
        const failed = await storage.transaction(async tx => {
            const current = (await tx.get('onlinePayments', attempt.id)) as OnlinePayment;
            if (current.status !== attempt.status) return false;
            await touch(ctx, tx, current, { status: 'failed', reason });
            return true;
        });
        if (failed) done += 1;
    };
    /** One attempt: asked of the provider, given back, or ended as failed. */
    const look = async (attempt: OnlinePayment) => {
        const age = now - Date.parse(attempt.updatedAt);
        if (attempt.status === 'refunding') {
            if ((await giveBack(ctx, attempt)).status !== 'refunding') done += 1;
        } else if (age < noticeLateMs) return;
        else if (attempt.status === 'creating') await fail(attempt, 'unanswered');
        else {
            const after = await reconcile(ctx, attempt).catch((error: unknown) => {
                if (error instanceof ProviderError && !error.retryable) return undefined;
                throw error;
            });
            if (after && after.status !== 'pending') done += 1;
            else {
                // Nobody paid, and nobody will: the link is long expired (or the provider forgot the payment).
                const link = await storage.get('paymentLinks', attempt.paymentLinkId);
                const over = !link || link.status !== 'pending' || Date.parse(link.expiresAt) + lateGraceMs < now;
                if (!after || over) await fail(attempt, after ? 'expired' : 'unknown_to_provider');
            }
        }
    };
    let failures = 0;
    const open = await storage.select('onlinePayments', { status: ['creating', 'pending', 'refunding'] });
    for (const attempt of open) {
        if (attempt.provider !== provider.name) continue;
        // A provider's error leaves that attempt to the next run, not the others.
        await look(attempt).catch((error: unknown) => {
            failures += 1;
            log.warn(`The ${provider.name} payment of attempt ${attempt.id} is to be asked again: ${String(error)}`);
        });
    }
    for (const attempt of await storage.select('onlinePayments', { refundPending: true })) {
        if (attempt.provider !== provider.name) continue;
        for (const refund of attempt.refunds.filter(one => one.status === 'pending')) {
            const asked = await askStaffRefund(ctx, attempt, refund.key).catch(() => ({ pending: false }));
            if (!asked.pending) done += 1;
        }
    }
    // Recorded on the job when nothing could be done: the provider is unreachable, say.
    if (failures > 0 && done === 0) throw new Error(`${failures} online payments could not be asked about`);
    return done;
};
