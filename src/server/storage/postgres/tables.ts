import type { CollectionName } from '../../../domain/types';
import { freezeRecord } from '../records';
import type { Row } from '../types';

/*
 * The columns of the PostgreSQL engine's tables, as the engine reads and writes them: one table per
 * collection, a typed column per field, named as the field, so that a record is a row. The DDL that
 * makes them is in migrations/ (a test checks the two agree). Dates and times stay the ISO text the API
 * speaks (checked by domains: iso_date, iso_instant, local_datetime), so that they compare and answer
 * exactly as in the db.json engine; SQL that counts by day casts them.
 */

/** How a field is stored. */
export type ColumnKind =
    | 'serial' // integer ids given by the database
    | 'textId' // text ids (payment links, the settings record)
    | 'integer'
    | 'money' // numeric(12,2), answered as a number
    | 'boolean'
    | 'text'
    | 'date' // YYYY-MM-DD
    | 'instant' // ISO 8601 UTC
    | 'localDateTime' // YYYY-MM-DDTHH:mm in the studio's zone
    | 'ids' // a list of integer ids
    | 'json'; // an object or a list of objects (a user's pay, a status's labels, a group's slots)

export interface Column {
    name: string;
    kind: ColumnKind;
    /** NOT NULL: the field is always there. */
    required?: boolean;
    /** A field records of the db.json engine have only when it has a value: read without it when NULL. */
    omitNull?: boolean;
}

const c = (name: string, kind: ColumnKind, required = false): Column => ({ name, kind, required });
const sometimes = (name: string, kind: ColumnKind): Column => ({ name, kind, omitNull: true });
const id = c('id', 'serial', true);
const createdAt = c('createdAt', 'instant', true);

