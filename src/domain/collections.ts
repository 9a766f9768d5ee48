import type { z } from 'zod';
import {
    auditEntrySchema,
    payPeriodSchema,
    attendanceSchema,
    configSchema,
    courseSchema,
    customerSchema,
    directionSchema,
    eventSchema,
    passSchema,
    paymentLinkSchema,
    paymentSchema,
    scheduleSchema,
    statusSchema,
    studioSchema,
    subscriptionSchema,
    userSchema,
} from './schemas';
import type { CollectionName } from './types';
import type { studioCollectionNames } from './roles';

/** A field that holds the id (or ids) of records of another collection. */
export interface Reference {
    field: string;
    collection: CollectionName;
    /** The referenced records are statuses of this list, referred to by code. */
    statusList?: 'customer' | 'attendance';
}

export interface CollectionInfo {
    /** What a client may write. */
    schema: z.ZodObject;
    /** Fields the server sets: a client never writes them, but they can be read, sorted and filtered. */
    serverFields: string[];
    references: Reference[];
    /** Fields, or groups of fields, whose values no two records may share (409). */
    unique: string[][];
    /** Fields searched by the `q` filter. */
    search: string[];
    /** How many records the id is made of: integer ids by the server, or random strings. */
    idKind: 'integer' | 'random' | 'fixed';
}

const ref = (field: string, collection: CollectionName): Reference => ({ field, collection });

export const collections: Record<CollectionName, CollectionInfo> = {
    users: {
        schema: userSchema,
        // Set by the server when many failed sign-ins hold the account; admins alone read it.
        serverFields: ['signInHold'],
        references: [],
        unique: [['email']],
        search: ['name', 'email', 'phone'],
        idKind: 'integer',
    },
    directions: {
        schema: directionSchema,
        serverFields: [],
        references: [],
        unique: [['name']],
        search: ['name', 'description'],
        idKind: 'integer',
    },
    studios: {
        schema: studioSchema,
        serverFields: [],
        references: [],
        unique: [['name']],
        search: ['name', 'address'],
        idKind: 'integer',
    },
    courses: {
        schema: courseSchema,
        serverFields: [],
        references: [ref('directionId', 'directions')],
        unique: [],
        search: ['name', 'description'],
        idKind: 'integer',
    },
    subscriptions: {
        schema: subscriptionSchema,
        serverFields: [],
        references: [ref('directionIds', 'directions')],
        unique: [],
        search: ['name'],
        idKind: 'integer',
    },
    passes: {
        schema: passSchema,
        // Kept equal to the charged attendances by the server, never written by a client.
        serverFields: ['visitsUsed'],
        references: [
            ref('customerId', 'customers'),
            ref('subscriptionId', 'subscriptions'),
            ref('directionIds', 'directions'),
            ref('paymentId', 'payments'),
        ],
        unique: [],
        search: ['name'],
        idKind: 'integer',
    },
    customers: {
        schema: customerSchema,
        serverFields: [],
        references: [{ field: 'status', collection: 'statuses', statusList: 'customer' }],
        unique: [],
        search: ['firstName', 'lastName', 'phone', 'email'],
        idKind: 'integer',
    },
    schedules: {
        schema: scheduleSchema,
        serverFields: [],
        references: [
            ref('courseId', 'courses'),
            ref('teacherId', 'users'),
            ref('studioId', 'studios'),
            ref('customerIds', 'customers'),
        ],
        unique: [],
        search: ['title'],
        idKind: 'integer',
    },
    events: {
        schema: eventSchema,
        // The slot (local date-time) a generated event was made for, kept when the event is moved.
        serverFields: ['slotAt'],
        references: [
            ref('scheduleId', 'schedules'),
            ref('courseId', 'courses'),
            ref('teacherId', 'users'),
            ref('studioId', 'studios'),
        ],
        unique: [],
        search: ['title', 'notes'],
        idKind: 'integer',
    },
    attendances: {
        schema: attendanceSchema,
        serverFields: ['passId', 'charged', 'unpaid', 'markedBy'],
        references: [
            ref('eventId', 'events'),
            ref('customerId', 'customers'),
            { field: 'status', collection: 'statuses', statusList: 'attendance' },
            ref('passId', 'passes'),
            ref('markedBy', 'users'),
        ],
        unique: [['eventId', 'customerId']],
        search: [],
        idKind: 'integer',
    },
    payments: {
        schema: paymentSchema,
        serverFields: ['createdBy'],
        references: [
            ref('customerId', 'customers'),
            ref('passId', 'passes'),
            ref('paymentLinkId', 'paymentLinks'),
            ref('correctsId', 'payments'),
            ref('createdBy', 'users'),
        ],
        unique: [],
        search: ['note'],
        idKind: 'integer',
    },
    paymentLinks: {
        schema: paymentLinkSchema,
        serverFields: ['status', 'expiresAt', 'paidAt', 'paymentId'],
        references: [
            ref('customerId', 'customers'),
            ref('subscriptionId', 'subscriptions'),
            ref('paymentId', 'payments'),
            ref('passId', 'passes'),
        ],
        unique: [],
        search: ['description'],
        idKind: 'random',
    },
    statuses: {
        schema: statusSchema,
        serverFields: [],
        references: [],
        unique: [['name', 'code']],
        search: ['code', 'labels'],
        idKind: 'integer',
    },
    configs: {
        schema: configSchema,
        serverFields: [],
        references: [],
        unique: [],
        search: [],
        idKind: 'fixed',
    },
    auditEntries: {
        // Written only by the server, alongside each change; ids it names are not references, since the
        // trail outlives the records it speaks of.
        schema: auditEntrySchema,
        serverFields: [],
        references: [],
        unique: [],
        search: ['userName', 'endpoint', 'collection', 'recordId'],
        idKind: 'integer',
    },
    payPeriods: {
        // Closed by the pay endpoints only (POST /api/teachers/:id/pay/close, /api/payPeriods/:id/reopen).
        schema: payPeriodSchema,
        serverFields: [],
        references: [ref('teacherId', 'users')],
        unique: [],
        search: ['closedByName'],
        idKind: 'integer',
    },
};

/** Collections a database made before they existed lacks: they start empty. */
export const collectionsAddedLater: readonly CollectionName[] = ['auditEntries', 'payPeriods'];

export const collectionNames = Object.keys(collections) as CollectionName[];

export const isCollectionName = (name: string): name is CollectionName =>
    Object.prototype.hasOwnProperty.call(collections, name);

/** Every field a client may read, sort or filter by. */
export const readableFields = (name: CollectionName): string[] => [
    'id',
    'createdAt',
    ...Object.keys(collections[name].schema.shape).filter(field => field !== 'password'),
    ...collections[name].serverFields,
];

/** Where records of `target` are referred to: the collections and fields that point at it. */
export const referrersOf = (target: CollectionName): { collection: CollectionName; reference: Reference }[] =>
    collectionNames.flatMap(collection =>
        collections[collection].references
            .filter(reference => reference.collection === target)
            .map(reference => ({ collection, reference })),
    );

// The role rules keep their own list of the studio's collections (the sign-in page loads them without
// the schemas); it must name every collection.
const everyCollectionListed: Record<Exclude<CollectionName, (typeof studioCollectionNames)[number]>, never> = {};
void everyCollectionListed;
