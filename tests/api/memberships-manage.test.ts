import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Membership, MembershipSummary, PaymentMethod, PortalMembership } from '../../src/domain/api/memberships';
import { addMonthsOn, chargeTime, monthlyRecurringRevenue, priceOfPeriod } from '../../src/domain/memberships';
import { addDays, studioToday } from '../../src/domain/time';
import type { Database } from '../../src/domain/types';
import { addCustomer, freshPhone, nextId } from '../support/factories';
import { addMembership, addRenewingPlan, zone } from '../support/memberships';
import { call, demoDb, serverForEveryRole, storedDatabase, type DemoRole } from '../support/server';

/*
 * A running membership managed over real HTTP, on both engines: staff cancel it (nothing more is
 * charged, it ends with its period) and resume it while the period runs; in /my only its payer does,
 * and removes the saved card, after which nothing is charged to it (a charge being made is waited for).
 * The list protocol never writes memberships, cards or charges; the dashboard's figures add them up.
 */

const today = studioToday(zone, new Date());
/** The first day of a membership whose period ends (and is charged) `days` from today. */
const startFor = (days: number) => {
    const end = addDays(today, days);
    return addMonthsOn(end, -1, Number(end.slice(8, 10)));
};

const db = JSON.parse(readFileSync(demoDb, 'utf8')) as Database;
/** The demo's own memberships, whose charges fell due on the days it was made for, long past. */
const demoMemberships = structuredClone(db.memberships);
const demoDue = demoMemberships.filter(
    one => one.status !== 'ended' && one.nextChargeAt != null && !one.cancelAtPeriodEnd,
);
const plan = addRenewingPlan(db, 'Monthly managed');
const own = addMembership(db, plan, { firstName: 'Olga', startsOn: addDays(today, -5) });
const family = addMembership(db, plan, { firstName: 'Kid', startsOn: addDays(today, -3) });
const guardian = addCustomer(db, {
    firstName: 'Greta',
    lastName: 'Guardian',
    phone: freshPhone(),
    email: 'greta.guardian@example.test',
    locale: 'en',
});
// The child attends, the guardian pays with her card.
family.customer.guardianId = guardian.id;
family.membership.payerId = guardian.id;
family.card.customerId = guardian.id;
const due = addMembership(db, plan, {
    firstName: 'Dana',
    startsOn: startFor(5),
    fields: {
        prices: [
            { fromPeriod: 1, amount: 3500 },
            { fromPeriod: 2, amount: 4000 },
        ],
    },
});
addMembership(db, plan, {
    firstName: 'Pavel',
    startsOn: startFor(-1),
    fields: { status: 'past_due', nextChargeAt: null },
});
const over = addMembership(db, plan, {
    firstName: 'Eva',
    startsOn: startFor(-40),
    fields: { status: 'ended', endReason: 'staff', nextChargeAt: null },
});
// A charge on Eva's card is being asked of the provider right now.
db.charges.push({
    id: nextId(db.charges),
    createdAt: new Date().toISOString(),
    membershipId: over.membership.id,
    periodStart: over.membership.periodEnd,
    attempt: 1,
    key: `test-m${over.membership.id}-pending`,
    provider: 'test',
    paymentMethodId: over.card.id,
    amount: 3500,
    status: 'pending',
    reason: null,
    cause: null,
    providerPaymentId: null,
    noticeMessageId: null,
    paymentId: null,
    settledAt: null,
});
const lapsed = addMembership(db, plan, {
    firstName: 'Lena',
    startsOn: startFor(0),
    fields: { cancelAtPeriodEnd: true, endReason: 'customer', nextChargeAt: null },
});

const served = serverForEveryRole({ db });
const url = () => served.server.url;
const as = (role: DemoRole, method: string, path: string, json?: unknown) =>
    call(url(), `/api${path}`, { method, token: served.tokens[role], json });
const readMembership = async (id: number) =>
    (await served.clients.manager.getOne('memberships', { id })).data as unknown as Membership;

