import { randomBytes } from 'node:crypto';
import { Router } from 'express';
import { z } from 'zod';
import type { PayLinkAnswer, PublicLink } from '../../domain/api/public';
import { email, optional } from '../../domain/fields';
import { checkLinkOpen, linkStatusAt } from '../../domain/money';
import type { Clock } from '../../domain/time';
import { classTitle } from '../../domain/timetable';
import type { OnlinePayment, PaymentLink } from '../../domain/types';
import { ApiError, conflict, handle, notFound, ruleRefusal } from '../http/errors';
import { parseBody, withoutNul } from '../http/requests';
import { Attempts } from '../http/attempts';
import {
    ProviderError,
    toMinor,
    receiptContact,
    attemptReceipt,
    checkStillOwed,
    describePayment,
    receiptSettingsOf,
    type PaymentProvider,
    type ReceiptSettings,
    type Settlement,
} from '../payments';
import type { Reader, Storage } from '../storage/types';
import { studioConfig } from '../rules/studio';
import { payerNames } from '../rules/portalViews';
import type { PaymentSetup } from '../payments';

/*
 * The only API without sign-in: what the public page /payments/link/{id} shows, and paying. A link's id
 * is its secret (128 random bits), so the answer holds only what the payment page needs: studio
 * name, what is paid (a plan, the rest of a pass by its name, or a penalty's fee with its class), amount
 * and currency, description, expiry (and the studio's time zone to show it in), the customer's first
 * name, status, and how the payer's attempt on the provider's page went.
 *
 * Paying: the payer presses Pay, the server asks the provider for a payment (with the fiscal receipt)
 * and answers the provider's page to send the payer to. The payment is recorded only when the provider's
 * verified notice says it succeeded (src/server/payments/settle.ts); the payer comes back to this page,
 * which shows "processing" until then.
 */

const findLink = async (reader: Reader, id: string): Promise<PaymentLink> => {
    const link = await reader.get('paymentLinks', withoutNul('id', id));
    if (!link) throw notFound('No such payment link');
    return link;
};

/** The link may be paid at `now`, the server's clock: pending and not expired. */
const checkOpen = (link: PaymentLink, now: Date) => {
    try {
        checkLinkOpen(link, now);
    } catch (error) {
        throw ruleRefusal(error);
    }
};

/** What a fee link's penalty was for: the offence and the class (its title and the studio's start). */
const penaltyView = async (reader: Reader, link: PaymentLink) => {
    const penalty = link.penaltyId == null ? undefined : await reader.get('penalties', link.penaltyId);
    const event = penalty && (await reader.get('events', penalty.eventId));
    return penalty
        ? {
              kind: penalty.kind,
              startsAt: event?.startsAt ?? null,
              title: event ? classTitle((await reader.get('courses', event.courseId))?.name, event.title) : null,
          }
        : null;
};

/** How an attempt went, as the payer's page tells it: no ids of the provider, no contact. */
const attemptView = (attempt: OnlinePayment | undefined) =>
    attempt ? { id: attempt.id, status: attempt.status, reason: attempt.reason } : null;

interface PayLimits {
    /** Payments begun on one link from one address. */
    perLinkAndAddress: number;
    /** Payments begun from one address, on any links. */
    perAddress: number;
    windowMs: number;
}

/**
 * Enough for a customer who tries a few cards; too few to flood a provider with payments. Never counted
 * per link alone: whoever presses Pay on a link from elsewhere must not lock its customer out of paying.
 */
const defaultPayLimits: PayLimits = { perLinkAndAddress: 10, perAddress: 30, windowMs: 15 * 60_000 };

/** A payment the payer began and left on the provider's page is offered again for this long (a reload, a double click). */
const reuseMs = 30 * 60_000;

/**
 * How long a press waits for the payment another press is asking the provider for (a double tap, a
 * second tab): a little longer than a provider is given to answer. One begun longer ago than this was
 * left by a server that stopped half way, and a new one is made.
 */
const inFlightMs = 45_000;

/** How often a press waiting for another server process's payment reads it again. */
const inFlightPollMs = 100;

const providerUnanswered = () =>
    new ApiError(502, 'The payment provider did not answer: try again later', {
        status: 'app.payment_page.errors.failed',
    });

/** How long a payer's return page waits for the notice before it asks the provider itself, and how often. */
const askAfterMs = 15_000;

