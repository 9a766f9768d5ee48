import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Membership, MembershipListRecord, PaymentMethod } from '../../src/domain/api/memberships';
import { chargeTime, firstPeriod, periodLastDay } from '../../src/domain/memberships';
import { studioToday } from '../../src/domain/time';
import type { Customer, Database, Pass, Payment, PaymentLink } from '../../src/domain/types';
import { testSignature } from '../../src/server/payments/signatures';
import { addCustomer, freshPhone } from '../support/factories';
import { addRenewingPlan, zone } from '../support/memberships';
import { checkoutId, settledView, testCards } from '../support/payOnline';
import { call, demoDb, serverForEveryRole, storedDatabase, type DemoRole } from '../support/server';

/*
 * Starting a membership over real HTTP, on both engines: staff make the first month's link for its payer
 * (the customer, or a ward's guardian), whose public page shows the terms and takes the ticked box as
 * the autopay consent; the test provider's checkout saves the card, and its verified notice records the
 * payment, the pass, the card, the membership and its consent, once however often it comes. A payment
 * after which no card was saved sells the plain pass and makes the managers a task. /my starts one too.
 */

const secret = 'membership-start-provider-secret';
const db = JSON.parse(readFileSync(demoDb, 'utf8')) as Database;
const plan = addRenewingPlan(db, 'Monthly renewing');
const plainPlan = db.subscriptions.find(one => one.active && !one.autoRenew)!;
db.configs[0].offerUrl = 'https://studio.example/offer';
// Receipts go through the provider: each payment needs someone to send its receipt to.
db.configs[0].receiptTaxSystem = 'usn_income';
let made = 0;
const person = (fields: Partial<Customer> = {}) => {
    made += 1;
    return addCustomer(db, {
        firstName: `Member${made}`,
        lastName: 'Start',
        phone: freshPhone(),
        email: `member${made}.start@example.test`,
        locale: 'en',
        ...fields,
    });
};
const adult = person();
const guardian = person();
const ward = person({ guardianId: guardian.id, email: null });
const noCard = person();
const twice = person();
const portalAdult = person();
const silentChild = person({ guardianId: guardian.id, email: null, phone: null });

const served = serverForEveryRole({
    db,
    env: { TEST_PROVIDER_SECRET: secret, TEST_PROVIDER_NOTICE_DELAY_MS: '0' },
});
const url = () => served.server.url;
const as = (role: DemoRole, method: string, path: string, json?: unknown) =>
    call(url(), `/api${path}`, { method, token: served.tokens[role], json });

const list = async <T>(resource: string, filter: object) =>
    (
        await served.clients.manager.getList(resource, {
            pagination: { page: 1, perPage: 100 },
            sort: { field: 'id', order: 'ASC' },
            filter,
        })
    ).data as unknown as T[];

const start = async (customerId: number, payerId?: number) => {
    const answer = await as('manager', 'POST', '/memberships', { customerId, subscriptionId: plan.id, payerId });
    expect(answer.status, answer.text).toBe(201);
    return answer.body as unknown as PaymentLink;
};

const pay = (linkId: string, json: object) =>
    call(url(), `/api/public/payment-links/${linkId}/pay`, { method: 'POST', json });

/** Pays the first month on the test provider's page with the box ticked; answers the attempt and its payment. */
const payFirstMonth = async (linkId: string) => {
    const begun = await pay(linkId, { consent: true });
    expect(begun.status, begun.text).toBe(200);
    const checkout = checkoutId(begun);
    // The provider was asked to save the card: its checkout says so.
    const shown = (await call(url(), `/api/public/test-checkout/${checkout}`)).body;
    expect(shown.savesCard).toBe(true);
    // Named as a membership in the studio's language, on the provider's page and the receipt.
    expect(shown.description).toContain(`${plan.name}: подписка`);
    const paid = await call(url(), `/api/public/test-checkout/${checkout}`, { method: 'POST', json: testCards.paid });
    expect(paid.status, paid.text).toBe(200);
    const attemptId = String(begun.body.attemptId);
    const view = await settledView(url(), linkId, attemptId);
    expect((view.body.attempt as { status: string }).status).toBe('succeeded');
    return { attemptId, checkout };
};

/** A notice signed as the test provider signs them, posted to its route. */
const notice = (body: object) => {
    const raw = JSON.stringify(body);
    return call(url(), '/api/public/providers/test', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Test-Signature': testSignature(raw, secret) },
        body: raw,
    });
};

const today = () => studioToday(zone, new Date());

