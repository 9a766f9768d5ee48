import { z } from 'zod';
import { id, instant, money } from '../fields';
import { declare, ref } from './declare';

/** A late cancel or a no-show, and what it costs (src/domain/penalties.ts has the rules). */
export const penaltyOffences = ['late_cancel', 'no_show'] as const;
export const penaltyActions = ['visit', 'fee'] as const;
/** pending → applied / waived, or forgiven (a first offence); an applied one may end reversed. */
export const penaltyStatuses = ['pending', 'applied', 'waived', 'forgiven', 'reversed'] as const;

/** A penalty as the server writes it: never by a client. */
export const penaltySchema = z.object({
    customerId: id,
    bookingId: id,
    eventId: id,
    /** The pass whose plan set it, and that a visit penalty charges. */
    passId: id.nullable(),
    kind: z.enum(penaltyOffences),
    action: z.enum(penaltyActions),
    /** A fee's amount; null for a visit. */
    amount: money.nullable(),
    status: z.enum(penaltyStatuses),
    /** When the job runner applies it, unless staff waived it before. */
    appliesAt: instant,
    /** Who waived it (null: the server decided) and when, and why. */
    decidedBy: id.nullable(),
    decidedAt: instant.nullable(),
    reason: z.string().max(500).nullable(),
    /** The mark that burned the visit, and the payment that paid the fee. */
    attendanceId: id.nullable(),
    paymentId: id.nullable(),
});

export const penalties = declare({
    // Made by the server on a late cancel or a no-show, applied by its job runner or waived by staff
    // (POST /api/penalties/:id/waive); never written through the API.
    schema: penaltySchema,
    references: [
        ref('customerId', 'customers'),
        ref('bookingId', 'bookings'),
        ref('eventId', 'events'),
        ref('passId', 'passes'),
        ref('decidedBy', 'users'),
        ref('attendanceId', 'attendances'),
        ref('paymentId', 'payments'),
    ],
    search: ['reason'],
    indexed: ['status'],
    idKind: 'integer',
    addedLater: true,
});
