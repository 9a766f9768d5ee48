import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataProvider } from 'ra-core';
import { isActiveOn, visitsLeft } from '../../src/domain/passes';
import { addDays, studioToday } from '../../src/domain/time';
import type { Customer, Pass, Payment, PaymentLink } from '../../src/domain/types';
import { call, login, removeDir, restClient, startServer, type RunningServer, storedDatabase } from '../support/server';

let server: RunningServer;
let manager: DataProvider;
let managerToken: string;
let teacherToken: string;
const today = studioToday('Europe/Moscow');

beforeAll(async () => {
    server = await startServer();
    managerToken = await login(server.url, 'manager');
    teacherToken = await login(server.url, 'teacher');
    manager = restClient(server.url, managerToken);
});

afterAll(async () => {
    await server.stop();
    removeDir(server.dir);
});

const post = (path: string, json: unknown, token = managerToken) =>
    call(server.url, `/api${path}`, { method: 'POST', token, json });

const all = async <T>(collection: string, filter: object) =>
    (
        await manager.getList(collection, {
            pagination: { page: 1, perPage: 1000 },
            sort: { field: 'id', order: 'ASC' },
            filter,
        })
    ).data as unknown as T[];

const sell = async (customerId: number, subscriptionId = 3, fields: object = {}) => {
    const { status, body } = await post('/passes/sell', {
        customerId,
        subscriptionId,
        startsOn: today,
        method: 'card',
        ...fields,
    });
    expect(status, JSON.stringify(body)).toBe(201);
    return body as unknown as { pass: Pass; payment: Payment };
};

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
        const { data: stored } = await manager.getOne('passes', { id: pass.id });
        expect(stored).toEqual(pass);
        expect((await manager.getOne('payments', { id: payment.id })).data).toEqual(payment);
    });

    it('takes a part payment, the pass keeping the plan price and the rest due', async () => {
        const { pass, payment } = await sell(7, 2, { amount: 2000 });
        expect([pass.price, payment.amount]).toEqual([2800, 2000]);
        expect((await manager.getOne('passes', { id: pass.id })).data).toMatchObject({ paid: 2000, balanceDue: 800 });
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
                    teacherToken,
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
        expect((await manager.getOne('passes', { id: pass.id })).data).toMatchObject({
            endsOn: addDays(pass.endsOn, 4),
        });
    });

    it('refuses more than the plan allows, naming the field, and teachers', async () => {
        const { pass } = await sell(8);
        expect(await post(`/passes/${pass.id}/freeze`, { from: today, to: addDays(today, 7) })).toMatchObject({
            status: 400,
            body: { errors: { to: 'app.money.errors.freeze_too_long' } },
        });
        expect((await post(`/passes/${pass.id}/freeze`, { from: today, to: today }, teacherToken)).status).toBe(403);
        expect(await post(`/passes/${pass.id}/unfreeze`, { on: today })).toMatchObject({
            status: 400,
            body: { errors: { on: 'app.money.errors.not_frozen' } },
        });
        expect((await post('/passes/999999/freeze', { from: today, to: today })).status).toBe(404);
        expect((await manager.getOne('passes', { id: pass.id })).data).toMatchObject({
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
        expect((await manager.getOne('passes', { id: pass.id })).data.cancelled).toBe(true);
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
            (await post('/payments/refund', { customerId: 10, amount: 10, method: 'cash' }, teacherToken)).status,
        ).toBe(403);
        expect((await all<Payment>('payments', { customerId: 10, kind: 'refund', passId: pass.id })).length).toBe(0);
    });
});

describe('payment links', () => {
    it('are created with a random id, the plan price and an expiry from configs, and cancelled once', async () => {
        const before = Date.now();
        const { data } = await manager.create('paymentLinks', { data: { customerId: 12, subscriptionId: 4 } });
        const link = data as unknown as PaymentLink;
        expect(link.id).toMatch(/^[A-Za-z0-9_-]{22,}$/);
        expect(link).toMatchObject({ amount: 7200, status: 'pending', paidAt: null, paymentId: null, passId: null });
        expect(Date.parse(link.expiresAt) - before).toBeGreaterThanOrEqual(72 * 3600_000 - 1000);
        expect(Date.parse(link.expiresAt) - before).toBeLessThan(72 * 3600_000 + 60_000);

        expect((await post(`/paymentLinks/${link.id}/cancel`, {}, teacherToken)).status).toBe(403);
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
                    (await manager.create('paymentLinks', { data: { customerId: 12, subscriptionId: 1 } })).data
                        .id as string,
            ),
        );
        expect(new Set(ids).size).toBe(3);
        expect(ids.every(id => Buffer.from(id, 'base64url').length >= 16)).toBe(true);
    });
});

