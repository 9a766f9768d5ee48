import { z } from 'zod';
import { eventStatuses } from './collections/events';
import { paymentLinkPurposes } from './collections/paymentLinks';
import { id, instant, isoDate, localDateTime, money, signedMoney } from './fields';
import { payRateSchema } from './payRates';
import { roles } from './roles';

/*
 * Every collection's schemas and lists of values, each kept in its collection's module
 * (src/domain/collections/<name>.ts) and gathered here for the code that reads several.
 */

export { locales } from './fields';
export { userSchema, signInHoldSchema, userCreateSchema } from './collections/users';
export { directionSchema } from './collections/directions';
export { studioSchema } from './collections/studios';
export { courseLevels, courseSchema } from './collections/courses';
export { penaltyRuleKinds, penaltyRuleSchema, subscriptionSchema } from './collections/subscriptions';
export { passSchema } from './collections/passes';
export { notifySchema, customerFields, hasContact, customerSchema } from './collections/customers';
export { slotSchema, scheduleSchema } from './collections/schedules';
export { eventStatuses, eventSchema } from './collections/events';
export { attendanceSchema } from './collections/attendances';
export { paymentKinds, paymentMethods, paymentSchema } from './collections/payments';
export { paymentLinkStatuses, paymentLinkPurposes, paymentLinkSchema } from './collections/paymentLinks';
export { statusListNames, statusSchema } from './collections/statuses';
export { taxSystems, vats, paymentModes, configSchema } from './collections/configs';
export { messageChannels, messageKinds, messageStatuses, messageSchema } from './collections/messages';

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

/** A seat held, a place in line, or one that ended (src/domain/bookings.ts has the rules). */
export const bookingStatuses = ['booked', 'waitlisted', 'cancelled', 'expired'] as const;

/** Who made a booking: staff at the desk, the customer in the portal, or membership of a group. */
export const bookingSources = ['staff', 'portal', 'group'] as const;

/** A booking as staff make it: the class and the customer (src/domain/bookings.ts has the rest). */
export const bookingSchema = z.object({
    eventId: id,
    customerId: id,
});

/** The server's own periodic work (src/server/jobs): what a job is called, and each kind's state. */
export const jobNames = [
    'send_messages',
    'close_classes',
    'reminders',
    'pass_notices',
    'penalties',
    'payments',
] as const;

/** One job of the server's runner, as it writes it: when it is next due and how its last run went. */
export const jobSchema = z.object({
    name: z.enum(jobNames),
    /** When it is next due (the server's real time). */
    runAt: instant,
    lastStartedAt: instant.nullable(),
    lastFinishedAt: instant.nullable(),
    /** What the last run failed with; null when it went well. */
    lastError: z.string().max(2000).nullable(),
    /** Runs finished since the job was made. */
    runs: z.number().int().min(0),
});

export const auditActions = ['create', 'update', 'delete'] as const;

const fieldValues = z.record(z.string(), z.unknown()).nullable();

/** An entry as stored. The ids it names are not references: the trail outlives the records it speaks of. */
export const auditEntrySchema = z.object({
    /** Who made the change: null for the public payment page and the server's own work. */
    userId: id.nullable(),
    /** The name they had then. */
    userName: z.string().nullable(),
    role: z.enum(roles).nullable(),
    /** The request that made it, as `POST /api/passes/sell`; null for the server's own work. */
    endpoint: z.string().nullable(),
    action: z.enum(auditActions),
    collection: z.string(),
    /** As text, since payment links have text ids. */
    recordId: z.string(),
    /** Whose history it belongs to besides the record's own: the customer, pass and class it concerns. */
    customerId: id.nullable(),
    passId: id.nullable(),
    eventId: id.nullable(),
    /** Created: null; changed: the fields that changed, as they were; deleted: the whole record. */
    before: fieldValues,
    /** Created: the whole record; changed: the fields that changed, as they became; deleted: null. */
    after: fieldValues,
});

/** A class as its pay remembers it. */
export const paidClassSummarySchema = z.object({
    id,
    startsAt: localDateTime,
    courseId: id,
    studioId: id,
    status: z.enum(eventStatuses),
    scheduleId: id.nullable(),
    title: z.string().nullable(),
});

/** A class's pay as stored when its period was closed. */
export const closedLineSchema = z.object({
    event: paidClassSummarySchema,
    visits: z.number().int().min(0),
    marks: z.number().int().min(0),
    pay: signedMoney,
    rate: payRateSchema.nullable(),
});

/** What a change to a class of a closed period did to its pay, paid on the day of the change. */
export const payAdjustmentSchema = z.object({
    event: paidClassSummarySchema,
    /** The change in pay, and in visits. */
    pay: signedMoney,
    visits: z.number().int(),
    /** The studio's day of the change: the period that pays it is the one this day falls in. */
    on: isoDate,
    /** Who made the change: null when the server did (a class closed by itself). */
    userId: id.nullable(),
    userName: z.string(),
    at: instant,
});

