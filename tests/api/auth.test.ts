import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, demoAccounts, removeDir, startServer, type RunningServer } from '../support/server';

let server: RunningServer;

beforeAll(async () => {
    server = await startServer({ env: { LOGIN_MAX_FAILURES: '3', TOKEN_TTL_HOURS: '1' } });
});

afterAll(async () => {
    await server.stop();
    removeDir(server.dir);
});

const signIn = (email: string, password: string) =>
    call(server.url, '/api/auth/login', { method: 'POST', json: { email, password } });

describe('signing in', () => {
    it('answers a token and the user for the right password, in any letter case of the email', async () => {
        const { status, body } = await signIn('Admin@Studio.test', demoAccounts.admin.password);
        expect(status).toBe(200);
        expect(body.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
        expect(body.user).toMatchObject({ email: 'admin@studio.test', role: 'admin' });
        const me = await call(server.url, '/api/auth/me', { token: body.token as string });
        expect(me.body.user).toEqual(body.user);
    });

    it('the token expires after TOKEN_TTL_HOURS', async () => {
        const { body } = await signIn(demoAccounts.manager.email, demoAccounts.manager.password);
        const payload = JSON.parse(Buffer.from((body.token as string).split('.')[1], 'base64url').toString()) as {
            exp: number;
            iat: number;
        };
        expect(payload.exp - payload.iat).toBe(3600);
    });

    it('answers 401 for a wrong password or an unknown email, and 400 for a missing field', async () => {
        expect((await signIn(demoAccounts.teacher.email, 'wrong-password')).status).toBe(401);
        expect((await signIn('nobody@studio.test', 'whatever-password')).status).toBe(401);
        const missing = await call(server.url, '/api/auth/login', {
            method: 'POST',
            json: { email: 'admin@studio.test' },
        });
        expect(missing.status).toBe(400);
        expect(missing.body.errors).toHaveProperty('password');
    });

    it('limits an address failing on many accounts with 429 and Retry-After, even for the right password', async () => {
        // LOGIN_MAX_FAILURES 3: an address may fail on 12 different accounts; the waits per account and
        // address, and the hold, are in auth-limits.test.ts.
        for (let account = 1; account <= 12; account++)
            expect([401, 429]).toContain((await signIn(`guess${account}@studio.test`, 'bad-password')).status);
        const limited = await signIn(demoAccounts.manager.email, demoAccounts.manager.password);
        expect(limited.status).toBe(429);
        expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(60);
        expect(limited.body.retryAfter).toBe(Number(limited.headers.get('retry-after')));
    });
});
