import type { ActivePassSummary } from '../../domain/money';
import { isActiveOn, visitsLeft } from '../../domain/passes';
import { studioToday } from '../../domain/time';
import type { Identifier, Pass } from '../../domain/types';
import type { Filter, Reader, Scalar } from '../storage/types';
import { studioConfig } from './studio';
import { passBalances } from '../money';
import { feesOwedBy } from '../policy';
import { samePhoneFilter } from './phoneDigits';
import type { ComputedFilter, ListFields } from './types';

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
