import { Router } from 'express';
import { cardSchema, checkLinkOpen, linkStatusAt } from '../domain/money';
import { studioToday } from '../domain/time';
import type { Database, Identifier, PaymentLink, Subscription } from '../domain/types';
import { ApiError, badRequest, conflict, handle, notFound } from './errors';
import { parseBody, recordSale, ruleRefusal, studioConfig } from './money';
import { testCardProvider, type PaymentProvider } from './paymentProvider';
import { Attempts } from './attempts';
import type { Store } from './store';

/*
 * The only API without sign-in: what the public page /payments/link/{id} shows, and paying. A link's id
 * is its secret (128 random bits), so the answer holds only what DESIGN.md section 4 allows: studio
 * name, plan name, amount and currency, description, expiry, the customer's first name, status.
 */

const findLink = (db: Database, id: string): PaymentLink => {
    const link = db.paymentLinks.find(candidate => candidate.id === id);
    if (!link) throw notFound('No such payment link');
    return link;
};

export const publicLinkView = (db: Database, link: PaymentLink) => {
    const config = studioConfig(db);
    return {
        status: linkStatusAt(link),
        studioName: config.studioName,
        planName: db.subscriptions.find(plan => plan.id === link.subscriptionId)?.name ?? '',
        amount: link.amount,
        currency: config.currency,
        description: link.description,
        expiresAt: link.expiresAt,
        firstName: db.customers.find(customer => customer.id === link.customerId)?.firstName ?? '',
        // The studio's language, for a customer whose browser says nothing the app speaks.
        locale: config.defaultLocale,
    };
};

/** Online payments have no cashier: they are recorded in the name of the studio's first administrator. */
const onlineCashier = (db: Database): Identifier =>
    db.users.filter(user => user.role === 'admin').sort((a, b) => a.id - b.id)[0]?.id ?? db.users[0].id;

export interface PayLimits {
    perLink: number;
    perAddress: number;
    windowMs: number;
}

/** Enough for a customer who mistypes a few times; too few to test stolen card numbers against a link. */
export const defaultPayLimits: PayLimits = { perLink: 10, perAddress: 30, windowMs: 15 * 60_000 };

export const publicPaymentRoutes = (store: Store, provider: PaymentProvider = testCardProvider, limits: PayLimits = defaultPayLimits): Router => {
    const router = Router();
    const byLink = new Attempts(limits.perLink, limits.windowMs);
    const byAddress = new Attempts(limits.perAddress, limits.windowMs);
    // Links whose payment is with the provider: a second pay waits for nobody, it is refused.
    const paying = new Set<string>();

    router.get(
        '/public/payment-links/:id',
        handle((req, res) => {
            res.json(publicLinkView(store.data, findLink(store.data, req.params.id)));
        }),
    );

    router.post(
        '/public/payment-links/:id/pay',
        handle(async (req, res) => {
            const card = parseBody(cardSchema, req.body);
            const id = req.params.id;
            const link = findLink(store.data, id);
            try {
                checkLinkOpen(link);
            } catch (error) {
                throw ruleRefusal(error);
            }
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
            try {
                const config = studioConfig(store.data);
                const plan = store.data.subscriptions.find(candidate => candidate.id === link.subscriptionId) as Subscription;
                const result = await provider.charge({ amount: link.amount, currency: config.currency, description: plan.name, card });
                if (!result.approved) throw badRequest('The card was declined', { cardNumber: result.reason });
                // The world may have moved while the provider answered: look again before changing anything.
                const db = store.data;
                const current = findLink(db, id);
                try {
                    checkLinkOpen(current);
                } catch (error) {
                    throw ruleRefusal(error);
                }
                const { pass, payment } = recordSale(db, {
                    customerId: current.customerId,
                    plan,
                    startsOn: studioToday(config.timezone),
                    amount: current.amount,
                    method: 'online',
                    createdBy: onlineCashier(db),
                    paymentLinkId: current.id,
                });
                if (payment) payment.note = `${provider.name} ${result.reference}`;
                Object.assign(current, { status: 'paid', paidAt: payment?.paidAt ?? new Date().toISOString(), paymentId: payment?.id ?? null, passId: pass.id });
            } finally {
                paying.delete(id);
            }
            await store.persist();
            res.json(publicLinkView(store.data, findLink(store.data, id)));
        }),
    );

    return router;
};
