import { afterAll, beforeAll, expect } from 'vitest';
import type { DataProvider } from 'ra-core';
import { login, removeDir, restClient, startServer, type RunningServer } from './server';

/*
 * Helpers for the tests of the generic collections' API through ra-data-simple-rest
 * (tests/api/crud-*.test.ts): a server on the demo database signed in as the admin and the manager, and
 * the check that a request is refused with a given HTTP status.
 */

/** A server for the calling test file, the admin's data provider on it, and the admin's and manager's tokens. */
export const crudServer = () => {
    const served = {
        server: undefined as unknown as RunningServer,
        admin: undefined as unknown as DataProvider,
        adminToken: '',
        managerToken: '',
    };

    beforeAll(async () => {
        served.server = await startServer();
        served.adminToken = await login(served.server.url, 'admin');
        served.managerToken = await login(served.server.url, 'manager');
        served.admin = restClient(served.server.url, served.adminToken);
    });

    afterAll(async () => {
        await served.server.stop();
        removeDir(served.server.dir);
    });

    return served;
};

/** The body of the error a request is refused with, once its status is checked. */
export const expectHttpError = async (promise: Promise<unknown>, status: number) => {
    const error = await promise.then(
        () => {
            throw new Error(`expected HTTP ${status}, got success`);
        },
        (error: { status?: number; body?: Record<string, unknown> }) => error,
    );
    expect(error.status).toBe(status);
    return error.body ?? {};
};
