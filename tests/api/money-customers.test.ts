import { describe, expect, it } from 'vitest';
import { isActiveOn, visitsLeft } from '../../src/domain/passes';
import type { Customer, Pass, Payment } from '../../src/domain/types';
import { moneyServer, today } from '../support/money';
import { call, storedDatabase } from '../support/server';
import { freshPhone } from '../support/factories';

/*
 * Money through the business endpoints, on a server of this file's own. This part: the customers list's
 * filters computed by the server, and refunds for a pass and for the customer counting against each other
 * (selling, freezing, refunds and payment links are in money-sales).
 */

const { served, all, post, sell } = moneyServer();

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

        const { body } = await call(served.server.url, '/api/customers?range=[0,99]', { token: served.tokens.teacher });
        const names = body as unknown as Record<string, unknown>[];
        expect(names.length).toBeGreaterThan(0);
        expect(names.every(row => !('activePass' in row) && !('unpaidVisits' in row))).toBe(true);
    });

    it('keeps the computed fields out of the stored customer', async () => {
        const [row] = await all<Customer & { unpaidVisits?: number }>('customers', { id: [14] });
        const { status, body } = await call(served.server.url, '/api/customers/14', {
            method: 'PUT',
            token: served.tokens.manager,
            json: { ...row, unpaidVisits: 99, activePass: { name: 'x' } },
        });
        expect(status).toBe(200);
        expect(body).not.toHaveProperty('unpaidVisits');
        const stored = (await storedDatabase(served.server)).customers.find(customer => customer.id === 14);
        expect(stored).toBeDefined();
        expect(stored).not.toHaveProperty('activePass');
        expect(stored).not.toHaveProperty('unpaidVisits');
    });

    it('still refuses filters nobody declared', async () => {
        expect(
            (
                await call(served.server.url, `/api/customers?filter=${encodeURIComponent('{"richest":true}')}`, {
                    token: served.tokens.manager,
                })
            ).status,
        ).toBe(400);
    });
});

// Last: the customers it adds would change the counts of the customer list above.
describe('refunds for a pass and for the customer count against each other', () => {
    const newCustomer = async (lastName: string) =>
        (
            await served.clients.manager.create('customers', {
                data: { firstName: 'Refund', lastName, phone: freshPhone(), status: 'active' },
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
        expect((await served.clients.manager.getOne('passes', { id: pass.id })).data.cancelled).toBe(false);
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
