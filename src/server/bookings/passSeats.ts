import type { Identifier, Pass } from '../../domain/types';
import { studioNow } from '../rules/studio';
import type { Transaction } from '../storage/types';
import { giveUp, promote } from './promotion';

/**
 * Gives up the seats (and places in line) a pass was to pay for in classes not started at `now`, never as
 * a late cancel (the pass ended, the customer did not cancel), and the lines of those classes move up.
 * Seats of its customer from `pass.startsOn` to `until` that no pass pays any more (the pass was cut short
 * meanwhile) were its seats too. Seats already marked stay: what happened there is kept. Answers how many
 * were given up.
 */
export const giveUpSeatsOf = async (
    tx: Transaction,
    pass: Pick<Pass, 'id' | 'customerId' | 'startsOn'>,
    until: string,
    now: Date,
): Promise<number> => {
    const local = await studioNow(tx, now);
    const seats = (await tx.select('bookings', { customerId: pass.customerId })).filter(
        booking =>
            (booking.status === 'booked' || booking.status === 'waitlisted') &&
            booking.attendanceId === null &&
            (booking.passId === pass.id || booking.passId === null),
    );
    const events = await tx.getMany(
        'events',
        seats.map(booking => booking.eventId),
    );
    const freed: Identifier[] = [];
    for (const booking of seats) {
        const event = events.find(one => one.id === booking.eventId);
        if (!event || event.startsAt <= local) continue;
        const day = event.startsAt.slice(0, 10);
        if (booking.passId === null && (day < pass.startsOn || day > until)) continue;
        await giveUp(tx, booking, now);
        freed.push(event.id);
    }
    if (freed.length) await promote(tx, freed, now);
    return freed.length;
};
