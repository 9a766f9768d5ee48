import { afterAll, beforeAll, expect } from 'vitest';
import type { DataProvider } from 'ra-core';
import { studioToday } from '../../src/domain/time';
import type { Pass, Payment } from '../../src/domain/types';
import { call, login, removeDir, restClient, startServer, type RunningServer } from './server';

/*
 * The server and the calls of the money tests (tests/api/money-*.test.ts): selling plans, freezes, refunds,
 * payment links and the customers list's computed filters, as a manager (and a teacher, to be refused).
 */

export let server: RunningServer;
export let manager: DataProvider;
export let managerToken: string;
export let teacherToken: string;
export const today = studioToday('Europe/Moscow');

/** A server started before the file's tests and stopped after, signed in as a manager and as a teacher. */
export const startMoneyServer = () => {
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
};

export const post = (path: string, json: unknown, token = managerToken) =>
    call(server.url, `/api${path}`, { method: 'POST', token, json });

export const all = async <T>(collection: string, filter: object) =>
    (
        await manager.getList(collection, {
            pagination: { page: 1, perPage: 1000 },
            sort: { field: 'id', order: 'ASC' },
            filter,
        })
    ).data as unknown as T[];

export const sell = async (customerId: number, subscriptionId = 3, fields: object = {}) => {
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
