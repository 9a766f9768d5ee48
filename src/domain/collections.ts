import { z } from 'zod';
import { attendances } from './collections/attendances';
import { configs } from './collections/configs';
import { courses } from './collections/courses';
import { customers } from './collections/customers';
import { declare, ref } from './collections/declare';
import { directions } from './collections/directions';
import { events } from './collections/events';
import { messages } from './collections/messages';
import { passes } from './collections/passes';
import { paymentLinks } from './collections/paymentLinks';
import { payments } from './collections/payments';
import { schedules } from './collections/schedules';
import { statuses } from './collections/statuses';
import { studios } from './collections/studios';
import { subscriptions } from './collections/subscriptions';
import { users } from './collections/users';
import { id, instant } from './fields';
import {
    auditEntrySchema,
    bookingSchema,
    bookingSources,
    bookingStatuses,
    importSchema,
    jobSchema,
    makeUpSchema,
    onlinePaymentSchema,
    payPeriodSchema,
    penaltySchema,
} from './schemas';
import type { CollectionInfo, Reference } from './collections/declare';
import type { CollectionName, Role } from './roles';

/*
 * One declaration per collection: what a client writes (its zod schema), what the server adds, how
 * records refer to others, which keys are unique, what `q` searches, which fields the db.json engine
 * indexes and what each role reads. Everything else reads it from here: the record types
 * (types.ts, by z.infer), validation at start-up, the API's checks, both engines' columns and indexes
 * (the PostgreSQL columns are derived from these schemas, and a test checks them against the
 * migrations). Its name and what each role may do with it are in roles.ts, which the sign-in page
 * loads without the schemas.
 */

export type { Reference };

const auditEntries = declare({
    // Written only by the server, alongside each change; ids it names are not references, since the
    // trail outlives the records it speaks of.
    schema: auditEntrySchema,
    search: ['userName', 'endpoint', 'collection', 'recordId'],
    // The History panels of a customer, a pass and a class, and the trail's filters.
    indexed: ['customerId', 'passId', 'eventId', 'collection', 'recordId', 'userId', 'action'],
    idKind: 'integer',
    addedLater: true,
});

const payPeriods = declare({
    // Closed by the pay endpoints only (POST /api/teachers/:id/pay/close, /api/payPeriods/:id/reopen).
    schema: payPeriodSchema,
    references: [ref('teacherId', 'users')],
    search: ['closedByName'],
    // Closed periods with adjustments in a period, for the studio's pay.
    indexed: ['adjustedOn'],
    idKind: 'integer',
    addedLater: true,
});

const bookings = declare({
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

const jobs = declare({
    // The server's periodic work, one record per kind, written by its runner alone; admins read them.
    schema: jobSchema,
    // Taken by a runner until then (two server processes never run one job at once).
    server: { leaseUntil: instant.nullable() },
    unique: [['name']],
    indexed: ['name'],
    idKind: 'integer',
    addedLater: true,
});

const penalties = declare({
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

const makeUps = declare({
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

const imports = declare({
    // Made by POST /api/imports/customers, undone by POST /api/imports/:id/undo; never written through the API.
    schema: importSchema,
    references: [ref('createdBy', 'users'), ref('undoneBy', 'users')],
    search: ['fileName', 'createdByName'],
    idKind: 'integer',
    addedLater: true,
});

const onlinePayments = declare({
    // Attempts to pay a link on a provider's page: begun by the public payment page, settled by the
    // provider's verified notice; never written through the API.
    schema: onlinePaymentSchema,
    references: [
        ref('paymentLinkId', 'paymentLinks'),
        ref('customerId', 'customers'),
        ref('subscriptionId', 'subscriptions'),
        ref('passId', 'passes'),
        ref('penaltyId', 'penalties'),
        ref('paymentId', 'payments'),
    ],
    // A provider's payment is recorded once, however often its notice comes.
    unique: [['provider', 'providerPaymentId']],
    indexed: ['status', 'providerPaymentId', 'providerTransactionId', 'refundPending'],
    idKind: 'random',
    addedLater: true,
});

/** The declarations with the types of their fields, which types.ts reads the records' types from. */
export const declarations = {
    users,
    directions,
    studios,
    courses,
    subscriptions,
    passes,
    customers,
    schedules,
    events,
    attendances,
    payments,
    paymentLinks,
    statuses,
    configs,
    auditEntries,
    payPeriods,
    bookings,
    messages,
    jobs,
    penalties,
    makeUps,
    imports,
    onlinePayments,
} satisfies Record<CollectionName, CollectionInfo>;

export const collections: Record<CollectionName, CollectionInfo> = declarations as Record<
    CollectionName,
    CollectionInfo
>;

/** Collections a database made before they existed lacks: they start empty. */
export const collectionsAddedLater = (Object.keys(collections) as CollectionName[]).filter(
    name => collections[name].addedLater,
);

export const collectionNames = Object.keys(collections) as CollectionName[];

export const isCollectionName = (name: string): name is CollectionName =>
    Object.prototype.hasOwnProperty.call(collections, name);

/** Every field a client may read, sort or filter by. */
export const readableFields = (name: CollectionName): string[] => {
    const info = collections[name];
    return [
        'id',
        'createdAt',
        ...Object.keys(info.schema.shape).filter(field => field !== 'password'),
        ...info.serverFields.filter(field => !(field in info.schema.shape)),
    ];
};

/** The fields of a collection a role reads: all readable ones, unless its declaration reads it less. */
export const fieldsReadBy = (role: Role, name: CollectionName): string[] => {
    const all = readableFields(name);
    const rule = role === 'admin' ? undefined : collections[name].readable?.[role];
    if (rule?.only) return all.filter(field => rule.only!.includes(field));
    if (rule?.except) return all.filter(field => !rule.except!.includes(field));
    return all;
};

/** Where records of `target` are referred to: the collections and fields that point at it. */
export const referrersOf = (target: CollectionName): { collection: CollectionName; reference: Reference }[] =>
    collectionNames.flatMap(collection =>
        collections[collection].references
            .filter(reference => reference.collection === target)
            .map(reference => ({ collection, reference })),
    );
