import { describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/time';
import type { Pass, PaymentLink } from '../../src/domain/types';
import { ledgerServer, today } from '../support/ledger';
import { payOnline } from '../support/payOnline';

/*
 * Money moves only through the business endpoints, each under its rule: plain CRUD can neither write the
 * payments ledger nor change what a pass is worth, nor touch a link that is paid or cancelled.
 *
 * This part: what a pass is worth, and payment links once paid or cancelled (the payments ledger and
 * its corrections are in ledger-payments).
 */

const { served, request, stored, newCustomer, sell } = ledgerServer();

describe('what a pass is worth', () => {
    it('is kept as stored by a plain update: a refunded pass stays cancelled, its price and payment stay', async () => {
        const customerId = await newCustomer();
        const { pass } = await sell(customerId);
        expect(
            (
                await request('POST', '/payments/refund', 'manager', {
                    customerId,
                    amount: 5200,
                    method: 'cash',
                    passId: pass.id,
                    cancelPass: true,
                })
            ).status,
        ).toBe(201);
        const cancelled = (await stored()).passes.find(record => record.id === pass.id) as Pass;
        for (const role of ['manager', 'admin'] as const) {
            const revived = await request('PUT', `/passes/${pass.id}`, role, {
                cancelled: false,
                price: 1,
                paymentId: null,
                customerId: 1,
                subscriptionId: 1,
            });
            expect(revived.status).toBe(200);
            expect(revived.body).toMatchObject({
                cancelled: true,
                price: 5200,
                paymentId: pass.paymentId,
                customerId,
                subscriptionId: 3,
            });
        }
        expect((await stored()).passes.find(record => record.id === pass.id)).toEqual(cancelled);
    });

    it('keeps dates, freeze and visits as stored: only the freeze endpoints move them, within the plan', async () => {
        const { pass } = await sell(await newCustomer());
        const farEnd = addDays(pass.endsOn, 365);
        const moved = await request('PUT', `/passes/${pass.id}`, 'manager', {
            frozenFrom: today,
            frozenTo: addDays(today, 60),
            endsOn: farEnd,
            startsOn: addDays(today, -30),
            visitsTotal: 100,
        });
        expect(moved.status).toBe(200);
        expect(moved.body).toMatchObject({
            frozenFrom: null,
            frozenTo: null,
            endsOn: pass.endsOn,
            startsOn: today,
            visitsTotal: 8,
        });
        // What a plain update may change: how the pass is called and which directions it covers.
        const renamed = await request('PUT', `/passes/${pass.id}`, 'manager', {
            name: 'Eight visits, renamed',
            directionIds: [1],
        });
        expect(renamed.body).toMatchObject({ name: 'Eight visits, renamed', directionIds: [1], endsOn: pass.endsOn });
        // The freeze endpoint still works, and still keeps to the plan's 7 days.
        expect(
            (await request('POST', `/passes/${pass.id}/freeze`, 'manager', { from: today, to: addDays(today, 60) }))
                .status,
        ).toBe(400);
        expect(
            await request('POST', `/passes/${pass.id}/freeze`, 'manager', { from: today, to: addDays(today, 6) }),
        ).toMatchObject({ status: 200, body: { endsOn: addDays(pass.endsOn, 7) } });
    });

    it('never has fewer visits than it used', async () => {
        const used = (await stored()).passes.find(
            record => record.visitsTotal !== null && record.visitsUsed >= 2,
        ) as Pass;
        expect(used).toBeDefined();
        const { status, body } = await request('PUT', `/passes/${used.id}`, 'admin', { visitsTotal: 1, visitsUsed: 0 });
        expect(status).toBe(200);
        expect(body).toMatchObject({ visitsTotal: used.visitsTotal, visitsUsed: used.visitsUsed });
    });

    it('made by a plain create is given, not sold: no payment and a price of 0, so nothing can be refunded for it', async () => {
        const customerId = await newCustomer();
        const { payment } = await sell(await newCustomer());
        const { status, body } = await request('POST', '/passes', 'manager', {
            customerId,
            subscriptionId: 3,
            name: '8 занятий',
            price: 5200,
            visitsTotal: 8,
            startsOn: today,
            endsOn: addDays(today, 34),
            paymentId: payment.id,
        });
        expect(status).toBe(201);
        expect(body).toMatchObject({ price: 0, paymentId: null, visitsUsed: 0 });
        const refund = await request('POST', '/payments/refund', 'manager', {
            customerId,
            amount: 1,
            method: 'cash',
            passId: body.id,
        });
        expect(refund).toMatchObject({
            status: 400,
            body: { errors: { amount: 'app.money.errors.refund_too_large' } },
        });
    });
});

describe('payment links', () => {
    const newLink = async () => {
        const { status, body } = await request('POST', '/paymentLinks', 'manager', {
            customerId: await newCustomer(),
            subscriptionId: 3,
        });
        expect(status).toBe(201);
        return body as unknown as PaymentLink;
    };

    it('may be edited while pending; an amount left out is the plan price again', async () => {
        const link = await newLink();
        expect(await request('PUT', `/paymentLinks/${link.id}`, 'manager', { amount: 4000 })).toMatchObject({
            status: 200,
            body: { amount: 4000, status: 'pending' },
        });
        expect(await request('PUT', `/paymentLinks/${link.id}`, 'manager', { amount: null })).toMatchObject({
            status: 200,
            body: { amount: 5200 },
        });
    });

    it('are read-only once paid or cancelled (409), for admins too', async () => {
        const paid = await newLink();
        expect(await payOnline(served.server.url, paid.id)).toMatchObject({ status: 200, body: { status: 'paid' } });
        const cancelled = await newLink();
        expect((await request('POST', `/paymentLinks/${cancelled.id}/cancel`, 'manager')).status).toBe(200);
        for (const role of ['manager', 'admin'] as const) {
            expect(await request('PUT', `/paymentLinks/${paid.id}`, role, { amount: 1 })).toMatchObject({
                status: 409,
                body: { errors: { status: 'app.money.errors.link_paid' } },
            });
            expect(
                await request('PUT', `/paymentLinks/${cancelled.id}`, role, { amount: 1, customerId: 1 }),
            ).toMatchObject({
                status: 409,
                body: { errors: { status: 'app.money.errors.link_cancelled' } },
            });
        }
        expect((await request('DELETE', `/paymentLinks/${paid.id}`, 'admin')).status).toBe(409);
        expect(await request('DELETE', `/paymentLinks/${cancelled.id}`, 'admin')).toMatchObject({
            status: 409,
            body: { errors: { status: 'app.money.errors.link_cancelled' } },
        });
        const links = (await stored()).paymentLinks;
        expect(links.find(link => link.id === paid.id)).toMatchObject({ status: 'paid', amount: 5200 });
        expect(links.find(link => link.id === cancelled.id)).toMatchObject({
            status: 'cancelled',
            amount: 5200,
            customerId: cancelled.customerId,
        });
    });
});