describe('the customers list filters computed by the server', () => {
    it('finds the customers with a debt and those with an active pass', async () => {
        const debtors = await all<Customer>('customers', { debt: true });
        const unpaid = await all<{ customerId: number }>('attendances', { unpaid: true });
        expect(debtors.length).toBeGreaterThan(0);
        expect(debtors.map(customer => customer.id).sort((a, b) => a - b)).toEqual(
            [...new Set(unpaid.map(visit => visit.customerId))].sort((a, b) => a - b),
        );
        const others = await all<Customer>('customers', { debt: false });
        expect(others.length + debtors.length).toBe(150);

        await sell(13);
        const holders = await all<Customer>('customers', { activePass: true });
        expect(holders.map(customer => customer.id)).toContain(13);
        const passes = await all<Pass>('passes', { customerId: holders[0].id });
        expect(passes.some(pass => !pass.cancelled && pass.startsOn <= today && today <= pass.endsOn)).toBe(true);
        const without = await all<Customer>('customers', { activePass: false });
        expect(without.map(customer => customer.id)).not.toContain(13);
        expect(without.length + holders.length).toBe(150);
    });

    it('lists each customer with the active pass and the unpaid visits the server counted, for staff only', async () => {
        const [debtor] = await all<Customer>('customers', { debt: true });
        const unpaid = await all<{ customerId: number }>('attendances', { unpaid: true, customerId: debtor.id });
        const sold = (await sell(14, 3)).pass;
        const rows = await all<Customer & { activePass: unknown; unpaidVisits: number }>('customers', {
            id: [debtor.id, 14],
        });
        expect(rows.find(row => row.id === debtor.id)?.unpaidVisits).toBe(unpaid.length);
        const buyer = rows.find(row => row.id === 14);
        expect(buyer?.activePass).toMatchObject({ endsOn: expect.any(String) });
        // The one ending soonest is named, with its visits left.
        const active = (await all<Pass>('passes', { customerId: 14 })).filter(pass => isActiveOn(pass, today));
        expect(active.map(pass => pass.id)).toContain(sold.id);
        const [soonest] = active.sort((a, b) => a.endsOn.localeCompare(b.endsOn));
        expect(buyer?.activePass).toEqual({
            name: soonest.name,
            endsOn: soonest.endsOn,
            visitsLeft: visitsLeft(soonest),
        });

        const { body } = await call(server.url, '/api/customers?range=[0,99]', { token: teacherToken });
        const names = body as unknown as Record<string, unknown>[];
        expect(names.length).toBeGreaterThan(0);
        expect(names.every(row => !('activePass' in row) && !('unpaidVisits' in row))).toBe(true);
    });

    it('keeps the computed fields out of the stored customer', async () => {
        const [row] = await all<Customer & { unpaidVisits?: number }>('customers', { id: [14] });
        const { status, body } = await call(server.url, '/api/customers/14', {
            method: 'PUT',
            token: managerToken,
            json: { ...row, unpaidVisits: 99, activePass: { name: 'x' } },
        });
        expect(status).toBe(200);
        expect(body).not.toHaveProperty('unpaidVisits');
        const stored = (await storedDatabase(server)).customers.find(customer => customer.id === 14);
        expect(stored).toBeDefined();
        expect(stored).not.toHaveProperty('activePass');
        expect(stored).not.toHaveProperty('unpaidVisits');
    });

    it('still refuses filters nobody declared', async () => {
        expect(
            (
                await call(server.url, `/api/customers?filter=${encodeURIComponent('{"richest":true}')}`, {
                    token: managerToken,
                })
            ).status,
        ).toBe(400);
    });
});

// Last: the customers it adds would change the counts of the customer list above.
describe('refunds for a pass and for the customer count against each other', () => {
    const newCustomer = async (lastName: string) =>
        (
            await manager.create('customers', {
                data: { firstName: 'Refund', lastName, phone: '+7 900 000-00-00', status: 'active' },
            })
        ).data.id as number;

    it('after 5,200 refunded to the customer, nothing more is refunded for the pass, and the pass is not cancelled', async () => {
        const customerId = await newCustomer('Customer first');
        const { pass } = await sell(customerId);
        expect((await post('/payments/refund', { customerId, amount: 5200, method: 'cash' })).status).toBe(201);
        expect(
            await post('/payments/refund', {
                customerId,
                amount: 5200,
                method: 'cash',
                passId: pass.id,
                cancelPass: true,
            }),
        ).toMatchObject({
            status: 400,
            body: { errors: { amount: 'app.money.errors.refund_too_large' } },
        });
        expect((await manager.getOne('passes', { id: pass.id })).data.cancelled).toBe(false);
        expect((await all<Payment>('payments', { customerId })).map(payment => [payment.kind, payment.amount])).toEqual(
            [
                ['payment', 5200],
                ['refund', 5200],
            ],
        );
    });

    it('after 5,200 refunded for the pass, nothing more is refunded to the customer', async () => {
        const customerId = await newCustomer('Pass first');
        const { pass } = await sell(customerId);
        expect(
            (
                await post('/payments/refund', {
                    customerId,
                    amount: 5200,
                    method: 'cash',
                    passId: pass.id,
                    cancelPass: true,
                })
            ).status,
        ).toBe(201);
        expect(await post('/payments/refund', { customerId, amount: 0.01, method: 'cash' })).toMatchObject({
            status: 400,
            body: { errors: { amount: 'app.money.errors.refund_too_large' } },
        });
        expect((await all<Payment>('payments', { customerId, kind: 'refund' })).length).toBe(1);
    });
});
