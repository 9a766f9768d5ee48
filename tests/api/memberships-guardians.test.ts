import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { addDays, studioToday } from '../../src/domain/time';
import type { Customer, Database } from '../../src/domain/types';
import { addCustomer, freshPhone } from '../support/factories';
import { addMembership, addRenewingPlan, zone } from '../support/memberships';
import { call, demoDb, serverForEveryRole } from '../support/server';

/*
 * A guardian who pays a running membership of their ward stays the ward's guardian while it runs, on
 * both engines: the link removed or moved to another guardian is refused (409, naming the membership),
 * whoever edits the card; once the membership has ended, the link changes as any.
 */

const today = studioToday(zone, new Date());
const db = JSON.parse(readFileSync(demoDb, 'utf8')) as Database;
const plan = addRenewingPlan(db, 'Monthly family');

const guardianNamed = (firstName: string) =>
    addCustomer(db, {
        firstName,
        lastName: 'Guardian',
        phone: freshPhone(),
        email: `${firstName.toLowerCase()}.guardian@example.test`,
        locale: 'en',
    });

/** A ward whose membership `guardian` pays with her card. */
const wardPaidBy = (firstName: string, guardian: Customer, fields = {}) => {
    const started = addMembership(db, plan, { firstName, startsOn: addDays(today, -3), fields });
    started.customer.guardianId = guardian.id;
    started.membership.payerId = guardian.id;
    started.card.customerId = guardian.id;
    return started;
};

const greta = guardianNamed('Greta');
const other = guardianNamed('Olga');
const kid = wardPaidBy('Kid', greta);
const ending = wardPaidBy('Ending', greta, { cancelAtPeriodEnd: true, endReason: 'customer' });
const done = wardPaidBy('Done', greta, { status: 'ended', endReason: 'customer', nextChargeAt: null });

const served = serverForEveryRole({ db });
const relink = async (customerId: number, guardianId: number | null) => {
    const token = served.tokens.manager;
    const stored = await call(served.server.url, `/api/customers/${customerId}`, { token });
    expect(stored.status, stored.text).toBe(200);
    return call(served.server.url, `/api/customers/${customerId}`, {
        method: 'PUT',
        token,
        json: { ...stored.body, guardianId },
    });
};

describe("a paying guardian's link to the ward", () => {
    it('is kept while the membership runs, even set to cancel: 409 naming it', async () => {
        for (const { customer, membership } of [kid, ending])
            for (const guardianId of [null, other.id]) {
                const refused = await relink(customer.id, guardianId);
                expect(refused.status, refused.text).toBe(409);
                expect(refused.body.errors).toEqual({ guardianId: 'app.memberships.errors.guardian_pays' });
                expect(refused.body.membership).toEqual({ id: membership.id, planName: 'Monthly family' });
                expect(refused.text).toContain('Monthly family');
            }
        const kept = await call(served.server.url, `/api/customers/${kid.customer.id}`, {
            token: served.tokens.admin,
        });
        expect(kept.body.guardianId).toBe(greta.id);
    });

    it('changes once the membership has ended, and other edits of the card go through', async () => {
        const moved = await relink(done.customer.id, other.id);
        expect(moved.status, moved.text).toBe(200);
        expect(moved.body.guardianId).toBe(other.id);
        const removed = await relink(done.customer.id, null);
        expect(removed.status, removed.text).toBe(200);
        const token = served.tokens.manager;
        const stored = await call(served.server.url, `/api/customers/${kid.customer.id}`, { token });
        const edited = await call(served.server.url, `/api/customers/${kid.customer.id}`, {
            method: 'PUT',
            token,
            json: { ...stored.body, notes: 'Comes after school' },
        });
        expect(edited.status, edited.text).toBe(200);
    });
});
