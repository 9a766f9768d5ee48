import type * as Api from '../../domain/api/portal';
import { Router, type Request } from 'express';
import { z } from 'zod';
import { activeBookingStatuses } from '../../domain/bookings';
import { isoDate } from '../../domain/fields';
import { customerFields } from '../../domain/schemas';
import { addDays, daysBetween, studioToday, type Clock } from '../../domain/time';
import { ApiError, badRequest, conflict, handle, notFound } from '../http/errors';
import type { PortalSessions } from '../http/portalSessions';
import { numericId, parseBody } from '../http/requests';
import { makeLinkToken, type Channels } from '../messages';
import { studioConfig, studioNow } from '../rules/studio';
import type { Storage } from '../storage/types';
import { passRoutes } from './passRoutes';
import { calendarAddress, calendarTokenOf, newCalendarToken } from './calendar';
import { actingFor, actingSchema, signedIn } from './family';
import { bookClass, cancelFamilyBooking, renewCalendarToken, updateProfile } from './operations';
import { portalBookings, portalClasses, portalCustomer } from './views';

/*
 * The portal's API for a signed-in customer (a portal token; authenticate() in portalSessions.ts): their
 * card, classes, bookings, passes, plans sold online and payments, for themselves and for their wards
 * (`customerId`: whom they act for). Everything a customer does here goes through the same rules as the
 * desk's (booking, cancelling, freezing, payment links), with what a customer may not do refused.
 */

const bookSchema = z.object({
    eventId: z.number({ error: 'app.validation.reference' }).int().positive(),
    customerId: z.number().int().positive().optional(),
    waitlist: z.boolean().optional(),
});
const rangeSchema = z.object({ from: isoDate.optional(), to: isoDate.optional() });
const profileSchema = customerFields.pick({ locale: true, notify: true }).partial();

/** The longest stretch of days the classes list answers at once. */
const maxDays = 31;

const originOf = (req: Request, publicUrl: string | undefined) =>
    publicUrl?.replace(/\/+$/, '') ?? `${req.protocol}://${req.get('host')}`;

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
            const changed = await storage.transaction(tx => updateProfile(tx, me, input));
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
            await storage.transaction(tx => renewCalendarToken(tx, me.id, token));
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
            const booking = await storage.transaction(tx => bookClass(tx, input, customer.id, now), { claimed: true });
            res.status(201).json({
                booking: (await portalBookings(storage, [booking], now))[0],
            } satisfies Api.BookAnswer);
        }),
    );

    router.post(
        '/portal/bookings/:id/cancel',
        handle(async (req, res) => {
            const id = numericId(req.params.id);
            const now = clock();
            const cancelled = await storage.transaction(tx => cancelFamilyBooking(tx, signedIn(req).id, id, now), {
                claimed: true,
            });
            // The penalty a late cancel made (forgiven or pending), or none.
            const penalty = cancelled.late ? (await storage.select('penalties', { bookingId: id })).at(-1) : undefined;
            res.json({
                booking: (await portalBookings(storage, [cancelled], now))[0],
                late: cancelled.late,
                penalty: penalty ?? null,
            } satisfies Api.CancelAnswer);
        }),
    );

    router.use(passRoutes(storage, clock));

    return router;
};
