import { chmodSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
    call,
    demoAccounts,
    login,
    removeDir,
    startServer,
    startServerProcess,
    type RunningServer,
    type ServerProcess,
    itOnDbJson,
} from '../support/server';
import { signIn } from '../support/security';

/*
 * Findings of a security review, each checked over real HTTP on the server as `npm start` runs it:
 * the headers every answer carries, sign-in limits per account, per email and address and per address,
 * and the database's temporary files and file modes.
 */

describe('headers', () => {
    let server: RunningServer;
    let proxied: RunningServer;
    let link: string;

    beforeAll(async () => {
        [server, proxied] = await Promise.all([startServer(), startServer({ env: { TRUSTED_PROXY: 'loopback' } })]);
        const links = await call(server.url, '/api/paymentLinks?range=[0,0]', {
            token: await login(server.url, 'admin'),
        });
        link = (links.body as unknown as { id: string }[])[0].id;
    });

    afterAll(async () => {
        await Promise.all([server.stop(), proxied.stop()]);
        removeDir(server.dir);
        removeDir(proxied.dir);
    });

    const directives = (policy: string | null) =>
        new Map(
            (policy ?? '')
                .split(';')
                .map(directive => directive.trim().split(/\s+/))
                .map(([name, ...values]) => [name, values]),
        );

    it.each(['/', '/login', '/payments/link/abcDEF123', '/nope', '/api/auth/me'])(
        '%s: a policy without inline scripts, and never in a frame',
        async path => {
            const { headers } = await call(server.url, path);
            const policy = directives(headers.get('content-security-policy'));
            expect(policy.get('script-src')).toEqual(["'self'"]);
            expect(policy.get('default-src')).toEqual(["'self'"]);
            expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
            expect(policy.get('object-src')).toEqual(["'none'"]);
            expect(headers.get('x-frame-options')).toBe('DENY');
            expect(headers.get('x-content-type-options')).toBe('nosniff');
        },
    );

    it('every API answer is no-store: data, the public link, sign-in and errors', async () => {
        const token = await login(server.url, 'manager');
        const answers = [
            await call(server.url, '/api/customers?range=[0,4]', { token }),
            await call(server.url, `/api/public/payment-links/${link}`),
            await call(server.url, '/api/public/payment-links/missing-link'),
            await signIn(server, demoAccounts.manager.email, demoAccounts.manager.password),
            await call(server.url, '/api/auth/me'),
            await call(server.url, '/api/customers/999999', { token }),
            await call(server.url, '/api/auth/login', {
                method: 'POST',
                body: '{broken',
                headers: { 'Content-Type': 'application/json' },
            }),
            await call(server.url, '/api/nope', { token }),
        ];
        expect(answers.map(answer => answer.status)).toEqual([200, 200, 404, 200, 401, 404, 400, 404]);
        for (const answer of answers) expect(answer.headers.get('cache-control')).toBe('no-store');
    });

    it('HSTS only over https, as a trusted proxy reports it; never on plain http, whatever a client claims', async () => {
        expect((await call(server.url, '/')).headers.get('strict-transport-security')).toBeNull();
        expect(
            (await call(server.url, '/', { headers: { 'X-Forwarded-Proto': 'https' } })).headers.get(
                'strict-transport-security',
            ),
        ).toBeNull();
        expect((await call(proxied.url, '/')).headers.get('strict-transport-security')).toBeNull();
        const secure = await call(proxied.url, '/api/auth/me', { headers: { 'X-Forwarded-Proto': 'https' } });
        expect(secure.headers.get('strict-transport-security')).toMatch(/^max-age=\d{7,}/);
    });
});

