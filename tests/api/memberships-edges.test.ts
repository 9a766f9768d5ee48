import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, PaymentLink } from '../../src/domain/types';
import { addCustomer, addEvent, addPass, freshPhone, nextId } from '../support/factories';
import { addMembership, addRenewingPlan, membershipReads } from '../support/memberships';
import { payOnline } from '../support/payOnline';
import { call, demoDb, login, removeDir, startServer, type RunningServer } from '../support/server';

/*
 * The memberships' paths at their edges, on both engines, over one server with the built-in test provider
 * and its clock on 20 March 2031, 08:00 in Moscow: the link that pays a past-due month with a new card, paid
 * after the membership ended unpaid, sells that month's pass and keeps the money, and the membership stays
 * ended with a task for staff to call; a held pass's month, not paid yet, earns nothing in the statistics
 * while a paid pass's visit does. And, on a second server on a public address with no payment provider,
 * no membership starts, from the desk or from /my, and nothing is written.
 */

const now = new Date('2031-03-20T05:00:00.000Z');
const db = JSON.parse(readFileSync(demoDb, 'utf8')) as Database;
const plan = addRenewingPlan(db, 'Monthly edges');
plan.soldOnline = true;

// (a) Started on 20 January; its card was declined for the card at the February charge, and a link to pay
// February–March with a new card went out, good until 10:00 on 20 March. Past due all the month, it ended
// unpaid at the first run of 20 March; the payer pays the link at 08:00 all the same.
const late = addMembership(db, plan, { firstName: 'Late', startsOn: '2031-01-20' });
Object.assign(late.membership, {
    status: 'ended',
    endReason: 'unpaid',
    endedAt: '2031-03-19T21:00:05.000Z',
    nextChargeAt: null,
});
late.card.status = 'expired';
const lateLink: PaymentLink = {
    id: 'late-membership-period-link',
    customerId: late.customer.id,
    purpose: 'membership',
    subscriptionId: plan.id,
    passId: null,
    penaltyId: null,
    amount: 3500,
    description: null,
    status: 'pending',
    expiresAt: '2031-03-20T07:00:00.000Z',
    paidAt: null,
    paymentId: null,
    payerId: late.customer.id,
    membershipId: late.membership.id,
    createdAt: '2031-02-20T07:00:03.000Z',
};
db.paymentLinks.push(lateLink);

// (d) Two customers at one class on 5 March: one on the held pass of a membership past due in its grace
// days (the charge declined for money), the other on a paid pass of the same plan.
const owing = addMembership(db, plan, { firstName: 'Owing', startsOn: '2031-02-03' });
const held = addPass(db, {
    customerId: owing.customer.id,
    subscriptionId: plan.id,
    name: plan.name,
    price: 3500,
    visitsTotal: 8,
    visitsUsed: 1,
    startsOn: '2031-03-03',
    endsOn: '2031-03-05',
    membershipId: owing.membership.id,
    held: true,
});
Object.assign(owing.membership, { status: 'past_due', heldPassId: held.id, nextChargeAt: '2031-03-22T07:00:00.000Z' });
const paying = addCustomer(db, { firstName: 'Paying', lastName: 'Member', phone: freshPhone() });
const paid = addPass(db, {
    customerId: paying.id,
    subscriptionId: plan.id,
    name: plan.name,
    price: 3500,
    visitsTotal: 8,
    visitsUsed: 1,
    startsOn: '2031-03-01',
    endsOn: '2031-03-31',
});
paid.paymentId = nextId(db.payments);
db.payments.push({
    id: paid.paymentId,
    createdAt: '2031-03-01T09:00:00.000Z',
    customerId: paying.id,
    kind: 'payment',
    amount: 3500,
    method: 'card',
    passId: paid.id,
    paymentLinkId: null,
    paidAt: '2031-03-01T09:00:00.000Z',
    note: null,
    createdBy: 1,
});
const lesson = addEvent(db, '2031-03-05T19:00', { status: 'done' });
for (const [customerId, passId] of [
    [owing.customer.id, held.id],
    [paying.id, paid.id],
]) {
    db.attendances.push({
        id: nextId(db.attendances),
        eventId: lesson.id,
        customerId,
        status: 'attended',
        passId,
        charged: true,
        unpaid: false,
        markedBy: 3,
        createdAt: '2031-03-05T16:30:00.000Z',
    });
}

let server: RunningServer;
const { read } = membershipReads(() => server);
const servers: RunningServer[] = [];
afterAll(async () => {
    for (const one of servers) {
        await one.stop();
        removeDir(one.dir);
    }
});

