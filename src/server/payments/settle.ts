import { feeOwed } from '../../domain/penalties';
import { studioToday, type Clock } from '../../domain/time';
import type { RefundInput } from '../../domain/money';
import type { Config, OnlinePayment, Pass, Payment, PaymentLink, Penalty, Subscription } from '../../domain/types';
import { ApiError, conflict } from '../http/errors';
import { dueOn, recordPassPayment, recordRefund, recordSale } from '../money';
import { studioConfig } from '../rules/studio';
import type { Reader, Storage, Transaction } from '../storage/types';
import {
    fromMinor,
    ProviderError,
    toMinor,
    type CheckCode,
    type Notice,
    type PaymentProvider,
    type Receipt,
} from './provider';
import { howKept, keptWords, recordOwnPayment, type Kept } from './kept';
import { receiptFor, refundReceipt, type ReceiptSettings } from './receipts';

/*
 * What an online payment becomes, exactly once. The provider's verified notice (or its answer when the
 * server asks) says a payment succeeded; one storage transaction then reads the attempt and its link and
 * either records the payment (the ledger entry, the pass sold or paid, the penalty's fee paid, the link
 * paid) or, when the link no longer asks for it (cancelled, expired, paid another way, edited), marks the
 * attempt for a refund, which goes to the provider after the commit. An attempt that has been settled is
 * never settled again: a notice that comes five times, or a notice and the payer's return at the same
 * moment, find it settled and change nothing (both engines run the transactions one after the other, or as
 * if they did).
 */

const passOf = (reader: Reader, link: Pick<PaymentLink, 'passId'>) =>
    link.passId == null ? Promise.resolve(undefined) : reader.get('passes', link.passId);

/**
 * A fee link is paid only while its penalty's fee is owed: paid at the desk meanwhile, or reversed, is a
 * conflict the page shows.
 */
const checkFeeOwed = async (reader: Reader, link: Pick<PaymentLink, 'penaltyId'>): Promise<Penalty> => {
    const penalty = link.penaltyId == null ? undefined : await reader.get('penalties', link.penaltyId);
    if (!penalty || !feeOwed(penalty))
        throw conflict('The fee is owed no more', { status: 'app.payment_page.errors.nothing_due' });
    return penalty;
};

/**
 * A balance link is paid only while its pass still owes what it asks: nothing due any more (paid at the
 * desk meanwhile), or less than the link asks, is a conflict the page shows.
 */
const checkStillDue = async (reader: Reader, link: Pick<PaymentLink, 'passId' | 'amount'>): Promise<Pass> => {
    const pass = await passOf(reader, link);
    const due = pass ? await dueOn(reader, pass) : 0;
    if (!pass || due <= 0)
        throw conflict('Nothing is due on the pass any more', { status: 'app.payment_page.errors.nothing_due' });
    if (toMinor(link.amount) > toMinor(due))
        throw conflict(
            'Less is due on the pass than the link asks',
            { status: 'app.payment_page.errors.due_changed' },
            { due },
        );
    return pass;
};

/**
 * A fee or balance link is paid only while what it asks is still owed (a sale always is): read by the pay
 * route before a payment is asked for, and by settling when the money came.
 */
export const checkStillOwed = async (
    reader: Reader,
    link: Pick<PaymentLink, 'purpose' | 'passId' | 'penaltyId' | 'amount'>,
) => {
    if (link.purpose === 'fee') await checkFeeOwed(reader, link);
    if (link.purpose === 'balance') await checkStillDue(reader, link);
};

/** What the link asks, as an attempt keeps it from when the payer pressed Pay. */
type Asked = Pick<PaymentLink, 'customerId' | 'purpose' | 'passId' | 'subscriptionId' | 'amount'>;

/** Whether the link still asks what was paid: the same customer, purpose, pass, plan and amount, and pending. */
const stillAsks = (current: PaymentLink, asked: Asked) =>
    current.status === 'pending' &&
    current.customerId === asked.customerId &&
    current.purpose === asked.purpose &&
    (current.passId ?? null) === (asked.passId ?? null) &&
    current.subscriptionId === asked.subscriptionId &&
    toMinor(current.amount) === toMinor(asked.amount);

