import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, removeDir, startServer, type RunningServer } from '../support/server';

let server: RunningServer;

beforeAll(async () => {
    server = await startServer();
});

afterAll(async () => {
    await server.stop();
    removeDir(server.dir);
});

describe('browser paths', () => {
    it.each([
        '/',
        '/login',
        '/logout',
        '/events',
        '/events/12',
        '/configs',
        '/settings/users',
        '/customers',
        '/customers/3',
        '/schedules',
        '/schedules/2',
        '/settings/courses',
        '/settings/studios',
        '/settings/directions',
        '/settings/subscriptions',
        '/settings/statuses/customer',
        '/settings/statuses/attendance',
        '/attendances',
        '/attendances/3',
        '/payments/link/abcDEF123',
        '/reports/attendances/1',
        '/statistics/incomes',
    ])('%s is a route of the app: 200 with the app', async path => {
        const { status, text } = await call(server.url, path);
        expect(status).toBe(200);
        expect(text).toContain('<div id="root">');
    });

    it.each(['/nope', '/settings/statuses/colours', '/customers/1/extra', '/settings'])('%s is not: 404 with the app', async path => {
        const { status, text } = await call(server.url, path);
        expect(status).toBe(404);
        expect(text).toContain('<div id="root">');
    });

    it('a missing asset is a plain 404, and an unknown API path a JSON 404', async () => {
        expect((await call(server.url, '/assets/missing.js')).status).toBe(404);
        const api = await call(server.url, '/api/nope/1/2');
        expect(api.status).toBe(401);
        const login = await call(server.url, '/api/auth/nope', { method: 'POST', json: {} });
        expect([401, 404]).toContain(login.status);
        expect(typeof login.body.message).toBe('string');
    });
});
