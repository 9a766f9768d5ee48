import { describe, expect, it } from 'vitest';
import { call, serverForEveryRole, type DemoRole } from '../support/server';

/*
 * The attempts to pay links on a provider's hosted page, on both engines: managers and admins read them
 * (what the provider was asked and answered), teachers do not, and nobody writes them through the API:
 * they begin on the public payment page and change only by the provider's verified notices.
 */

const served = serverForEveryRole();
const as = (role: DemoRole, path: string, init: Parameters<typeof call>[2] = {}) =>
    call(served.server.url, `/api${path}`, { ...init, token: served.tokens[role] });

describe('online payments', () => {
    it('are read by managers and admins, not by teachers', async () => {
        const list = await served.clients.manager.getList('onlinePayments', {
            pagination: { page: 1, perPage: 10 },
            sort: { field: 'createdAt', order: 'DESC' },
            filter: {},
        });
        expect(list).toEqual({ data: [], total: 0 });
        expect((await as('admin', '/onlinePayments')).status).toBe(200);
        expect((await as('teacher', '/onlinePayments')).status).toBe(403);
    });

    it('are never written through the API', async () => {
        const attempt = { paymentLinkId: 'x', provider: 'test', amount: 100, status: 'succeeded' };
        expect((await as('admin', '/onlinePayments', { method: 'POST', json: attempt })).status).toBe(405);
        expect((await as('admin', '/onlinePayments/abc', { method: 'PUT', json: attempt })).status).toBe(405);
        expect((await as('admin', '/onlinePayments/abc', { method: 'DELETE' })).status).toBe(405);
    });
});
