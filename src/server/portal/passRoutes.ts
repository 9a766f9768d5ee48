import type * as Api from '../../domain/api/portal';
import { Router } from 'express';
import { z } from 'zod';
import { freezeSchema } from '../../domain/freezes';
import { firstPauseDay } from '../../domain/portal';
import { paymentLinkAddress } from '../../domain/routes';
import { addDays, studioToday, type Clock } from '../../domain/time';
import { badRequest, handle, notFound } from '../http/errors';
import { numericId, parseBody } from '../http/requests';
import { studioConfig } from '../rules/studio';
import type { Storage } from '../storage/types';
import { actingFor, actingSchema, signedIn } from './family';
import { linkForPlan, linkToPay, pausePass, resumePass } from './operations';
import { portalClassesOf, portalMakeUps, portalPasses, portalPlan } from './views';

/*
 * The portal's passes, pauses, penalties, the plans sold online and paying them: what the customer holds
 * and owes, for themselves and for their wards (`customerId`).
 */

const pauseSchema = z.intersection(freezeSchema, z.object({ dryRun: z.boolean().optional() }));
/** What to pay: the rest of a pass, or a penalty's fee owed. */
const paySchema = z.union([
    z.object({ passId: z.number({ error: 'ra.validation.required' }).int().positive() }),
    z.object({ penaltyId: z.number({ error: 'ra.validation.required' }).int().positive() }),
]);

export const passRoutes = (storage: Storage, clock: Clock): Router => {
    const router = Router();
    const today = async () => studioToday((await studioConfig(storage)).timezone, clock());

    router.get(
        '/portal/passes',
        handle(async (req, res) => {
            const { customerId } = parseBody(actingSchema, { customerId: req.query.customerId });
            const customer = await actingFor(req, storage, customerId);
            const day = await today();
            const since = addDays(day, -90);
            const passes = (await storage.select('passes', { customerId: customer.id })).filter(
                pass => pass.endsOn >= since,
            );
            // Those that still work first (the one ending soonest on top), then those that ended.
            const rank = (state: string) => (['active', 'frozen', 'not_started'].includes(state) ? 0 : 1);
            res.json({
                passes: (await portalPasses(storage, passes, day)).sort(
                    (a, b) => rank(a.state) - rank(b.state) || a.endsOn.localeCompare(b.endsOn),
                ),
                makeUps: await portalMakeUps(storage, customer.id, day),
            } satisfies Api.PassesAnswer);
        }),
    );

    /*
     * GET /api/portal/penalties: the late cancels and no-shows of the last 90 days of whom they act for (a
     * guardian sees their child's), with the class, what each costs and where it stands.
     */
    router.get(
        '/portal/penalties',
        handle(async (req, res) => {
            const { customerId } = parseBody(actingSchema, { customerId: req.query.customerId });
            const customer = await actingFor(req, storage, customerId);
            const since = new Date(clock().getTime() - 90 * 86_400_000).toISOString();
            const penalties = (await storage.select('penalties', { customerId: customer.id }))
                .filter(penalty => penalty.createdAt >= since)
                .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
            const classes = await portalClassesOf(
                storage,
                penalties.map(penalty => penalty.eventId),
            );
            res.json({
                penalties: penalties.map(penalty => ({
                    id: penalty.id,
                    kind: penalty.kind,
                    action: penalty.action,
                    amount: penalty.amount,
                    status: penalty.status,
                    appliesAt: penalty.appliesAt,
                    paid: penalty.paymentId !== null,
                    class: classes.get(penalty.eventId) ?? null,
                })),
            } satisfies Api.PenaltiesAnswer);
        }),
    );

    router.post(
        '/portal/passes/:id/freeze',
        handle(async (req, res) => {
            const { from, to, dryRun } = parseBody(pauseSchema, req.body);
            const now = clock();
            const day = await today();
            if (from < firstPauseDay(day))
                throw badRequest('A pause starts tomorrow at the earliest', {
                    from: 'app.portal.freeze_from_tomorrow',
                });
            const answer = await storage.transaction(tx =>
                pausePass(tx, signedIn(req).id, numericId(req.params.id), { from, to, dryRun }, now),
            );
            res.json({
                pass: (await portalPasses(storage, [answer.pass], day))[0],
                cancelled: answer.cancelled,
            } satisfies Api.FreezeAnswer);
        }),
    );

    router.post(
        '/portal/passes/:id/unfreeze',
        handle(async (req, res) => {
            const now = clock();
            const day = await today();
            const pass = await storage.transaction(tx =>
                resumePass(tx, signedIn(req).id, numericId(req.params.id), day, now),
            );
            res.json({ pass: (await portalPasses(storage, [pass], day))[0] } satisfies Api.UnfreezeAnswer);
        }),
    );

    router.get(
        '/portal/plans',
        handle(async (req, res) => {
            const { customerId } = parseBody(actingSchema, { customerId: req.query.customerId });
            const customer = await actingFor(req, storage, customerId);
            const plans = (await storage.select('subscriptions', { soldOnline: true, active: true })).sort(
                (a, b) => a.price - b.price || a.id - b.id,
            );
            // Someone new sees the trial plans first.
            if (customer.status === 'lead') plans.sort((a, b) => Number(b.trial) - Number(a.trial));
            const directions = await storage.getMany('directions', [
                ...new Set(plans.flatMap(plan => plan.directionIds)),
            ]);
            const names = new Map(directions.map(direction => [direction.id, direction.name]));
            res.json({ plans: plans.map(plan => portalPlan(plan, names)) } satisfies Api.PlansAnswer);
        }),
    );

    router.post(
        '/portal/plans/:id/buy',
        handle(async (req, res) => {
            const { customerId } = parseBody(actingSchema, req.body ?? {});
            const customer = await actingFor(req, storage, customerId);
            const plan = await storage.get('subscriptions', numericId(req.params.id));
            if (!plan || !plan.soldOnline || !plan.active) throw notFound('This plan is not sold online');
            // The link for this plan already waiting is answered again (200), not a second one.
            const { link, made } = await storage.transaction(tx => linkForPlan(tx, customer.id, plan.id, clock()), {
                claimed: true,
            });
            res.status(made ? 201 : 200).json({
                url: paymentLinkAddress(String(link.id)),
                linkId: link.id,
            } satisfies Api.PaymentLinkAnswer);
        }),
    );

    router.post(
        '/portal/pay',
        handle(async (req, res) => {
            const body = parseBody(paySchema, req.body);
            // The link for this pass or fee already waiting is answered again (200), not a second one.
            const { link, made } = await storage.transaction(tx => linkToPay(tx, signedIn(req).id, body, clock()), {
                claimed: true,
            });
            res.status(made ? 201 : 200).json({
                url: paymentLinkAddress(String(link.id)),
                linkId: link.id,
            } satisfies Api.PaymentLinkAnswer);
        }),
    );

    return router;
};
