import { Router } from 'express';
import { cardSchema, checkLinkOpen, linkStatusAt } from '../domain/money';
import { studioToday } from '../domain/time';
import type { Identifier, PaymentLink, Subscription } from '../domain/types';
import { ApiError, badRequest, conflict, handle, notFound } from './errors';
import { parseBody, recordSale, ruleRefusal } from './money';
import { testCardProvider, type PaymentProvider } from './paymentProvider';
import { Attempts } from './attempts';
import type { Reader, Storage } from './storage/types';
import { studioConfig } from './studio';

/*
 * The only API without sign-in: what the public page /payments/link/{id} shows, and paying. A link's id
 * is its secret (128 random bits), so the answer holds only what DESIGN.md section 4 allows: studio
 * name, plan name, amount and currency, description, expiry, the customer's first name, status.
 */

const findLink = async (reader: Reader, id: string): Promise<PaymentLink> => {
    const link = await reader.get('paymentLinks', id);
    if (!link) throw notFound('No such payment link');
    return link;
};

const checkOpen = (link: PaymentLink) => {
    try {
        checkLinkOpen(link);
    } catch (error) {
        throw ruleRefusal(error);
    }
};

export const publicLinkView = async (reader: Reader, link: PaymentLink) => {
    const config = await studioConfig(reader);
    return {
        status: linkStatusAt(link),
        studioName: config.studioName,
        planName: (await reader.get('subscriptions', link.subscriptionId))?.name ?? '',
        amount: link.amount,
        currency: config.currency,
        description: link.description,
        expiresAt: link.expiresAt,
        firstName: (await reader.get('customers', link.customerId))?.firstName ?? '',
        // The studio's language, for a customer whose browser says nothing the app speaks.
        locale: config.defaultLocale,
    };
};

/** Online payments have no cashier: they are recorded in the name of the studio's first administrator. */
const onlineCashier = async (reader: Reader): Promise<Identifier> => {
    // Users come in id order, so the first admin found is the first one made.
    const users = await reader.select('users');
    return (users.find(user => user.role === 'admin') ?? users[0]).id;
};

export interface PayLimits {
    perLink: number;
    perAddress: number;
    windowMs: number;
}

/** Enough for a customer who mistypes a few times; too few to test stolen card numbers against a link. */
export const defaultPayLimits: PayLimits = { perLink: 10, perAddress: 30, windowMs: 15 * 60_000 };

export const publicPaymentRoutes = (storage: Storage, provider: PaymentProvider = testCardProvider, limits: PayLimits = defaultPayLimits): Router => {
    const router = Router();
    const byLink = new Attempts(limits.perLink, limits.windowMs);
    const byAddress = new Attempts(limits.perAddress, limits.windowMs);
    // Links whose payment is with the provider: a second pay waits for nobody, it is refused.
    const paying = new Set<string>();

    router.get(
        '/public/payment-links/:id',
        handle(async (req, res) => {
            res.json(await publicLinkView(storage, await findLink(storage, req.params.id)));
        }),
    );

    router.post(
        '/public/payment-links/:id/pay',
        handle(async (req, res) => {
            const card = parseBody(cardSchema, req.body);
            const id = req.params.id;
            const link = await findLink(storage, id);
            checkOpen(link);
            if (paying.has(id)) throw conflict('This link is being paid right now', { status: 'app.money.errors.link_paying' });
            const address = `address:${req.socket.remoteAddress ?? 'unknown'}`;
            const wait = Math.max(byLink.retryAfter(`link:${id}`), byAddress.retryAfter(address));
            if (wait > 0) {
                res.setHeader('Retry-After', String(wait));
                throw new ApiError(429, 'Too many payment attempts. Try again later.', { cardNumber: 'app.payment_page.errors.too_many' }, { retryAfter: wait });
            }
            byLink.record(`link:${id}`);
            byAddress.record(address);
            paying.add(id);
            let paid: PaymentLink;
            try {
                const config = await studioConfig(storage);
                const plan = (await storage.get('subscriptions', link.subscriptionId)) as Subscription;
                // The provider is slow: it answers outside any transaction, so nobody else waits for it.
                const result = await provider.charge({ amount: link.amount, currency: config.currency, description: plan.name, card });
                if (!result.approved) throw badRequest('The card was declined', { cardNumber: result.reason });
                paid = await storage.transaction(async tx => {
                    // The world may have moved while the provider answered: look again before changing anything.
                    const current = await findLink(tx, id);
                    checkOpen(current);
                    const { pass, payment } = await recordSale(tx, {
                        customerId: current.customerId,
                        plan,
                        startsOn: studioToday(config.timezone),
                        amount: current.amount,
                        method: 'online',
                        createdBy: await onlineCashier(tx),
                        paymentLinkId: current.id,
                        note: `${provider.name} ${result.reference}`,
                    });
                    return tx.update('paymentLinks', {
                        ...current,
                        status: 'paid',
                        paidAt: payment?.paidAt ?? new Date().toISOString(),
                        paymentId: payment?.id ?? null,
                        passId: pass.id,
                    });
                });
            } finally {
                paying.delete(id);
            }
            res.json(await publicLinkView(storage, paid));
        }),
    );

    return router;
};
