import { describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/time';
import type { Pass, Payment, PaymentLink } from '../../src/domain/types';
import { moneyServer, today } from '../support/money';

/*
 * Money through the business endpoints, on a server of this file's own. This part: selling a plan,
 * freezing and unfreezing, refunds and payment links (the customers list's computed filters and refunds
 * for a pass against those for the customer are in money-customers).
 */

const { served, all, post, sell } = moneyServer();

describe('selling a plan', () => {
    it('creates the pass and its payment in one write, pointing at each other', async () => {
        const { pass, payment } = await sell(7);
        expect(pass).toMatchObject({
            customerId: 7,
            subscriptionId: 3,
            name: '8 занятий',
            price: 5200,
            visitsTotal: 8,
            visitsUsed: 0,
            startsOn: today,
            endsOn: addDays(today, 34),
            paymentId: payment.id,
        });
        expect(pass).toMatchObject({ paid: 5200, balanceDue: 0 });
        expect(payment).toMatchObject({
            customerId: 7,
            kind: 'payment',
            amount: 5200,
            method: 'card',
            passId: pass.id,
        });
        const { data: stored } = await served.clients.manager.getOne('passes', { id: pass.id });
        expect(stored).toEqual(pass);
        expect((await served.clients.manager.getOne('payments', { id: payment.id })).data).toEqual(payment);
    });

    it('takes a part payment, the pass keeping the plan price and the rest due', async () => {
        const { pass, payment } = await sell(7, 2, { amount: 2000 });
        expect([pass.price, payment.amount]).toEqual([2800, 2000]);
        expect((await served.clients.manager.getOne('passes', { id: pass.id })).data).toMatchObject({
            paid: 2000,
            balanceDue: 800,
        });
    });

    it('refuses bad input with the field, an unknown customer and teachers, changing nothing', async () => {
        const before = (await all<Pass>('passes', {})).length;
        expect(
            await post('/passes/sell', { customerId: 7, subscriptionId: 3, startsOn: '2026-02-30', method: 'card' }),
        ).toMatchObject({ status: 400, body: { errors: { startsOn: 'app.validation.date' } } });
        expect(
            await post('/passes/sell', { customerId: 99999, subscriptionId: 3, startsOn: today, method: 'card' }),
        ).toMatchObject({ status: 400, body: { errors: { customerId: 'app.validation.reference' } } });
        expect(
            (
                await post(
                    '/passes/sell',
                    { customerId: 7, subscriptionId: 3, startsOn: today, method: 'card' },
                    served.tokens.teacher,
                )
            ).status,
        ).toBe(403);
        expect((await all<Pass>('passes', {})).length).toBe(before);
    });
});

describe('freezing and unfreezing', () => {
    it('moves the end by the frozen days and gives unused days back', async () => {
        const { pass } = await sell(8);
        const from = addDays(today, 2);
        const frozen = await post(`/passes/${pass.id}/freeze`, { from, to: addDays(from, 6) });
        expect(frozen.status).toBe(200);
        expect(frozen.body).toMatchObject({
            frozenFrom: from,
            frozenTo: addDays(from, 6),
            endsOn: addDays(pass.endsOn, 7),
        });
        const unfrozen = await post(`/passes/${pass.id}/unfreeze`, { on: addDays(from, 4) });
        expect(unfrozen.body).toMatchObject({
            frozenFrom: from,
            frozenTo: addDays(from, 3),
            endsOn: addDays(pass.endsOn, 4),
        });
        expect((await served.clients.manager.getOne('passes', { id: pass.id })).data).toMatchObject({
            endsOn: addDays(pass.endsOn, 4),
        });
    });

    it('refuses more than the plan allows, naming the field, and teachers', async () => {
        const { pass } = await sell(8);
        expect(await post(`/passes/${pass.id}/freeze`, { from: today, to: addDays(today, 7) })).toMatchObject({
            status: 400,
            body: { errors: { to: 'app.money.errors.freeze_too_long' } },
        });
        expect(
            (await post(`/passes/${pass.id}/freeze`, { from: today, to: today }, served.tokens.teacher)).status,
        ).toBe(403);
        expect(await post(`/passes/${pass.id}/unfreeze`, { on: today })).toMatchObject({
            status: 400,
            body: { errors: { on: 'app.money.errors.not_frozen' } },
        });
        expect((await post('/passes/999999/freeze', { from: today, to: today })).status).toBe(404);
        expect((await served.clients.manager.getOne('passes', { id: pass.id })).data).toMatchObject({
            endsOn: pass.endsOn,
            frozenFrom: null,
        });
    });
});

describe('refunds', () => {
    it('records a refund and cancels the pass in one write', async () => {
        const { pass } = await sell(9);
        const { status, body } = await post('/payments/refund', {
            customerId: 9,
            amount: 5200,
            method: 'cash',
            passId: pass.id,
            cancelPass: true,
            note: 'Moved away',
        });
        expect(status).toBe(201);
        expect(body.payment).toMatchObject({
            kind: 'refund',
            amount: 5200,
            passId: pass.id,
            customerId: 9,
            note: 'Moved away',
        });
        expect((await served.clients.manager.getOne('passes', { id: pass.id })).data.cancelled).toBe(true);
    });

    it('refuses more than was paid, another customer\u2019s pass and teachers', async () => {
        const { pass } = await sell(10);
        expect(
            await post('/payments/refund', { customerId: 10, amount: 5200.01, method: 'cash', passId: pass.id }),
        ).toMatchObject({ status: 400, body: { errors: { amount: 'app.money.errors.refund_too_large' } } });
        expect(
            await post('/payments/refund', { customerId: 11, amount: 10, method: 'cash', passId: pass.id }),
        ).toMatchObject({ status: 400, body: { errors: { passId: 'app.money.errors.not_customers_pass' } } });
        expect(
            (await post('/payments/refund', { customerId: 10, amount: 10, method: 'cash' }, served.tokens.teacher))
                .status,
        ).toBe(403);
        expect((await all<Payment>('payments', { customerId: 10, kind: 'refund', passId: pass.id })).length).toBe(0);
    });
});

describe('payment links', () => {
    it('are created with a random id, the plan price and an expiry from configs, and cancelled once', async () => {
        const before = Date.now();
        const { data } = await served.clients.manager.create('paymentLinks', {
            data: { customerId: 12, subscriptionId: 4 },
        });
        const link = data as unknown as PaymentLink;
        expect(link.id).toMatch(/^[A-Za-z0-9_-]{22,}$/);
        expect(link).toMatchObject({ amount: 7200, status: 'pending', paidAt: null, paymentId: null, passId: null });
        expect(Date.parse(link.expiresAt) - before).toBeGreaterThanOrEqual(72 * 3600_000 - 1000);
        expect(Date.parse(link.expiresAt) - before).toBeLessThan(72 * 3600_000 + 60_000);

        expect((await post(`/paymentLinks/${link.id}/cancel`, {}, served.tokens.teacher)).status).toBe(403);
        expect(await post(`/paymentLinks/${link.id}/cancel`, {})).toMatchObject({
            status: 200,
            body: { status: 'cancelled' },
        });
        expect(await post(`/paymentLinks/${link.id}/cancel`, {})).toMatchObject({
            status: 409,
            body: { errors: { status: 'app.money.errors.link_cancelled' } },
        });
        expect((await post('/paymentLinks/nope/cancel', {})).status).toBe(404);
    });

    it('ids are never sequential', async () => {
        const ids = await Promise.all(
            [1, 2, 3].map(
                async () =>
                    (
                        await served.clients.manager.create('paymentLinks', {
                            data: { customerId: 12, subscriptionId: 1 },
                        })
                    ).data.id as string,
            ),
        );
        expect(new Set(ids).size).toBe(3);
        expect(ids.every(id => Buffer.from(id, 'base64url').length >= 16)).toBe(true);
    });
});