describe('starting a membership (staff)', () => {
    it('is refused to teachers, for a plan that does not renew, a ward as payer, and through the links list', async () => {
        expect(
            (await as('teacher', 'POST', '/memberships', { customerId: adult.id, subscriptionId: plan.id })).status,
        ).toBe(403);
        const plain = await as('manager', 'POST', '/memberships', {
            customerId: adult.id,
            subscriptionId: plainPlan.id,
        });
        expect(plain.status).toBe(400);
        expect(plain.body.errors).toEqual({ subscriptionId: 'app.memberships.errors.not_renewing' });
        const byWard = await as('manager', 'POST', '/memberships', {
            customerId: adult.id,
            subscriptionId: plan.id,
            payerId: ward.id,
        });
        expect(byWard.status).toBe(400);
        expect(byWard.body.errors).toEqual({ payerId: 'app.memberships.errors.payer_ward' });
        const missing = await as('manager', 'POST', '/memberships', { customerId: adult.id });
        expect(missing.status).toBe(400);
        expect(Object.keys(missing.body.errors as object)).toEqual(['subscriptionId']);
        const generic = await as('manager', 'POST', '/paymentLinks', {
            customerId: adult.id,
            purpose: 'membership',
            subscriptionId: plan.id,
        });
        expect(generic.status).toBe(400);
        expect(generic.body.errors).toEqual({ purpose: 'app.memberships.errors.start_there' });
    });

    it('makes the link of the first month for the payer: a ward’s guardian by default', async () => {
        const link = await start(ward.id);
        expect(link).toMatchObject({
            purpose: 'membership',
            customerId: ward.id,
            payerId: guardian.id,
            subscriptionId: plan.id,
            amount: plan.price,
            status: 'pending',
        });
        expect(link.membershipId ?? null).toBeNull();
        // Pressing again while it waits answers the same link.
        expect((await start(ward.id)).id).toBe(link.id);
        expect((await start(adult.id)).payerId).toBe(adult.id);
    });

    it('sends a child’s receipt to the guardian who pays, the child having no contact', async () => {
        const link = await start(silentChild.id);
        expect(link.payerId).toBe(guardian.id);
        expect((await call(url(), `/api/public/payment-links/${link.id}`)).body.contactNeeded).toBe(false);
        const begun = await pay(link.id, { consent: true });
        expect(begun.status, begun.text).toBe(200);
        const shown = (await call(url(), `/api/public/test-checkout/${checkoutId(begun)}`)).body;
        expect(shown.receiptTo).toBe(guardian.email);
        // The guardian agreed, for the child.
        const [consent] = await list<{ customerId: number; terms: { customerId: number } }>('consents', {
            customerId: guardian.id,
            kind: 'autopay',
        });
        expect(consent.terms.customerId).toBe(silentChild.id);
    });

    it('shows the terms on the public page and takes no payment without the ticked box', async () => {
        const link = await start(adult.id);
        const page = await call(url(), `/api/public/payment-links/${link.id}`);
        const first = firstPeriod(today());
        expect(page.body.membership).toEqual({
            currency: 'RUB',
            prices: [{ fromPeriod: 1, amount: plan.price }],
            chargeDay: first.anchorDay,
            firstPeriod: { periodStart: first.periodStart, periodEnd: first.periodEnd },
            offerUrl: 'https://studio.example/offer',
            consentText: expect.stringContaining('charges it for my membership'),
        });
        for (const body of [{}, { consent: false }]) {
            const refused = await pay(link.id, body);
            expect(refused.status).toBe(400);
            expect(refused.body.errors).toEqual({ consent: 'app.memberships.errors.consent_required' });
        }
    });

    it('starts with the verified payment: the payment, the pass, the card, the membership and its consent, once', async () => {
        const link = await start(adult.id);
        const { attemptId, checkout } = await payFirstMonth(link.id);
        const [membership] = await list<MembershipListRecord>('memberships', { customerId: adult.id });
        const first = firstPeriod(today());
        expect(membership).toMatchObject({
            payerId: adult.id,
            subscriptionId: plan.id,
            status: 'active',
            period: 1,
            periodStart: first.periodStart,
            periodEnd: first.periodEnd,
            prices: [{ fromPeriod: 1, amount: plan.price }],
            nextChargeAt: chargeTime(first.periodEnd, zone),
            cancelAtPeriodEnd: false,
            paymentLinkId: link.id,
            customerName: `${adult.firstName} ${adult.lastName}`,
            payerName: `${adult.firstName} ${adult.lastName}`,
            planName: plan.name,
            currentPrice: plan.price,
            nextAmount: plan.price,
            cardTitle: 'Visa •• 4242',
        });
        const [pass] = await list<Pass>('passes', { customerId: adult.id });
        expect(pass).toMatchObject({ membershipId: membership.id, startsOn: first.periodStart });
        expect(pass.endsOn).toBe(periodLastDay(first.periodEnd));
        expect(membership.passId).toBe(pass.id);
        const payments = await list<Payment>('payments', { customerId: adult.id });
        expect(payments).toEqual([
            expect.objectContaining({ amount: plan.price, method: 'online', passId: pass.id, paymentLinkId: link.id }),
        ]);
        const [card] = await list<PaymentMethod>('paymentMethods', { customerId: adult.id });
        expect(card).toMatchObject({
            id: membership.paymentMethodId,
            status: 'active',
            title: 'Visa •• 4242',
            provider: 'test',
        });
        expect(card).not.toHaveProperty('token');
        expect(card).not.toHaveProperty('payerKey');
        const [consent] = await list<{ id: number; source: string; text: string; terms: Record<string, unknown> }>(
            'consents',
            { customerId: adult.id, kind: 'autopay' },
        );
        expect(consent.id).toBe(membership.consentId);
        expect(consent.source).toBe('payment_page');
        expect(consent.text).toContain('charges it for my membership');
        expect(consent.terms).toMatchObject({
            linkId: link.id,
            prices: [{ fromPeriod: 1, amount: plan.price }],
            chargeDay: first.anchorDay,
            cardSaved: true,
            cancel: expect.stringContaining('Cancel at any time'),
        });

        // The same notice again, and once more with another card: the attempt was settled, nothing changes.
        for (const token of ['test_pm_4242424242424242_aaaaaaaaaaaa', 'test_pm_4242424242424242_bbbbbbbbbbbb'])
            expect(
                (
                    await notice({
                        event: 'payment.succeeded',
                        paymentId: checkout,
                        attemptId,
                        amount: `${plan.price}.00`,
                        currency: 'RUB',
                        savedCard: { token, title: 'Visa •• 4242', expiresOn: '2030-12-31' },
                    })
                ).status,
            ).toBe(200);
        expect(await list('memberships', { customerId: adult.id })).toHaveLength(1);
        expect(await list('payments', { customerId: adult.id })).toHaveLength(1);
        expect(await list('paymentMethods', { customerId: adult.id })).toHaveLength(1);
        expect(await list('passes', { customerId: adult.id })).toHaveLength(1);

        // The token is kept to charge the card, never answered, and the trail shows it hidden.
        const stored = await storedDatabase(served.server);
        const kept = stored.paymentMethods.find(one => one.id === card.id) as unknown as Record<string, unknown>;
        expect(kept.token).toMatch(/^test_pm_4242424242424242_[0-9a-f]{12}$/);
        expect(kept.payerKey).toBe(`c${adult.id}`);
        const trail = await as(
            'admin',
            'GET',
            `/auditEntries?filter=${encodeURIComponent(JSON.stringify({ collection: 'paymentMethods' }))}`,
        );
        expect(trail.status).toBe(200);
        expect(trail.text).toContain('[hidden]');
        expect(trail.text).not.toContain(String(kept.token));
        expect((await as('admin', 'GET', `/paymentMethods/${card.id}`)).text).not.toContain(String(kept.token));
    });

    it('refuses a second membership of the plan, and the desk sale of it unless forced', async () => {
        const again = await as('manager', 'POST', '/memberships', { customerId: adult.id, subscriptionId: plan.id });
        expect(again.status).toBe(409);
        expect(again.body.errors).toEqual({ subscriptionId: 'app.memberships.errors.membership_active' });
        const sale = { customerId: adult.id, subscriptionId: plan.id, startsOn: today(), method: 'cash' };
        const refused = await as('manager', 'POST', '/passes/sell', sale);
        expect(refused.status).toBe(409);
        expect(refused.body.errors).toEqual({ subscriptionId: 'app.memberships.errors.membership_active' });
        expect((await as('manager', 'POST', '/passes/sell', { ...sale, force: true })).status).toBe(201);
        // Another plan sells as ever.
        expect((await as('manager', 'POST', '/passes/sell', { ...sale, subscriptionId: plainPlan.id })).status).toBe(
            201,
        );
    });

    it('a second link paid after the first started one is given back, not a second membership', async () => {
        const one = await start(twice.id);
        // Two links made before either is paid (another payer's is a link of its own).
        const other = await as('manager', 'POST', '/memberships', {
            customerId: twice.id,
            subscriptionId: plan.id,
            payerId: adult.id,
        });
        expect(other.status).toBe(201);
        await payFirstMonth(one.id);
        const refused = await pay(String(other.body.id), { consent: true });
        expect(refused.status).toBe(409);
        expect(refused.body.errors).toEqual({ status: 'app.memberships.errors.membership_active' });
        expect(await list('memberships', { customerId: twice.id })).toHaveLength(1);
    });

    it('sells the plain pass and makes the managers a task when the provider saved no card', async () => {
        const link = await start(noCard.id);
        const begun = await pay(link.id, { consent: true });
        expect(begun.status, begun.text).toBe(200);
        const answered = await notice({
            event: 'payment.succeeded',
            paymentId: checkoutId(begun),
            attemptId: begun.body.attemptId,
            amount: `${plan.price}.00`,
            currency: 'RUB',
        });
        expect(answered.status).toBe(200);
        await settledView(url(), link.id, String(begun.body.attemptId));
        expect(await list('memberships', { customerId: noCard.id })).toEqual([]);
        expect(await list('paymentMethods', { customerId: noCard.id })).toEqual([]);
        const [pass] = await list<Pass>('passes', { customerId: noCard.id });
        expect(pass.subscriptionId).toBe(plan.id);
        expect(pass.membershipId ?? null).toBeNull();
        expect(await list('payments', { customerId: noCard.id })).toEqual([
            expect.objectContaining({ amount: plan.price, passId: pass.id }),
        ]);
        const tasks = await list<{ source: string; kind: string; status: string; title: string }>('tasks', {
            customerId: noCard.id,
        });
        expect(tasks).toEqual([expect.objectContaining({ source: 'membership', kind: 'call', status: 'open' })]);
        expect(tasks[0].title.length).toBeGreaterThan(10);
    });
});

