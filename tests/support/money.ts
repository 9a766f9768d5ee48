import { expect } from 'vitest';
import { studioToday } from '../../src/domain/time';
import type { Pass, Payment } from '../../src/domain/types';
import { call, serverForEveryRole } from './server';

/*
 * The server and the calls of the money tests (tests/api/money-*.test.ts): selling plans, freezes, refunds,
 * payment links and the customers list's computed filters, as a manager (and a teacher, to be refused).
 */

export const today = studioToday('Europe/Moscow', new Date());

/** A server started before the file's tests and stopped after, signed in as every demo role, and the calls. */
export const moneyServer = () => {
    const served = serverForEveryRole();
    const post = (path: string, json: unknown, token = served.tokens.manager) =>
        call(served.server.url, `/api${path}`, { method: 'POST', token, json });

    const all = async <T>(collection: string, filter: object) =>
        (
            await served.clients.manager.getList(collection, {
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

    return { served, post, all, sell };
};
