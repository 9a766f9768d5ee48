import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { Database, OnlinePayment, Pass, Payment, PaymentLink } from '../../src/domain/types';
import { deskServer } from '../support/desk';
import { beginPayment, checkoutId, payOnline, settledView, testCards } from '../support/payOnline';
import { call, demoDb, login, removeDir, startServer } from '../support/server';

/*
 * A payment link for what is still due on a pass: made from the pass, for what is due or less, and
 * paid on the public page as a payment on that pass (no new pass), taken by nobody on the staff; refused
 * when the pass no longer owes what the link asks. And the address a link is sent at.
 */

const { served, request, newCustomer, sell, passOf, pay } = deskServer();

type LinkRow = PaymentLink & { url: string };

const balanceLink = (customerId: number, passId: number, fields: object = {}) =>
    request('POST', '/paymentLinks', 'manager', { purpose: 'balance', customerId, passId, ...fields });

/** Pays the link on the test provider's page as its customer: the link's page after, or the refusal. */
const payLink = (id: string) => payOnline(served.server.url, id);

/**
 * The link's page once the payment is settled and, when it is given back, once the provider has refunded
 * it (settledView stops at `refunding`, the moment between the notice and the provider's refund).
 */
const refundedView = async (linkId: string, attemptId: string) => {
    for (let tries = 0; ; tries++) {
        const view = await settledView(served.server.url, linkId, attemptId);
        if ((view.body.attempt as { status: string }).status !== 'refunding' || tries > 200) return view;
        await new Promise(resolve => setTimeout(resolve, 25));
    }
};

/** The online payments begun on a link, as staff read them. */
const attemptsOf = async (paymentLinkId: string) =>
    (await request('GET', `/onlinePayments?filter=${encodeURIComponent(JSON.stringify({ paymentLinkId }))}`, 'manager'))
        .body as unknown as OnlinePayment[];

const ledgerOf = async (passId: number) =>
    (await request('GET', `/payments?filter=${encodeURIComponent(JSON.stringify({ passId }))}`, 'manager'))
        .body as unknown as Payment[];

const passesOf = async (customerId: number) =>
    (await request('GET', `/passes?filter=${encodeURIComponent(JSON.stringify({ customerId }))}`, 'manager'))
        .body as unknown as Pass[];

/** A customer of their own with a pass of plan 3 (5 200) paid 2 000, so 3 200 is due. */
const owing = async () => {
    const customerId = await newCustomer();
    const { pass } = await sell(customerId, 3, { amount: 2000 });
    return { customerId, pass };
};

