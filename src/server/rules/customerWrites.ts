import { collections } from '../../domain/collections';
import { customerSchema } from '../../domain/schemas';
import { personName } from '../../domain/journal';
import { phoneDigitsNeeded, phoneNumberKey } from '../../domain/search';
import { z } from 'zod';
import { badRequest, conflict } from '../http/errors';
import { withStoredPhone } from './phones';
import type { WriteRules } from './types';
import type { Reader, Row } from '../storage/types';

/*
 * A customer added twice is the desk's most common slip (a phone number written another way, a second
 * visit to the front desk). The server refuses a new customer whose phone is already someone's, whoever
 * sends it, unless the request says the desk saw the others and means it: `confirmDuplicate: true`,
 * which is never stored. A ward may share their family's phone, or have none (see customerSchema).
 */

const createSchema = customerSchema.extend({ confirmDuplicate: z.boolean().optional() });

/**
 * A ward's guardian is an adult of the studio's: another customer who is nobody's ward, and a customer
 * who is someone's guardian is not made a ward (one level, so that a family signs in as one person).
 */
const checkGuardian = async (record: Row, id: unknown, reader: Reader) => {
    const guardianId = record.guardianId;
    if (guardianId == null) return;
    const refused = () =>
        badRequest("The guardian must be another customer who is nobody's ward", {
            guardianId: 'app.validation.guardian',
        });
    if (guardianId === id) throw refused();
    const guardian = await reader.get('customers', guardianId as number);
    if (guardian && guardian.guardianId != null) throw refused();
    if (id !== undefined && (await reader.count('customers', { guardianId: id as number })) > 0) throw refused();
};

export const customerRules: WriteRules = {
    createSchema,
    create: async ({ confirmDuplicate, ...input }, { tx }) => {
        await checkGuardian(input, undefined, tx);
        // A new customer has linked no Telegram chat yet, and consented to nothing in the portal. A contact
        // not given is null, as both engines answer it.
        const stored = await withStoredPhone(input, null, tx);
        const record: Row = {
            ...stored,
            phone: stored.phone ?? null,
            email: stored.email ?? null,
            telegramLinked: false,
            consentAt: null,
        };
        if (confirmDuplicate === true) return record;
        const number = phoneNumberKey(record.phone);
        if (number.length < phoneDigitsNeeded) return record;
        // A ward given their guardian's phone shares it with their family: the guardian and the guardian's
        // other wards are not duplicates of them.
        const family = (customer: Row) =>
            record.guardianId != null &&
            (customer.id === record.guardianId || customer.guardianId === record.guardianId);
        const same = (await tx.select('customers', [{ field: 'phone', kind: 'samePhone', number }])).filter(
            customer => !family(customer),
        );
        if (!same.length) return record;
        const duplicates = same.map(customer => ({
            id: customer.id,
            name: personName(customer),
        }));
        throw conflict(
            `A customer with this phone already exists: ${duplicates.map(duplicate => duplicate.name).join(', ')}. Send confirmDuplicate: true to add another.`,
            { phone: 'app.validation.duplicate_phone' },
            { duplicates },
        );
    },
    // The linked Telegram chat, the portal's sign-in and the consent are the server's: an edit of the card keeps them.
    update: async (record, before, { tx }) => {
        if (record.guardianId !== before.guardianId) await checkGuardian(record, before.id, tx);
        return {
            ...(await withStoredPhone(record, before, tx)),
            ...Object.fromEntries(
                Object.keys(collections.customers.hidden)
                    .filter(field => before[field] !== undefined)
                    .map(field => [field, before[field]]),
            ),
            consentAt: before.consentAt ?? null,
        };
    },
};
