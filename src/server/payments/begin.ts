import { randomBytes } from 'node:crypto';
import type { PayLinkAnswer } from '../../domain/api/public';
import type { Clock } from '../../domain/time';
import type { Config, OnlinePayment, PaymentLink } from '../../domain/types';
import { studioConfig } from '../rules/studio';
import { ApiError, conflict } from '../http/errors';
import type { Storage, Transaction } from '../storage/types';
import { attemptReceipt, checkStillOwed, describePayment, receiptSettingsOf } from './checks';
import { ProviderError, toMinor, type PaymentProvider } from './provider';
import { receiptContact, type ReceiptSettings } from './receipts';
import type { MembershipLinks } from './membershipLinks';
import { checkOpen, findLink } from './publicLink';
import type { PaymentSetup } from './setup';

/*
 * Paying a link on the public page, in two steps: beginAttempt records the payer's attempt in one
 * transaction with the link claimed; askProvider then asks the provider for its payment outside any
 * transaction (the provider is slow, and nobody else should wait for it). The payment itself is recorded
 * only when the provider's verified notice says it succeeded (settle.ts).
 */

/** A payment the payer began and left on the provider's page is offered again for this long (a reload, a double click). */
const reuseMs = 30 * 60_000;

/**
 * How long a press waits for the payment another press is asking the provider for (a double tap, a
 * second tab): a little longer than a provider is given to answer. One begun longer ago than this was
 * left by a server that stopped half way, and a new one is made.
 */
export const inFlightMs = 45_000;

export const providerUnanswered = () =>
    new ApiError(502, 'The payment provider did not answer: try again later', {
        status: 'app.payment_page.errors.failed',
    });

export interface AttemptRequest {
    linkId: string;
    provider: PaymentProvider;
    config: Config;
    /** Where the receipt goes, typed by a payer whose customer record has no e-mail or phone. */
    payerEmail: string | null | undefined;
    /** The seconds the payer must wait before another attempt (the page's limits), 0 when they may go on. */
    wait: () => number;
    now: Date;
    /**
     * The payer ticked the box agreeing to a membership's charges on the public page: their autopay
     * consent is recorded with a new attempt (the portal records its own when it makes the link).
     */
    consent?: { memberships: MembershipLinks; ip: string | null };
}

/** A link that starts a membership: its payer agrees to the charges before paying, and the card is saved. */
export const startsMembership = (link: Pick<PaymentLink, 'purpose' | 'membershipId'>) =>
    link.purpose === 'membership' && link.membershipId == null;

/**
 * Reads and begins in one transaction with the link claimed, so that presses at the same moment (on any
 * server process) take turns: the provider is asked exactly what the link asks, and a payment begun a
 * moment ago, or being begun, is answered again (`reused`) instead of a second one.
 */
export const beginAttempt = async (
    tx: Transaction,
    { linkId, provider, config, payerEmail, wait, now, consent }: AttemptRequest,
): Promise<{ attempt: OnlinePayment; reused: boolean }> => {
    await tx.claim('paymentLinks', [linkId]);
    const link = await findLink(tx, linkId);
    checkOpen(link, now);
    await checkStillOwed(tx, link);
    const [latest] = await tx.select(
        'onlinePayments',
        { paymentLinkId: linkId },
        { sort: { field: 'createdAt', order: 'DESC' }, limit: 1 },
    );
    const age = latest ? now.getTime() - Date.parse(latest.createdAt) : Infinity;
    const same = !!latest && toMinor(latest.amount) === toMinor(link.amount);
    if (
        same &&
        ((latest.status === 'pending' && latest.confirmationUrl && age < reuseMs) ||
            (latest.status === 'creating' && age < inFlightMs))
    )
        return { attempt: latest, reused: true };
    // A membership's receipts go to its payer, whose card pays (a ward's guardian).
    const customer = await tx.get(
        'customers',
        startsMembership(link) ? (link.payerId ?? link.customerId) : link.customerId,
    );
    const contact = customer && receiptContact(customer, payerEmail);
    if (receiptSettingsOf(config) && !contact)
        throw conflict('The receipt needs an e-mail', { email: 'app.payment_page.errors.contact_needed' });
    const seconds = wait();
    if (seconds > 0)
        // The error handler sends Retry-After.
        throw new ApiError(
            429,
            'Too many payment attempts. Try again later.',
            { status: 'app.payment_page.errors.too_many' },
            { retryAfter: seconds },
        );
    // Before the provider's page, with the terms the page showed: the payment saves the card on them.
    if (consent && startsMembership(link)) await consent.memberships.consent(tx, link, now, consent.ip);
    const attempt = await tx.insert('onlinePayments', {
        // Our order id at the provider: 128 random bits, as hex (T-Bank takes at most 36 characters).
        id: randomBytes(16).toString('hex'),
        paymentLinkId: linkId,
        provider: provider.name,
        providerPaymentId: null,
        providerTransactionId: null,
        amount: link.amount,
        currency: config.currency,
        customerId: link.customerId,
        purpose: link.purpose,
        subscriptionId: link.subscriptionId,
        passId: link.passId ?? null,
        penaltyId: link.penaltyId ?? null,
        status: 'creating',
        reason: null,
        confirmationUrl: null,
        receiptContact: contact ? ('email' in contact ? contact.email : contact.phone) : null,
        paymentId: null,
        refundKey: null,
        providerRefundId: null,
        updatedAt: now.toISOString(),
        settledAt: null,
        refunds: [],
        refundPending: false,
    });
    return { attempt, reused: false };
};

