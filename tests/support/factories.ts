import type { Customer, Database, Pass, StudioEvent } from '../../src/domain/types';

/** An 8-visit pass for November 2026, not frozen, nothing used: override what a test is about. */
export const buildPass = (fields: Partial<Pass> = {}): Pass => ({
    id: 1,
    createdAt: '2026-11-01T10:00:00.000Z',
    customerId: 1,
    subscriptionId: 1,
    name: '8 занятий',
    price: 6000,
    visitsTotal: 8,
    visitsUsed: 0,
    directionIds: [],
    startsOn: '2026-11-01',
    endsOn: '2026-11-30',
    frozenFrom: null,
    frozenTo: null,
    cancelled: false,
    paymentId: null,
    ...fields,
});

let phones = 0;
/** A phone number no other customer of a test database has (the server refuses a second customer with one). */
export const freshPhone = () => {
    phones += 1;
    const digits = String(phones).padStart(7, '0');
    return `+7 901 ${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}`;
};

/** The id after the largest of a collection's. */
export const nextId = (records: { id: number }[]) => Math.max(0, ...records.map(record => record.id)) + 1;

/** Adds an active customer to a database prepared for a test, with the next id: give the name, the phone and what else matters. */
export const addCustomer = (
    db: Database,
    fields: Pick<Customer, 'firstName' | 'lastName' | 'phone'> & Partial<Customer>,
) => {
    const customer: Customer = {
        id: nextId(db.customers),
        email: null,
        birthDate: null,
        status: 'active',
        source: null,
        notes: null,
        telegramLinked: false,
        createdAt: new Date().toISOString(),
        ...fields,
    };
    db.customers.push(customer);
    return customer;
};

/** Adds a pass to a database prepared for a test, with the next id (the rest as buildPass has it). */
export const addPass = (db: Database, fields: Partial<Pass>) => {
    const pass = buildPass({ id: nextId(db.passes), createdAt: new Date().toISOString(), ...fields });
    db.passes.push(pass);
    return pass;
};

/**
 * Adds a planned class to a database prepared for a test, with the next id: the first course, the first
 * teacher of the demo (Anna, 3) and the first studio, an hour long for ten, unless told.
 */
export const addEvent = (db: Database, startsAt: string, fields: Partial<StudioEvent> = {}): StudioEvent => {
    const event: StudioEvent = {
        id: nextId(db.events),
        createdAt: '2020-01-01T00:00:00.000Z',
        scheduleId: null,
        title: null,
        courseId: db.courses[0].id,
        teacherId: 3,
        studioId: db.studios[0].id,
        startsAt,
        durationMinutes: 60,
        capacity: 10,
        bookable: true,
        status: 'planned',
        notes: null,
        ...fields,
    };
    db.events.push(event);
    return event;
};