/** Every field of every collection's records, as stored. */
export const tables: Record<CollectionName, Column[]> = {
    users: [
        id,
        c('name', 'text', true),
        c('email', 'text', true),
        c('role', 'text', true),
        c('phone', 'text'),
        c('active', 'boolean', true),
        c('color', 'text'),
        c('pay', 'json', true),
        c('passwordHash', 'text', true),
        sometimes('tokenVersion', 'integer'),
        sometimes('signInHold', 'json'),
        sometimes('revokedSessions', 'json'),
        createdAt,
    ],
    directions: [
        id,
        c('name', 'text', true),
        c('color', 'text', true),
        c('description', 'text'),
        c('active', 'boolean', true),
        createdAt,
    ],
    studios: [
        id,
        c('name', 'text', true),
        c('address', 'text'),
        c('capacity', 'integer', true),
        c('color', 'text'),
        c('active', 'boolean', true),
        createdAt,
    ],
    courses: [
        id,
        c('name', 'text', true),
        c('directionId', 'integer', true),
        c('level', 'text', true),
        c('durationMinutes', 'integer', true),
        c('description', 'text'),
        c('active', 'boolean', true),
        createdAt,
    ],
    subscriptions: [
        id,
        c('name', 'text', true),
        c('price', 'money', true),
        c('visits', 'integer'),
        c('validityDays', 'integer', true),
        c('directionIds', 'ids', true),
        c('freezeDays', 'integer', true),
        c('trial', 'boolean', true),
        c('active', 'boolean', true),
        createdAt,
    ],
    passes: [
        id,
        c('customerId', 'integer', true),
        c('subscriptionId', 'integer', true),
        c('name', 'text', true),
        c('price', 'money', true),
        c('visitsTotal', 'integer'),
        c('directionIds', 'ids', true),
        c('startsOn', 'date', true),
        c('endsOn', 'date', true),
        c('visitsUsed', 'integer', true),
        c('frozenFrom', 'date'),
        c('frozenTo', 'date'),
        c('cancelled', 'boolean', true),
        c('paymentId', 'integer'),
        c('discountReason', 'text'),
        createdAt,
    ],
    customers: [
        id,
        c('firstName', 'text', true),
        c('lastName', 'text', true),
        c('phone', 'text', true),
        c('email', 'text'),
        c('birthDate', 'date'),
        c('status', 'text', true),
        c('source', 'text'),
        c('notes', 'text'),
        createdAt,
    ],
    schedules: [
        id,
        c('title', 'text'),
        c('courseId', 'integer', true),
        c('teacherId', 'integer', true),
        c('studioId', 'integer', true),
        c('slots', 'json', true),
        c('startsOn', 'date', true),
        c('endsOn', 'date'),
        c('capacity', 'integer', true),
        c('customerIds', 'ids', true),
        c('active', 'boolean', true),
        createdAt,
    ],
    events: [
        id,
        c('scheduleId', 'integer'),
        c('title', 'text'),
        c('courseId', 'integer', true),
        c('teacherId', 'integer', true),
        c('studioId', 'integer', true),
        c('startsAt', 'localDateTime', true),
        c('durationMinutes', 'integer', true),
        c('capacity', 'integer', true),
        c('status', 'text', true),
        c('notes', 'text'),
        sometimes('slotAt', 'localDateTime'),
        createdAt,
    ],
    attendances: [
        id,
        c('eventId', 'integer', true),
        c('customerId', 'integer', true),
        c('status', 'text', true),
        c('passId', 'integer'),
        c('charged', 'boolean', true),
        c('unpaid', 'boolean', true),
        c('markedBy', 'integer', true),
        createdAt,
    ],
    payments: [
        id,
        c('customerId', 'integer', true),
        c('kind', 'text', true),
        c('amount', 'money', true),
        c('method', 'text', true),
        c('passId', 'integer'),
        c('paymentLinkId', 'text'),
        c('paidAt', 'instant', true),
        c('note', 'text'),
        sometimes('correctsId', 'integer'),
        c('createdBy', 'integer'),
        createdAt,
    ],
    paymentLinks: [
        c('id', 'textId', true),
        c('customerId', 'integer', true),
        c('purpose', 'text', true),
        c('subscriptionId', 'integer', true),
        c('amount', 'money', true),
        c('description', 'text'),
        c('status', 'text', true),
        c('expiresAt', 'instant', true),
        c('paidAt', 'instant'),
        c('paymentId', 'integer'),
        c('passId', 'integer'),
        createdAt,
    ],
    statuses: [
        id,
        c('name', 'text', true),
        c('code', 'text', true),
        c('labels', 'json', true),
        c('color', 'text', true),
        c('order', 'integer', true),
        c('isDefault', 'boolean', true),
        c('charges', 'boolean', true),
        createdAt,
    ],
    configs: [
        c('id', 'textId', true),
        c('studioName', 'text', true),
        c('currency', 'text', true),
        c('timezone', 'text', true),
        c('country', 'text', true),
        c('defaultLocale', 'text', true),
        c('paymentLinkTtlHours', 'integer', true),
        c('expiringPassDays', 'integer', true),
        c('lowVisitsThreshold', 'integer', true),
        c('teacherEditDays', 'integer', true),
        sometimes('autoCloseHours', 'integer'),
        createdAt,
    ],
    auditEntries: [
        id,
        c('userId', 'integer'),
        c('userName', 'text'),
        c('role', 'text'),
        c('endpoint', 'text'),
        c('action', 'text', true),
        c('collection', 'text', true),
        c('recordId', 'text', true),
        c('customerId', 'integer'),
        c('passId', 'integer'),
        c('eventId', 'integer'),
        c('before', 'json'),
        c('after', 'json'),
        createdAt,
    ],
    payPeriods: [
        id,
        c('teacherId', 'integer', true),
        c('startsOn', 'date', true),
        c('endsOn', 'date', true),
        c('classes', 'integer', true),
        c('visits', 'integer', true),
        c('total', 'money', true),
        c('lines', 'json', true),
        c('adjustments', 'json', true),
        c('adjustedOn', 'date'),
        c('closedBy', 'integer', true),
        c('closedByName', 'text', true),
        c('reopenedAt', 'instant'),
        c('reopenedBy', 'integer'),
        c('reopenedByName', 'text'),
        createdAt,
    ],
};

/** Tables in an order where every table comes after those it refers to (foreign keys are deferred anyway, for the cycles). */
export const tableOrder: CollectionName[] = [
    'configs',
    'statuses',
    'users',
    'directions',
    'studios',
    'courses',
    'subscriptions',
    'customers',
    'schedules',
    'events',
    'payments',
    'passes',
    'attendances',
    'paymentLinks',
    'auditEntries',
    'payPeriods',
];

export const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

export const columnOf = (collection: CollectionName, field: string): Column | undefined =>
    tables[collection].find(column => column.name === field);

/** The record a row is: NULL fields that db.json records leave out are left out. */
export const recordOf = (collection: CollectionName, row: Record<string, unknown>): Row => {
    for (const column of tables[collection]) if (column.omitNull && row[column.name] === null) delete row[column.name];
    return freezeRecord(row as Row);
};
