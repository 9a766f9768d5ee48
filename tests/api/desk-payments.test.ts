import { describe, expect, it } from 'vitest';
import type { Payment, PaymentLink } from '../../src/domain/types';
import { call } from '../support/server';
import { deskServer, today } from '../support/desk';
import { beginPayment, checkoutId, payOnline, readAttempt, testCards } from '../support/payOnline';

/*
 * Money at the desk: a part payment leaves the rest due on the pass (it is no discount), the rest is paid
 * later, and a discount is a lower price with a reason; a payment link for less than the plan, the test
 * provider's checks of a card, and refunds online.
 */

const { served, request, newCustomer, sell, passOf, customerOf, pay } = deskServer();

describe('a part payment', () => {
    it('keeps the plan price on the pass and leaves the rest due, on the pass and the customer', async () => {
        const customerId = await newCustomer();
        const { pass, payment } = await sell(customerId, 3, { amount: 2000 });
        expect(pass).toMatchObject({ price: 5200, paid: 2000, balanceDue: 3200, discountReason: null });
        expect(payment).toMatchObject({ amount: 2000, passId: pass.id });
        expect(await passOf(pass.id)).toMatchObject({ price: 5200, paid: 2000, balanceDue: 3200 });
        const list = await request(
            'GET',
            `/passes?filter=${encodeURIComponent(JSON.stringify({ customerId }))}`,
            'manager',
        );
        expect(list.body).toMatchObject([{ id: pass.id, paid: 2000, balanceDue: 3200 }]);
        expect(await customerOf(customerId)).toMatchObject({ balanceDue: 3200 });
        const customers = await request(
            'GET',
            `/customers?filter=${encodeURIComponent(JSON.stringify({ id: [customerId] }))}`,
            'manager',
        );
        expect(customers.body).toMatchObject([{ id: customerId, balanceDue: 3200 }]);
    });

    it('is paid off by paying the rest, never more than is due', async () => {
        const customerId = await newCustomer();
        const { pass } = await sell(customerId, 3, { amount: 2000 });
        expect(await pay(pass.id, 3200.01)).toMatchObject({
            status: 400,
            body: { errors: { amount: 'app.money.errors.more_than_due' } },
        });
        const first = await pay(pass.id, 1000);
        expect(first).toMatchObject({
            status: 201,
            body: {
                payment: { kind: 'payment', amount: 1000, method: 'card', passId: pass.id, customerId },
                pass: { balanceDue: 2200 },
            },
        });
        expect((await pay(pass.id, 2200)).status).toBe(201);
        expect(await passOf(pass.id)).toMatchObject({ paid: 5200, balanceDue: 0 });
        expect(await customerOf(customerId)).toMatchObject({ balanceDue: 0 });
        expect(await pay(pass.id, 1)).toMatchObject({
            status: 400,
            body: { errors: { amount: 'app.money.errors.nothing_due' } },
        });
    });

    it('refuses a missing pass, bad input and teachers', async () => {
        const customerId = await newCustomer();
        const { pass } = await sell(customerId, 3, { amount: 0 });
        expect((await pay(999_999, 10)).status).toBe(404);
        expect(await pay(pass.id, 0)).toMatchObject({
            status: 400,
            body: { errors: { amount: 'app.validation.positive' } },
        });
        expect(
            (await request('POST', `/passes/${pass.id}/pay`, 'manager', { amount: 10, method: 'online' })).status,
        ).toBe(400);
        expect((await pay(pass.id, 10, 'teacher')).status).toBe(403);
        expect(await passOf(pass.id)).toMatchObject({ paid: 0, balanceDue: 5200 });
    });

    it('of nothing records no payment and leaves the whole price due', async () => {
        const customerId = await newCustomer();
        const { pass, payment } = await sell(customerId, 2, { amount: 0 });
        expect(payment).toBeNull();
        expect(pass).toMatchObject({ price: 2800, paymentId: null, paid: 0, balanceDue: 2800 });
        const { body } = await pay(pass.id, 2800);
        expect(body).toMatchObject({ pass: { paymentId: (body.payment as Payment).id, balanceDue: 0 } });
    });

    it('of a cancelled pass owes nothing', async () => {
        const customerId = await newCustomer();
        const { pass } = await sell(customerId, 3, { amount: 2000 });
        expect(
            (
                await request('POST', '/payments/refund', 'manager', {
                    customerId,
                    amount: 2000,
                    method: 'cash',
                    passId: pass.id,
                    cancelPass: true,
                })
            ).status,
        ).toBe(201);
        expect(await passOf(pass.id)).toMatchObject({ paid: 2000, refunded: 2000, balanceDue: 0, cancelled: true });
        expect(await customerOf(customerId)).toMatchObject({ balanceDue: 0 });
    });
});