/** The words a receipt adds to a plan's name, in the studio's language (its receipts' language). */
const purposeWords = {
    en: { fee: "a penalty's fee", balance: 'the rest' },
    ru: { fee: 'штраф', balance: 'доплата' },
};

/** What a payment is for, as the provider's page and the receipt name it, in the studio's language. */
export const describePayment = async (reader: Reader, asked: Asked & Pick<PaymentLink, 'penaltyId'>) => {
    const plan = await reader.get('subscriptions', asked.subscriptionId);
    const name = plan?.name ?? '';
    const words = purposeWords[(await studioConfig(reader)).defaultLocale] ?? purposeWords.en;
    if (asked.purpose === 'fee') return `${name}: ${words.fee}`;
    if (asked.purpose === 'balance') return `${(await passOf(reader, asked))?.name ?? name}: ${words.balance}`;
    return name;
};

/** The receipt of an attempt, or null when the studio sends none through the provider. */
export const attemptReceipt = async (
    reader: Reader,
    attempt: OnlinePayment,
    settings: ReceiptSettings | null,
): Promise<Receipt | null> => {
    if (!settings || !attempt.receiptContact) return null;
    const contact = attempt.receiptContact.includes('@')
        ? { email: attempt.receiptContact }
        : { phone: attempt.receiptContact };
    return receiptFor({
        description: await describePayment(reader, attempt),
        amountMinor: toMinor(attempt.amount),
        contact,
        settings,
    });
};

/** The studio's receipt settings from its configuration: none while no taxation system is chosen. */
export const receiptSettingsOf = (config: Config): ReceiptSettings | null =>
    config.receiptTaxSystem
        ? {
              taxSystem: config.receiptTaxSystem,
              vat: config.receiptVat ?? 'none',
              paymentMode: config.receiptPaymentMode ?? 'full_payment',
          }
        : null;

/** How long a payment may wait for its notice before the job asks the provider. */
const noticeLateMs = 10 * 60_000;

/** The statuses after which an attempt's payment has been decided once and for all. */
const settledStatuses: OnlinePayment['status'][] = ['succeeded', 'refunding', 'refunded', 'refund_failed'];

/** Why a payment could not be recorded against its link, as the attempt keeps it for staff. */
type RefundReason = 'link_cancelled' | 'link_expired' | 'link_paid' | 'link_changed' | 'nothing_due' | 'amount_differs';

interface SettleOptions {
    storage: Storage;
    provider: PaymentProvider;
    clock: Clock;
    log: Pick<Console, 'info' | 'warn' | 'error'>;
    /** How long after its expiry a link still takes a payment begun before it (the payer on the page). */
    lateGraceMs: number;
}

export type Settlement = ReturnType<typeof settlement>;

