import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, removeDir, runServerToExit, startServer, type RunningServer } from '../support/server';
import { beginPayment, payOnline } from '../support/payOnline';

/*
 * A studio that deploys on a public address without choosing a payment provider takes no payment through
 * the test provider: its links answer 503 until a provider is chosen, and the settings say why.
 */

/**
 * A link made now, pending for the studio's link lifetime: the demo's own pending links expire as the
 * machine's calendar moves past the day the demo was made for.
 */
const pendingLink = async (server: RunningServer) => {
    const token = await login(server.url, 'manager');
    const link = await call(server.url, '/api/paymentLinks', {
        method: 'POST',
        token,
        json: { customerId: 21, subscriptionId: 3 },
    });
    expect(link.status).toBe(201);
    return (link.body as unknown as { id: string }).id;
};

describe('on a public address with no provider chosen', () => {
    let server: RunningServer;
    beforeAll(async () => {
        server = await startServer({ env: { PUBLIC_URL: 'https://studio.example.com' } });
    });
    afterAll(async () => {
        await server.stop();
        removeDir(server.dir);
    });

    it('a link says it cannot be paid online, and paying answers 503 without sending the payer anywhere', async () => {
        const id = await pendingLink(server);
        const page = await call(server.url, `/api/public/payment-links/${id}`);
        expect(page.body).toMatchObject({ status: 'pending', payments: 'off' });
        const begun = await beginPayment(server.url, id);
        expect(begun.status).toBe(503);
        expect(begun.body).toMatchObject({ errors: { status: 'app.payment_page.errors.unavailable' } });
        expect(begun.body).not.toHaveProperty('confirmationUrl');
        expect((await call(server.url, `/api/public/payment-links/${id}`)).body).toMatchObject({ status: 'pending' });
    });

    it('the settings tell staff, and not teachers', async () => {
        const admin = await login(server.url, 'admin');
        expect((await call(server.url, '/api/settings/payments', { token: admin })).body).toEqual({
            mode: 'off',
            publicAddress: true,
            provider: null,
            noticeUrl: null,
        });
        const teacher = await login(server.url, 'teacher');
        expect((await call(server.url, '/api/settings/payments', { token: teacher })).status).toBe(403);
    });
});

describe('the test provider chosen on purpose on a public address', () => {
    it('takes the test card and every answer says these are test payments', async () => {
        const server = await startServer({
            env: { PUBLIC_URL: 'https://studio.example.com', PAYMENT_PROVIDER: 'test' },
        });
        const id = await pendingLink(server);
        const paid = await payOnline(server.url, id);
        expect(paid.status).toBe(200);
        expect(paid.body).toMatchObject({ status: 'paid', payments: 'test', attempt: { status: 'succeeded' } });
        const admin = await login(server.url, 'admin');
        expect((await call(server.url, '/api/settings/payments', { token: admin })).body).toEqual({
            mode: 'test',
            publicAddress: true,
            provider: 'test',
            noticeUrl: null,
        });
        await server.stop();
        removeDir(server.dir);
    });

    it('a provider the server does not know stops it with one line', async () => {
        const server = await startServer();
        await server.stop();
        const result = await runServerToExit({ dbFile: server.dbFile, env: { PAYMENT_PROVIDER: 'paypal' } });
        expect(result.code).toBe(1);
        expect(result.output).toMatch(/PAYMENT_PROVIDER=paypal is not a provider this server knows/);
        removeDir(server.dir);
    });
});
