import type { Booking, Identifier, Schedule, StudioEvent } from '../../domain/types';
import type { Transaction } from '../storage/types';
import { studioNow } from '../rules/studio';
import { giveUp, passFor, promote } from './promotion';
import { isActive } from './rules';

/**
 * A group's members hold a seat in each of its classes still to come: made when its classes are
 * generated and when someone joins it (a place in line they held becomes their seat). Seats are theirs
 * whatever the capacity; the pass expected to pay is picked as for any booking, none when no pass covers
 * the class yet.
 */
export const bookMembers = async (
    tx: Transaction,
    events: StudioEvent[],
    customerIds: Identifier[],
    bookedBy: Identifier | null,
    now: Date,
) => {
    if (!customerIds.length) return;
    const local = await studioNow(tx, now);
    for (const event of events) {
        if (event.status !== 'planned' || event.startsAt <= local) continue;
        const existing = (await tx.select('bookings', { eventId: event.id })).filter(isActive);
        for (const customerId of customerIds) {
            const held = existing.find(booking => booking.customerId === customerId);
            if (held?.status === 'booked') continue;
            const pass = await passFor(tx, event, customerId, held?.id);
            if (held) {
                await tx.update('bookings', { ...held, status: 'booked', source: 'group', passId: pass?.id ?? null });
                continue;
            }
            const booking: Omit<Booking, 'id' | 'createdAt'> = {
                eventId: event.id,
                customerId,
                status: 'booked',
                source: 'group',
                bookedBy,
                passId: pass?.id ?? null,
                late: false,
                promotedAt: null,
                cancelledAt: null,
                attendanceId: null,
            };
            await tx.insert('bookings', booking as never);
        }
    }
};

/** Leaving a group gives up its seats in the group's classes still to come (never late); the lines move up. */
const unbookMembers = async (tx: Transaction, scheduleId: Identifier, customerIds: Identifier[], now: Date) => {
    if (!customerIds.length) return;
    const local = await studioNow(tx, now);
    const upcoming = (await tx.select('events', { scheduleId })).filter(
        event => event.status === 'planned' && event.startsAt > local,
    );
    const freed: Identifier[] = [];
    for (const event of upcoming)
        for (const booking of await tx.select('bookings', { eventId: event.id }))
            if (booking.source === 'group' && isActive(booking) && customerIds.includes(booking.customerId)) {
                await giveUp(tx, booking, now);
                freed.push(event.id);
            }
    await promote(tx, freed, now);
};

/** Members who joined a group get its classes still to come; those who left give them up. */
export const groupMembershipChanged = async (
    tx: Transaction,
    schedule: Pick<Schedule, 'id' | 'customerIds'>,
    before: Identifier[],
    bookedBy: Identifier,
    now: Date,
) => {
    const joined = schedule.customerIds.filter(id => !before.includes(id));
    const left = before.filter(id => !schedule.customerIds.includes(id));
    await unbookMembers(tx, schedule.id, left, now);
    if (joined.length)
        await bookMembers(tx, await tx.select('events', { scheduleId: schedule.id }), joined, bookedBy, now);
};
