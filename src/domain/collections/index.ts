import { attendances } from './attendances';
import { auditEntries } from './auditEntries';
import { bookings } from './bookings';
import { configs } from './configs';
import { courses } from './courses';
import { customers } from './customers';
import { directions } from './directions';
import { events } from './events';
import { imports } from './imports';
import { jobs } from './jobs';
import { makeUps } from './makeUps';
import { messages } from './messages';
import { onlinePayments } from './onlinePayments';
import { passes } from './passes';
import { payPeriods } from './payPeriods';
import { paymentLinks } from './paymentLinks';
import { payments } from './payments';
import { penalties } from './penalties';
import { schedules } from './schedules';
import { statuses } from './statuses';
import { studios } from './studios';
import { subscriptions } from './subscriptions';
import { users } from './users';
import type { CollectionInfo, Reference } from './declare';
import type { CollectionName, Role } from '../roles';

/*
 * Every collection, each declared once in its module beside its schemas (users.ts, passes.ts...): what a
 * client writes (its zod schema), what the server adds, how records refer to others, which keys are
 * unique, what `q` searches, which fields the db.json engine indexes and what each role reads.
 * Everything else reads them from here: the record types (types.ts, by z.infer), validation at start-up,
 * the API's checks, both engines' columns and indexes (the PostgreSQL columns are derived from these
 * schemas, and a test checks them against the migrations). A collection's name and what each role may do
 * with it are in roles.ts, which the sign-in page loads without the schemas.
 */

export type { Reference };

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
