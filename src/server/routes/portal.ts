import { Router, type Request } from 'express';
import { z } from 'zod';
import type * as Api from '../../domain/api/portal';
import { activeBookingStatuses } from '../../domain/bookings';
import { isoDate } from '../../domain/fields';
import { freezePass, freezeSchema, unfreezePass } from '../../domain/freezes';
import { firstPauseDay } from '../../domain/portal';
import { paymentLinkAddress } from '../../domain/routes';
import { customerFields } from '../../domain/schemas';
import { addDays, daysBetween, studioToday, type Clock } from '../../domain/time';
import type { Identifier, Pass, StoredCustomer } from '../../domain/types';
import { ApiError, badRequest, conflict, forbidden, handle, notFound, ruleRefusal } from '../http/errors';
import type { PortalRequest, PortalSessions } from '../http/portalSessions';
import { numericId, parseBody } from '../http/requests';
import { makeLinkToken, type Channels } from '../messages';
import { afterFreeze, bookSeat, cancelBooking, insertBooking } from '../bookings';
import { dueOn } from '../money';
import { portalPaymentLink } from '../payments';
import {
    portalBookings,
    portalClasses,
    portalClassesOf,
    portalCustomer,
    portalMakeUps,
    portalPasses,
    portalPlan,
} from '../rules/portalViews';
import { studioConfig, studioNow } from '../rules/studio';
import type { Reader, Storage } from '../storage/types';
import { calendarAddress, calendarTokenOf, newCalendarToken } from './portalCalendar';

/*
 * The portal's API for a signed-in customer (a portal token; authenticate() in portalSessions.ts): their
 * card, classes, bookings, passes, plans sold online and payments, for themselves and for their wards
 * (`customerId`: whom they act for). Everything a customer does here goes through the same rules as the
 * desk's (booking, cancelling, freezing, payment links), with what a customer may not do refused.
 */

const actingSchema = z.object({ customerId: z.coerce.number().int().positive().optional() });
const bookSchema = z.object({
    eventId: z.number({ error: 'app.validation.reference' }).int().positive(),
    customerId: z.number().int().positive().optional(),
    waitlist: z.boolean().optional(),
});
const rangeSchema = z.object({ from: isoDate.optional(), to: isoDate.optional() });
const profileSchema = customerFields.pick({ locale: true, notify: true }).partial();
const pauseSchema = z.intersection(freezeSchema, z.object({ dryRun: z.boolean().optional() }));
/** What to pay: the rest of a pass, or a penalty's fee owed. */
const paySchema = z.union([
    z.object({ passId: z.number({ error: 'ra.validation.required' }).int().positive() }),
    z.object({ penaltyId: z.number({ error: 'ra.validation.required' }).int().positive() }),
]);

/** The longest stretch of days the classes list answers at once. */
const maxDays = 31;

const signedIn = (req: Request) => (req as PortalRequest).customer;

const originOf = (req: Request, publicUrl: string | undefined) =>
    publicUrl?.replace(/\/+$/, '') ?? `${req.protocol}://${req.get('host')}`;

/** The customer a request acts for: the signed-in one, or one of their wards; anyone else is refused. */
const actingFor = async (req: Request, reader: Reader, customerId?: Identifier): Promise<StoredCustomer> => {
    const me = signedIn(req);
    if (customerId === undefined || customerId === me.id) return me;
    const ward = (await reader.get('customers', customerId)) as StoredCustomer | undefined;
    if (!ward || ward.guardianId !== me.id) throw forbidden('You act for yourself and your children only');
    return ward;
};

/** Those the signed-in customer acts for: themselves and their wards. */
const familyOf = async (req: Request, reader: Reader): Promise<Identifier[]> => {
    const me = signedIn(req);
    return [me.id, ...(await reader.select('customers', { guardianId: me.id })).map(ward => ward.id)];
};

const applied = <T>(rule: () => T): T => {
    try {
        return rule();
    } catch (error) {
        throw ruleRefusal(error);
    }
};