/** Settling the payments of one provider: notices, refunds, and the checks before a payment is taken. */
export const settlement = ({ storage, provider, clock, log, lateGraceMs }: SettleOptions) => {
    /** The attempt a notice names, if it is this provider's. */
    const attemptOf = async (reader: Reader, attemptId: string) => {
        const attempt = /^[0-9a-f]{32}$/.test(attemptId) ? await reader.get('onlinePayments', attemptId) : undefined;
        return attempt?.provider === provider.name ? attempt : undefined;
    };

    /**
     * Why the link no longer takes this payment, or null when it does: `now` is when the provider took
     * the money, within the grace after the link's expiry.
     */
    const refusal = async (
        tx: Transaction,
        link: PaymentLink,
        attempt: OnlinePayment,
        now: Date,
    ): Promise<RefundReason | null> => {
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
     * Records the payment inside `tx`: a fee paid on its penalty, the rest of a pass, or the plan sold
     * (starting on the studio's date), for what the provider took and in the name of no user. The link is
     * then paid, whatever it says (a payment recorded although it could not be given back says so).
     */
    const record = async (tx: Transaction, attempt: OnlinePayment, link: PaymentLink, note: string, now: Date) => {
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

    const touch = (tx: Transaction, attempt: OnlinePayment, changes: Partial<OnlinePayment>) =>
        tx.update('onlinePayments', { ...attempt, ...changes, updatedAt: clock().toISOString() });

    /** A payment's id that is not the attempt's own (CloudPayments names its order, then a transaction). */
    const otherId = (attempt: OnlinePayment, providerPaymentId: string) =>
        providerPaymentId !== attempt.providerPaymentId && providerPaymentId !== attempt.providerTransactionId;

    /**
     * A payment the provider says succeeded or was declined. Answers the attempt as it stands after, and
     * starts the refund of a payment its link no longer takes.
     */
    const settlePayment = async (notice: Extract<Notice, { kind: 'payment' }>): Promise<OnlinePayment | null> => {
        const now = clock();
        // What the transaction decided: told and acted on after its commit (it may run more than once).
        let givenBack: string | null = null;
        const settled = await storage.transaction(async tx => {
            givenBack = null;
            const attempt = await attemptOf(tx, notice.attemptId);
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
                    : touch(tx, attempt, { ...ids, status: 'declined', reason: notice.reason ?? 'declined' });
            if (notice.amountMinor !== toMinor(attempt.amount) || notice.currency !== attempt.currency) {
                // Another amount than the link asked: from now on the attempt keeps what was received, the
                // only amount given back, or recorded if it cannot be.
                // Nothing received: nothing to give back or record, and the link may still be paid.
                if (notice.amountMinor <= 0)
                    return touch(tx, attempt, { ...ids, status: 'declined', reason: 'amount_differs' });
                const received = { amount: fromMinor(notice.amountMinor), currency: notice.currency };
                givenBack = 'amount_differs';
                return touch(tx, attempt, {
                    ...ids,
                    ...received,
                    status: 'refunding',
                    reason: 'amount_differs',
                    refundKey: `${attempt.id}-r1`,
                });
            }
            const link = (await tx.get('paymentLinks', attempt.paymentLinkId)) as PaymentLink;
            const why = await refusal(tx, link, attempt, now);
            if (why) {
                givenBack = why;
                return touch(tx, attempt, { ...ids, status: 'refunding', reason: why, refundKey: `${attempt.id}-r1` });
            }
            const paymentId = await record(tx, attempt, link, `${provider.name} ${notice.providerPaymentId}`, now);
            return touch(tx, attempt, { ...ids, status: 'succeeded', paymentId, settledAt: now.toISOString() });
        });
        if (!settled)
            log.warn(`A ${provider.name} notice names no payment of this server (${notice.attemptId}): ignored.`);
        // Only the notice that decided the refund asks for it: a repeated one finds it under way.
        if (settled && givenBack) {
            log.warn(
                `The ${provider.name} payment ${notice.providerPaymentId} for payment link ${settled.paymentLinkId} is given back: ${givenBack}.`,
            );
            return giveBack(settled);
        }
        return settled;
    };

    /**
     * Asks the provider to give back `amount` of an attempt's payment with `key` and a refund receipt:
     * its answer, a refusal for good as `canceled`, or null when the outcome is unknown (asked again later).
     */
    const askRefund = async (
        attempt: OnlinePayment,
        amount: number,
        key: string,
    ): Promise<Awaited<ReturnType<PaymentProvider['refund']>> | null> => {
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
            if (error instanceof ProviderError && !error.retryable)
                return { status: 'canceled', reason: error.message };
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
    const giveBack = async (attempt: OnlinePayment): Promise<OnlinePayment> => {
        let outcome = await askRefund(attempt, attempt.amount, attempt.refundKey ?? `${attempt.id}-r1`);
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
                    ? touch(tx, now, { providerRefundId: outcome.providerRefundId ?? null })
                    : (now as OnlinePayment);
            });
        return finishRefund(attempt.id, outcome.status, outcome.providerRefundId ?? null, outcome.reason);
    };

    /** A refund the provider answered or confirmed: the attempt refunded, or, refused, what was received recorded. */
    const finishRefund = async (
        attemptId: string,
        status: 'succeeded' | 'canceled',
        providerRefundId: string | null,
        reason?: string,
    ): Promise<OnlinePayment> => {
        const now = clock();
        let kept: Kept | null = null;
        const after = await storage.transaction(async tx => {
            kept = null;
            const attempt = (await tx.get('onlinePayments', attemptId)) as OnlinePayment;
            if (attempt.status !== 'refunding') return attempt;
            if (status === 'succeeded')
                return touch(tx, attempt, {
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
                      : await record(
                            tx,
                            attempt,
                            link,
                            `${paid}: the link had changed (${attempt.reason}) and the payment could not be given back`,
                            now,
                        );
            return touch(tx, attempt, { status: 'refund_failed', paymentId, settledAt: now.toISOString() });
        });
        const how = (kept as Kept | null)?.as;
        if (how)
            log.error(
                `The ${provider.name} payment ${after.providerPaymentId} of ${after.amount} ${after.currency} for payment link ${after.paymentLinkId} could not be given back (${reason ?? 'refused'}): ${keptWords[how]}, for staff to settle with the customer.`,
            );
        return after;
    };

    /** A refund the provider confirms (or refuses) in a notice. */
    const settleRefund = async (notice: Extract<Notice, { kind: 'refund' }>) => {
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
            if (
                attempt.refunds.some(
                    one => one.status !== 'pending' && one.providerRefundId === notice.providerRefundId,
                )
            )
                return null;
            const waiting = attempt.refunds.filter(one => one.status === 'pending');
            const refund =
                waiting.find(one => one.providerRefundId === notice.providerRefundId) ??
                (waiting.length === 1 && toMinor(waiting[0].amount) === notice.amountMinor ? waiting[0] : undefined);
            if (!refund) return null;
            if (notice.status === 'succeeded') await recordStaffRefund(attempt.id, refund.key, notice.providerRefundId);
            else await refuseStaffRefund(attempt.id, refund.key, 'the provider cancelled the refund');
            return null;
        }
        return finishRefund(attempt.id, notice.status, notice.providerRefundId, 'the provider cancelled the refund');
    };

    /** CloudPayments asks before charging a card whether the order may be paid: an open link, the same amount. */
    const check = async (notice: Extract<Notice, { kind: 'check' }>): Promise<CheckCode> => {
        const attempt = await attemptOf(storage, notice.attemptId);
        if (!attempt) return 10;
        if (notice.amountMinor !== toMinor(attempt.amount)) return 12;
        // A payer declined on CloudPayments' page may try another card on it.
        if (attempt.status !== 'pending' && attempt.status !== 'declined') return 20;
        const link = (await storage.get('paymentLinks', attempt.paymentLinkId)) as PaymentLink;
        return (await storage.transaction(tx => refusal(tx, link, attempt, clock()))) ? 20 : 0;
    };

    /** Settles what a verified notice says; answers the CloudPayments Check's code for a check. */
    const settle = async (notice: Notice): Promise<CheckCode | null> => {
        if (notice.kind === 'payment') await settlePayment(notice);
        else if (notice.kind === 'refund') await settleRefund(notice);
        else if (notice.kind === 'check') return check(notice);
        return null;
    };

    /**
     * Asks the provider how a payment went (its notice is late, or lost) and settles the answer: used by
     * the payer's return page and by the job that goes through the attempts left open.
     */
    const reconcile = async (attempt: OnlinePayment): Promise<OnlinePayment> => {
        if (attempt.status === 'refunding') return giveBack(attempt);
        if (attempt.status !== 'pending' || attempt.providerPaymentId == null) return attempt;
        const state = await provider.fetchPayment(attempt.providerPaymentId, attempt.id);
        if (state.status === 'pending') return attempt;
        return (
            (await settlePayment({
                kind: 'payment',
                providerPaymentId: state.providerTransactionId ?? attempt.providerPaymentId,
                attemptId: attempt.id,
                status: state.status,
                amountMinor: state.amountMinor,
                currency: state.currency,
                reason: state.status === 'declined' ? 'declined' : undefined,
            })) ?? attempt
        );
    };

    /**
     * The job: attempts whose notice is late are asked of the provider (and those nobody paid long after
     * their link expired end as failed), a payment begun but never answered by the provider ends as
     * failed, and refunds whose outcome was unknown are asked again with the same key. Answers how many
     * attempts it settled.
     */
    const reconcileOpen = async (): Promise<number> => {
        const now = clock().getTime();
        let done = 0;
        const fail = async (attempt: OnlinePayment, reason: string) => {
            const failed = await storage.transaction(async tx => {
                const current = (await tx.get('onlinePayments', attempt.id)) as OnlinePayment;
                if (current.status !== attempt.status) return false;
                await touch(tx, current, { status: 'failed', reason });
                return true;
            });
            if (failed) done += 1;
        };
        /** One attempt: asked of the provider, given back, or ended as failed. */
        const look = async (attempt: OnlinePayment) => {
            const age = now - Date.parse(attempt.updatedAt);
            if (attempt.status === 'refunding') {
                if ((await giveBack(attempt)).status !== 'refunding') done += 1;
            } else if (age < noticeLateMs) return;
            else if (attempt.status === 'creating') await fail(attempt, 'unanswered');
            else {
                const after = await reconcile(attempt).catch((error: unknown) => {
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
                log.warn(
                    `The ${provider.name} payment of attempt ${attempt.id} is to be asked again: ${String(error)}`,
                );
            });
        }
        for (const attempt of await storage.select('onlinePayments', { refundPending: true })) {
            if (attempt.provider !== provider.name) continue;
            for (const refund of attempt.refunds.filter(one => one.status === 'pending')) {
                const asked = await askStaffRefund(attempt, refund.key).catch(() => ({ pending: false }));
                if (!asked.pending) done += 1;
            }
        }
        // Recorded on the job when nothing could be done: the provider is unreachable, say.
        if (failures > 0 && done === 0) throw new Error(`${failures} online payments could not be asked about`);
        return done;
    };

    /**
     * Records a refund staff gave through the provider once it confirmed it: the ledger's refund, for
     * the payment's link, and the pass cancelled when asked. Nothing is checked again: the money is back
     * with the customer, and the ledger says so.
     */
    const recordStaffRefund = (attemptId: string, key: string, providerRefundId: string | null) => {
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
            await touch(tx, attempt, { refunds, refundPending: refunds.some(one => one.status === 'pending') });
            return given;
        });
    };

    /** A refund staff gave that the provider refused: kept on the payment as such, nothing recorded. */
    const refuseStaffRefund = (attemptId: string, key: string, reason: string) =>
        storage.transaction(async tx => {
            const attempt = (await tx.get('onlinePayments', attemptId)) as OnlinePayment;
            const refunds = attempt.refunds.map(one =>
                one.key === key && one.status === 'pending' ? { ...one, status: 'canceled' as const, reason } : one,
            );
            await touch(tx, attempt, { refunds, refundPending: refunds.some(one => one.status === 'pending') });
        });

    /** Asks the provider for a refund staff gave (again, with its key, when its outcome was unknown) and records it once given. */
    const askStaffRefund = async (attempt: OnlinePayment, key: string) => {
        const refund = attempt.refunds.find(one => one.key === key) as OnlinePayment['refunds'][number];
        const outcome = await askRefund(attempt, refund.amount, key);
        if (!outcome) return { pending: true as const };
        if (outcome.status === 'succeeded') {
            const given = await recordStaffRefund(attempt.id, key, outcome.providerRefundId ?? null);
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
            await refuseStaffRefund(attempt.id, key, outcome.reason ?? 'refused');
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
                await touch(tx, now, { refunds });
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
    const refundByStaff = async (
        input: RefundInput,
        createdBy: number,
        check: (tx: Transaction) => Promise<Payment[]>,
    ): Promise<{ pending: true } | { pending: false; payment: Payment; pass: Pass | null } | null> => {
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
                    attempt: await touch(tx, attempt, { refunds: [...attempt.refunds, refund], refundPending: true }),
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
        return begun && askStaffRefund(begun.attempt, begun.key);
    };

    return { settle, settlePayment, giveBack, reconcile, reconcileOpen, refundByStaff, attemptOf };
};