describe('starting a membership in /my', () => {
    const portalTokenOf = async (customerId: number) => {
        const link = await as('manager', 'POST', `/customers/${customerId}/sign-in-link`);
        const token = String(link.body.url).split('/my/link/')[1];
        const spent = await call(url(), '/api/portal/auth/link', { method: 'POST', json: { token } });
        expect(spent.status, spent.text).toBe(200);
        return String(spent.body.token);
    };

    it('shows the terms, needs the ticked box, records the consent and sends the payer to the provider', async () => {
        const token = await portalTokenOf(portalAdult.id);
        const terms = await call(url(), `/api/portal/memberships/terms?subscriptionId=${plan.id}`, { token });
        expect(terms.status, terms.text).toBe(200);
        expect(terms.body).toMatchObject({
            planName: plan.name,
            currency: 'RUB',
            prices: [{ fromPeriod: 1, amount: plan.price }],
            offerUrl: 'https://studio.example/offer',
        });
        const refused = await call(url(), '/api/portal/memberships', {
            method: 'POST',
            token,
            json: { subscriptionId: plan.id },
        });
        expect(refused.status).toBe(400);
        expect(refused.body.errors).toEqual({ consent: 'app.memberships.errors.consent_required' });
        // Another customer's child is not theirs to start for.
        const foreign = await call(url(), '/api/portal/memberships', {
            method: 'POST',
            token,
            json: { subscriptionId: plan.id, customerId: ward.id, consent: true },
        });
        expect(foreign.status).toBe(403);
        const started = await call(url(), '/api/portal/memberships', {
            method: 'POST',
            token,
            json: { subscriptionId: plan.id, consent: true },
        });
        expect(started.status, started.text).toBe(201);
        const checkout = String(started.body.confirmationUrl).split('/').pop();
        const [consent] = await list<{ source: string; terms: { linkId: string } }>('consents', {
            customerId: portalAdult.id,
            kind: 'autopay',
        });
        expect(consent.source).toBe('portal');
        const paid = await call(url(), `/api/public/test-checkout/${checkout}`, {
            method: 'POST',
            json: testCards.paid,
        });
        expect(paid.status).toBe(200);
        await expect
            .poll(async () => (await call(url(), '/api/portal/memberships', { token })).body, { timeout: 30_000 })
            .toEqual([
                expect.objectContaining({
                    customerId: portalAdult.id,
                    planName: plan.name,
                    status: 'active',
                    isPayer: true,
                    nextAmount: plan.price,
                    card: expect.objectContaining({ title: 'Visa •• 4242', status: 'active' }),
                }),
            ]);
        const [membership] = await list<Membership>('memberships', { customerId: portalAdult.id });
        expect(membership.paymentLinkId).toBe(consent.terms.linkId);
    });
});