const payBodySchema = z.object({
    /** Where the receipt goes, typed by a payer whose customer record has no e-mail or phone. */
    email: optional(email),
});

export interface PublicPaymentOptions {
    /** The server's public address (PUBLIC_URL): the provider sends the payer back there. */
    publicUrl?: string;
    limits?: PayLimits;
}

/**
 * `clock` is the server's: a link's expiry, the attempts' windows and the time a payment is recorded at
 * are all read from it.
 */
export const publicPaymentRoutes = (
    storage: Storage,
    { provider, mode }: PaymentSetup,
    settlement: Settlement | null,
    clock: Clock,
    { publicUrl, limits = defaultPayLimits }: PublicPaymentOptions = {},
): Router => {
    const router = Router();
    const byLinkAndAddress = new Attempts(limits.perLinkAndAddress, limits.windowMs);
    const byAddress = new Attempts(limits.perAddress, limits.windowMs);
    const base = publicUrl?.replace(/\/+$/, '') ?? '';
    /** When each pending attempt's provider was last asked, by the payer's return page. */
    const asked = new Map<string, number>();
    /** The payments this process is asking the provider for now, by attempt: other presses wait for the same answer. */
    const creating = new Map<string, Promise<OnlinePayment>>();

    /**
     * The payment another press began, once the provider has answered it: this process's own is waited
     * for; another server process's is read again until it leaves `creating` (or the wait is over).
     */
    const created = async (attempt: OnlinePayment): Promise<OnlinePayment> => {
        const here = creating.get(attempt.id);
        if (here) return here;
        const until = Date.now() + inFlightMs;
        let current = attempt;
        while (current.status === 'creating' && Date.now() < until) {
            await new Promise(resolve => setTimeout(resolve, inFlightPollMs));
            current = (await storage.get('onlinePayments', attempt.id)) ?? current;
        }
        return current;
    };

    /** The payer's attempt named by the return page, asked of the provider when its notice is late. */
    const attemptOf = async (link: PaymentLink, attemptId: unknown): Promise<OnlinePayment | undefined> => {
        if (typeof attemptId !== 'string' || !settlement) return undefined;
        const attempt = await settlement.attemptOf(storage, attemptId);
        if (attempt?.paymentLinkId !== link.id) return undefined;
        const now = clock().getTime();
        const late = attempt.status === 'pending' && now - Date.parse(attempt.updatedAt) > askAfterMs;
        if (!late || now - (asked.get(attempt.id) ?? 0) < askAfterMs) return attempt;
        asked.set(attempt.id, now);
        if (asked.size > 10_000) asked.clear();
        // The page shows what is known if the provider cannot be reached; the job asks again later.
        return settlement.reconcile(attempt).catch(() => attempt);
    };

    /**
     * Asks the provider for the attempt's payment and answers the attempt pending, with the provider's page.
     * The provider is slow: it answers outside any transaction, so nobody else waits for it.
     */
    const askProvider = async (
        to: PaymentProvider,
        attempt: OnlinePayment,
        studioName: string,
        settings: ReceiptSettings | null,
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
            });
        } catch (error) {
            await storage.transaction(async tx => {
                const current = (await tx.get('onlinePayments', attempt.id)) as OnlinePayment;
                await tx.update('onlinePayments', {
                    ...current,
                    status: 'failed',
                    reason:
                        error instanceof ProviderError && !error.retryable ? (error.code ?? 'refused') : 'unanswered',
                    updatedAt: clock().toISOString(),
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
                updatedAt: clock().toISOString(),
            });
        });
    };

    /** The link as the payment page shows it at `now`, the server's clock (a pending link past its expiry reads as expired). */
    const publicLinkView = async (link: PaymentLink, attempt: OnlinePayment | undefined, now: Date) => {
        const config = await studioConfig(storage);
        const customer = await storage.get('customers', link.customerId);
        return {
            // `test`: no money is taken, and the page says so; `off`: the link cannot be paid online yet.
            payments: mode,
            status: linkStatusAt(link, now),
            studioName: config.studioName,
            purpose: link.purpose,
            planName: (await storage.get('subscriptions', link.subscriptionId))?.name ?? '',
            // A balance link pays the rest of a pass: the page names the pass, as the customer knows it.
            passName:
                link.purpose === 'balance' && link.passId != null
                    ? ((await storage.get('passes', link.passId))?.name ?? '')
                    : null,
            // A fee link pays a penalty: the page names what for (a late cancel or a no-show) and the class.
            penalty: link.purpose === 'fee' ? await penaltyView(storage, link) : null,
            amount: link.amount,
            currency: config.currency,
            description: link.description,
            expiresAt: link.expiresAt,
            // The expiry is shown in the studio's time, named, whatever the customer's device says.
            timezone: config.timezone,
            // The payer greeted: a child's guardian, with the child named.
            ...(await payerNames(storage, customer)),
            // The studio's language, for a customer whose browser says nothing the app speaks.
            locale: config.defaultLocale,
            // The receipt needs an e-mail or a phone: the page asks the payer for an e-mail when the studio has neither.
            contactNeeded: !!receiptSettingsOf(config) && !!customer && !receiptContact(customer),
            attempt: attemptView(attempt),
        } satisfies PublicLink;
    };

    router.get(
        '/public/payment-links/:id',
        handle(async (req, res) => {
            const link = await findLink(storage, req.params.id);
            const attempt = await attemptOf(link, req.query.attempt);
            // Read again: asking the provider may have just recorded the payment.
            res.json(await publicLinkView(await findLink(storage, link.id), attempt, clock()));
        }),
    );

    router.post(
        '/public/payment-links/:id/pay',
        handle(async (req, res) => {
            if (!provider || !settlement)
                throw new ApiError(503, 'Online payment is not set up: the studio has not chosen a payment provider', {
                    status: 'app.payment_page.errors.unavailable',
                });
            const now = clock();
            const { email: payerEmail } = parseBody(payBodySchema, req.body ?? {});
            const id = req.params.id;
            checkOpen(await findLink(storage, id), now);
            // The client's address: behind a proxy the server is told to trust, the one the proxy saw.
            const address = `address:${req.ip ?? 'unknown'}`;
            const linkAndAddress = `link:${id} ${address}`;
            const config = await studioConfig(storage);
            const settings = receiptSettingsOf(config);

            // Read and begin in one transaction with the link claimed, so that presses at the same moment (on
            // any server process) take turns: the provider is asked exactly what the link asks, and a payment
            // begun a moment ago, or being begun, is answered again instead of a second one.
            const begun = await storage.transaction(
                async tx => {
                    await tx.claim('paymentLinks', [id]);
                    const link = await findLink(tx, id);
                    checkOpen(link, now);
                    await checkStillOwed(tx, link);
                    const [latest] = await tx.select(
                        'onlinePayments',
                        { paymentLinkId: id },
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
                    const customer = await tx.get('customers', link.customerId);
                    const contact = customer && receiptContact(customer, payerEmail);
                    if (settings && !contact)
                        throw conflict('The receipt needs an e-mail', {
                            email: 'app.payment_page.errors.contact_needed',
                        });
                    const wait = Math.max(
                        byLinkAndAddress.retryAfter(linkAndAddress, now.getTime()),
                        byAddress.retryAfter(address, now.getTime()),
                    );
                    if (wait > 0) {
                        res.setHeader('Retry-After', String(wait));
                        throw new ApiError(
                            429,
                            'Too many payment attempts. Try again later.',
                            { status: 'app.payment_page.errors.too_many' },
                            { retryAfter: wait },
                        );
                    }
                    const attempt = await tx.insert('onlinePayments', {
                        // Our order id at the provider: 128 random bits, as hex (T-Bank takes at most 36 characters).
                        id: randomBytes(16).toString('hex'),
                        paymentLinkId: id,
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
                },
                { claimed: true },
            );
            if (begun.reused) {
                // Another press's payment: answered once the provider has answered it.
                const attempt = begun.attempt.status === 'creating' ? await created(begun.attempt) : begun.attempt;
                if (!attempt.confirmationUrl) throw providerUnanswered();
                res.json({ attemptId: attempt.id, confirmationUrl: attempt.confirmationUrl } satisfies PayLinkAnswer);
                return;
            }
            byLinkAndAddress.record(linkAndAddress, now.getTime());
            byAddress.record(address, now.getTime());

            const asking = askProvider(provider, begun.attempt, config.studioName, settings);
            creating.set(begun.attempt.id, asking);
            try {
                const pending = await asking;
                res.json({ attemptId: pending.id, confirmationUrl: pending.confirmationUrl });
            } finally {
                creating.delete(begun.attempt.id);
            }
        }),
    );

    return router;
};
