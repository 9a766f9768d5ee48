import { freshPhone } from './factories';
import { expect } from 'vitest';
import { studioToday } from '../../src/domain/time';
import type { Pass, Payment } from '../../src/domain/types';
import { call, type DemoRole, serverForEveryRole, storedDatabase } from './server';

/*
 * The server and the requests of the ledger tests (tests/api/ledger-*.test.ts): money moves only through
 * the business endpoints, each under its rule.
 */

export const today = studioToday('Europe/Moscow', new Date());

/** A server started before the file's tests and stopped after, with a token per demo role, and the calls made of it. */
export const ledgerServer = () => {
    const served = serverForEveryRole();
    const { tokens } = served;

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
            phone: freshPhone(),
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
    return { served, request, stored, newCustomer, sell };
};
