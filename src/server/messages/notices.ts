import { createHash, randomBytes } from 'node:crypto';
import { bookingSettingsOf, lateCancelHoursOf } from '../../domain/bookings';
import { addMinutes } from '../../domain/closing';
import { expiringDays, reminderHours } from '../../domain/messages';
import { isActiveOn, visitsLeft } from '../../domain/passes';
import { addDays, instantAt, localDateTimeAt } from '../../domain/time';
import type { Booking, Identifier } from '../../domain/types';
import { asJob } from '../http/audit';
import { studioConfig } from '../rules/studio';
import type { Storage, Transaction } from '../storage/types';
import { classFacts, queueMessage } from './outbox';

/*
 * The runner's looks for what customers are to be told ahead of time:
 * - a reminder of each seat, 2 hours before its late-cancel cut-off (the plan's window or the studio's),
 *   with a link to a public page that cancels it; not for a seat booked or given from the line after
 *   that moment (its own notice said it), nor once the cut-off has passed; withdrawn when the booking is
 *   cancelled; none when the studio turned reminders off;
 * - "your pass ends soon", 5 days before the end of a pass with visits left, once per pass and end.
 * Both are queued ahead, for the classes and passes near enough, and go at their time (quiet hours move them).
 */

/** Hours ahead the look queues reminders for: a day, beyond the longest late-cancel window and the reminder's lead. */
const lookAheadHours = 24 + reminderHours;

/** The token of a cancel link, `<booking id>-<secret>`, and the hash the booking keeps of its secret. */
const cancelToken = (bookingId: Identifier) => {
    const secret = randomBytes(18).toString('base64url');
    return { token: `${bookingId}-${secret}`, hash: hashOf(secret) };
};

export const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** The public page that cancels a booking by the token of its reminder. */
const cancelPageAddress = (publicUrl: string, token: string) => `${publicUrl.replace(/\/+$/, '')}/cancel/${token}`;

/** Queues the reminder of one seat, with its cancel link, unless it is already queued or is no longer due. */
const remind = async (tx: Transaction, found: Booking, publicUrl: string | undefined, now: Date): Promise<boolean> => {
    const booking = await tx.get('bookings', found.id);
    const event = booking && (await tx.get('events', booking.eventId));
    if (!booking || booking.status !== 'booked' || !event || event.status !== 'planned') return false;
    const dedupeKey = `reminder:${booking.id}:${event.startsAt}`;
    if ((await tx.count('messages', { dedupeKey })) > 0) return false;
    const config = await studioConfig(tx);
    const pass = booking.passId === null ? undefined : await tx.get('passes', booking.passId);
    const plan = pass && (await tx.get('subscriptions', pass.subscriptionId));
    const cutOff = addMinutes(event.startsAt, -lateCancelHoursOf(plan, bookingSettingsOf(config)) * 60);
    const due = new Date(instantAt(addMinutes(cutOff, -reminderHours * 60), config.timezone));
    const local = localDateTimeAt(now, config.timezone);
    // Booked (or moved up) after the reminder's moment, or too late to cancel free: nothing to remind of.
    const since = booking.promotedAt ?? booking.createdAt;
    if (Date.parse(since) > due.getTime() || local >= cutOff) return false;
    let cancelUrl: string | undefined;
    if (publicUrl) {
        const { token, hash } = cancelToken(booking.id);
        await tx.update('bookings', { ...booking, cancelTokenHash: hash } as Booking);
        cancelUrl = cancelPageAddress(publicUrl, token);
    }
    return queueMessage(tx, {
        customerId: booking.customerId,
        kind: 'reminder',
        dedupeKey,
        bookingId: booking.id,
        facts: { ...(await classFacts(tx, event)), freeUntil: cutOff, cancelUrl },
        sendAt: due,
        usefulUntil: cutOff,
        now,
    });
};

/** Queues the reminders of the seats in classes starting within the look-ahead; answers how many it queued. */
export const queueReminders = (storage: Storage, now: Date, publicUrl?: string): Promise<number> =>
    asJob('reminders', async () => {
        const config = await studioConfig(storage);
        if (config.reminders === false) return 0;
        const plans = await storage.select('subscriptions', {});
        const longest = Math.max(
            bookingSettingsOf(config).lateCancelHours,
            ...plans.map(plan => plan.lateCancelHours ?? 0),
        );
        const local = localDateTimeAt(now, config.timezone);
        const events = (
            await storage.select('events', [
                { field: 'status', kind: 'equals', values: ['planned'] },
                { field: 'startsAt', kind: 'gte', value: local },
                { field: 'startsAt', kind: 'lte', value: addMinutes(local, (longest + lookAheadHours) * 60) },
            ])
        ).filter(event => event.startsAt > local);
        if (!events.length) return 0;
        const seats = await storage.select('bookings', {
            eventId: events.map(event => event.id),
            status: 'booked',
        });
        // Those with a reminder already, whatever became of it, are left as they are.
        const reminded = new Set(
            (await storage.select('messages', { bookingId: seats.map(seat => seat.id), kind: 'reminder' })).map(
                message => message.dedupeKey,
            ),
        );
        const startOf = new Map(events.map(event => [event.id, event.startsAt]));
        let queued = 0;
        for (const seat of seats)
            if (!reminded.has(`reminder:${seat.id}:${startOf.get(seat.eventId)}`))
                if (await storage.transaction(tx => remind(tx, seat, publicUrl, now))) queued++;
        return queued;
    });

/** Queues "your pass ends soon" for the passes with visits left that end within 5 days; answers how many it queued. */
export const queuePassNotices = (storage: Storage, now: Date): Promise<number> =>
    asJob('pass-notices', async () => {
        const config = await studioConfig(storage);
        const today = localDateTimeAt(now, config.timezone).slice(0, 10);
        const ending = await storage.select('passes', [
            { field: 'endsOn', kind: 'gte', value: addDays(today, 1) },
            { field: 'endsOn', kind: 'lte', value: addDays(today, expiringDays) },
            { field: 'cancelled', kind: 'equals', values: [false] },
        ]);
        // Passes shorter than the notice's lead (a week's pass) would hear it on their first day: they do not.
        const worthIt = ending.filter(
            pass =>
                pass.startsOn <= addDays(pass.endsOn, -expiringDays - 1) &&
                isActiveOn(pass, today) &&
                visitsLeft(pass) !== 0,
        );
        let queued = 0;
        for (const pass of worthIt)
            if (
                await storage.transaction(tx =>
                    queueMessage(tx, {
                        customerId: pass.customerId,
                        kind: 'expiring',
                        dedupeKey: `expiring:${pass.id}:${pass.endsOn}`,
                        facts: { passName: pass.name, endsOn: pass.endsOn, visitsLeft: visitsLeft(pass) },
                        now,
                    }),
                )
            )
                queued++;
        return queued;
    });