describe('a refund on a pass that stays open', () => {
    it('is never a debt: the pass shows what was refunded, owes nothing, and cannot be paid again', async () => {
        const customerId = await newCustomer();
        const { pass } = await sell(customerId, 2, { amount: 2800 });
        const refund = await request('POST', '/payments/refund', 'manager', {
            customerId,
            amount: 1000,
            method: 'cash',
            passId: pass.id,
        });
        expect(refund.status).toBe(201);
        expect(await passOf(pass.id)).toMatchObject({ paid: 2800, refunded: 1000, balanceDue: 0, cancelled: false });
        expect(await customerOf(customerId)).toMatchObject({ balanceDue: 0 });
        expect(await pay(pass.id, 1000)).toMatchObject({
            status: 400,
            body: { errors: { amount: 'app.money.errors.nothing_due' } },
        });
    });

    it('leaves a part payment owing what it owed before the refund', async () => {
        const customerId = await newCustomer();
        const { pass } = await sell(customerId, 3, { amount: 2000 });
        await request('POST', '/payments/refund', 'manager', {
            customerId,
            amount: 500,
            method: 'cash',
            passId: pass.id,
        });
        expect(await passOf(pass.id)).toMatchObject({ paid: 2000, refunded: 500, balanceDue: 3200 });
    });
});

describe('a discount', () => {
    it('needs a reason and a price below the plan’s', async () => {
        const customerId = await newCustomer();
        const body = { customerId, subscriptionId: 3, startsOn: today, method: 'cash' };
        expect(await request('POST', '/passes/sell', 'manager', { ...body, price: 4000 })).toMatchObject({
            status: 400,
            body: { errors: { discountReason: 'app.money.errors.discount_needs_reason' } },
        });
        expect(
            await request('POST', '/passes/sell', 'manager', { ...body, price: 4000, discountReason: 'ok' }),
        ).toMatchObject({ status: 400, body: { errors: { discountReason: 'app.money.errors.reason_too_short' } } });
        expect(
            await request('POST', '/passes/sell', 'manager', { ...body, price: 5200, discountReason: 'No discount' }),
        ).toMatchObject({ status: 400, body: { errors: { price: 'app.money.errors.discount_not_lower' } } });
        expect(
            await request('GET', `/passes?filter=${encodeURIComponent(JSON.stringify({ customerId }))}`, 'manager'),
        ).toMatchObject({ body: [] });
    });

    it('records the lower price and its reason on the pass, paid in full by default, and a plain write keeps them', async () => {
        const customerId = await newCustomer();
        const { pass, payment } = await sell(customerId, 3, { price: 4000, discountReason: 'Friend of the studio' });
        expect(pass).toMatchObject({ price: 4000, discountReason: 'Friend of the studio', paid: 4000, balanceDue: 0 });
        expect(payment).toMatchObject({ amount: 4000 });
        const put = await request('PUT', `/passes/${pass.id}`, 'admin', {
            ...pass,
            price: 1,
            discountReason: 'Changed by hand',
        });
        expect(put).toMatchObject({ status: 200, body: { price: 4000, discountReason: 'Friend of the studio' } });
        const partly = await sell(customerId, 3, { price: 4000, discountReason: 'Friend of the studio', amount: 1000 });
        expect(partly.pass).toMatchObject({ price: 4000, paid: 1000, balanceDue: 3000 });
    });
});