/**
 * Asks the provider for the attempt's payment and answers the attempt pending, with the provider's page;
 * a provider that refuses or does not answer leaves the attempt failed, with why. `base` is the server's
 * public address, where the provider sends the payer back and its notices.
 */
export const askProvider = async (
    storage: Storage,
    to: PaymentProvider,
    attempt: OnlinePayment,
    {
        studioName,
        settings,
        base,
        now,
    }: { studioName: string; settings: ReceiptSettings | null; base: string; now: () => Date },
): Promise<OnlinePayment> => {
    const id = attempt.paymentLinkId;
    const link = await findLink(storage, id);
    let made: { providerPaymentId: string; redirectUrl: string };
    try {
        made = await to.createPayment({
            attemptId: attempt.id,
            linkId: id,
            amountMinor: toMinor(attempt.amount),
            currency: attempt.currency,
            description: `${studioName}: ${await describePayment(storage, attempt)}`,
            receipt: await attemptReceipt(storage, attempt, settings),
            returnUrl: `${base}/payments/link/${encodeURIComponent(id)}?attempt=${attempt.id}`,
            notifyUrl: `${base}/api/public/providers/${to.name}`,
            expiresAt: new Date(link.expiresAt),
            idempotenceKey: attempt.id,
            // A membership's card is saved on its payer's account at the provider.
            ...(link.purpose === 'membership' ? { saveCard: { payerKey: `c${link.payerId ?? link.customerId}` } } : {}),
        });
    } catch (error) {
        await storage.transaction(async tx => {
            const current = (await tx.get('onlinePayments', attempt.id)) as OnlinePayment;
            await tx.update('onlinePayments', {
                ...current,
                status: 'failed',
                reason: error instanceof ProviderError && !error.retryable ? (error.code ?? 'refused') : 'unanswered',
                updatedAt: now().toISOString(),
            });
        });
        console.error(`The ${to.name} payment for payment link ${id} could not be created: ${String(error)}`);
        throw providerUnanswered();
    }
    return storage.transaction(async tx => {
        const current = (await tx.get('onlinePayments', attempt.id)) as OnlinePayment;
        return tx.update('onlinePayments', {
            ...current,
            // A notice that came before this answer already named the payment.
            providerPaymentId: current.providerPaymentId ?? made.providerPaymentId,
            status: current.status === 'creating' ? 'pending' : current.status,
            confirmationUrl: made.redirectUrl,
            updatedAt: now().toISOString(),
        });
    });
};

/**
 * Pays a link at once for a customer signed in to the portal, who agreed to what it asks there: the
 * attempt begun (or the one just begun answered again) and the provider's page to send them to.
 */
export const linkPayer =
    (storage: Storage, { provider }: Pick<PaymentSetup, 'provider'>, clock: Clock, publicUrl?: string) =>
    async (linkId: string): Promise<PayLinkAnswer> => {
        if (!provider)
            throw new ApiError(503, 'Online payment is not set up: the studio has not chosen a payment provider', {
                status: 'app.payment_page.errors.unavailable',
            });
        const config = await studioConfig(storage);
        const now = clock();
        const begun = await storage.transaction(
            tx => beginAttempt(tx, { linkId, provider, config, payerEmail: null, wait: () => 0, now }),
            { claimed: true },
        );
        const attempt = begun.reused
            ? begun.attempt
            : await askProvider(storage, provider, begun.attempt, {
                  studioName: config.studioName,
                  settings: receiptSettingsOf(config),
                  base: publicUrl?.replace(/\/+$/, '') ?? '',
                  now: clock,
              });
        if (!attempt.confirmationUrl) throw providerUnanswered();
        return { attemptId: attempt.id, confirmationUrl: attempt.confirmationUrl };
    };
