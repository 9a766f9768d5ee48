import { Router } from 'express';
import type * as Api from '../../domain/api/memberships';
import { membershipSchema } from '../../domain/collections/memberships';
import { paymentLinkAddress } from '../../domain/routes';
import type { Clock } from '../../domain/time';
import { ApiError, handle } from '../http/errors';
import { allow, numericId, parseBody } from '../http/requests';
import type { Storage } from '../storage/types';
import { cancelMembership, resumeMembership } from './manage';
import { priceChangeSchema, proposePrice } from './price';
import { checkPaysOnline, membershipLink } from './start';
import { membershipSummary } from './summary';

/*
 * Staff's membership endpoints (managers and admins): starting one, which answers its first period's
 * payment link for the payer (who agrees to the charges on its page), cancelling and resuming it,
 * proposing a new price (applied once its payer accepts it in /my), and the dashboard's figures. The list protocol reads the records (GET /api/memberships).
 * None starts while the studio takes no payments online (`online` false).
 */

export const membershipRoutes = (
    storage: Storage,
    clock: Clock,
    { online = true, publicUrl }: { online?: boolean; publicUrl?: string } = {},
): Router => {
    const router = Router();

    router.post(
        '/memberships',
        handle(async (req, res) => {
            allow(req, 'memberships', 'create');
            const input = parseBody(membershipSchema, req.body);
            checkPaysOnline(online);
            const now = clock();
            const { link } = await storage.transaction(tx => membershipLink(tx, input, now), { claimed: true });
            res.status(201).json({
                ...link,
                url: paymentLinkAddress(link.id, publicUrl),
            } satisfies Api.StartMembershipAnswer & { url: string });
        }),
    );

    router.get(
        '/memberships/summary',
        handle(async (req, res) => {
            allow(req, 'memberships', 'list');
            res.json(await membershipSummary(storage, clock()));
        }),
    );

    router.post(
        '/memberships/:id/cancel',
        handle(async (req, res) => {
            allow(req, 'memberships', 'create');
            const id = numericId(req.params.id);
            const answer: Api.MembershipChangeAnswer = await storage.transaction(
                tx => cancelMembership(tx, id, { staff: true }),
                { claimed: true },
            );
            res.json(answer);
        }),
    );

    router.post(
        '/memberships/:id/price',
        handle(async (req, res) => {
            allow(req, 'memberships', 'create');
            const id = numericId(req.params.id);
            const input = parseBody(priceChangeSchema, req.body);
            const now = clock();
            const answer: Api.MembershipChangeAnswer = await storage.transaction(
                tx => proposePrice(tx, id, input, now),
                { claimed: true },
            );
            res.json(answer);
        }),
    );

    router.post(
        '/memberships/:id/resume',
        handle(async (req, res) => {
            allow(req, 'memberships', 'create');
            const id = numericId(req.params.id);
            const now = clock();
            const answer: Api.MembershipChangeAnswer = await storage.transaction(
                tx => resumeMembership(tx, id, { staff: true }, now),
                { claimed: true },
            );
            res.json(answer);
        }),
    );

    // The list protocol has no PATCH: these records change only through the endpoints above, the portal's
    // and the memberships job (PUT and DELETE are refused by the CRUD routes).
    router.patch(
        ['/memberships/:id', '/paymentMethods/:id', '/charges/:id'],
        handle(async () => {
            throw new ApiError(405, 'Memberships, saved cards and charges are never edited through the list protocol');
        }),
    );

    return router;
};
