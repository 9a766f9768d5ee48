import { Router, type Request } from 'express';
import { z } from 'zod';
import type * as Api from '../../domain/api/memberships';
import type { Clock } from '../../domain/time';
import type { Identifier, StoredCustomer } from '../../domain/types';
import { badRequest, forbidden, handle, notFound } from '../http/errors';
import type { PortalRequest } from '../http/portalSessions';
import { numericId, parseBody } from '../http/requests';
import { studioConfig } from '../rules/studio';
import type { Reader, Storage } from '../storage/types';
import { cancelMembership, removeCard, resumeMembership } from './manage';
import { cardChangeLink } from './card';
import { acceptPrice } from './price';
import { nextAmount } from './renewals';
import { checkPaysOnline, consentToLink, membershipLink, membershipTerms, renewingPlan } from './start';
import { portalMemberships } from './views';

/*
 * The portal's memberships (a portal token): those the signed-in customer pays for or attends, their
 * wards' included; starting one for oneself or a ward on the terms shown, box ticked; cancelling,
 * resuming, accepting a new price, changing the card (its next period paid now with the new card) and
 * removing it, which only the payer does. None starts while the studio takes no payments online (`online`
 * false): nothing is written then.
 */

/** Pays a link on the provider's page at once, its payer having agreed in the portal: the page to go to. */
export type PayLink = (linkId: string) => Promise<{ confirmationUrl: string }>;

const customerOf = (req: Request) => (req as PortalRequest).customer;

const forWhomSchema = z.object({ customerId: z.coerce.number().int().positive().optional() });
const termsQuerySchema = forWhomSchema.extend({ subscriptionId: z.coerce.number().int().positive() });
const startSchema = z.object({
    subscriptionId: z.number({ error: 'ra.validation.required' }).int().positive(),
    customerId: z.number().int().positive().optional(),
    consent: z.boolean().optional(),
});
const cardSchema = z.object({ consent: z.boolean().optional() });

/** Whom the request is for: the signed-in customer, or one of their wards; anyone else is refused. */
const attending = async (reader: Reader, me: StoredCustomer, customerId?: Identifier) => {
    if (customerId === undefined || customerId === me.id) return me;
    const ward = await reader.get('customers', customerId);
    if (!ward || ward.guardianId !== me.id) throw forbidden('You act for yourself and your children only');
    return ward;
};

/** A plan the portal starts a membership of: sold online, and renewing. */
const planOnline = async (reader: Reader, subscriptionId: Identifier) => {
    const plan = await renewingPlan(reader, subscriptionId);
    if (!plan.soldOnline) throw notFound('This plan is not sold online');
    return plan;
};