describe('a payment link for the rest of a pass', () => {
    it('asks what is due on the pass, for its plan, and the page names the pass', async () => {
        const { customerId, pass } = await owing();
        const made = await balanceLink(customerId, pass.id);
        expect(made.status, JSON.stringify(made.body)).toBe(201);
        expect(made.body).toMatchObject({
            purpose: 'balance',
            customerId,
            passId: pass.id,
            subscriptionId: 3,
            amount: 3200,
            status: 'pending',
        });
        const page = await call(served.server.url, `/api/public/payment-links/${made.body.id as string}`);
        expect(page.body).toMatchObject({ purpose: 'balance', passName: pass.name, amount: 3200, status: 'pending' });
    });

    it('asks no more than is due, for a pass of the customer that owes something', async () => {
        const { customerId, pass } = await owing();
        expect(await balanceLink(customerId, pass.id, { amount: 3200.01 })).toMatchObject({
            status: 400,
            body: { errors: { amount: 'app.money.errors.more_than_due' } },
        });
        expect(await balanceLink(await newCustomer(), pass.id)).toMatchObject({
            status: 400,
            body: { errors: { passId: 'app.validation.reference' } },
        });
        expect(await request('POST', '/paymentLinks', 'manager', { purpose: 'balance', customerId })).toMatchObject({
            status: 400,
            body: { errors: { passId: 'ra.validation.required' } },
        });
        const paidUp = await sell(customerId, 3);
        expect(await balanceLink(customerId, paidUp.pass.id)).toMatchObject({
            status: 400,
            body: { errors: { amount: 'app.money.errors.nothing_due' } },
        });
    });

    it('is paid as a payment on the pass, online and taken by nobody on the staff, with no new pass', async () => {
        const { customerId, pass } = await owing();
        const link = (await balanceLink(customerId, pass.id)).body as unknown as PaymentLink;
        const paid = await payLink(link.id);
        expect(paid, JSON.stringify(paid.body)).toMatchObject({ status: 200, body: { status: 'paid' } });

        expect(await passesOf(customerId)).toHaveLength(1);
        expect(await passOf(pass.id)).toMatchObject({ paid: 5200, balanceDue: 0 });
        const online = (await ledgerOf(pass.id)).filter(entry => entry.paymentLinkId === link.id);
        expect(online).toEqual([
            expect.objectContaining({
                customerId,
                kind: 'payment',
                amount: 3200,
                method: 'online',
                passId: pass.id,
                createdBy: null,
            }),
        ]);
        const stored = (await request('GET', `/paymentLinks/${link.id}`, 'manager')).body;
        expect(stored).toMatchObject({ status: 'paid', passId: pass.id, paymentId: online[0].id });
    });

    it('pays less than is due when it asks less, and the rest stays due', async () => {
        const { customerId, pass } = await owing();
        const link = (await balanceLink(customerId, pass.id, { amount: 1000 })).body as unknown as PaymentLink;
        expect(await payLink(link.id)).toMatchObject({ status: 200, body: { status: 'paid' } });
        expect(await passOf(pass.id)).toMatchObject({ paid: 3000, balanceDue: 2200 });
    });

    it('is refused, with nothing charged or recorded, once the pass owes nothing or less than it asks', async () => {
        const { customerId, pass } = await owing();
        const link = (await balanceLink(customerId, pass.id)).body as unknown as PaymentLink;
        expect((await pay(pass.id, 1000)).status).toBe(201);
        expect(await payLink(link.id)).toMatchObject({
            status: 409,
            body: { errors: { status: 'app.payment_page.errors.due_changed' } },
        });
        expect((await pay(pass.id, 2200)).status).toBe(201);
        expect(await payLink(link.id)).toMatchObject({
            status: 409,
            body: { errors: { status: 'app.payment_page.errors.nothing_due' } },
        });
        // Refused before the provider is asked: no payment was begun.
        expect(await attemptsOf(link.id)).toEqual([]);
        expect((await ledgerOf(pass.id)).filter(entry => entry.paymentLinkId === link.id)).toEqual([]);
        expect((await request('GET', `/paymentLinks/${link.id}`, 'manager')).body).toMatchObject({
            status: 'pending',
        });
        expect(await passOf(pass.id)).toMatchObject({ paid: 5200, balanceDue: 0 });
    });

    it('gives back a payment begun while the pass owed it, once the desk was paid before the notice', async () => {
        const { customerId, pass } = await owing();
        const link = (await balanceLink(customerId, pass.id)).body as unknown as PaymentLink;
        const begun = await beginPayment(served.server.url, link.id);
        expect(begun.status, JSON.stringify(begun.body)).toBe(200);
        // The customer pays at the desk while the provider's page is open.
        expect((await pay(pass.id, 1000)).status).toBe(201);
        const checkout = await call(served.server.url, `/api/public/test-checkout/${checkoutId(begun)}`, {
            method: 'POST',
            json: testCards.paid,
        });
        expect(checkout.status).toBe(200);
        const back = await refundedView(link.id, String(begun.body.attemptId));
        expect(back.body).toMatchObject({
            status: 'pending',
            attempt: { status: 'refunded', reason: 'nothing_due' },
        });
        expect(await attemptsOf(link.id)).toEqual([
            expect.objectContaining({ status: 'refunded', reason: 'nothing_due', paymentId: null }),
        ]);
        expect((await ledgerOf(pass.id)).filter(entry => entry.paymentLinkId === link.id)).toEqual([]);
        expect(await passOf(pass.id)).toMatchObject({ paid: 3000, balanceDue: 2200 });
    });

    it('stays for its pass when edited', async () => {
        const { customerId, pass } = await owing();
        const link = (await balanceLink(customerId, pass.id)).body as unknown as PaymentLink;
        const edited = await request('PUT', `/paymentLinks/${link.id}`, 'manager', {
            purpose: 'sale',
            subscriptionId: 5,
            passId: null,
            amount: 4000,
        });
        expect(edited).toMatchObject({
            status: 400,
            body: { errors: { amount: 'app.money.errors.more_than_due' } },
        });
        const lowered = await request('PUT', `/paymentLinks/${link.id}`, 'manager', { purpose: 'sale', amount: 3000 });
        expect(lowered.body).toMatchObject({ purpose: 'balance', passId: pass.id, subscriptionId: 3, amount: 3000 });
    });
});

describe('the address of a link', () => {
    it('are sent at a path on the address the app is opened at, with no PUBLIC_URL', async () => {
        const [link] = (await request('GET', '/paymentLinks?_start=0&_end=1', 'manager')).body as unknown as LinkRow[];
        expect(link.url).toBe(`/payments/link/${link.id}`);
        expect((await request('GET', `/paymentLinks/${link.id}`, 'manager')).body.url).toBe(link.url);
    });
});

describe('a server on a database whose links were made before links had purposes', () => {
    it('reads them as sales of their plan, sent at PUBLIC_URL', async () => {
        const db = JSON.parse(readFileSync(demoDb, 'utf8')) as Database;
        const before = db.paymentLinks.map(({ purpose: _purpose, ...link }) => link);
        const server = await startServer({
            db: { ...db, paymentLinks: before },
            env: { PUBLIC_URL: 'https://pay.studio.example/', PAYMENT_PROVIDER: 'test' },
        });
        try {
            const token = await login(server.url, 'manager');
            const { body } = await call(server.url, '/api/paymentLinks?_start=0&_end=1000', { token });
            const links = body as unknown as LinkRow[];
            expect(links).toHaveLength(before.length);
            for (const link of links) {
                expect(link.purpose).toBe('sale');
                expect(link.url).toBe(`https://pay.studio.example/payments/link/${link.id}`);
            }
        } finally {
            await server.stop();
            removeDir(server.dir);
        }
    });
});
