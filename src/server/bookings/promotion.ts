import {
    activeBookingStatuses,
    bookingSettingsOf,
    byJoining,
    overlapsAny,
    passForBooking,
    promisedVisits,
    promotionOpen,
} from '../../domain/bookings';
import { localDateTimeAt } from '../../domain/time';
import type { Booking, Identifier, Pass, StudioEvent } from '../../domain/types';
import type { Transaction } from '../storage/types';
import { studioConfig } from '../rules/studio';
import { visitTo } from '../rules/visits';
import { classFacts, queueMessage, withdrawMessages } from '../messages';

/*
 * The one promotion rule, called inside the transaction of every write that frees a seat or changes
 * what someone's passes can pay (a cancel, a raised capacity, a freeze, a pass cancelled or refunded, a
 * visit charged): the first in line whose pass covers the class takes the seat, and their other seats
 * and places at an overlapping time are given up, which may free seats elsewhere in turn. Those in line
 * with no covering pass are passed over and keep their place. No promotion within lateCancelHours + 1
 * hour of the start: the line then waits for the first to book the seat.
 */

const isActive = (booking: Pick<Booking, 'status'>) => activeBookingStatuses.includes(booking.status);

/** The pass a booking of this customer in this class would be paid by now, its other upcoming bookings counted. */
export const passFor = async (
    tx: Transaction,
    event: Pick<StudioEvent, 'startsAt' | 'courseId'>,
    customerId: Identifier,
    except?: Identifier,
): Promise<Pass | undefined> => {
    const [{ date, directionId }, passes, own] = await Promise.all([
        visitTo(tx, event),
        tx.select('passes', { customerId }),
        tx.select('bookings', { customerId }),
    ]);
    return passForBooking(passes, date, directionId, promisedVisits(own, except));
};

/** Gives up a seat or a place in line at `now`: never late (the studio or a promotion gave it up). */
export const giveUp = async (tx: Transaction, booking: Booking, now: Date) => {
    await tx.update('bookings', { ...booking, status: 'cancelled', late: false, cancelledAt: now.toISOString() });
    await withdrawMessages(tx, booking.id);
};

/**
 * Fills the free seats of the classes named from their lines, at `now`; a seat given up by someone
 * promoted (an overlapping booking) is filled the same way. Answers the bookings promoted.
 */
export const promote = async (tx: Transaction, eventIds: Identifier[], now: Date): Promise<Booking[]> => {
    const config = await studioConfig(tx);
    const settings = bookingSettingsOf(config);
    const local = localDateTimeAt(now, config.timezone);
    const promoted: Booking[] = [];
    const queue = [...new Set(eventIds)];
    const seen = new Set<Identifier>();
    while (queue.length) {
        const eventId = queue.shift() as Identifier;
        if (seen.has(eventId)) continue;
        seen.add(eventId);
        await tx.claim('events', [eventId]);
        const event = await tx.get('events', eventId);
        if (!event || !promotionOpen(event, local, settings.lateCancelHours)) continue;
        const bookings = await tx.select('bookings', { eventId });
        let free = event.capacity - bookings.filter(booking => booking.status === 'booked').length;
        const line = bookings.filter(booking => booking.status === 'waitlisted').sort(byJoining);
        for (const candidate of line) {
            if (free <= 0) break;
            await tx.claim('customers', [candidate.customerId]);
            const pass = await passFor(tx, event, candidate.customerId, candidate.id);
            // Passed over: no pass covers the class; they keep their place.
            if (!pass) continue;
            promoted.push(
                await tx.update('bookings', {
                    ...candidate,
                    status: 'booked',
                    passId: pass.id,
                    promotedAt: now.toISOString(),
                }),
            );
            free--;
            await queueMessage(tx, {
                customerId: candidate.customerId,
                kind: 'promoted',
                dedupeKey: `promoted:${candidate.id}:${now.toISOString()}`,
                facts: await classFacts(tx, event),
                usefulUntil: event.startsAt,
                now,
            });
            // Their seats and places at the same time are given up: never late, and each frees what it held.
            const own = (await tx.select('bookings', { customerId: candidate.customerId })).filter(
                booking => booking.id !== candidate.id && isActive(booking),
            );
            const others = await tx.getMany(
                'events',
                own.map(booking => booking.eventId),
            );
            for (const booking of own) {
                const other = others.find(found => found.id === booking.eventId);
                if (!other || !overlapsAny(event, [other])) continue;
                await giveUp(tx, booking, now);
                if (booking.status === 'booked') queue.push(other.id);
            }
        }
    }
    return promoted;
};

/**
 * After the customer's passes changed (one frozen, cancelled, refunded, charged a visit): each upcoming
 * seat re-picks the pass expected to pay (none: it stays booked with no pass, for staff to see), and
 * the line is tried again for the classes where they wait. `freed` are the classes where seats were
 * given up in the same write.
 */
export const repickPasses = async (
    tx: Transaction,
    customerId: Identifier,
    now: Date,
    freed: Identifier[] = [],
): Promise<void> => {
    const local = localDateTimeAt(now, (await studioConfig(tx)).timezone);
    // A seat a make-up pays keeps its credit.
    const upcoming = (await tx.select('bookings', { customerId })).filter(
        booking => booking.status === 'booked' && booking.attendanceId === null && booking.makeUpId == null,
    );
    const events = await tx.getMany(
        'events',
        upcoming.map(booking => booking.eventId),
    );
    // Soonest first: the visits left go to the nearest classes.
    const ordered = upcoming
        .map(booking => ({ booking, event: events.find(event => event.id === booking.eventId) }))
        .filter(
            (entry): entry is { booking: Booking; event: StudioEvent } => !!entry.event && entry.event.startsAt > local,
        )
        .sort((a, b) => a.event.startsAt.localeCompare(b.event.startsAt));
    const passes = await tx.select('passes', { customerId });
    const promised = new Map<Identifier, number>();
    for (const { booking, event } of ordered) {
        const { date, directionId } = await visitTo(tx, event);
        const pass = passForBooking(passes, date, directionId, promised);
        if (pass) promised.set(pass.id, (promised.get(pass.id) ?? 0) + 1);
        if ((pass?.id ?? null) !== booking.passId)
            await tx.update('bookings', { ...booking, passId: pass?.id ?? null });
    }
    const waiting = (await tx.select('bookings', { customerId })).filter(booking => booking.status === 'waitlisted');
    await promote(tx, [...freed, ...waiting.map(booking => booking.eventId)], now);
};
