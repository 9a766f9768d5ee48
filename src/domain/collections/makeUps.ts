import { z } from 'zod';
import { id, instant, isoDate } from '../fields';
import { declare, ref } from './declare';

/**
 * A make-up credit (src/domain/makeUps.ts has the rules): an excused absence from a group's class on a
 * plan with make-ups gives one, which books one class of the same direction until `expiresOn` without
 * charging a visit. Written by the server only.
 */
export const makeUpSchema = z.object({
    customerId: id,
    /** The excused mark that gave it, and its class. */
    attendanceId: id,
    eventId: id,
    directionId: id,
    /** The last day of a class it can book. */
    expiresOn: isoDate,
    /** The booking it pays: one cancelled in time gives it back. */
    usedBookingId: id.nullable(),
    /** When it was lost: the class it booked was missed, or cancelled late. */
    lostAt: instant.nullable(),
});

export const makeUps = declare({
    // Given by the server for an excused absence on a plan with make-ups, used by booking a class of the
    // same direction; never written through the API.
    schema: makeUpSchema,
    references: [
        ref('customerId', 'customers'),
        ref('attendanceId', 'attendances'),
        ref('eventId', 'events'),
        ref('directionId', 'directions'),
        ref('usedBookingId', 'bookings'),
    ],
    idKind: 'integer',
    addedLater: true,
});