/** A problem of one row of an imported file: its line in the file (the header is line 1), the field, an i18n key. */
export const importErrorSchema = z.object({
    row: z.number().int().min(1),
    /** The person the row is about, as the file names them. */
    name: z.string().optional(),
    field: z.string(),
    message: z.string(),
    params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});

/**
 * An import of customers from another system's CSV file, as applied: who, the file, what it did, and
 * what undoing it needs (the ids it created with the values it wrote, and the values it replaced).
 * Written by the server only (src/server/imports).
 */
export const importSchema = z.object({
    fileName: z.string().max(255),
    createdBy: id,
    createdByName: z.string(),
    counts: z.object({
        create: z.number().int().min(0),
        update: z.number().int().min(0),
        skip: z.number().int().min(0),
        errors: z.number().int().min(0),
        passes: z.number().int().min(0),
    }),
    errors: z.array(importErrorSchema),
    /** The customers and passes it made, each with the values it wrote. */
    created: z.array(
        z.object({
            collection: z.enum(['customers', 'passes']),
            id,
            values: z.record(z.string(), z.unknown()),
        }),
    ),
    /** The customers it changed: the values before, and those it wrote. */
    updated: z.array(
        z.object({
            id,
            before: z.record(z.string(), z.unknown()),
            after: z.record(z.string(), z.unknown()),
        }),
    ),
    undoneAt: instant.nullable(),
    undoneBy: id.nullable(),
});

/** The acquirers whose hosted payment page takes a link's payment (src/server/payments), and the built-in test one. */
export const paymentProviderNames = ['yookassa', 'cloudpayments', 'tbank', 'test'] as const;

/**
 * One attempt to pay a link on a provider's page: what the link asked when it began, the provider's ids,
 * and how it went (creating → pending → succeeded / declined / failed; a payment that cannot be recorded,
 * the link cancelled or paid meanwhile, refunding → refunded / refund_failed). Its random id is the
 * idempotence key and the order id the provider knows. Written by the server only.
 */
export const onlinePaymentStatuses = [
    'creating',
    'pending',
    'succeeded',
    'declined',
    'failed',
    'refunding',
    'refunded',
    'refund_failed',
] as const;

/** A refund staff gave through the provider, on the online payment it goes back to. */
export const onlineRefundSchema = z.object({
    /** The provider's idempotence key: asking again with it never refunds twice. */
    key: z.string(),
    amount: money,
    passId: id.nullable(),
    cancelPass: z.boolean(),
    note: z.string().nullable(),
    createdBy: id,
    requestedAt: instant,
    /** pending until the provider confirms it; then succeeded (and in the ledger) or canceled. */
    status: z.enum(['pending', 'succeeded', 'canceled']),
    providerRefundId: z.string().nullable(),
    /** The ledger's refund once recorded. */
    paymentId: id.nullable(),
    reason: z.string().nullable(),
});

export const onlinePaymentSchema = z.object({
    paymentLinkId: z.string(),
    provider: z.enum(paymentProviderNames),
    providerPaymentId: z.string().nullable(),
    /** CloudPayments' transaction, which its refunds name (its order is providerPaymentId). */
    providerTransactionId: z.string().nullable(),
    amount: money,
    currency: z.string(),
    /** What the link asked when the attempt began. */
    customerId: id,
    purpose: z.enum(paymentLinkPurposes),
    subscriptionId: id,
    passId: id.nullable(),
    penaltyId: id.nullable(),
    status: z.enum(onlinePaymentStatuses),
    /** Why it was declined, failed, or refunded. */
    reason: z.string().nullable(),
    /** The provider's page the payer is sent to. */
    confirmationUrl: z.string().nullable(),
    /** Where the fiscal receipt goes: an e-mail or a phone. */
    receiptContact: z.string().nullable(),
    /** The ledger's payment once recorded. */
    paymentId: id.nullable(),
    refundKey: z.string().nullable(),
    providerRefundId: z.string().nullable(),
    updatedAt: instant,
    settledAt: instant.nullable(),
    /** Refunds staff gave of the recorded payment, through the provider. */
    refunds: z.array(onlineRefundSchema).default([]),
    /** One of them waits for the provider's confirmation: the job asks about it. */
    refundPending: z.boolean().default(false),
});

/** A teacher's closed period, as stored; written by the server only. */
export const payPeriodSchema = z.object({
    teacherId: id,
    startsOn: isoDate,
    endsOn: isoDate,
    /** Classes held, visits and pay when it was closed (its classes and the adjustments dated in it). */
    classes: z.number().int().min(0),
    visits: z.number().int().min(0),
    total: signedMoney,
    lines: z.array(closedLineSchema),
    /** The changes made to its classes after it was closed. */
    adjustments: z.array(payAdjustmentSchema),
    /** The day of its latest adjustment: a period asking for adjustments finds the closed periods that have some. */
    adjustedOn: isoDate.nullable(),
    closedBy: id,
    closedByName: z.string(),
    reopenedAt: instant.nullable(),
    reopenedBy: id.nullable(),
    reopenedByName: z.string().nullable(),
});
