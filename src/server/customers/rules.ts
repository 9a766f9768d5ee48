import { collections } from '../../domain/collections';
import { customerSchema } from '../../domain/schemas';
import { personName } from '../../domain/journal';
import { phoneDigitsNeeded, phoneNumberKey } from '../../domain/search';
import { z } from 'zod';
import { badRequest, conflict } from '../http/errors';
import { samePhoneFilter, withStoredPhone } from './phones';
import type { ComputedFilter, ListFields, WriteRules } from '../rules/types';
import type { Filter, Reader, Row, Scalar } from '../storage/types';
import type { ActivePassSummary } from '../../domain/money';
import { isActiveOn, visitsLeft } from '../../domain/passes';
import { studioToday } from '../../domain/time';
import type { Identifier, Pass } from '../../domain/types';
import { studioConfig } from '../rules/studio';
import { passBalances } from '../money';
import { feesOwedBy } from '../policy';
import { refuseGuardianPaying } from '../memberships';
import { erasedStatus, isErased } from '../../domain/privacy';
import { erasedRefusal } from '../rules/erased';

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

/** The erased status is the erasure's alone (POST /api/customers/:id/erase): no card is given it by hand. */
const refuseErasedStatus = (record: Row) => {
    if (record.status === erasedStatus)
        throw badRequest('A card is erased only by erasing its personal data', {
            status: 'app.privacy.status_reserved',
        });
};

export const customerRules: WriteRules<'customers'> = {
    createSchema,
    create: async ({ confirmDuplicate, ...input }, { tx }) => {
        refuseErasedStatus(input);
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
    readOnly: before => (isErased(before) ? erasedRefusal() : undefined),
    update: async (record, before, { tx }) => {
        if (isErased(before)) throw erasedRefusal();
        refuseErasedStatus(record);
        if (record.guardianId !== before.guardianId) {
            await checkGuardian(record, before.id, tx);
            if (before.guardianId != null) await refuseGuardianPaying(tx, before.id, before.guardianId as number);
        }
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

/*
 * The customer list's computed parts: the filters "has an active pass" and "has a debt", and the
 * active pass and unpaid visits shown beside each customer of a page.
 */

/**
 * Passes active today (at `now`) in the studio's time zone, among those `where` names: only passes not
 * yet ended are read, then the pure rule decides (freezes, used-up visits, cancelled).
 */
const activePasses = async (reader: Reader, now: Date, where: Filter[] = []): Promise<Pass[]> => {
    const today = studioToday((await studioConfig(reader)).timezone, now);
    const passes = await reader.select('passes', [...where, { field: 'endsOn', kind: 'gte', value: today }]);
    return passes.filter(pass => isActiveOn(pass, today));
};

/**
 * The filter on the customer's own id that asks for the customers in `ids` (true), those not in it
 * (false), or either (both asked: no filter). Values come typed from JSON, so "true" means true.
 */
const byMembership = (values: Scalar[], ids: Identifier[]): Filter[] => {
    const wanted = new Set(values.map(String));
    if (wanted.has('true') && wanted.has('false')) return [];
    if (wanted.has('false')) return [{ field: 'id', kind: 'excludes', values: ids }];
    // Asking for neither matches nobody, as an equality filter on a value no record has.
    return [{ field: 'id', kind: 'equals', values: wanted.has('true') ? ids : [] }];
};

const distinct = (ids: Identifier[]): Identifier[] => [...new Set(ids)];

/** Customers with a pass active today, and customers with unpaid visits. */
export const customerFilters: Record<string, ComputedFilter> = {
    activePass: async (values, reader, now) =>
        byMembership(values, distinct((await activePasses(reader, now)).map(pass => pass.customerId))),
    debt: async (values, reader) =>
        byMembership(
            values,
            distinct((await reader.select('attendances', { unpaid: true })).map(attendance => attendance.customerId)),
        ),
    phoneDigits: samePhoneFilter,
};

/**
 * What the customer list shows beside each customer on a page, computed over that page's passes and
 * attendances only: the active pass today ending soonest, the number of unpaid visits, and what is
 * still due on all their passes (a part payment's rest) and in penalty fees. Read-only:
 * the customer schema strips them from any write.
 */
export const customerListFields: ListFields = async (page, reader, _site, now) => {
    const ids = page.map(record => record.id as Identifier);
    const activePass = new Map<Identifier, Pass>();
    for (const pass of await activePasses(reader, now, [{ field: 'customerId', kind: 'equals', values: ids }])) {
        const held = activePass.get(pass.customerId);
        if (!held || pass.endsOn < held.endsOn) activePass.set(pass.customerId, pass);
    }
    const debts = new Map<Identifier, number>();
    for (const attendance of await reader.select('attendances', { customerId: ids, unpaid: true })) {
        debts.set(attendance.customerId, (debts.get(attendance.customerId) ?? 0) + 1);
    }
    // Fees of penalties applied and not paid, then what is due on the passes.
    const owed = await feesOwedBy(reader, ids);
    const passes = await reader.select('passes', { customerId: ids, cancelled: false });
    const ownerOf = new Map(passes.map(pass => [pass.id, pass.customerId]));
    for (const [passId, { balanceDue }] of await passBalances(passes, reader)) {
        const customerId = ownerOf.get(passId) as Identifier;
        // Summed in cents, as every sum of money is, so that 0.1 + 0.2 owes 0.3.
        owed.set(customerId, (owed.get(customerId) ?? 0) + Math.round(balanceDue * 100));
    }
    return record => {
        const pass = activePass.get(record.id as Identifier);
        const summary: ActivePassSummary | null = pass
            ? { name: pass.name, endsOn: pass.endsOn, visitsLeft: visitsLeft(pass) }
            : null;
        return {
            activePass: summary,
            unpaidVisits: debts.get(record.id as Identifier) ?? 0,
            balanceDue: (owed.get(record.id as Identifier) ?? 0) / 100,
        };
    };
};
