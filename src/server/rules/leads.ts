import { statusAfterStarting } from '../../domain/statuses';
import type { Identifier, StoredCustomer } from '../../domain/types';
import type { Transaction } from '../storage/types';

/**
 * A lead's first purchase or booking makes them a customer (a trial pass, a customer on trial): called
 * wherever a pass is sold (the desk, a payment link paid online) and a seat is booked, with the plan
 * that pays (none: a seat booked without a pass).
 */
export const advanceLead = async (tx: Transaction, customerId: Identifier, planId: Identifier | null | undefined) => {
    const customer = (await tx.get('customers', customerId)) as StoredCustomer | undefined;
    if (!customer || (customer.status !== 'lead' && customer.status !== 'trial')) return;
    const plan = planId == null ? undefined : await tx.get('subscriptions', planId);
    const statuses = await tx.select('statuses', { name: 'customer' });
    const next = statusAfterStarting(customer.status, statuses, plan?.trial === true);
    if (next) await tx.update('customers', { ...customer, status: next });
};
