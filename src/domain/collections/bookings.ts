import { z } from 'zod';
import { id, instant } from '../fields';
import { declare, ref } from './declare';

/** A seat held, a place in line, or one that ended (src/domain/bookings.ts has the rules). */
export const bookingStatuses = ['booked', 'waitlisted', 'cancelled', 'expired'] as const;

/** Who made a booking: staff at the desk, the customer in the portal, or membership of a group. */
export const bookingSources = ['staff', 'portal', 'group'] as const;

/** A booking as staff make it: the class and the customer (src/domain/bookings.ts has the rest). */
export const bookingSchema = z.object({
    eventId: id,
    customerId: id,
});

export const bookings = declare({
    // Made by POST /api/bookings and cancelled by POST /api/bookings/:id/cancel; never edited or deleted.
    schema: bookingSchema,
    server: {
        status: z.enum(bookingStatuses),
        source: z.enum(bookingSources),
        // Who booked: null when the customer did, in the portal.
        bookedBy: id.nullable(),
        // The pass expected to pay; null when staff booked without one.
        passId: id.nullable(),
        // Cancelled inside the late-cancel window.
        late: z.boolean(),
        promotedAt: instant.nullable(),
        cancelledAt: instant.nullable(),
        // The mark made for it.
        attendanceId: id.nullable(),
        // The make-up credit that pays it instead of a pass.
        makeUpId: id.nullish(),
    },
    // The hash of the token in its reminder's cancel link (the customer's public cancel page).
    hidden: { cancelTokenHash: z.string().optional() },
    sometimes: ['cancelTokenHash', 'makeUpId'],
    references: [
        ref('eventId', 'events'),
        ref('customerId', 'customers'),
        ref('bookedBy', 'users'),
        ref('passId', 'passes'),
        ref('attendanceId', 'attendances'),
        ref('makeUpId', 'makeUps'),
    ],
    indexed: ['status'],
    idKind: 'integer',
    addedLater: true,
});
