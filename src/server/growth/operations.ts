import { phoneDigitsNeeded, phoneNumberKey } from '../../domain/search';
import type { Identifier, StoredCustomer, Subscription } from '../../domain/types';
import { conflict } from '../http/errors';
import type { Reader, Transaction } from '../storage/types';
import { isOpenLead, openLeadsOf } from './rules';

/*
 * The growth room's transactions, each inside its caller's: a lead won when its customer's pass is paid,
 * the lead a sign-up in /my makes, and the check that a person has one trial ever. The rooms that sell
 * (money, payments, portal) and sign up (signIn) call them; growth imports none of them.
 */

/** A pass of this customer was sold and paid (at the desk, online, in /my): their open leads are won now. */
export const winLeads = async (tx: Transaction, customerId: Identifier, now: Date) => {
    const open = (await tx.select('leads', { customerId })).filter(lead => isOpenLead(lead.status));
    for (const lead of open) await tx.update('leads', { ...lead, status: 'won', wonAt: now.toISOString() });
};

/**
 * The lead of someone who signed up in /my, with the customer made for them: new, from the portal. An
 * open lead of the same phone that has no customer yet (they called first) is theirs: it learns its
 * customer and e-mail rather than a second lead being made.
 */
export const leadOfSignUp = async (tx: Transaction, customer: StoredCustomer) => {
    const phone = customer.phone;
    if (!phone) return;
    const theirs = (await openLeadsOf(tx, phone)).find(lead => lead.customerId == null);
    if (theirs) {
        await tx.update('leads', { ...theirs, customerId: customer.id, email: theirs.email ?? customer.email ?? null });
        return;
    }
    await tx.insert('leads', {
        name: `${customer.firstName} ${customer.lastName}`.trim(),
        phone,
        email: customer.email ?? null,
        childName: null,
        directionId: null,
        source: 'portal',
        utm: null,
        referrerId: null,
        status: 'new',
        lostReason: null,
        ownerId: null,
        customerId: customer.id,
        notes: null,
        wonAt: null,
    });
};

/**
 * A ward reached through their guardian (no phone of their own, or the guardian's) is a person apart from
 * the family whose phone they share: judged by their own passes only.
 */
const isWardByPhone = async (reader: Reader, customer: StoredCustomer) => {
    if (!customer.phone) return true;
    if (customer.guardianId == null) return false;
    return (await reader.get('customers', customer.guardianId))?.phone === customer.phone;
};

/** The customers who are the same person as this one for a trial: they, and the adults with their phone. */
const samePerson = async (reader: Reader, customer: StoredCustomer): Promise<Identifier[]> => {
    const number = phoneNumberKey(customer.phone ?? '');
    if ((await isWardByPhone(reader, customer)) || number.length < phoneDigitsNeeded) return [customer.id];
    const ids = [customer.id];
    for (const other of await reader.select('customers', [{ field: 'phone', kind: 'samePhone', number }]))
        if (other.id !== customer.id && !(await isWardByPhone(reader, other as StoredCustomer))) ids.push(other.id);
    return ids;
};

/**
 * A trial plan is sold to a person once ever, wherever (the desk, a payment link, /my): refused (409) when
 * they, or another card of theirs (the same phone), have a trial pass not cancelled. The desk may force it.
 */
export const refuseSecondTrial = async (reader: Reader, customerId: Identifier, plan: Subscription) => {
    if (!plan.trial) return;
    const customer = (await reader.get('customers', customerId)) as StoredCustomer | undefined;
    if (!customer) return;
    const trialPlans = (await reader.select('subscriptions', { trial: true })).map(one => one.id);
    const people = await samePerson(reader, customer);
    const passes = await reader.select('passes', { customerId: people, subscriptionId: trialPlans });
    if (passes.some(pass => !pass.cancelled))
        throw conflict('This person has had a trial pass already: a trial is sold once', {
            subscriptionId: 'app.money.errors.trial_used',
        });
};
