import { Router } from 'express';
import { z } from 'zod';
import type { PayLinkAnswer } from '../../domain/api/public';
import { email, optional } from '../../domain/fields';
import type { Clock } from '../../domain/time';
import type { OnlinePayment, PaymentLink } from '../../domain/types';
import { ApiError, badRequest, handle } from '../http/errors';
import { parseBody } from '../http/requests';
import { Attempts } from '../http/attempts';
import { studioConfig } from '../rules/studio';
import type { Storage } from '../storage/types';
import { askProvider, beginAttempt, inFlightMs, providerUnanswered, startsMembership } from './begin';
import type { MembershipLinks } from './membershipLinks';
import { receiptSettingsOf } from './checks';
import { checkOpen, findLink, publicLinkView } from './publicLink';
import type { Settlement } from './settle';
import type { PaymentSetup } from './setup';

/*
 * The only API without sign-in: what the public page /payments/link/{id} shows (publicLink.ts), and
 * paying. The payer presses Pay, the server asks the provider for a payment (with the fiscal receipt) and
 * answers the provider's page to send the payer to (begin.ts). The payment is recorded only when the
 * provider's verified notice says it succeeded (settle.ts); the payer comes back to this page, which shows
 * "processing" until then.
 */

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

/** How often a press waiting for another server process's payment reads it again. */
const inFlightPollMs = 100;

/** How long a payer's return page waits for the notice before it asks the provider itself, and how often. */
const askAfterMs = 15_000;

const payBodySchema = z.object({
    /** Where the receipt goes, typed by a payer whose customer record has no e-mail or phone. */
    email: optional(email),
    /** The box agreeing to a membership's charges, ticked by the payer (a `membership` link needs it). */
    consent: z.boolean().optional(),
});

export interface PublicPaymentOptions {
    /** The server's public address (PUBLIC_URL): the provider sends the payer back there. */
    publicUrl?: string;
    limits?: PayLimits;
    /** What a `membership` link's page shows and its payment starts. */
    memberships?: MembershipLinks;
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
    { publicUrl, limits = defaultPayLimits, memberships }: PublicPaymentOptions = {},
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

    router.get(
        '/public/payment-links/:id',
        handle(async (req, res) => {
            const link = await findLink(storage, req.params.id);
            const attempt = await attemptOf(link, req.query.attempt);
            // Read again: asking the provider may have just recorded the payment.
            res.json(
                await publicLinkView(storage, await findLink(storage, link.id), attempt, clock(), mode, memberships),
            );
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
            const { email: payerEmail, consent } = parseBody(payBodySchema, req.body ?? {});
            const id = req.params.id;
            const link = await findLink(storage, id);
            checkOpen(link, now);
            // The card is saved and charged each month only on the terms the payer agreed to, box ticked.
            if (startsMembership(link) && consent !== true)
                throw badRequest('Agree to the charges to start the membership', {
                    consent: 'app.memberships.errors.consent_required',
                });
            // The client's address: behind a proxy the server is told to trust, the one the proxy saw.
            const address = `address:${req.ip ?? 'unknown'}`;
            const linkAndAddress = `link:${id} ${address}`;
            const config = await studioConfig(storage);

            const begun = await storage.transaction(
                tx =>
                    beginAttempt(tx, {
                        linkId: id,
                        provider,
                        config,
                        payerEmail,
                        consent: memberships && consent ? { memberships, ip: req.ip ?? null } : undefined,
                        wait: () =>
                            Math.max(
                                byLinkAndAddress.retryAfter(linkAndAddress, now.getTime()),
                                byAddress.retryAfter(address, now.getTime()),
                            ),
                        now,
                    }),
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

            const asking = askProvider(storage, provider, begun.attempt, {
                studioName: config.studioName,
                settings: receiptSettingsOf(config),
                base,
                now: clock,
            });
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