export const portalMembershipRoutes = (storage: Storage, clock: Clock, payLink: PayLink, online = true): Router => {
    const router = Router();

    /** The memberships the customer pays for or attends, theirs and their wards', newest first. */
    const mine = async (me: StoredCustomer): Promise<Api.PortalMembership[]> => {
        const family = [me.id, ...(await storage.select('customers', { guardianId: me.id })).map(ward => ward.id)];
        const found = new Map(
            [
                ...(await storage.select('memberships', { payerId: me.id })),
                ...(await storage.select('memberships', { customerId: family })),
            ].map(one => [one.id, one]),
        );
        const sorted = [...found.values()].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
        return portalMemberships(storage, sorted, me.id);
    };

    const answerOne = async (me: StoredCustomer, id: Identifier) => {
        const one = (await mine(me)).find(membership => membership.id === id);
        if (!one) throw notFound(`Membership ${id} does not exist`);
        return one;
    };

    router.get(
        '/portal/memberships',
        handle(async (req, res) => {
            res.json(await mine(customerOf(req)));
        }),
    );

    router.get(
        '/portal/memberships/terms',
        handle(async (req, res) => {
            const query = parseBody(termsQuerySchema, {
                subscriptionId: req.query.subscriptionId,
                customerId: req.query.customerId,
            });
            const me = customerOf(req);
            await attending(storage, me, query.customerId);
            const plan = await planOnline(storage, query.subscriptionId);
            const config = await studioConfig(storage);
            const { cancel: _cancel, ...terms } = membershipTerms(
                config,
                plan,
                plan.price,
                me.locale ?? config.defaultLocale,
                clock(),
            );
            res.json(terms satisfies Api.PortalMembershipTerms);
        }),
    );

    router.post(
        '/portal/memberships',
        handle(async (req, res) => {
            const body = parseBody(startSchema, req.body);
            if (body.consent !== true)
                throw badRequest('Agree to the charges to start the membership', {
                    consent: 'app.memberships.errors.consent_required',
                });
            const me = customerOf(req);
            const customer = await attending(storage, me, body.customerId);
            await planOnline(storage, body.subscriptionId);
            checkPaysOnline(online);
            const now = clock();
            // The link and the consent to its terms in one write: the payer is the one who ticked the box.
            const link = await storage.transaction(
                async tx => {
                    const made = await membershipLink(
                        tx,
                        { customerId: customer.id, subscriptionId: body.subscriptionId, payerId: me.id },
                        now,
                    );
                    await consentToLink(tx, made.link, 'portal', now, req.ip ?? null);
                    return made.link;
                },
                { claimed: true },
            );
            const { confirmationUrl } = await payLink(link.id);
            res.status(201).json({ confirmationUrl } satisfies Api.PortalStartMembershipAnswer);
        }),
    );

    router.post(
        '/portal/memberships/:id/cancel',
        handle(async (req, res) => {
            const me = customerOf(req);
            const id = numericId(req.params.id);
            await storage.transaction(tx => cancelMembership(tx, id, { payerId: me.id }), { claimed: true });
            res.json(await answerOne(me, id));
        }),
    );

    router.post(
        '/portal/memberships/:id/resume',
        handle(async (req, res) => {
            const me = customerOf(req);
            const id = numericId(req.params.id);
            const now = clock();
            await storage.transaction(tx => resumeMembership(tx, id, { payerId: me.id }, now), { claimed: true });
            res.json(await answerOne(me, id));
        }),
    );

    router.post(
        '/portal/memberships/:id/price/accept',
        handle(async (req, res) => {
            const me = customerOf(req);
            const id = numericId(req.params.id);
            const now = clock();
            await storage.transaction(tx => acceptPrice(tx, id, me.id, now), { claimed: true });
            res.json(await answerOne(me, id));
        }),
    );

    router.get(
        '/portal/memberships/:id/card',
        handle(async (req, res) => {
            const me = customerOf(req);
            const membership = await storage.get('memberships', numericId(req.params.id));
            if (!membership || membership.payerId !== me.id) throw notFound('No such membership');
            const config = await studioConfig(storage);
            const { consentText, currency } = membershipTerms(
                config,
                { name: '' },
                nextAmount(membership),
                me.locale ?? config.defaultLocale,
                clock(),
            );
            res.json({ amount: nextAmount(membership), currency, consentText } satisfies Api.PortalCardChangeTerms);
        }),
    );

    router.post(
        '/portal/memberships/:id/card',
        handle(async (req, res) => {
            const body = parseBody(cardSchema, req.body ?? {});
            if (body.consent !== true)
                throw badRequest('Agree to the charges to save the new card', {
                    consent: 'app.memberships.errors.consent_required',
                });
            const me = customerOf(req);
            const id = numericId(req.params.id);
            const now = clock();
            const link = await storage.transaction(
                async tx => {
                    const made = await cardChangeLink(tx, id, me.id, now);
                    await consentToLink(tx, made, 'portal', now, req.ip ?? null);
                    return made;
                },
                { claimed: true },
            );
            const { confirmationUrl } = await payLink(link.id);
            res.json({ confirmationUrl } satisfies Api.PortalChangeCardAnswer);
        }),
    );

    router.delete(
        '/portal/payment-methods/:id',
        handle(async (req, res) => {
            const id = numericId(req.params.id);
            const now = clock();
            const answer = await storage.transaction(tx => removeCard(tx, id, customerOf(req).id, now), {
                claimed: true,
            });
            res.json(answer satisfies Api.RemovedPaymentMethod);
        }),
    );

    return router;
};