describe('memberships at their edges', () => {
    beforeAll(async () => {
        server = await startServer({
            db,
            env: { TEST_PROVIDER_NOTICE_DELAY_MS: '0', MEMBERSHIPS_EVERY_MS: '3600000' },
            clock: () => now,
        });
        servers.push(server);
    });

    it("a month's link paid after the membership ended unpaid sells the month's pass, and the membership stays ended", async () => {
        // A new card, valid after the clock's 2031.
        const answer = await payOnline(server.url, lateLink.id, {
            card: { cardNumber: '4242 4242 4242 4242', expiry: '12/35', cvc: '123' },
        });
        expect(answer.status, answer.text).toBe(200);
        expect((answer.body.attempt as { status: string }).status).toBe('succeeded');

        const membership = await read.membership(late.membership.id);
        expect(membership).toMatchObject({ status: 'ended', endReason: 'unpaid', period: 1, nextChargeAt: null });
        expect(await read.charges(late.membership.id)).toEqual([]);
        // The money is kept with the month it paid for: a plain pass of the plan, paid online by the link.
        const payments = (await read.payments(late.customer.id)).filter(one => one.paymentLinkId === lateLink.id);
        expect(payments).toEqual([expect.objectContaining({ amount: 3500, method: 'online', kind: 'payment' })]);
        const passes = (await read.passes(late.customer.id)).filter(one => one.id === payments[0].passId);
        expect(passes).toEqual([
            expect.objectContaining({
                subscriptionId: plan.id,
                startsOn: '2031-02-20',
                endsOn: '2031-03-19',
                price: 3500,
                paymentId: payments[0].id,
            }),
        ]);
        expect(passes[0].held ?? false).toBe(false);
        expect(passes[0].membershipId ?? null).toBeNull();
        // No card is kept for a membership that is over: restarting it needs a new consent.
        const token = await login(server.url, 'manager');
        const cards = await call(
            server.url,
            `/api/paymentMethods?filter=${encodeURIComponent(JSON.stringify({ customerId: late.customer.id }))}`,
            { token },
        );
        expect(cards.status, cards.text).toBe(200);
        expect((cards.body as unknown as { status: string }[]).map(card => card.status)).toEqual(['expired']);
        const link = await call(server.url, `/api/paymentLinks/${lateLink.id}`, { token });
        expect(link.body).toMatchObject({ status: 'paid', paymentId: payments[0].id, passId: passes[0].id });
        // Staff are told to call: the payer may have meant to go on, or paid that month twice.
        const tasks = (await read.tasks(late.customer.id)) as unknown as {
            kind: string;
            source: string;
            membershipId: number;
            title: string;
            status: string;
        }[];
        expect(tasks).toEqual([
            expect.objectContaining({
                kind: 'call',
                source: 'membership',
                membershipId: late.membership.id,
                status: 'open',
            }),
        ]);
        expect(tasks[0].title).toMatch(/подписк/);
    });

    it("counts a held pass's unpaid month as neither income nor earned, and a paid pass's visit as earned", async () => {
        const token = await login(server.url, 'manager');
        const stats = await call(server.url, '/api/statistics/incomes?from=2031-03-05&to=2031-03-05', { token });
        expect(stats.status, stats.text).toBe(200);
        const { earned, total } = stats.body as unknown as { earned: { total: number }; total: number };
        // One visit of the paid pass: 3500 / 8; the held pass's visit earns nothing until its charge.
        expect(earned.total).toBe(437.5);
        expect(total).toBe(0);
        const owed = (await read.passes(owing.customer.id)).find(one => one.id === held.id);
        expect(owed).toMatchObject({ held: true, paymentId: null });
        // Only the first month's payment: the held month owes nothing and was not paid.
        expect(await read.payments(owing.customer.id)).toHaveLength(1);
    });
});

describe('a studio that takes no payments online', () => {
    let offline: RunningServer;
    const customer = () => late.customer.id;

    beforeAll(async () => {
        offline = await startServer({ db, env: { PUBLIC_URL: 'https://studio.example.com' }, clock: () => now });
        servers.push(offline);
    });

    it('starts no membership from the desk or from /my, says why, and writes nothing', async () => {
        const token = await login(offline.url, 'manager');
        const count = async (resource: string) => {
            const answer = await call(
                offline.url,
                `/api/${resource}?filter=${encodeURIComponent(JSON.stringify({ customerId: customer() }))}`,
                { token },
            );
            expect(answer.status, answer.text).toBe(200);
            return (answer.body as unknown as unknown[]).length;
        };
        const before = { links: await count('paymentLinks'), consents: await count('consents') };

        const staff = await call(offline.url, '/api/memberships', {
            method: 'POST',
            token,
            json: { customerId: customer(), subscriptionId: plan.id },
        });
        expect(staff.status, staff.text).toBe(409);
        expect(staff.body.errors).toEqual({ subscriptionId: 'app.memberships.errors.payments_off' });
        expect(String(staff.body.message)).toMatch(/Online payment is not set up/);

        const link = await call(offline.url, `/api/customers/${customer()}/sign-in-link`, { method: 'POST', token });
        expect(link.status, link.text).toBe(200);
        const spent = await call(offline.url, '/api/portal/auth/link', {
            method: 'POST',
            json: { token: String(link.body.url).split('/my/link/')[1] },
        });
        expect(spent.status, spent.text).toBe(200);
        const mine = await call(offline.url, '/api/portal/memberships', {
            method: 'POST',
            token: String(spent.body.token),
            json: { subscriptionId: plan.id, consent: true },
        });
        expect(mine.status, mine.text).toBe(409);
        expect(mine.body.errors).toEqual({ subscriptionId: 'app.memberships.errors.payments_off' });

        expect({ links: await count('paymentLinks'), consents: await count('consents') }).toEqual(before);
    });
});
