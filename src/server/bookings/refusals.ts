import { whyNoPass, type BookingRefusalFacts, type NoPassFacts } from '../../domain/bookingRefusals';
import { promisedVisits, type BookingRefusal } from '../../domain/bookings';
import type { Identifier, StudioEvent } from '../../domain/types';
import { conflict } from '../http/errors';
import type { Reader } from '../storage/types';
import { visitTo } from '../rules/visits';

/*
 * A refused booking as the API answers it: 409, the code in errors.eventId, a message that names the
 * real reason, and the facts the screens word it with (why no pass pays, a full class's seats).
 */

const refusalMessages: Record<BookingRefusal, string> = {
    full: 'The class is full: ask for a place in line (waitlist) instead',
    no_pass: 'The customer has no pass that covers this class with a visit left',
    not_open: 'Booking for this class is not open yet',
    closed: 'The class takes no more bookings: it has started, was cancelled or closed, or booking has ended',
    already_booked: 'The customer already has a seat or a place in line in this class',
    overlap: 'The customer has a seat in another class at the same time',
    too_many_waitlists: 'The customer already holds as many places in line as the studio allows',
    no_channel:
        'Nothing can tell the customer when a seat is theirs (no e-mail they take, no linked Telegram chat): add one, or book a seat',
};

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

const noPassMessages: { [R in NoPassFacts['reason']]: (facts: Extract<NoPassFacts, { reason: R }>) => string } = {
    held: ({ visitsLeft, heldBy }) =>
        `The customer's pass has ${plural(visitsLeft, 'visit')} left, all held by ${plural(heldBy, 'upcoming booking')}`,
    frozen: ({ frozenTo }) => `The customer's pass is frozen on the class's day (until ${frozenTo})`,
    used_up: () => "The customer's pass for the class's day has no visits left",
    ended: ({ endsOn }) => `The customer's pass ended on ${endsOn}, before the class`,
    none: () => 'The customer has no pass that covers this class',
};

/** What the refusal says, with its facts when there are some. */
const messageOf = (code: BookingRefusal, facts: BookingRefusalFacts): string => {
    if (facts.noPass) return (noPassMessages[facts.noPass.reason] as (facts: NoPassFacts) => string)(facts.noPass);
    if (facts.seats)
        return `The class is full (${facts.seats.booked} of ${facts.seats.capacity} seats taken): ask for a place in line (waitlist) instead`;
    return refusalMessages[code];
};

/** A refusal as the API answers it: 409 with the code in errors.eventId and its facts beside. */
export const bookingRefused = (code: BookingRefusal, facts: BookingRefusalFacts = {}) =>
    conflict(messageOf(code, facts), { eventId: code }, { ...facts });

/** Why no pass of the customer pays for this class, their other upcoming bookings counted. */
export const noPassFacts = async (
    reader: Reader,
    event: Pick<StudioEvent, 'startsAt' | 'courseId'>,
    customerId: Identifier,
): Promise<NoPassFacts> => {
    const [{ date, directionId }, passes, own] = await Promise.all([
        visitTo(reader, event),
        reader.select('passes', { customerId }),
        reader.select('bookings', { customerId }),
    ]);
    return whyNoPass(passes, date, directionId, promisedVisits(own));
};