describe('a payment link for less than the plan', () => {
    it('is a part payment too: the pass keeps the plan price', async () => {
        const customerId = await newCustomer();
        const { body: link } = await request('POST', '/paymentLinks', 'manager', {
            customerId,
            subscriptionId: 3,
            amount: 4000,
        });
        const paid = await payOnline(served.server.url, (link as unknown as PaymentLink).id);
        expect(paid, JSON.stringify(paid.body)).toMatchObject({ status: 200, body: { status: 'paid' } });
        const { body } = await request(
            'GET',
            `/passes?filter=${encodeURIComponent(JSON.stringify({ customerId }))}`,
            'manager',
        );
        expect(body).toMatchObject([{ price: 5200, paid: 4000, balanceDue: 1200 }]);
    });
});

describe("the test provider's checkout page", () => {
    it('refuses an expired card on its expiry, and malformed fields on theirs, charging nothing', async () => {
        const customerId = await newCustomer();
        const { body } = await request('POST', '/paymentLinks', 'manager', { customerId, subscriptionId: 2 });
        const id = (body as unknown as PaymentLink).id;
        const begun = await beginPayment(served.server.url, id);
        expect(begun.status, JSON.stringify(begun.body)).toBe(200);
        const payWith = (card: object) =>
            call(served.server.url, `/api/public/test-checkout/${checkoutId(begun)}`, {
                method: 'POST',
                json: { ...testCards.paid, ...card },
            });
        expect(await payWith({ expiry: '01/20' })).toMatchObject({
            status: 400,
            body: { errors: { expiry: 'app.payment_page.errors.expired' } },
        });
        expect(await payWith({ expiry: '1/30' })).toMatchObject({
            status: 400,
            body: { errors: { expiry: 'app.payment_page.errors.expiry' } },
        });
        expect(await payWith({ cvc: '12a' })).toMatchObject({
            status: 400,
            body: { errors: { cvc: 'app.payment_page.errors.cvc' } },
        });
        // Nothing was paid: the provider's payment waits for a card, and the link for its payment.
        expect((await call(served.server.url, `/api/public/test-checkout/${checkoutId(begun)}`)).body).toMatchObject({
            status: 'pending',
        });
        expect(await readAttempt(served.server.url, id, String(begun.body.attemptId))).toMatchObject({
            status: 200,
            body: { status: 'pending', timezone: 'Europe/Moscow', attempt: { status: 'pending' } },
        });
        const payments = await request(
            'GET',
            `/payments?filter=${encodeURIComponent(JSON.stringify({ paymentLinkId: id }))}`,
            'manager',
        );
        expect(payments.body).toEqual([]);
    });
});

describe('refunding online', () => {
    it('is allowed only for what was paid online', async () => {
        const customerId = await newCustomer();
        const { body: link } = await request('POST', '/paymentLinks', 'manager', { customerId, subscriptionId: 2 });
        expect(await payOnline(served.server.url, (link as unknown as PaymentLink).id)).toMatchObject({
            status: 200,
            body: { status: 'paid' },
        });
        const { pass: cashPass } = await sell(customerId, 1);
        const refund = (passId: number | null) =>
            request('POST', '/payments/refund', 'manager', { customerId, amount: 100, method: 'online', passId });
        expect(await refund(cashPass.id)).toMatchObject({
            status: 400,
            body: { errors: { method: 'app.money.errors.no_online_payment' } },
        });
        const onlinePassId = (
            (await request('GET', `/paymentLinks/${(link as unknown as PaymentLink).id}`, 'manager'))
                .body as unknown as PaymentLink
        ).passId as number;
        expect(await refund(onlinePassId)).toMatchObject({
            status: 201,
            body: { payment: { method: 'online', kind: 'refund' } },
        });
        expect((await refund(null)).status).toBe(201);
        const other = await newCustomer();
        await sell(other, 1);
        expect(
            await request('POST', '/payments/refund', 'manager', { customerId: other, amount: 100, method: 'online' }),
        ).toMatchObject({
            status: 400,
            body: { errors: { method: 'app.money.errors.no_online_payment' } },
        });
    });
});
