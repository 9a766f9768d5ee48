import { z } from 'zod';
import {
    hexColor,
    id,
    instant,
    isoDate,
    localDateTime,
    locales,
    money,
    optional,
    optionalText,
    positiveMoney,
    requiredText,
    signedMoney,
    slug,
    startsBeforeEnd,
    timeOfDay,
} from './fields';
import { payRateSchema } from './payRates';
import { roles } from './roles';
import { statusLabelsSchema } from './statuses';

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
export { messageChannels, messageKinds, messageStatuses, messageSchema } from './collections/messages';

export const eventStatuses = ['planned', 'done', 'cancelled'] as const;

/** A correction fixes a payment or refund recorded wrong: the ledger is never edited, so the fix is a record too. */
export const paymentKinds = ['payment', 'refund', 'correction'] as const;
export const paymentMethods = ['cash', 'card', 'transfer', 'online'] as const;

export const paymentLinkStatuses = ['pending', 'paid', 'expired', 'cancelled'] as const;
/** What a link's payment does: sells a new pass of the plan, or pays what is still due on a pass (`passId`). */
export const paymentLinkPurposes = ['sale', 'balance', 'fee'] as const;

export const statusListNames = ['customer', 'attendance'] as const;

export const slotSchema = z.object({
    weekday: z.number().int().min(1, 'app.validation.weekday').max(7, 'app.validation.weekday'),
    startTime: timeOfDay,
    durationMinutes: z
        .number()
        .int('app.validation.integer')
        .min(5, 'app.validation.duration')
        .max(600, 'app.validation.duration'),
});

export const scheduleSchema = z
    .object({
        title: optionalText(120),
        courseId: id,
        teacherId: id,
        studioId: id,
        slots: z.array(slotSchema).min(1, 'app.validation.slots').max(21),
        startsOn: isoDate,
        endsOn: optional(isoDate),
        capacity: z.number().int('app.validation.integer').min(1, 'app.validation.min_one').max(10_000),
        customerIds: z.array(id).max(10_000).default([]),
        active: z.boolean().default(true),
        /** Customers may book its classes themselves; when not, only staff book them. */
        bookable: z.boolean().default(true),
    })
    .refine(startsBeforeEnd, { message: 'app.validation.ends_before_start', path: ['endsOn'] });

export const eventSchema = z.object({
    scheduleId: optional(id),
    title: optionalText(120),
    courseId: id,
    teacherId: id,
    studioId: id,
    startsAt: localDateTime,
    durationMinutes: z
        .number()
        .int('app.validation.integer')
        .min(5, 'app.validation.duration')
        .max(600, 'app.validation.duration'),
    capacity: z.number().int('app.validation.integer').min(1, 'app.validation.min_one').max(10_000),
    status: z.enum(eventStatuses, { error: 'app.validation.choice' }).default('planned'),
    notes: optionalText(),
    /** Customers may book it themselves; when not, only staff book it. */
    bookable: z.boolean().default(true),
});

export const attendanceSchema = z.object({
    eventId: id,
    customerId: id,
    status: slug,
});

type AmountOfKind = { kind: (typeof paymentKinds)[number]; amount: number };

/** Payments and refunds record money moving one way, so they are positive; a correction is signed. */
const amountFitsKind = ({ kind, amount }: AmountOfKind) => kind === 'correction' || amount > 0;

/** A correction by nothing would correct nothing. */
const correctionChanges = ({ kind, amount }: AmountOfKind) => kind !== 'correction' || amount !== 0;

export const paymentSchema = z
    .object({
        customerId: id,
        kind: z.enum(paymentKinds, { error: 'app.validation.choice' }).default('payment'),
        // Signed here so that stored corrections validate; the refines below hold the others positive.
        amount: signedMoney,
        method: z.enum(paymentMethods, { error: 'app.validation.choice' }),
        passId: optional(id),
        paymentLinkId: optionalText(64),
        paidAt: instant.optional(),
        note: optionalText(500),
        /** The payment or refund a correction corrects; null for anything else. */
        correctsId: optional(id),
    })
    .refine(amountFitsKind, { message: 'app.validation.positive', path: ['amount'] })
    .refine(correctionChanges, { message: 'app.validation.not_zero', path: ['amount'] });

