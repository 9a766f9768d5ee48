import { timingSafeEqual } from 'node:crypto';
import { Router } from 'express';
import type { PublicBooking } from '../../domain/api/public';
import { bookingSettingsOf, isLateCancel, lateCancelHoursOf } from '../../domain/bookings';
import { cancelRefusal } from '../../domain/cancelling';
import type { Clock } from '../../domain/time';
import type { Booking, Identifier } from '../../domain/types';
import { handle, notFound } from '../http/errors';
import { classFacts, hashOf } from '../messages';
import { cancelBooking } from '../bookings';
import { studioConfig, studioNow } from '../rules/studio';
import type { Reader, Storage } from '../storage/types';

/*
 * The reminder's cancel link, without sign-in: GET /api/public/bookings/:token says what it cancels (the
 * studio, the customer's first name, the class, until when a cancel is free) and POST
 * /api/public/bookings/:token/cancel cancels it, after the page asked the customer to confirm (a GET never
 * cancels: mail scanners open links); once the class has started the cancel is refused (409 `started`), and
 * the page says the class has started. The token is `<booking id>-<secret>`, the booking keeping a hash of
 * the secret; a wrong one is a 404, as a booking that does not exist.
 */

type StoredBooking = Booking & { cancelTokenHash?: string };

/** The booking a token names, if the token is its own. */
const bookingOf = async (reader: Reader, token: string): Promise<StoredBooking> => {
    const match = /^(\d{1,12})-([\w-]{8,64})$/.exec(token);
    const booking = match ? ((await reader.get('bookings', Number(match[1]))) as StoredBooking | undefined) : undefined;
    const given = Buffer.from(match ? hashOf(match[2]) : '');
    const kept = Buffer.from(booking?.cancelTokenHash ?? '');
    if (!booking || given.length !== kept.length || !timingSafeEqual(given, kept))
        throw notFound('This cancel link does not exist');
    return booking;
};

/** What the page shows of a booking at `now`. */
const bookingView = async (reader: Reader, booking: Booking, now: Date): Promise<PublicBooking> => {
    const [config, event, customer] = await Promise.all([
        studioConfig(reader),
        reader.get('events', booking.eventId),
        reader.get('customers', booking.customerId),
    ]);
    const pass = booking.passId === null ? undefined : await reader.get('passes', booking.passId);
    const plan = pass && (await reader.get('subscriptions', pass.subscriptionId));
    const hours = lateCancelHoursOf(plan, bookingSettingsOf(config));
    const local = await studioNow(reader, now);
    return {
        studioName: config.studioName,
        firstName: customer?.firstName ?? '',
        locale: customer?.locale ?? config.defaultLocale,
        ...(event ? await classFacts(reader, event) : { className: '', startsAt: '' }),
        status: booking.status,
        // A cancel now would be late (inside the late-cancel window): the page says so before it is confirmed.
        late: booking.status === 'booked' && !!event && isLateCancel(event, local, hours),
        // Nothing is cancelled once the class has started (or was cancelled): the page says so instead of asking.
        started: !event || event.status !== 'planned' || cancelRefusal(event, local) !== null,
    };
};

export const publicBookingRoutes = (storage: Storage, clock: Clock): Router => {
    const router = Router();

    router.get(
        '/public/bookings/:token',
        handle(async (req, res) => {
            const booking = await bookingOf(storage, String(req.params.token));
            res.json(await bookingView(storage, booking, clock()));
        }),
    );

    router.post(
        '/public/bookings/:token/cancel',
        handle(async (req, res) => {
            const now = clock();
            const { id } = await bookingOf(storage, String(req.params.token));
            const cancelled = await storage.transaction(tx => cancelBooking(tx, id as Identifier, null, now), {
                claimed: true,
            });
            res.json({ ...(await bookingView(storage, cancelled, now)), late: cancelled.late } satisfies PublicBooking);
        }),
    );

    return router;
};