export const portalRoutes = (
    storage: Storage,
    sessions: PortalSessions,
    clock: Clock,
    channels: Channels,
    publicUrl: string | undefined,
): Router => {
    const router = Router();
    const today = async () => studioToday((await studioConfig(storage)).timezone, clock());

    router.get(
        '/portal/me',
        handle(async (req, res) => {
            const me = signedIn(req);
            const wards = await storage.select('customers', { guardianId: me.id });
            const token = await storage.transaction(tx => calendarTokenOf(tx, me.id));
            res.json({
                customer: await portalCustomer(storage, me),
                wards: await Promise.all(wards.map(ward => portalCustomer(storage, ward))),
                calendarUrl: calendarAddress(originOf(req, publicUrl), token ?? ''),
            } satisfies Api.MeAnswer);
        }),
    );

    router.put(
        '/portal/me',
        handle(async (req, res) => {
            const input = parseBody(profileSchema, req.body);
            const me = signedIn(req);
            const changed = await storage.transaction(async tx => {
                const stored = ((await tx.get('customers', me.id)) as StoredCustomer | undefined) ?? me;
                return tx.update('customers', { ...stored, ...input } as StoredCustomer);
            });
            res.json({ customer: await portalCustomer(storage, changed) } satisfies Api.ProfileAnswer);
        }),
    );

    router.post('/portal/logout', sessions.logout);
    router.post('/portal/logout-everywhere', sessions.logoutEverywhere);

    router.post(
        '/portal/telegram',
        handle(async (req, res) => {
            const { customerId } = parseBody(actingSchema, req.body ?? {});
            const customer = await actingFor(req, storage, customerId);
            const bot = channels.telegram?.bot;
            if (!bot)
                throw conflict('The studio has not set up Telegram', { channel: 'app.messages.errors.not_configured' });
            try {
                if (!bot.isInited()) await bot.init();
            } catch (error) {
                throw new ApiError(502, `Telegram did not answer: ${(error as Error).message}`);
            }
            const made = await makeLinkToken(storage, customer.id, clock());
            if (!made) throw notFound('No such customer');
            res.json({
                url: `https://t.me/${bot.botInfo.username}?start=${made.token}`,
                ...made,
            } satisfies Api.TelegramLinkAnswer);
        }),
    );

    router.post(
        '/portal/calendar/renew',
        handle(async (req, res) => {
            const me = signedIn(req);
            const token = newCalendarToken(me.id);
            await storage.transaction(async tx => {
                const stored = (await tx.get('customers', me.id)) as StoredCustomer;
                await tx.update('customers', { ...stored, calendarToken: token } as StoredCustomer);
            });
            res.json({ calendarUrl: calendarAddress(originOf(req, publicUrl), token) } satisfies Api.CalendarAnswer);
        }),
    );

    router.get(
        '/portal/classes',
        handle(async (req, res) => {
            const { customerId } = parseBody(actingSchema, { customerId: req.query.customerId });
            const customer = await actingFor(req, storage, customerId);
            const range = parseBody(rangeSchema, { from: req.query.from, to: req.query.to });
            const from = range.from ?? (await today());
            const to = range.to ?? addDays(from, 6);
            if (to < from)
                throw badRequest('The range ends before it starts', { to: 'app.validation.ends_before_start' });
            if (daysBetween(from, to) >= maxDays)
                throw badRequest(`At most ${maxDays} days at once`, { to: 'app.portal.range_too_long' });
            res.json((await portalClasses(storage, customer.id, from, to, clock())) satisfies Api.ClassesAnswer);
        }),
    );

    router.get(
        '/portal/bookings',
        handle(async (req, res) => {
            const { customerId } = parseBody(actingSchema, { customerId: req.query.customerId });
            const customer = await actingFor(req, storage, customerId);
            const active = (await storage.select('bookings', { customerId: customer.id })).filter(booking =>
                activeBookingStatuses.includes(booking.status),
            );
            const now = clock();
            const local = await studioNow(storage, now);
            // Upcoming ones: a class over (and not yet marked or closed) is no longer the customer's to change.
            const bookings = (await portalBookings(storage, active, now)).filter(
                booking => booking.class !== null && booking.class.endsAt > local,
            );
            res.json({
                bookings: bookings.sort((a, b) => a.class!.startsAt.localeCompare(b.class!.startsAt)),
            } satisfies Api.BookingsAnswer);
        }),
    );

    router.post(
        '/portal/bookings',
        handle(async (req, res) => {
            const input = parseBody(bookSchema, req.body);
            const customer = await actingFor(req, storage, input.customerId);
            const now = clock();
            const booking = await storage.transaction(
                async tx => insertBooking(tx, await bookSeat(tx, { ...input, customerId: customer.id }, null, now)),
                { claimed: true },
            );
            res.status(201).json({
                booking: (await portalBookings(storage, [booking], now))[0],
            } satisfies Api.BookAnswer);
        }),
    );

    router.post(
        '/portal/bookings/:id/cancel',
        handle(async (req, res) => {
            const id = numericId(req.params.id);
            const found = await storage.get('bookings', id);
            if (!found || !(await familyOf(req, storage)).includes(found.customerId))
                throw notFound(`bookings ${id} does not exist`);
            const now = clock();
            const cancelled = await storage.transaction(tx => cancelBooking(tx, id, null, now), { claimed: true });
            // The penalty a late cancel made (forgiven or pending), or none.
            const penalty = cancelled.late ? (await storage.select('penalties', { bookingId: id })).at(-1) : undefined;
            res.json({
                booking: (await portalBookings(storage, [cancelled], now))[0],
                late: cancelled.late,
                penalty: penalty ?? null,
            } satisfies Api.CancelAnswer);
        }),
    );

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

    /** The customer's own pass (or a ward's) the path names, or a 404. */
    const familyPass = async (req: Request, reader: Reader): Promise<Pass> => {
        const pass = await reader.get('passes', numericId(req.params.id));
        if (!pass || !(await familyOf(req, reader)).includes(pass.customerId)) throw notFound('No such pass');
        return pass;
    };

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
            const answer = await storage.transaction(async tx => {
                const pass = await familyPass(req, tx);
                const plan = await tx.get('subscriptions', pass.subscriptionId);
                const frozen = { ...pass, ...applied(() => freezePass(pass, plan?.freezeDays ?? 0, from, to)) };
                // The seats this pass pays inside the pause, which it gives up (never late).
                const held = (await tx.select('bookings', { passId: pass.id })).filter(
                    booking => booking.status === 'booked' && booking.attendanceId === null,
                );
                const events = await tx.getMany(
                    'events',
                    held.map(booking => booking.eventId),
                );
                const inside = held.filter(booking => {
                    const date = events.find(event => event.id === booking.eventId)?.startsAt.slice(0, 10);
                    return !!date && date >= from && date <= to;
                });
                const cancelled = await portalBookings(tx, inside, now);
                if (dryRun) return { pass: frozen, cancelled };
                const stored = await tx.update('passes', frozen);
                await afterFreeze(tx, stored, now);
                return { pass: stored, cancelled };
            });
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
            const pass = await storage.transaction(async tx => {
                const found = await familyPass(req, tx);
                const stored = await tx.update('passes', { ...found, ...applied(() => unfreezePass(found, day)) });
                await afterFreeze(tx, stored, now);
                return stored;
            });
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
            const { link, made } = await storage.transaction(
                async tx =>
                    portalPaymentLink(
                        tx,
                        {
                            id: '',
                            customerId: customer.id,
                            purpose: 'sale',
                            subscriptionId: plan.id,
                            passId: null,
                            amount: null,
                            description: null,
                        },
                        clock(),
                    ),
                { claimed: true },
            );
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
            const { link, made } = await storage.transaction(
                async tx => {
                    if ('penaltyId' in body) {
                        const penalty = await tx.get('penalties', body.penaltyId);
                        if (!penalty || !(await familyOf(req, tx)).includes(penalty.customerId))
                            throw notFound('No such penalty');
                        return portalPaymentLink(
                            tx,
                            {
                                id: '',
                                customerId: penalty.customerId,
                                purpose: 'fee',
                                subscriptionId: null,
                                passId: null,
                                penaltyId: penalty.id,
                                amount: null,
                                description: null,
                            },
                            clock(),
                        );
                    }
                    const pass = await tx.get('passes', body.passId);
                    if (!pass || !(await familyOf(req, tx)).includes(pass.customerId)) throw notFound('No such pass');
                    if ((await dueOn(tx, pass)) <= 0)
                        throw conflict('Nothing is due on this pass', { amount: 'app.portal.nothing_due' });
                    return portalPaymentLink(
                        tx,
                        {
                            id: '',
                            customerId: pass.customerId,
                            purpose: 'balance',
                            subscriptionId: null,
                            passId: pass.id,
                            amount: null,
                            description: null,
                        },
                        clock(),
                    );
                },
                { claimed: true },
            );
            res.status(made ? 201 : 200).json({
                url: paymentLinkAddress(String(link.id)),
                linkId: link.id,
            } satisfies Api.PaymentLinkAnswer);
        }),
    );

    return router;
};