const portalTokenOf = async (customerId: number) => {
    const link = await as('manager', 'POST', `/customers/${customerId}/sign-in-link`);
    expect(link.status, link.text).toBe(200);
    const token = String(link.body.url).split('/my/link/')[1];
    const spent = await call(url(), '/api/portal/auth/link', { method: 'POST', json: { token } });
    expect(spent.status, spent.text).toBe(200);
    return String(spent.body.token);
};
const portal = (token: string, method: string, path: string) => call(url(), `/api/portal${path}`, { method, token });

describe('the dashboard’s figures of memberships', () => {
    it('add up the monthly revenue, the past due and the charges of the next 7 days', async () => {
        const summary = await as('manager', 'GET', '/memberships/summary');
        expect(summary.status, summary.text).toBe(200);
        // Olga, the child, Dana (3500 in her first month) and Pavel; Eva ended, Lena ends with her period;
        // and the demo's own.
        expect(summary.body as unknown as MembershipSummary).toEqual({
            mrr: 14000 + monthlyRecurringRevenue(demoMemberships),
            pastDue: 1 + demoMemberships.filter(membership => membership.status === 'past_due').length,
            // Dana's second month, at its consented price, and the demo's charges overdue.
            dueIn7Days: {
                count: 1 + demoDue.length,
                amount: 4000 + demoDue.reduce((sum, one) => sum + priceOfPeriod(one.prices, one.period + 1), 0),
            },
        });
        expect((await as('teacher', 'GET', '/memberships/summary')).status).toBe(403);
    });
});

describe('the list protocol', () => {
    it('never writes memberships, saved cards or charges', async () => {
        const paths = [
            `/memberships/${own.membership.id}`,
            `/paymentMethods/${own.card.id}`,
            `/charges/${db.charges[0].id}`,
        ];
        for (const path of paths)
            for (const method of ['PUT', 'PATCH', 'DELETE'])
                expect((await as('admin', method, path, { status: 'ended' })).status, `${method} ${path}`).toBe(405);
        expect((await as('admin', 'POST', '/paymentMethods', { customerId: own.customer.id })).status).toBe(405);
        expect((await as('admin', 'POST', '/charges', { membershipId: own.membership.id })).status).toBe(405);
        expect((await readMembership(own.membership.id)).status).toBe('active');
    });

    it('answers saved cards without what charges them', async () => {
        const cards = await as('manager', 'GET', '/paymentMethods');
        expect(cards.status).toBe(200);
        expect(cards.text).not.toContain('test_pm_');
        expect(cards.text).not.toContain('payerKey');
        expect((await as('teacher', 'GET', '/paymentMethods')).status).toBe(403);
    });
});