/** A record's refinement runs when the record is an object, whatever its fields' own issues. */
const whole = (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null;

/**
 * A link sells a plan (`subscriptionId`), pays the rest of a pass (`passId`; the server fills in its
 * plan), or pays a penalty's fee (`penaltyId`: the server fills in its pass and plan). The amount is the
 * plan's price, or what is due on the pass, unless given; a fee's is the fee.
 */
export const paymentLinkSchema = z
    .object({
        customerId: id,
        purpose: z.enum(paymentLinkPurposes, { error: 'app.validation.choice' }).default('sale'),
        subscriptionId: optional(id),
        passId: optional(id),
        penaltyId: optional(id),
        amount: optional(positiveMoney),
        description: optionalText(500),
    })
    // Checked even when another field is wrong, so that a form shows every missing field at once.
    .refine(link => link.purpose !== 'sale' || link.subscriptionId != null, {
        message: 'ra.validation.required',
        path: ['subscriptionId'],
        when: whole,
    })
    .refine(link => link.purpose !== 'balance' || link.passId != null, {
        message: 'ra.validation.required',
        path: ['passId'],
        when: whole,
    })
    .refine(link => link.purpose !== 'fee' || link.penaltyId != null, {
        message: 'ra.validation.required',
        path: ['penaltyId'],
        when: whole,
    });

export const statusSchema = z.object({
    name: z.enum(statusListNames, { error: 'app.validation.choice' }),
    code: slug,
    // One label per language, shown in the interface's language (see statuses.ts).
    labels: statusLabelsSchema,
    color: hexColor,
    order: z.number().int().min(0).max(1000).default(0),
    isDefault: z.boolean().default(false),
    charges: z.boolean().default(false),
});

const supportedValues = (key: 'currency' | 'timeZone'): Set<string> => {
    const values = new Set(Intl.supportedValuesOf(key));
    // Intl lists canonical zone names only; the common aliases are valid IANA names too.
    if (key === 'timeZone') ['UTC', 'Etc/UTC', 'Europe/Kiev', 'Asia/Calcutta'].forEach(zone => values.add(zone));
    return values;
};
let currencies: Set<string> | undefined;
let timeZones: Set<string> | undefined;
let regionNames: Intl.DisplayNames | undefined;

/** A country's ISO 3166 code, which Intl names (ZZ is its "unknown region"). */
const isCountryCode = (code: string) =>
    /^[A-Z]{2}$/.test(code) &&
    code !== 'ZZ' &&
    (regionNames ??= new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' })).of(code) !== undefined;

/** The studio's taxation system on its fiscal receipts (54-FZ tag 1055); ЕНВД is abolished and not offered. */
export const taxSystems = ['osn', 'usn_income', 'usn_income_outcome', 'esn', 'patent'] as const;

/**
 * The VAT of a receipt's item (tag 1199): `none` for "без НДС" (studios on УСН or патент), a rate, or a
 * calculated rate (vat110 = 10/110, vat120 = 20/120, vat122 = 22/122).
 */
export const vats = ['none', 'vat0', 'vat5', 'vat7', 'vat10', 'vat20', 'vat110', 'vat120', 'vat22', 'vat122'] as const;

/**
 * How an item is settled (tag 1214): paid in full when the service is given, or paid in full ahead of
 * it (an advance, which the accountant may prefer for a pass bought before its classes).
 */
export const paymentModes = ['full_payment', 'full_prepayment'] as const;

export const configSchema = z.object({
    studioName: requiredText(120),
    currency: z
        .string()
        .regex(/^[A-Z]{3}$/, 'app.validation.currency')
        .refine(code => (currencies ??= supportedValues('currency')).has(code), 'app.validation.currency'),
    timezone: z
        .string()
        .refine(zone => (timeZones ??= supportedValues('timeZone')).has(zone), 'app.validation.timezone'),
    // The country whose numbers a phone typed without its country code is read as (src/domain/phones.ts).
    country: z.string().refine(isCountryCode, 'app.validation.country'),
    defaultLocale: z.enum(locales, { error: 'app.validation.choice' }),
    paymentLinkTtlHours: z
        .number()
        .int('app.validation.integer')
        .min(1, 'app.validation.min_one')
        .max(24 * 90),
    expiringPassDays: z.number().int('app.validation.integer').min(0, 'app.validation.not_negative').max(365),
    lowVisitsThreshold: z.number().int('app.validation.integer').min(0, 'app.validation.not_negative').max(1000),
    // Days after a class during which its teacher may still change the marks; a database made before has 2.
    teacherEditDays: z.number().int('app.validation.integer').min(0, 'app.validation.not_negative').max(365).default(2),
    // Hours after its end at which a class with marks that nobody closed is closed by the server.
    autoCloseHours: z
        .number()
        .int('app.validation.integer')
        .min(0, 'app.validation.not_negative')
        .max(24 * 14)
        .default(12),
    // Booking (src/domain/bookings.ts): a database made before has the defaults.
    bookingOpensDays: z.number().int('app.validation.integer').min(1, 'app.validation.min_one').max(365).default(14),
    bookingClosesMinutes: z
        .number()
        .int('app.validation.integer')
        .min(0, 'app.validation.not_negative')
        .max(24 * 60 * 7)
        .default(0),
    lateCancelHours: z
        .number()
        .int('app.validation.integer')
        .min(0, 'app.validation.not_negative')
        .max(24 * 14)
        .default(12),
    maxWaitlists: z.number().int('app.validation.integer').min(0, 'app.validation.not_negative').max(100).default(3),
    // Messages (src/domain/messages.ts): the night when no notice goes (empty: none), reminders before
    // classes, and whether a booking staff make is confirmed to the customer.
    quietHours: optional(
        z.string().regex(/^([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-3]):[0-5]\d$/, 'app.validation.quiet_hours'),
    ).default('22:00-09:00'),
    reminders: z.boolean().default(true),
    staffBookingNotices: z.boolean().default(true),
    // Hours after a class (or after a penalty is made, when later) during which staff may waive it.
    penaltyDelayHours: z
        .number()
        .int('app.validation.integer')
        .min(0, 'app.validation.not_negative')
        .max(24 * 14)
        .default(24),
    // Fiscal receipts of online payments, sent through the payment provider: none while no taxation
    // system is chosen (a studio whose own cash register sends them).
    receiptTaxSystem: z.enum(taxSystems, { error: 'app.validation.choice' }).nullable().default(null),
    receiptVat: z.enum(vats, { error: 'app.validation.choice' }).default('none'),
    receiptPaymentMode: z.enum(paymentModes, { error: 'app.validation.choice' }).default('full_payment'),
});

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
