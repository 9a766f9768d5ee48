import { Router } from 'express';
import { cardSchemaAt, checkLinkOpen, linkStatusAt } from '../../domain/money';
import { studioToday, type Clock } from '../../domain/time';
import { classTitle } from '../../domain/timetable';
import type { Config, Identifier, Pass, PaymentLink, Penalty, Subscription } from '../../domain/types';
import { ApiError, badRequest, conflict, handle, notFound, ruleRefusal } from '../http/errors';
import { recordPassPayment, recordSale } from './money';
import { parseBody, withoutNul } from '../http/requests';
import type { PaymentProvider, RefundResult } from './paymentProvider';
import type { PaymentSetup } from './paymentSetup';
import { Attempts } from '../http/attempts';
import { closedLinkKeys, linksBeingPaid, refuseWhilePaying } from '../rules/paymentLinks';
import { dueOn } from '../rules/passes';
import { feeOwed } from '../../domain/penalties';
import type { Reader, Storage, Transaction } from '../storage/types';
import { studioConfig } from '../rules/studio';

/*
 * The only API without sign-in: what the public page /payments/link/{id} shows, and paying. A link's id
 * is its secret (128 random bits), so the answer holds only what the payment page needs: studio
 * name, what is paid (a plan, the rest of a pass by its name, or a penalty's fee with its class), amount
 * and currency, description,
 * expiry (and the studio's time zone to show it in), the customer's first name, status.
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

/** The link as the payment page shows it at `now`, the server's clock (a pending link past its expiry reads as expired). */
const publicLinkView = async (reader: Reader, link: PaymentLink, payments: PaymentSetup['mode'], now: Date) => {
    const config = await studioConfig(reader);
    return {
        // `test`: no money is taken, and the page says so; `off`: the link cannot be paid online yet.
        payments,
        status: linkStatusAt(link, now),
        studioName: config.studioName,
        purpose: link.purpose,
        planName: (await reader.get('subscriptions', link.subscriptionId))?.name ?? '',
        // A balance link pays the rest of a pass: the page names the pass, as the customer knows it.
        passName: link.purpose === 'balance' ? ((await passOf(reader, link))?.name ?? '') : null,
        // A fee link pays a penalty: the page names what for (a late cancel or a no-show) and the class.
        penalty: link.purpose === 'fee' ? await penaltyView(reader, link) : null,
        amount: link.amount,
        currency: config.currency,
        description: link.description,
        expiresAt: link.expiresAt,
        // The expiry is shown in the studio's time, named, whatever the customer's device says.
        timezone: config.timezone,
        firstName: (await reader.get('customers', link.customerId))?.firstName ?? '',
        // The studio's language, for a customer whose browser says nothing the app speaks.
        locale: config.defaultLocale,
    };
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

/**
 * A fee link is paid only while its penalty's fee is owed: paid at the desk meanwhile, or reversed, is a
 * conflict the page shows on the card form.
 */
const checkFeeOwed = async (reader: Reader, link: PaymentLink): Promise<Penalty> => {
    const penalty = link.penaltyId == null ? undefined : await reader.get('penalties', link.penaltyId);
    if (!penalty || !feeOwed(penalty))
        throw conflict('The fee is owed no more', { cardNumber: 'app.payment_page.errors.nothing_due' });
    return penalty;
};

const passOf = (reader: Reader, link: PaymentLink) =>
    link.passId == null ? Promise.resolve(undefined) : reader.get('passes', link.passId);

/**
 * A balance link is paid only while its pass still owes what it asks: nothing due any more (paid at the
 * desk meanwhile), or less than the link asks, is a conflict the page shows on the card form.
 */
const checkStillDue = async (reader: Reader, link: PaymentLink): Promise<Pass> => {
    const pass = await passOf(reader, link);
    const due = pass ? await dueOn(reader, pass) : 0;
    if (!pass || due <= 0)
        throw conflict('Nothing is due on the pass any more', { cardNumber: 'app.payment_page.errors.nothing_due' });
    if (Math.round(link.amount * 100) > Math.round(due * 100))
        throw conflict(
            'Less is due on the pass than the link asks',
            { cardNumber: 'app.payment_page.errors.due_changed' },
            { due },
        );
    return pass;
};

interface PayLimits {
    /** Declined cards on one link from one address. */
    perLinkAndAddress: number;
    /** Declined cards from one address, on any links. */
    perAddress: number;
    windowMs: number;
}

/**
 * Enough for a customer who mistypes a few times; too few to test stolen card numbers. Never counted per
 * link alone: whoever declines cards on a link from elsewhere must not lock its customer out of paying.
 */
const defaultPayLimits: PayLimits = { perLinkAndAddress: 10, perAddress: 30, windowMs: 15 * 60_000 };

/**
 * The link no longer asks what its card was charged for: cancelled, paid, or edited by hand meanwhile;
 * or its pass no longer owes it (`refusal`: paid at the desk while the card was charged).
 */
class LinkMovedOn extends Error {
    constructor(
        readonly link: PaymentLink,
        readonly refusal?: ApiError,
    ) {
        super('The payment link changed while its card was being charged');
    }
}

/**
 * Whether the link still asks what was charged. Its stored status, not the time, decides: a link that
 * expired while the provider was answering was paid while it was open.
 */
const stillAsks = (current: PaymentLink, charged: PaymentLink) =>
    current.status === 'pending' &&
    current.customerId === charged.customerId &&
    current.purpose === charged.purpose &&
    current.passId === charged.passId &&
    current.subscriptionId === charged.subscriptionId &&
    current.amount === charged.amount;

/** A charge the provider approved, with what it was for: the link as it stood when its card was charged. */
interface Charge {
    link: PaymentLink;
    plan: Subscription;
    config: Config;
    reference: string;
}

/**
 * `clock` is the server's: a link's expiry, the card's, the attempts' windows and the time a payment is
 * recorded at are all read from it.
 */
export const publicPaymentRoutes = (
    storage: Storage,
    { provider: chosen, mode }: PaymentSetup,
    clock: Clock,
    limits: PayLimits = defaultPayLimits,
): Router => {
    const router = Router();
    // With no provider chosen the pay route refuses before anything is charged: nothing reaches this one.
    const provider: PaymentProvider = chosen ?? {
        name: 'none',
        charge: () => Promise.reject(new Error('No payment provider is chosen')),
        refund: () => Promise.resolve({ refunded: false, reason: 'No payment provider is chosen' }),
    };
    const byLinkAndAddress = new Attempts(limits.perLinkAndAddress, limits.windowMs);
    const byAddress = new Attempts(limits.perAddress, limits.windowMs);

    /**
     * What the charge pays, inside the transaction, paid at `now`: a balance link's payment on its pass,
     * as the desk records the rest of a pass; a sale link's plan sold to its customer (starting on the
     * studio's date then). Either for exactly what the card was charged, and in the name of no user: the
     * customer paid on the payment page.
     */
    const recordPayment = async (
        tx: Transaction,
        { link, plan, config }: Charge,
        note: string,
        regardless: boolean,
        now: Date,
    ) => {
        const entry = { amount: link.amount, method: 'online' as const, createdBy: null, paymentLinkId: link.id, note };
        if (link.purpose === 'fee') {
            const penalty = await checkFeeOwed(tx, link).catch(async (error: unknown) => {
                if (!regardless) throw new LinkMovedOn(link, error as ApiError);
                return undefined;
            });
            const payment = await tx.insert('payments', {
                ...entry,
                customerId: link.customerId,
                kind: 'payment',
                passId: null,
                paidAt: now.toISOString(),
                penaltyId: penalty?.id ?? null,
            });
            if (penalty) await tx.update('penalties', { ...penalty, paymentId: payment.id });
            return { pass: { id: link.passId as Identifier }, payment };
        }
        if (link.purpose === 'balance') {
            const pass = await checkStillDue(tx, link).catch(async (error: unknown) => {
                if (!regardless) throw new LinkMovedOn(link, error as ApiError);
                return (await passOf(tx, link)) as Pass;
            });
            return recordPassPayment(tx, pass, entry, now);
        }
        return recordSale(
            tx,
            { ...entry, customerId: link.customerId, plan, startsOn: studioToday(config.timezone, now) },
            now,
        );
    };

    /**
     * Records a charge in one write: what it pays, and the link paid. Refused with LinkMovedOn when the
     * link no longer asks it, unless `regardless` (the charge could not be given back, so it is recorded
     * whatever the link says now).
     */
    const recordCharge = (charge: Charge, regardless = false) => {
        // Recorded when the provider has answered: that is when the customer paid.
        const now = clock();
        return storage.transaction(async tx => {
            const { link, reference } = charge;
            const current = await findLink(tx, link.id);
            if (!regardless && !stillAsks(current, link)) throw new LinkMovedOn(current);
            const note = `${provider.name} ${reference}${regardless ? ': the link had changed while it was paid, and the charge could not be given back' : ''}`;
            const { pass, payment } = await recordPayment(tx, charge, note, regardless, now);
            return tx.update('paymentLinks', {
                ...current,
                // What was charged: the link's amount, unless it changed and the charge is recorded regardless.
                amount: link.amount,
                status: 'paid',
                paidAt: payment?.paidAt ?? now.toISOString(),
                paymentId: payment?.id ?? null,
                passId: pass.id,
            });
        });
    };

    const giveBack = ({ link, config, reference }: Charge): Promise<RefundResult> =>
        provider
            .refund({ reference, amount: link.amount, currency: config.currency })
            .catch((error: unknown) => ({ refunded: false, reason: String(error) }));

    /**
     * A charge is never lost: it is recorded, or given back to the card. When the link moved on while the
     * card was charged (a hand edit of the database; an edit or a cancel through the API waits for the
     * charge), the customer is refunded and told (409), since a studio that cancelled a link, say after
     * taking the money at the desk, does not want to sell the plan twice. Only when the provider cannot
     * give the money back is the charge recorded against the link anyway, so that staff see it.
     */
    const settle = async (charge: Charge): Promise<PaymentLink> => {
        try {
            return await recordCharge(charge);
        } catch (error) {
            const refund = await giveBack(charge);
            const what = `${provider.name} ${charge.reference} of ${charge.link.amount} ${charge.config.currency} for payment link ${charge.link.id}`;
            if (!(error instanceof LinkMovedOn)) {
                if (!refund.refunded)
                    console.error(
                        `The charge ${what} was neither recorded nor given back (${refund.reason}): refund it by hand.`,
                    );
                throw error;
            }
            if (refund.refunded) {
                if (error.refusal) throw error.refusal;
                const key = closedLinkKeys[error.link.status];
                throw conflict(
                    'The payment link changed while the card was being charged: the charge was given back',
                    key ? { status: key } : undefined,
                    { refunded: true },
                );
            }
            console.error(
                `The charge ${what} could not be given back (${refund.reason}) after the link changed: recorded as paid.`,
            );
            return recordCharge(charge, true);
        }
    };

    router.get(
        '/public/payment-links/:id',
        handle(async (req, res) => {
            res.json(await publicLinkView(storage, await findLink(storage, req.params.id), mode, clock()));
        }),
    );

    router.post(
        '/public/payment-links/:id/pay',
        handle(async (req, res) => {
            if (!chosen)
                throw new ApiError(503, 'Online payment is not set up: the studio has not chosen a payment provider', {
                    cardNumber: 'app.payment_page.errors.unavailable',
                });
            const now = clock();
            const card = parseBody(cardSchemaAt(now), req.body);
            const id = req.params.id;
            checkOpen(await findLink(storage, id), now);
            refuseWhilePaying(id);
            // The client's address: behind a proxy the server is told to trust, the one the proxy saw.
            const address = `address:${req.ip ?? 'unknown'}`;
            const linkAndAddress = `link:${id} ${address}`;
            const wait = Math.max(
                byLinkAndAddress.retryAfter(linkAndAddress, now.getTime()),
                byAddress.retryAfter(address, now.getTime()),
            );
            if (wait > 0) {
                res.setHeader('Retry-After', String(wait));
                throw new ApiError(
                    429,
                    'Too many payment attempts. Try again later.',
                    { cardNumber: 'app.payment_page.errors.too_many' },
                    { retryAfter: wait },
                );
            }
            linksBeingPaid.add(id);
            let paid: PaymentLink;
            try {
                // Read again now that the link may not change, in a transaction so that a write already under
                // way is seen: the card is charged exactly what the link asks.
                const { link, pass } = await storage.transaction(async tx => {
                    const read = await findLink(tx, id);
                    checkOpen(read, now);
                    if (read.purpose === 'fee') await checkFeeOwed(tx, read);
                    return { link: read, pass: read.purpose === 'balance' ? await checkStillDue(tx, read) : null };
                });
                const config = await studioConfig(storage);
                const plan = (await storage.get('subscriptions', link.subscriptionId)) as Subscription;
                // The provider is slow: it answers outside any transaction, so nobody else waits for it.
                const result = await provider.charge({
                    amount: link.amount,
                    currency: config.currency,
                    description:
                        link.purpose === 'fee'
                            ? `${plan.name}: a penalty's fee`
                            : pass
                              ? `${pass.name}: the rest`
                              : plan.name,
                    card,
                });
                if (!result.approved) {
                    const declinedAt = clock().getTime();
                    byLinkAndAddress.record(linkAndAddress, declinedAt);
                    byAddress.record(address, declinedAt);
                    throw badRequest('The card was declined', { cardNumber: result.reason });
                }
                paid = await settle({ link, plan, config, reference: result.reference });
            } finally {
                linksBeingPaid.delete(id);
            }
            res.json(await publicLinkView(storage, paid, mode, clock()));
        }),
    );

    return router;
};
