import { linkStatusAt } from '../domain/money';
import type { CollectionName, Database, Identifier, PaymentLink, User } from '../domain/types';
import { publicUser } from './auth';
import type { AnyRecord } from './hooks';



/**
 * What part of a collection a user may see. Admins and managers see every record their role may read;
 * a teacher sees their own events and schedules, the attendances of their events, themselves among the
 * users, and of customers only the names of those in their events and groups.
 */
export const visibleTo = (user: User, collection: CollectionName, db: Database): ((record: AnyRecord) => boolean) => {
    if (user.role !== 'teacher') return () => true;
    switch (collection) {
        case 'events':
        case 'schedules':
            return record => record.teacherId === user.id;
        case 'attendances': {
            const events = ownEventIds(user, db);
            return record => events.has(record.eventId as Identifier);
        }
        case 'customers': {
            const customers = ownCustomerIds(user, db);
            return record => customers.has(record.id as Identifier);
        }
        case 'users':
            return record => record.id === user.id;
        default:
            return () => true;
    }
};

export const ownEventIds = (user: User, db: Database): Set<Identifier> =>
    new Set(db.events.filter(event => event.teacherId === user.id).map(event => event.id));

const ownCustomerIds = (user: User, db: Database): Set<Identifier> => {
    const customers = new Set<Identifier>();
    db.schedules.filter(schedule => schedule.teacherId === user.id).forEach(schedule => schedule.customerIds.forEach(id => customers.add(id)));
    const events = ownEventIds(user, db);
    db.attendances.filter(attendance => events.has(attendance.eventId)).forEach(attendance => customers.add(attendance.customerId));
    return customers;
};

const customerNameFields = ['id', 'firstName', 'lastName', 'status'];

/** A record as it leaves the server for this user: never a password hash, and for teachers only names of customers. */
export const present = (user: User, collection: CollectionName, record: AnyRecord): AnyRecord => {
    if (collection === 'users') return publicUser(record as never) as unknown as AnyRecord;
    if (collection === 'customers' && user.role === 'teacher') {
        return Object.fromEntries(customerNameFields.map(field => [field, record[field]])) as AnyRecord;
    }
    // A pending link past its expiry reads as expired in every answer, without waiting for a write.
    if (collection === 'paymentLinks') return { ...record, status: linkStatusAt(record as unknown as PaymentLink) };
    return record;
};
