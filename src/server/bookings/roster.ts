import { bookingSettingsOf, cancelledSeats, lateCancelHoursOf } from '../../domain/bookings';
import { addMinutes } from '../../domain/closing';
import type { Booking, Identifier, StudioEvent } from '../../domain/types';
import type { Reader } from '../storage/types';
import { studioConfig } from '../rules/studio';

/*
 * What a class's roster tells of its bookings beyond who holds a seat or a place: from when a cancel of
 * each seat is late (so that staff are told before they cancel), and who holds only a cancelled booking
 * (shown as cancelled, never as someone still expected).
 */
export const rosterBookings = async (
    reader: Reader,
    event: Pick<StudioEvent, 'startsAt'>,
    bookings: Booking[],
): Promise<{
    lateCancelFrom: Map<Identifier, string>;
    cancelled: ReturnType<typeof cancelledSeats>;
}> => {
    const seats = bookings.filter(booking => booking.status === 'booked');
    const settings = bookingSettingsOf(await studioConfig(reader));
    // The window of the plan whose pass pays the seat, when it has its own.
    const passes = await reader.getMany('passes', [
        ...new Set(seats.flatMap(booking => (booking.passId === null ? [] : [booking.passId]))),
    ]);
    const plans = await reader.getMany('subscriptions', [...new Set(passes.map(pass => pass.subscriptionId))]);
    const planOf = (passId: Identifier | null) => {
        const pass = passes.find(found => found.id === passId);
        return pass && plans.find(plan => plan.id === pass.subscriptionId);
    };
    return {
        lateCancelFrom: new Map(
            seats.map(booking => [
                booking.id,
                addMinutes(event.startsAt, -lateCancelHoursOf(planOf(booking.passId), settings) * 60),
            ]),
        ),
        cancelled: cancelledSeats(bookings),
    };
};
