import { addDays } from './time';
import type { Booking, Identifier, MakeUp } from './types';

/*
 * Make-ups (отработки): on a plan with make-ups, an excused absence from a group's class uses the visit
 * and gives a credit that books one class of the same direction within 30 days without charging a visit.
 * The credit is held by the booking it pays while that booking stands; a booking cancelled in time (or
 * a class the studio cancelled) gives it back; a make-up class missed or cancelled late loses it. On
 * other plans an excused absence charges nothing and gives no credit (otherwise an 8-visit pass would
 * buy 9 classes).
 */

/** Days after the missed class in which its make-up can be booked. */
const makeUpDays = 30;

/** The last day of a class a make-up for a class on `classDate` can book. */
export const makeUpExpiry = (classDate: string): string => addDays(classDate, makeUpDays);

/** Where a credit stands: free to book, booked, used by a class attended, lost, or expired unused. */
export type MakeUpState = 'open' | 'booked' | 'used' | 'lost' | 'expired';

type Held = Pick<Booking, 'id' | 'status' | 'attendanceId'>;

/** A credit's state today, from the booking it names (if that booking is among `bookings`). */
export const makeUpState = (
    makeUp: Pick<MakeUp, 'usedBookingId' | 'lostAt' | 'expiresOn'>,
    bookings: Held[],
    today: string,
): MakeUpState => {
    if (makeUp.lostAt) return 'lost';
    const booking = bookings.find(found => found.id === makeUp.usedBookingId);
    // A class it paid that was attended used it, whatever became of the booking after.
    if (booking && booking.attendanceId !== null) return 'used';
    if (booking?.status === 'booked') return 'booked';
    return makeUp.expiresOn < today ? 'expired' : 'open';
};

/**
 * The credit that books a class of `directionId` on `date`, if the customer has one: free (not lost, not
 * held by a booking that stands) and not expired by that day; the one expiring first.
 */
export const usableMakeUp = <T extends Pick<MakeUp, 'id' | 'directionId' | 'usedBookingId' | 'lostAt' | 'expiresOn'>>(
    makeUps: T[],
    bookings: Held[],
    directionId: Identifier,
    date: string,
): T | undefined =>
    makeUps
        .filter(
            makeUp =>
                makeUp.directionId === directionId &&
                makeUp.expiresOn >= date &&
                makeUpState(makeUp, bookings, '0000-00-00') === 'open',
        )
        .sort((a, b) => a.expiresOn.localeCompare(b.expiresOn) || a.id - b.id)[0];
