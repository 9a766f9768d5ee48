import { fieldsReadBy } from '../../domain/collections';
import { linkStatusAt } from '../../domain/money';
import type { PersonData, PersonalDataExport } from '../../domain/api/privacy';
import type { CollectionName, Customer, Identifier, PaymentLink } from '../../domain/types';
import type { Reader, Row } from '../storage/types';
import { studioConfig } from '../rules/studio';

/*
 * What is held about a person, as one JSON they (or an admin for them) take away: their card and every
 * record about them, with their wards', as admins read them (no token, hash or chat id: those fields are
 * never read out by anyone).
 */

/** A record with only the fields an admin reads. */
const readOut = (collection: CollectionName, record: Row, now: Date): Row => {
    const shown = Object.fromEntries(
        fieldsReadBy('admin', collection)
            .filter(field => field in record)
            .map(field => [field, record[field]]),
    ) as Row;
    if (collection !== 'paymentLinks') return shown;
    const link = { status: record.status as PaymentLink['status'], expiresAt: String(record.expiresAt) };
    return { ...shown, status: linkStatusAt(link, now) };
};

const byId = (a: Row, b: Row) => (String(a.id) < String(b.id) ? -1 : String(a.id) > String(b.id) ? 1 : 0);

/** One person's records, each collection in id order. */
const personData = async (reader: Reader, customer: Customer, now: Date): Promise<PersonData> => {
    const customerId = customer.id;
    const of = async (collection: CollectionName, rows: Row[]) =>
        rows.map(row => readOut(collection, row, now)).sort(byId);
    const mine = async (collection: CollectionName) =>
        of(collection, (await reader.select(collection, { customerId })) as Row[]);
    // Memberships of theirs, and those they pay for (a ward's), with their charges.
    const memberships = [
        ...new Map(
            [
                ...(await reader.select('memberships', { customerId })),
                ...(await reader.select('memberships', { payerId: customerId })),
            ].map(one => [one.id, one]),
        ).values(),
    ];
    const charges = memberships.length
        ? await reader.select('charges', { membershipId: memberships.map(one => one.id) })
        : [];
    const audit = new Map(
        [
            ...(await reader.select('auditEntries', { customerId })),
            ...(await reader.select('auditEntries', { byCustomerId: customerId })),
        ].map(entry => [entry.id, entry]),
    );
    return {
        customer: readOut('customers', customer as Row, now),
        passes: await mine('passes'),
        payments: await mine('payments'),
        bookings: await mine('bookings'),
        attendances: await mine('attendances'),
        penalties: await mine('penalties'),
        makeUps: await mine('makeUps'),
        messages: await mine('messages'),
        consents: await mine('consents'),
        memberships: await of('memberships', memberships as Row[]),
        charges: await of('charges', charges as Row[]),
        paymentMethods: await mine('paymentMethods'),
        onlinePayments: await mine('onlinePayments'),
        paymentLinks: await mine('paymentLinks'),
        tasks: await mine('tasks'),
        leads: await mine('leads'),
        auditEntries: await of('auditEntries', [...audit.values()] as Row[]),
    };
};

/** What is held about the customer and their wards. */
export const exportPerson = async (reader: Reader, customer: Customer, now: Date): Promise<PersonalDataExport> => {
    const wards = (await reader.select('customers', { guardianId: customer.id })).sort((a, b) => a.id - b.id);
    return {
        exportedAt: now.toISOString(),
        studioName: (await studioConfig(reader)).studioName,
        person: await personData(reader, customer, now),
        wards: await Promise.all(wards.map(ward => personData(reader, ward, now))),
    };
};

/** The export's file name: whose, and of which day. */
export const exportFileName = (customerId: Identifier, now: Date) =>
    `customer-${customerId}-${now.toISOString().slice(0, 10)}.json`;