describe('sign-in limits', () => {
    // LOGIN_MAX_FAILURES 2: waits after 2 per email and address, 8 accounts per address, a hold at 40 per account.
    let direct: RunningServer;
    let proxied: RunningServer;

    beforeAll(async () => {
        [direct, proxied] = await Promise.all([
            startServer({ env: { LOGIN_MAX_FAILURES: '2' } }),
            startServer({ env: { LOGIN_MAX_FAILURES: '2', TRUSTED_PROXY: 'loopback' } }),
        ]);
    });

    afterAll(async () => {
        await Promise.all([direct.stop(), proxied.stop()]);
        removeDir(direct.dir);
        removeDir(proxied.dir);
    });

    const from = (address: string) => ({ 'X-Forwarded-For': address });

    it("an address's failures on a few accounts do not lock out the others from that address", async () => {
        // 8 failures from one address, on 4 accounts: as many as the address was once allowed in all.
        for (let account = 1; account <= 4; account++) {
            for (let attempt = 0; attempt < 2; attempt++)
                expect((await signIn(direct, `typo${account}@studio.test`, 'wrong-password')).status).toBe(401);
        }
        expect((await signIn(direct, demoAccounts.teacher.email, demoAccounts.teacher.password)).status).toBe(200);
    });

    it('without TRUSTED_PROXY, X-Forwarded-For is ignored: a client cannot pick a fresh address', async () => {
        // 8 different accounts from what the client says are 8 addresses: one address to the server,
        // which may have reached its limit on the way (429) with the accounts of the test above.
        for (let account = 1; account <= 8; account++) {
            const claimed = from(`10.0.0.${account}`);
            expect([401, 429]).toContain(
                (await signIn(direct, `picked${account}@studio.test`, 'wrong', claimed)).status,
            );
        }
        const { email, password } = demoAccounts.manager;
        const limited = await signIn(direct, email, password, from('10.0.0.9'));
        expect(limited.status).toBe(429);
        expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    });

    it('with TRUSTED_PROXY, the forwarded address counts: failures from one never block another', async () => {
        const { email, password } = demoAccounts.teacher;
        expect((await signIn(proxied, email, 'wrong-password', from('10.1.0.1'))).status).toBe(401);
        expect((await signIn(proxied, email, 'wrong-password', from('10.1.0.1'))).status).toBe(401);
        expect((await signIn(proxied, email, password, from('10.1.0.2'))).status).toBe(200);
    });

    it('failures on one account from many addresses do not block its right password from another', async () => {
        const { email, password } = demoAccounts.manager;
        for (let address = 1; address <= 8; address++)
            expect((await signIn(proxied, email, 'wrong-password', from(`10.2.0.${address}`))).status).toBe(401);
        expect((await signIn(proxied, email, password, from('10.2.0.9'))).status).toBe(200);
    });

    it('trying many accounts from one address is limited per address, and only there', async () => {
        const address = from('10.3.0.1');
        for (let account = 1; account <= 8; account++)
            expect((await signIn(proxied, `sprayed${account}@studio.test`, 'common-password', address)).status).toBe(
                401,
            );
        expect((await signIn(proxied, demoAccounts.admin.email, demoAccounts.admin.password, address)).status).toBe(
            429,
        );
        expect(
            (await signIn(proxied, demoAccounts.admin.email, demoAccounts.admin.password, from('10.3.0.2'))).status,
        ).toBe(200);
    });
});

// A crash is a process killed: these start the server's own process.
describe('the database files', () => {
    let server: ServerProcess;

    afterAll(async () => {
        await server?.stop();
        if (server) removeDir(server.dir);
    });

    const worldOrGroupBits = (file: string) => statSync(file).mode & 0o077;

    itOnDbJson(
        'temporary copies left by a crash are removed at start-up; files the server writes keep 0600',
        async () => {
            // A first start makes the folder and the database; then a "crash" leaves temporaries behind.
            server = await startServerProcess();
            await server.stop('SIGKILL');
            const { dbFile, dir } = server;
            chmodSync(dbFile, 0o600);
            const planted = [`${dbFile}.12345.tmp`, `${dbFile}.journal.tmp`];
            for (const file of planted) writeFileSync(file, readFileSync(dbFile));
            const unrelated = join(dir, 'notes.tmp');
            writeFileSync(unrelated, 'not the database');

            server = await startServerProcess({ dbFile, env: { CHECKPOINT_IDLE_MS: '50' } });
            for (const file of planted) expect(existsSync(file), file).toBe(false);
            expect(existsSync(unrelated)).toBe(true);

            // A write, its journal, and the rewrite of db.json from memory after it.
            const token = await login(server.url, 'admin');
            const changed = await call(server.url, '/api/directions/1', {
                method: 'PUT',
                token,
                json: { description: 'Rewritten while 0600' },
            });
            expect(changed.status).toBe(200);
            await expect
                .poll(() => readFileSync(dbFile, 'utf8').includes('Rewritten while 0600'), { timeout: 10_000 })
                .toBe(true);
            const journal = `${dbFile}.journal`;
            if (existsSync(journal)) expect(worldOrGroupBits(journal)).toBe(0);
            expect(worldOrGroupBits(dbFile)).toBe(0);
            await server.stop();
            expect(worldOrGroupBits(dbFile)).toBe(0);
            // The note of what was checked holds a size and a checksum, nothing of the data.
            const written = readdirSync(dir).filter(name => name.startsWith('db.json') && name !== 'db.json.checked');
            for (const name of written) expect(worldOrGroupBits(join(dir, name)), name).toBe(0);
        },
    );
});
