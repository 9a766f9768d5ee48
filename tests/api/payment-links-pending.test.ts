import { describe, expect, it } from 'vitest';
import type { PaymentLink } from '../../src/domain/types';
import { freshPhone } from '../support/factories';
import { today } from '../support/money';
import { call, serverForEveryRole, type DemoRole } from '../support/server';

/*
 * A signed-in customer's payment links in the portal, on both engines: buying a plan again while its link
 * waits for payment answers that link (not a new one each press, nor one per press of many at once);
 * paying a pass's rest likewise, and when what is due changed meanwhile (part paid at the desk), the link
 * that asks more than is due is cancelled and a new one asks what is due now; past a handful of links
 * waiting at once, no more are made. Each test makes its own customers and plans.
 */

const served = serverForEveryRole();
const as = (role: DemoRole, method: string, path: string, json?: unknown) =>
    call(served.server.url, `/api${path}`, { method, token: served.tokens[role], json });

let made = 0;
const newCustomer = async (fields: object = {}) => {
    made += 1;
    const answer = await as('manager', 'POST', '/customers', {
        firstName: 'Pending',
        lastName: `Links ${made}`,
        phone: freshPhone(),
        email: `pending-links-${made}@example.com`,
        status: 'active',
        ...fields,
    });
    expect(answer.status, answer.text).toBe(201);
    return answer.body as unknown as { id: number };
};

const newPlan = async (price = 800) => {
    made += 1;
    const answer = await as('admin', 'POST', '/subscriptions', {
        name: `Pending plan ${made}`,
        price,
        visits: 8,
        validityDays: 30,
        directionIds: [],
        active: true,
        soldOnline: true,
    });
    expect(answer.status, answer.text).toBe(201);
    return answer.body as unknown as { id: number };
};

/** A portal session of the customer, through the sign-in link staff make on the card. */
const portalTokenOf = async (customerId: number) => {
    const link = await as('manager', 'POST', `/customers/${customerId}/sign-in-link`);
    const token = (link.body.url as unknown as string).split('/my/link/')[1];
    const spent = await call(served.server.url, '/api/portal/auth/link', { method: 'POST', json: { token } });
    expect(spent.status, spent.text).toBe(200);
    return spent.body.token as unknown as string;
};

const portal = (token: string, path: string, json: unknown = {}) =>
    call(served.server.url, `/api/portal${path}`, { method: 'POST', token, json });

const linksOf = async (customerId: number) =>
    (
        await served.clients.manager.getList('paymentLinks', {
            pagination: { page: 1, perPage: 1000 },
            sort: { field: 'createdAt', order: 'ASC' },
            filter: { customerId },
        })
    ).data as unknown as PaymentLink[];

describe('buying a plan in the portal while its link waits for payment', () => {
    it('answers the same link again, for the customer and for their ward apart', async () => {
        const parent = await newCustomer();
        const child = await newCustomer({ guardianId: parent.id });
        const plan = await newPlan();
        const token = await portalTokenOf(parent.id);

        const first = await portal(token, `/plans/${plan.id}/buy`);
        expect(first.status, first.text).toBe(201);
        const again = await portal(token, `/plans/${plan.id}/buy`);
        expect(again.status, again.text).toBe(200);
        expect(again.body).toEqual(first.body);

        const forChild = await portal(token, `/plans/${plan.id}/buy`, { customerId: child.id });
        expect(forChild.status).toBe(201);
        expect(forChild.body.linkId).not.toBe(first.body.linkId);
        expect((await portal(token, `/plans/${plan.id}/buy`, { customerId: child.id })).body).toEqual(forChild.body);

        expect(await linksOf(parent.id)).toEqual([
            expect.objectContaining({ id: first.body.linkId, status: 'pending', amount: 800 }),
        ]);
        expect(await linksOf(child.id)).toHaveLength(1);

        // Another plan is another link.
        const other = await newPlan(1200);
        const second = await portal(token, `/plans/${other.id}/buy`);
        expect(second.status).toBe(201);
        expect(second.body.linkId).not.toBe(first.body.linkId);
    });

    it('makes one link however many presses come at once', async () => {
        const customer = await newCustomer();
        const plan = await newPlan();
        const token = await portalTokenOf(customer.id);
        const answers = await Promise.all(Array.from({ length: 12 }, () => portal(token, `/plans/${plan.id}/buy`)));
        expect(answers.map(answer => answer.status).sort()).toEqual([...Array(11).fill(200), 201]);
        expect(new Set(answers.map(answer => answer.body.linkId)).size).toBe(1);
        expect(await linksOf(customer.id)).toHaveLength(1);
    });

    it('makes a new link once the waiting one is paid another way or cancelled', async () => {
        const customer = await newCustomer();
        const plan = await newPlan();
        const token = await portalTokenOf(customer.id);
        const first = await portal(token, `/plans/${plan.id}/buy`);
        expect((await as('manager', 'POST', `/paymentLinks/${first.body.linkId}/cancel`)).status).toBe(200);
        const next = await portal(token, `/plans/${plan.id}/buy`);
        expect(next.status).toBe(201);
        expect(next.body.linkId).not.toBe(first.body.linkId);
    });

    it('makes no more links past ten waiting at once: refused, naming why', async () => {
        const customer = await newCustomer();
        const token = await portalTokenOf(customer.id);
        const plans = await Promise.all(Array.from({ length: 11 }, () => newPlan()));
        for (const plan of plans.slice(0, 10)) expect((await portal(token, `/plans/${plan.id}/buy`)).status).toBe(201);
        const refused = await portal(token, `/plans/${plans[10].id}/buy`);
        expect(refused.status, refused.text).toBe(409);
        expect(refused.body.errors).toEqual({ status: 'app.portal.too_many_links' });
        // The links already made are still answered.
        expect((await portal(token, `/plans/${plans[0].id}/buy`)).status).toBe(200);
        expect(await linksOf(customer.id)).toHaveLength(10);
    });
});

describe("paying a pass's rest in the portal while its link waits for payment", () => {
    it('answers the same link; once part is paid at the desk, the link asking more is cancelled and a new one asks what is due', async () => {
        const customer = await newCustomer();
        const plan = await newPlan(3000);
        const sold = await as('manager', 'POST', '/passes/sell', {
            customerId: customer.id,
            subscriptionId: plan.id,
            startsOn: today,
            method: 'card',
            amount: 1000,
        });
        expect(sold.status, sold.text).toBe(201);
        const passId = (sold.body.pass as unknown as { id: number }).id;
        const token = await portalTokenOf(customer.id);

        const first = await portal(token, '/pay', { passId });
        expect(first.status, first.text).toBe(201);
        const again = await portal(token, '/pay', { passId });
        expect(again.status).toBe(200);
        expect(again.body).toEqual(first.body);
        expect(await linksOf(customer.id)).toEqual([
            expect.objectContaining({ id: first.body.linkId, purpose: 'balance', amount: 2000, status: 'pending' }),
        ]);

        const paid = await as('manager', 'POST', `/passes/${passId}/pay`, { amount: 500, method: 'cash' });
        expect(paid.status, paid.text).toBe(201);
        const changed = await portal(token, '/pay', { passId });
        expect(changed.status).toBe(201);
        expect(changed.body.linkId).not.toBe(first.body.linkId);
        const links = await linksOf(customer.id);
        expect(links.find(link => link.id === first.body.linkId)).toMatchObject({ status: 'cancelled' });
        expect(links.find(link => link.id === changed.body.linkId)).toMatchObject({
            status: 'pending',
            amount: 1500,
        });
        expect((await portal(token, '/pay', { passId })).body).toEqual(changed.body);
    });
});
