import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, demoAccounts, engine, removeDir, startServerProcess, type RunningServer } from '../support/server';
import { signInFrom, startClockedApp, type ClockedApp } from '../support/signIns';

/*
 * Sign-in limits through real HTTP, on both engines: the app runs in the test's process with a clock the
 * test moves (no waiting for a deadline), behind a trusted proxy on loopback so that X-Forwarded-For
 * names the client's address. On PostgreSQL, two server processes on one database count together.
 */

const heldMessage = 'This account is held after many failed sign-ins; ask an admin to release it';
const anna = { id: 3, ...demoAccounts.teacher };

describe('sign-in limits', () => {
    let app: ClockedApp;
    const signIn = (email: string, password: string, address: string) => signInFrom(app.url, email, password, address);

    beforeAll(async () => {
        app = await startClockedApp();
    });

    afterAll(async () => {
        await app.stop();
    });

    it('after 5 failures an address waits 1, 2, 4 ... up to 60 s, while another address signs in', async () => {
        const { email, password } = demoAccounts.manager;
        for (let attempt = 0; attempt < 5; attempt++)
            expect((await signIn(email, 'wrong', '10.1.0.1')).status).toBe(401);
        const waits: number[] = [];
        for (let round = 0; round < 8; round++) {
            // Refused before the password is checked: the right one waits too.
            const refused = await signIn(email, password, '10.1.0.1');
            expect(refused.status).toBe(429);
            expect(refused.headers.get('retry-after')).toBe(String(refused.body.retryAfter));
            waits.push(refused.body.retryAfter as number);
            expect((await signIn(email, password, `10.1.1.${round}`)).status).toBe(200);
            app.clock.now += (refused.body.retryAfter as number) * 1000;
            expect((await signIn(email, 'wrong', '10.1.0.1')).status).toBe(401);
        }
        expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60, 60]);

        // Once the wait is over the right password signs in, and the address starts afresh.
        app.clock.now += 60_000;
        expect((await signIn(email, password, '10.1.0.1')).status).toBe(200);
        expect((await signIn(email, 'wrong', '10.1.0.1')).status).toBe(401);
        expect((await signIn(email, password, '10.1.0.1')).status).toBe(200);
    });

    it('an address failing on 20 different accounts waits, and only that address', async () => {
        for (let account = 1; account <= 20; account++)
            expect((await signIn(`sprayed${account}@studio.test`, 'common-password', '10.2.0.1')).status).toBe(401);
        const { email, password } = demoAccounts.admin;
        const refused = await signIn(email, password, '10.2.0.1');
        expect(refused.status).toBe(429);
        expect(refused.body.retryAfter).toBeGreaterThan(60);
        expect((await signIn(email, password, '10.2.0.2')).status).toBe(200);
    });

    it('100 failures from many addresses hold the account, except from where its owner signed in; an admin releases it', async () => {
        const admin = (await signIn(demoAccounts.admin.email, demoAccounts.admin.password, '10.3.0.1')).body
            .token as string;
        const manager = (await signIn(demoAccounts.manager.email, demoAccounts.manager.password, '10.3.0.2')).body
            .token as string;
        expect((await signIn(anna.email, anna.password, '10.3.1.1')).status).toBe(200);

        for (let address = 1; address <= 99; address++)
            expect((await signIn(anna.email, 'guess', `10.4.${address % 5}.${address}`)).status).toBe(401);
        // 99 failures: nothing is held yet; the 100th holds.
        expect((await signIn(anna.email, anna.password, '10.3.2.1')).status).toBe(200);
        expect((await signIn(anna.email, 'guess', '10.4.9.9')).status).toBe(401);

        const refused = await signIn(anna.email, anna.password, '10.3.2.2');
        expect(refused.status).toBe(423);
        expect(refused.body).toMatchObject({ message: heldMessage, held: true });
        // From the addresses that signed in to the account before the hold, the owner still does.
        expect((await signIn(anna.email, anna.password, '10.3.1.1')).status).toBe(200);
        expect((await signIn(anna.email, anna.password, '10.3.2.1')).status).toBe(200);

        // Admins see the hold on the user; others never do.
        const asAdmin = await call(app.url, `/api/users/${anna.id}`, { token: admin });
        expect(asAdmin.body.signInHold).toMatchObject({ failures: 100, since: expect.any(String) });
        expect((await call(app.url, `/api/users/${anna.id}`, { token: manager })).body).not.toHaveProperty(
            'signInHold',
        );
        expect((await call(app.url, `/api/users`, { token: manager })).text).not.toContain('signInHold');

        // The hold is stored with the user: a restart keeps it.
        await app.restart();
        expect((await signIn(anna.email, anna.password, '10.3.2.2')).status).toBe(423);

        const release = (token: string) =>
            call(app.url, `/api/users/${anna.id}/release-sign-in`, { method: 'POST', token });
        expect((await release(manager)).status).toBe(403);
        const released = await release(admin);
        expect(released.status).toBe(200);
        expect(released.body.signInHold).toMatchObject({ releasedAt: expect.any(String), releasedBy: 'Ольга Админ' });
        expect((await signIn(anna.email, anna.password, '10.3.2.2')).status).toBe(200);
        // Failures before the release do not hold the account again at the next one.
        expect((await signIn(anna.email, 'guess', '10.4.9.10')).status).toBe(401);
        expect((await signIn(anna.email, anna.password, '10.3.2.3')).status).toBe(200);

        // Held by the server, released by the admin: both in the audit trail.
        const trail = await call(
            app.url,
            `/api/auditEntries?filter=${encodeURIComponent(JSON.stringify({ collection: 'users', recordId: String(anna.id) }))}`,
            { token: admin },
        );
        expect(
            (trail.body as unknown as { endpoint: string; userId: number | null }[]).map(entry => entry.endpoint),
        ).toEqual(expect.arrayContaining(['POST /api/auth/login', `POST /api/users/${anna.id}/release-sign-in`]));
    });

    it('a hold ends by itself an hour after the last failure', async () => {
        const boris = demoAccounts.teacher.email.replace('anna', 'boris');
        for (let address = 1; address <= 100; address++)
            expect((await signIn(boris, 'guess', `10.5.${address % 5}.${address}`)).status).toBe(401);
        expect((await signIn(boris, 'wrong', '10.6.0.1')).status).toBe(423);
        app.clock.now += 59 * 60_000;
        expect((await signIn(boris, 'wrong', '10.6.0.2')).status).toBe(423);
        // That refused try was a failure too: the hour counts from it.
        app.clock.now += 59 * 60_000;
        expect((await signIn(boris, 'wrong', '10.6.0.3')).status).toBe(423);
        app.clock.now += 60 * 60_000;
        expect((await signIn(boris, 'wrong', '10.6.0.4')).status).toBe(401);
    });
});

