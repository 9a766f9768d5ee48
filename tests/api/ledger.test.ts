import { describe, expect, it } from 'vitest';
import { addDays, studioToday } from '../../src/domain/time';
import type { Pass, Payment, PaymentLink } from '../../src/domain/types';
import { call, type DemoRole, serverForEveryRole, storedDatabase } from '../support/server';

/*
 * Money moves only through the business endpoints, each under its rule: plain CRUD can neither write the
 * payments ledger nor change what a pass is worth, nor touch a link that is paid or cancelled.
 */

const served = serverForEveryRole();
const { tokens } = served;
const today = studioToday('Europe/Moscow');
const testCard = { cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' };

const request = (method: string, path: string, role: DemoRole, json?: unknown) =>
    call(served.server.url, `/api${path}`, { method, token: tokens[role], json });
const stored = () => storedDatabase(served.server);

let lastName = 0;
/** A customer of their own, so that no payment of the demo data counts in their ledger. */
const newCustomer = async (): Promise<number> => {
    lastName += 1;
    const { status, body } = await request('POST', '/customers', 'manager', {
        firstName: 'Ledger',
        lastName: `Test ${lastName}`,
        phone: '+7 900 000-00-00',
        status: 'active',
    });
    expect(status).toBe(201);
    return body.id as number;
};

const sell = async (customerId: number, role: DemoRole = 'manager', subscriptionId = 3) => {
    const { status, body } = await request('POST', '/passes/sell', role, {
        customerId,
        subscriptionId,
        startsOn: today,
        method: 'card',
    });
    expect(status, JSON.stringify(body)).toBe(201);
    return body as unknown as { pass: Pass; payment: Payment };
};

describe('the payments ledger', () => {
    it('takes no plain create, update or delete from anyone, admin included, with a message saying where to go', async () => {
        const customerId = await newCustomer();
        const { payment } = await sell(customerId);
        for (const role of ['manager', 'admin'] as const) {
            const created = await request('POST', '/payments', role, {
                customerId,
                kind: 'refund',
                amount: 100,
                method: 'cash',
            });
            expect(created.status).toBe(405);
            expect(created.body.message).toMatch(/\/api\/payments\/refund/);
            // An invalid body is refused the same way: the route is closed whatever is sent.
            expect((await request('POST', '/payments', role, {})).status).toBe(405);
            // Managers may not even ask (403): their role records payments but never edits them.
            const closed = role === 'admin' ? 405 : 403;
            expect((await request('PUT', `/payments/${payment.id}`, role, { amount: 1 })).status).toBe(closed);
            expect((await request('DELETE', `/payments/${payment.id}`, role)).status).toBe(closed);
        }
        expect(
            (await request('POST', '/payments', 'teacher', { customerId, kind: 'refund', amount: 100, method: 'cash' }))
                .status,
        ).toBe(403);
        const ledger = (await stored()).payments.filter(entry => entry.customerId === customerId);
        expect(ledger).toEqual([payment]);
    });

    it('is still written by selling and refunds, for managers and admins', async () => {
        const customerId = await newCustomer();
        for (const role of ['manager', 'admin'] as const) {
            const { pass } = await sell(customerId, role);
            const refund = await request('POST', '/payments/refund', role, {
                customerId,
                amount: 5200,
                method: 'cash',
                passId: pass.id,
                cancelPass: true,
            });
            expect(refund).toMatchObject({
                status: 201,
                body: { payment: { kind: 'refund', amount: 5200 }, pass: { cancelled: true } },
            });
        }
        expect(
            (await stored()).payments.filter(entry => entry.customerId === customerId).map(entry => entry.kind),
        ).toEqual(['payment', 'refund', 'payment', 'refund']);
    });
});

describe('corrections of the ledger', () => {
    const correct = (id: number, json: unknown, role: DemoRole = 'manager') =>
        request('POST', `/payments/${id}/correct`, role, json);
    const incomeToday = async () =>
        (await request('GET', `/statistics/incomes?from=${today}&to=${today}`, 'manager')).body.total as number;

    it('record a correction pointing at the payment, and what may be refunded drops with it', async () => {
        const customerId = await newCustomer();
        const { pass, payment } = await sell(customerId);
        const incomeBefore = await incomeToday();
        const corrected = await correct(payment.id, { amount: -1200, reason: 'Paid 4,000 at the desk, not 5,200' });
        expect(corrected.status, JSON.stringify(corrected.body)).toBe(201);
        expect(corrected.body).toMatchObject({
            customerId,
            kind: 'correction',
            amount: -1200,
            method: 'card',
            passId: pass.id,
            paymentLinkId: null,
            note: 'Paid 4,000 at the desk, not 5,200',
            correctsId: payment.id,
        });
        expect(typeof corrected.body.createdBy).toBe('number');
        // The difference counts as today's income, the day it was corrected.
        expect(await incomeToday()).toBe(incomeBefore - 1200);
        // Only the 4,000 actually received may be given back, for the pass or in all.
        const refund = (amount: number, passId: number | null) =>
            request('POST', '/payments/refund', 'manager', { customerId, amount, method: 'cash', passId });
        expect(await refund(4000.01, pass.id)).toMatchObject({
            status: 400,
            body: { errors: { amount: 'app.money.errors.refund_too_large' } },
        });
        expect(await refund(4000.01, null)).toMatchObject({
            status: 400,
            body: { errors: { amount: 'app.money.errors.refund_too_large' } },
        });
        expect((await refund(4000, pass.id)).status).toBe(201);
        expect(
            (await stored()).payments
                .filter(entry => entry.customerId === customerId)
                .map(entry => [entry.kind, entry.amount]),
        ).toEqual([
            ['payment', 5200],
            ['correction', -1200],
            ['refund', 4000],
        ]);
        // Readable and filterable like any other field of the ledger.
        const filter = encodeURIComponent(JSON.stringify({ correctsId: payment.id }));
        const listed = await request('GET', `/payments?filter=${filter}`, 'manager');
        expect(listed.status).toBe(200);
        expect(listed.body).toEqual([corrected.body]);
    });

    it('cannot take a payment below nothing, nor give back more than was paid, nor correct a correction', async () => {
        const customerId = await newCustomer();
        const { payment } = await sell(customerId, 'admin');
        const tooLarge = { status: 400, body: { errors: { amount: 'app.money.errors.correction_too_large' } } };
        expect(await correct(payment.id, { amount: -5200.01, reason: 'Nothing was paid' })).toMatchObject(tooLarge);
        const down = await correct(payment.id, { amount: -200, reason: 'A discount not recorded' }, 'admin');
        expect(down.status).toBe(201);
        // The earlier correction counts: 5,000 is what the payment stands for now.
        expect(await correct(payment.id, { amount: -5000.01, reason: 'Nothing was paid' })).toMatchObject(tooLarge);
        expect(await correct(down.body.id as number, { amount: 100, reason: 'Corrected wrong' })).toMatchObject({
            status: 400,
            body: { errors: { correctsId: 'app.money.errors.correct_correction' } },
        });
        // 4,900 given back in all: only 100 of the payment is left to take away.
        expect(
            (await request('POST', '/payments/refund', 'manager', { customerId, amount: 4900, method: 'cash' })).status,
        ).toBe(201);
        expect(await correct(payment.id, { amount: -100.01, reason: 'Less was paid' })).toMatchObject(tooLarge);
        expect((await correct(payment.id, { amount: -100, reason: 'Less was paid' })).status).toBe(201);
        expect(
            (await stored()).payments.filter(entry => entry.customerId === customerId).map(entry => entry.kind),
        ).toEqual(['payment', 'correction', 'refund', 'correction']);
    });

    it('correct a refund the other way round: + when less was given back than recorded', async () => {
        const customerId = await newCustomer();
        const { pass } = await sell(customerId);
        const { body } = await request('POST', '/payments/refund', 'manager', {
            customerId,
            amount: 1000,
            method: 'cash',
            passId: pass.id,
        });
        const refund = body.payment as Payment;
        expect(await correct(refund.id, { amount: 1000.01, reason: 'Nothing was given back' })).toMatchObject({
            status: 400,
            body: { errors: { amount: 'app.money.errors.correction_too_large' } },
        });
        expect(await correct(refund.id, { amount: 400, reason: 'Gave back 600' })).toMatchObject({
            status: 201,
            body: { amount: 400, passId: pass.id, method: 'cash' },
        });
        expect(
            await request('POST', '/payments/refund', 'manager', {
                customerId,
                amount: 4600,
                method: 'cash',
                passId: pass.id,
            }),
        ).toMatchObject({ status: 201 });
    });

    it('answer 404 for a payment that does not exist, 403 to teachers, and 400 naming the field at fault', async () => {
        const customerId = await newCustomer();
        const { payment } = await sell(customerId);
        expect((await correct(999_999, { amount: -100, reason: 'No such payment' })).status).toBe(404);
        expect((await correct(payment.id, { amount: -100, reason: 'Not theirs to do' }, 'teacher')).status).toBe(403);
        expect(await correct(payment.id, { amount: -100 })).toMatchObject({
            status: 400,
            body: { errors: { reason: 'ra.validation.required' } },
        });
        expect(await correct(payment.id, { amount: 0, reason: 'Nothing changes' })).toMatchObject({
            status: 400,
            body: { errors: { amount: 'app.validation.not_zero' } },
        });
        expect((await stored()).payments.filter(entry => entry.customerId === customerId)).toEqual([payment]);
    });

    it('are never changed or deleted by plain CRUD either', async () => {
        const { payment } = await sell(await newCustomer());
        const { body: correction } = await correct(payment.id, { amount: 300, reason: 'Paid 300 more in cash' });
        for (const method of ['PUT', 'DELETE']) {
            const refused = await request(
                method,
                `/payments/${correction.id as number}`,
                'admin',
                method === 'PUT' ? { amount: 1 } : undefined,
            );
            expect(refused.status).toBe(405);
            expect(refused.body.message).toMatch(/\/correct/);
        }
        expect((await stored()).payments.find(entry => entry.id === correction.id)).toEqual(correction);
    });
});

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
        expect(
            (
                await call(served.server.url, `/api/public/payment-links/${paid.id}/pay`, {
                    method: 'POST',
                    json: testCard,
                })
            ).status,
        ).toBe(200);
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
