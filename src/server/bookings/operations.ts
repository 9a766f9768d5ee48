import {
    bookingSettingsOf,
    isLateCancel,
    lateCancelHoursOf,
    promotionOpen,
    promotionSpared,
} from '../../domain/bookings';
import { cancelRefusal, type CancelRefusal } from '../../domain/cancelling';
import type { Booking, Identifier, Pass } from '../../domain/types';
import { conflict, notFound } from '../http/errors';
import type { Transaction } from '../storage/types';
import { studioConfig, studioNow } from '../rules/studio';
import type { WriteContext } from '../rules/types';
import { penalize } from '../policy';
import { holdMakeUp, loseMakeUp } from './makeUps';
import { giveUp, promote, repickPasses } from './promotion';
import { classFacts, queueMessage, withdrawMessages } from '../messages';
import { isActive, refuseOthersClass } from './rules';

/*
 * The bookings' transactions: storing a seat bookSeat answered, cancelling one (late inside the window,
 * refused once the class started), cancelling a cancelled class's, giving up the seats inside a freeze,
 * and ending the lines of classes that started. Cancelling is POST /api/bookings/:id/cancel (routes.ts).
 */

/** Stores a booking bookSeat answered: a make-up credit paying it is held by it from now on. */
export const insertBooking = async (tx: Transaction, booking: Omit<Booking, 'id' | 'createdAt'>): Promise<Booking> => {
    const stored = (await tx.insert('bookings', booking as never)) as Booking;
    await holdMakeUp(tx, stored);
    return stored;
};

const cancelRefusalMessages: Record<CancelRefusal, string> = {
    started: 'The class has started: its bookings can no longer be cancelled (staff correct a seat by its mark)',
};

/** A refused cancel as the API answers it: 409 with the code in errors.eventId, as a refused booking. */
const cancelRefused = (code: CancelRefusal) => conflict(cancelRefusalMessages[code], { eventId: code });

/**
 * Cancels an active booking at `now`: late when inside the late-cancel window before the class; refused
 * once the class has started. Answers the booking as stored; one cancelled already is answered as it is
 * (a second tap changes nothing).
 */
export const cancelBooking = async (
    tx: Transaction,
    id: Identifier,
    /** Who cancels: staff, or null for the customer on their reminder's cancel page. */
    user: WriteContext['user'] | null,
    now: Date,
): Promise<Booking> => {
    const found = await tx.get('bookings', id);
    if (!found) throw notFound(`bookings ${id} does not exist`);
    // Read again once the class is claimed: another cancel may have ended it meanwhile.
    await tx.claim('events', [found.eventId]);
    const booking = (await tx.get('bookings', id)) ?? found;
    const event = await tx.get('events', booking.eventId);
    if (event && user) refuseOthersClass(user, event);
    if (!isActive(booking)) return booking;
    const local = await studioNow(tx, now);
    // Once the class has started, a seat or a place stays as it is: its mark says what happened.
    const refusal = event && cancelRefusal(event, local);
    if (refusal) throw cancelRefused(refusal);
    const settings = bookingSettingsOf(await studioConfig(tx));
    // The window of the plan whose pass pays the seat, when it has its own.
    const pass = booking.passId === null ? undefined : await tx.get('passes', booking.passId);
    const plan = pass && (await tx.get('subscriptions', pass.subscriptionId));
    const hours = lateCancelHoursOf(plan, settings);
    const late =
        booking.status === 'booked' &&
        !!event &&
        event.status === 'planned' &&
        isLateCancel(event, local, hours) &&
        // A seat from the line is free to give back until two hours after they heard of it.
        !(booking.promotedAt && promotionSpared(await promotionNoticeSent(tx, booking), now));
    const cancelled = await tx.update('bookings', {
        ...booking,
        status: 'cancelled',
        late,
        cancelledAt: now.toISOString(),
    });
    await withdrawMessages(tx, booking.id);
    // A late cancel costs what the plan of the pass paying the seat says (forgiven the first time in 30
    // days); a make-up cancelled late is lost.
    if (late && event) await penalize(tx, cancelled, event, pass, plan, 'late_cancel', now);
    if (late) await loseMakeUp(tx, booking, now);
    if (booking.status !== 'booked') return cancelled;
    // The seat freed goes to the first in line, in this same write; too near the class for that, the
    // whole line hears that it is free, for whoever books it first.
    await promote(tx, [booking.eventId], now);
    if (event && event.status === 'planned' && !promotionOpen(event, local, settings.lateCancelHours))
        for (const waiting of await tx.select('bookings', { eventId: event.id, status: 'waitlisted' }))
            await queueMessage(tx, {
                customerId: waiting.customerId,
                kind: 'seat_free',
                dedupeKey: `seat_free:${booking.id}:${waiting.customerId}`,
                facts: await classFacts(tx, event),
                usefulUntil: event.startsAt,
                now,
            });
    return cancelled;
};

/** When the notice of a seat given from the line reached the customer; null when it never did. */
const promotionNoticeSent = async (tx: Transaction, booking: Booking): Promise<string | null> =>
    (await tx.select('messages', { dedupeKey: `promoted:${booking.id}:${booking.promotedAt}` }))[0]?.sentAt ?? null;

/** Cancels every seat and place in line of a class the studio cancelled: never late, nobody is moved up, everyone is told. */
export const cancelBookingsOf = async (tx: Transaction, eventId: Identifier, now: Date) => {
    const event = await tx.get('events', eventId);
    const facts = event && (await classFacts(tx, event));
    for (const booking of await tx.select('bookings', { eventId })) {
        if (!isActive(booking)) continue;
        await giveUp(tx, booking, now);
        if (facts)
            await queueMessage(tx, {
                customerId: booking.customerId,
                kind: 'class_cancelled',
                dedupeKey: `class_cancelled:${booking.id}`,
                facts,
                usefulUntil: event?.startsAt,
                now,
            });
    }
};

/**
 * Cancels the seats a frozen pass was to pay for inside its freeze (never late), then lets the
 * customer's other seats re-pick their pass and the lines move up.
 */
export const afterFreeze = async (
    tx: Transaction,
    pass: Pick<Pass, 'id' | 'customerId' | 'frozenFrom' | 'frozenTo'>,
    now: Date,
) => {
    const freed: Identifier[] = [];
    if (pass.frozenFrom && pass.frozenTo) {
        const held = (await tx.select('bookings', { passId: pass.id })).filter(
            booking => booking.status === 'booked' && booking.attendanceId === null,
        );
        const events = await tx.getMany(
            'events',
            held.map(booking => booking.eventId),
        );
        for (const booking of held) {
            const date = events.find(event => event.id === booking.eventId)?.startsAt.slice(0, 10);
            if (!date || date < pass.frozenFrom || date > pass.frozenTo) continue;
            await giveUp(tx, booking, now);
            freed.push(booking.eventId);
        }
    }
    await repickPasses(tx, pass.customerId, now, freed);
};

/**
 * Places still in line when their class starts (or once it is cancelled or closed) are expired, at the
 * server's look at `local` (the studio's wall clock). Answers how many.
 */
export const expireLines = async (tx: Transaction, local: string): Promise<number> => {
    const waiting = await tx.select('bookings', { status: 'waitlisted' });
    const events = await tx.getMany('events', [...new Set(waiting.map(booking => booking.eventId))]);
    let expired = 0;
    for (const booking of waiting) {
        const event = events.find(found => found.id === booking.eventId);
        if (event && (event.status !== 'planned' || event.startsAt <= local)) {
            await tx.update('bookings', { ...booking, status: 'expired' });
            expired++;
        }
    }
    return expired;
};