describe('cancelling and resuming', () => {
    it('by staff: nothing more is charged until it is resumed while the period runs', async () => {
        const id = own.membership.id;
        expect((await as('teacher', 'POST', `/memberships/${id}/cancel`)).status).toBe(403);
        const cancelled = await as('manager', 'POST', `/memberships/${id}/cancel`);
        expect(cancelled.status, cancelled.text).toBe(200);
        expect(cancelled.body).toMatchObject({
            id,
            status: 'active',
            cancelAtPeriodEnd: true,
            nextChargeAt: null,
            endReason: 'staff',
        });
        // Cancelling again changes nothing.
        expect((await as('manager', 'POST', `/memberships/${id}/cancel`)).body).toMatchObject({
            cancelAtPeriodEnd: true,
        });
        const resumed = await as('manager', 'POST', `/memberships/${id}/resume`);
        expect(resumed.status, resumed.text).toBe(200);
        expect(resumed.body).toMatchObject({
            cancelAtPeriodEnd: false,
            endReason: null,
            nextChargeAt: chargeTime(own.membership.periodEnd, zone),
        });
        expect((await as('manager', 'POST', '/memberships/999999/cancel')).status).toBe(404);
    });

    it('is refused once the membership ended or its period is over', async () => {
        const ended = await as('manager', 'POST', `/memberships/${over.membership.id}/cancel`);
        expect(ended.status).toBe(409);
        expect(ended.body.errors).toEqual({ status: 'app.memberships.errors.ended' });
        const late = await as('manager', 'POST', `/memberships/${lapsed.membership.id}/resume`);
        expect(late.status).toBe(409);
        // The job may already have ended it at its period's end: refused either way.
        expect(['app.memberships.errors.not_resumable', 'app.memberships.errors.ended']).toContain(
            (late.body.errors as Record<string, string>).status,
        );
    });

    it('in /my by the payer only; the child sees it without paying for it', async () => {
        const id = family.membership.id;
        const payer = await portalTokenOf(guardian.id);
        const child = await portalTokenOf(family.customer.id);
        const seenByPayer = (await portal(payer, 'GET', '/memberships')).body as unknown as PortalMembership[];
        expect(seenByPayer).toEqual([
            expect.objectContaining({
                id,
                customerId: family.customer.id,
                isPayer: true,
                status: 'active',
                nextAmount: 3500,
                card: { id: family.card.id, title: 'Visa •• 4242', expiresOn: '2030-12-31', status: 'active' },
            }),
        ]);
        const seenByChild = (await portal(child, 'GET', '/memberships')).body as unknown as PortalMembership[];
        expect(seenByChild).toEqual([expect.objectContaining({ id, isPayer: false })]);
        expect((await portal(child, 'POST', `/memberships/${id}/cancel`)).status).toBe(403);
        const cancelled = await portal(payer, 'POST', `/memberships/${id}/cancel`);
        expect(cancelled.status, cancelled.text).toBe(200);
        expect(cancelled.body).toMatchObject({
            id,
            cancelAtPeriodEnd: true,
            nextChargeAt: null,
            endReason: 'customer',
        });
        expect((await readMembership(id)).endReason).toBe('customer');
        const resumed = await portal(payer, 'POST', `/memberships/${id}/resume`);
        expect(resumed.body).toMatchObject({ id, cancelAtPeriodEnd: false, endReason: null });
        expect(resumed.body.nextChargeAt).toBe(chargeTime(family.membership.periodEnd, zone));
        // A staff token opens nothing of the portal.
        expect((await call(url(), '/api/portal/memberships', { token: served.tokens.manager })).status).toBe(401);
    });
});

describe('removing the saved card in /my', () => {
    it('waits for a charge being made on it', async () => {
        const token = await portalTokenOf(over.customer.id);
        const refused = await portal(token, 'DELETE', `/payment-methods/${over.card.id}`);
        expect(refused.status).toBe(409);
        expect(refused.body.errors).toEqual({ status: 'app.memberships.errors.charge_pending' });
        const card = (await served.clients.manager.getOne('paymentMethods', { id: over.card.id })).data;
        expect(card.status).toBe('active');
    });

    it('is its payer’s only, and stops every charge on it at once', async () => {
        const token = await portalTokenOf(own.customer.id);
        // Another payer's card is not found.
        expect((await portal(token, 'DELETE', `/payment-methods/${due.card.id}`)).status).toBe(404);
        const removed = await portal(token, 'DELETE', `/payment-methods/${own.card.id}`);
        expect(removed.status, removed.text).toBe(200);
        expect(removed.body).toEqual({ removed: true });
        const card = (await served.clients.manager.getOne('paymentMethods', { id: own.card.id }))
            .data as unknown as PaymentMethod;
        expect(card.status).toBe('removed');
        expect(card.removedAt).toEqual(expect.any(String));
        // What charged it is gone; the membership still names the card it was charged to.
        const stored = await storedDatabase(served.server);
        const kept = stored.paymentMethods.find(one => one.id === own.card.id) as unknown as Record<string, unknown>;
        expect(kept.token ?? null).toBeNull();
        expect(kept.payerKey ?? null).toBeNull();
        expect((await readMembership(own.membership.id)).paymentMethodId).toBe(own.card.id);
        const [mine] = (await portal(token, 'GET', '/memberships')).body as unknown as PortalMembership[];
        expect(mine.card).toMatchObject({ id: own.card.id, status: 'removed' });
        // Removing it again answers the same.
        expect((await portal(token, 'DELETE', `/payment-methods/${own.card.id}`)).body).toEqual({ removed: true });
    });
});
