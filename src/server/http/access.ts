import { linkStatusAt } from '../../domain/money';
import { readableFieldsFor } from '../../domain/permissions';
import type { CollectionName, Identifier, PaymentLink, User } from '../../domain/types';
import type { Filter, Reader, Row } from '../storage/types';

/*
 * What part of a collection a user may see. Admins and managers see every record their role may read;
 * a teacher sees their own events and schedules, the attendances, bookings, penalties and make-ups of
 * their events, themselves among the users, and of customers only the names of those in their events
 * and groups.
 */

const only = (field: string, values: Identifier[]): Filter[] => [{ field, kind: 'equals', values }];

const ownEventIds = async (user: User, reader: Reader): Promise<Identifier[]> =>
    (await reader.select('events', { teacherId: user.id })).map(event => event.id);

const ownCustomerIds = async (user: User, reader: Reader): Promise<Identifier[]> => {
    const customers = new Set<Identifier>();
    for (const schedule of await reader.select('schedules', { teacherId: user.id }))
        schedule.customerIds.forEach(id => customers.add(id));
    const eventIds = await ownEventIds(user, reader);
    for (const attendance of await reader.select('attendances', { eventId: eventIds }))
        customers.add(attendance.customerId);
    for (const booking of await reader.select('bookings', { eventId: eventIds })) customers.add(booking.customerId);
    return [...customers];
};

/** The filters that narrow a list to what the user may see: none for staff. */
export const visibilityFilters = async (user: User, collection: CollectionName, reader: Reader): Promise<Filter[]> => {
    if (user.role !== 'teacher') return [];
    switch (collection) {
        case 'events':
        case 'schedules':
            return only('teacherId', [user.id]);
        case 'attendances':
        case 'bookings':
        case 'penalties':
        case 'makeUps':
            return only('eventId', await ownEventIds(user, reader));
        case 'customers':
            return only('id', await ownCustomerIds(user, reader));
        case 'users':
            return only('id', [user.id]);
        default:
            return [];
    }
};

/** May the user see this one record: asks only for the records that decide it. */
export const canSee = async (user: User, collection: CollectionName, record: Row, reader: Reader): Promise<boolean> => {
    if (user.role !== 'teacher') return true;
    switch (collection) {
        case 'events':
        case 'schedules':
            return record.teacherId === user.id;
        case 'attendances':
        case 'bookings':
        case 'penalties':
        case 'makeUps':
            return (await reader.get('events', record.eventId as Identifier))?.teacherId === user.id;
        case 'customers': {
            const id = record.id as Identifier;
            if ((await reader.select('schedules', { teacherId: user.id, customerIds: id })).length > 0) return true;
            const eventIds = [
                ...(await reader.select('attendances', { customerId: id })),
                ...(await reader.select('bookings', { customerId: id })),
            ].map(record => record.eventId);
            return (await reader.getMany('events', eventIds)).some(event => event.teacherId === user.id);
        }
        case 'users':
            return record.id === user.id;
        default:
            return true;
    }
};

/**
 * A record as it leaves the server for this user: only the fields the role may read (never a password
 * hash; for teachers only the names of customers). Fields computed for a list are added after this.
 * `now` is the server's clock when the request came: a payment link's status depends on it.
 */
export const present = (user: User, collection: CollectionName, record: Row, now: Date): Row => {
    const shown = Object.fromEntries(
        readableFieldsFor(user.role, collection)
            .filter(field => field in record)
            .map(field => [field, record[field]]),
    ) as Row;
    // A pending link past its expiry reads as expired in every answer, without waiting for a write.
    if (collection === 'paymentLinks') return { ...shown, status: linkStatusAt(record as PaymentLink, now) };
    return shown;
};