describe.skipIf(engine !== 'postgres')('two server processes on one PostgreSQL database', () => {
    let first: RunningServer;
    let second: RunningServer;
    const env = { TRUSTED_PROXY: 'loopback' };
    const on = (index: number) => (index % 2 ? second : first);

    beforeAll(async () => {
        first = await startServerProcess({ env });
        // Over the same file: the same database.
        second = await startServerProcess({ dbFile: first.dbFile, env });
    });

    afterAll(async () => {
        await Promise.all([first?.stop(), second?.stop()]);
        if (first) removeDir(first.dir);
    });

    it('count the failures together: an account held, an address limited, on both', async () => {
        const vera = demoAccounts.teacher.email.replace('anna', 'vera');
        for (let address = 1; address <= 100; address++)
            expect((await signInFrom(on(address).url, vera, 'guess', `10.7.${address % 5}.${address}`)).status).toBe(
                401,
            );
        for (const server of [first, second])
            expect((await signInFrom(server.url, vera, 'studio-teacher', '10.7.9.9')).body.message).toBe(heldMessage);

        for (let account = 1; account <= 20; account++)
            expect((await signInFrom(on(account).url, `shared${account}@studio.test`, 'x', '10.8.0.1')).status).toBe(
                401,
            );
        for (const server of [first, second])
            expect((await signInFrom(server.url, anna.email, anna.password, '10.8.0.1')).status).toBe(429);
    });
});
