import { freshPhone } from './factories';
import { expect } from 'vitest';
import { studioToday } from '../../src/domain/time';
import type { Pass, Payment } from '../../src/domain/types';
import { call, type DemoRole, serverForEveryRole } from './server';

/*
 * Helpers for the tests of money at the desk (tests/api/desk-*.test.ts): a server signed in as every demo
 * role, calls to its API as one of them, customers of their own, and selling and paying for passes.
 */

export const today = studioToday('Europe/Moscow', new Date());

type PassRow = Pass & { paid: number; balanceDue: number };

/** A server on the demo database for the calling test file, its API called as a demo role, and the builders. */
export const deskServer = () => {
    const served = serverForEveryRole();
    const { tokens } = served;

    const request = (method: string, path: string, role: DemoRole, json?: unknown) =>
        call(served.server.url, `/api${path}`, { method, token: tokens[role], json });

    let lastName = 0;
    /** A customer of their own, so that nothing of the demo data counts in their balance. */
    const newCustomer = async (): Promise<number> => {
        lastName += 1;
        const { status, body } = await request('POST', '/customers', 'manager', {
            firstName: 'Desk',
            lastName: `Test ${lastName}`,
            phone: freshPhone(),
            status: 'active',
        });
        expect(status).toBe(201);
        return body.id as number;
    };

    const sell = async (customerId: number, subscriptionId: number, fields: object = {}) => {
        const { status, body } = await request('POST', '/passes/sell', 'manager', {
            customerId,
            subscriptionId,
            startsOn: today,
            method: 'cash',
            ...fields,
        });
        expect(status, JSON.stringify(body)).toBe(201);
        return body as unknown as { pass: PassRow; payment: Payment | null };
    };

    const passOf = async (id: number) => (await request('GET', `/passes/${id}`, 'manager')).body as unknown as PassRow;
    const customerOf = async (id: number) =>
        (await request('GET', `/customers/${id}`, 'manager')).body as unknown as { balanceDue: number };
    const pay = (passId: number, amount: number, role: DemoRole = 'manager') =>
        request('POST', `/passes/${passId}/pay`, role, { amount, method: 'card' });

    return { served, request, newCustomer, sell, passOf, customerOf, pay };
};
