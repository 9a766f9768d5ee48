import { Router, type Request } from 'express';
import { consentTextsOf, shownConsentText } from '../../domain/consents';
import type * as Api from '../../domain/api/consents';
import type { Clock } from '../../domain/time';
import { handle } from '../http/errors';
import type { PortalRequest } from '../http/portalSessions';
import { allow, numericId } from '../http/requests';
import type { Channels } from '../messages';
import { studioConfig } from '../rules/studio';
import type { Storage } from '../storage/types';
import { openErasureRequest } from '../privacy';
import { askOffers } from './asking';
import { consentCounts, consentsOf, giveMarketing, revokeMarketing } from './operations';

/*
 * Consents over HTTP. The portal's (a portal token): the signed-in customer's consents, and marketing
 * given or revoked in one tap. Staff's: how many customers have consented, for the dashboard, and the one
 * question whether a customer takes offers by message (managers and admins, who record consents).
 */

const customerOf = (req: Request) => (req as PortalRequest).customer;

export const portalConsentRoutes = (storage: Storage, clock: Clock): Router => {
    const router = Router();

    /** The customer's consents and the marketing text they would agree to, in their language. */
    const privacy = async (req: Request): Promise<Api.PrivacyAnswer> => {
        const me = customerOf(req);
        const config = await studioConfig(storage);
        const texts = consentTextsOf(config);
        return {
            consents: await consentsOf(storage, me.id),
            erasureRequest: await openErasureRequest(storage, me.id).then(open =>
                open ? { requestedAt: open.requestedAt, dueAt: open.dueAt } : null,
            ),
            marketingText: shownConsentText(texts, 'marketing', me.locale ?? config.defaultLocale, config.studioName),
        };
    };

    router.get(
        '/portal/consents',
        handle(async (req, res) => res.json(await privacy(req))),
    );

    router.post(
        '/portal/consents/marketing',
        handle(async (req, res) => {
            const now = clock();
            const customer = customerOf(req);
            await storage.transaction(tx => giveMarketing(tx, { customer, source: 'portal', now, ip: req.ip ?? null }));
            res.json(await privacy(req));
        }),
    );

    router.post(
        '/portal/consents/marketing/revoke',
        handle(async (req, res) => {
            const now = clock();
            await storage.transaction(tx => revokeMarketing(tx, customerOf(req).id, now));
            res.json(await privacy(req));
        }),
    );

    return router;
};

export const consentRoutes = (storage: Storage, clock: Clock, channels: Channels): Router => {
    const router = Router();
    router.post(
        '/customers/:id/ask-offers',
        handle(async (req, res) => {
            allow(req, 'consents', 'create');
            const id = numericId(req.params.id);
            const now = clock();
            res.json(await storage.transaction(tx => askOffers(tx, id, now, channels)));
        }),
    );
    router.get(
        '/consents/counts',
        handle(async (req, res) => {
            allow(req, 'consents', 'list');
            res.json((await consentCounts(storage)) satisfies Api.ConsentCounts);
        }),
    );
    return router;
};
