import { describe, expect, it } from 'vitest';
import type { Payment } from '../../src/domain/types';
import { ledgerServer, today } from '../support/ledger';
import type { DemoRole } from '../support/server';

/*
 * Money moves only through the business endpoints, each under its rule: plain CRUD can neither write the
 * payments ledger nor change what a pass is worth, nor touch a link that is paid or cancelled.
 *
 * This part: the payments ledger and its corrections (what a pass is worth and payment links are in
 * ledger-passes).
 */

const { request, stored, newCustomer, sell } = ledgerServer();

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
