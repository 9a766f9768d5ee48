import { chmodSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
    call,
    demoAccounts,
    demoDb,
    login,
    removeDir,
    startServer,
    tokenPayload,
    type RunningServer,
    engine,
    itOnDbJson,
    storedDatabase,
} from '../support/server';

/*
 * Findings of a security review, each checked over real HTTP on the server as `npm start` runs it:
 * tokens revoked by a token version, the headers every answer carries, sign-in limits per account,
 * per email and address and per address, and the database's temporary files and file modes.
 */

/** The secret tests/support/server.ts starts the server with. */
const testSecret = 'test-secret-that-is-long-enough-for-hs256';

const signIn = (server: RunningServer, email: string, password: string, headers: Record<string, string> = {}) =>
    call(server.url, '/api/auth/login', { method: 'POST', json: { email, password }, headers });

const me = (server: RunningServer, token: string) => call(server.url, '/api/auth/me', { token });

describe('tokens are revoked', () => {
    let server: RunningServer;
    let admin: string;
    let sequence = 0;

    beforeAll(async () => {
        server = await startServer({ env: { CHECKPOINT_IDLE_MS: '50' } });
        admin = await login(server.url, 'admin');
    });

    afterAll(async () => {
        await server.stop();
        removeDir(server.dir);
    });

    /** A new teacher, signed in: their id, email and token. */
    const newUser = async () => {
        const email = `revoked${++sequence}@studio.test`;
        const created = await call(server.url, '/api/users', {
            method: 'POST',
            token: admin,
            json: { name: `Revoked ${sequence}`, email, role: 'teacher', password: 'first-password' },
        });
        expect(created.status).toBe(201);
        const signedIn = await signIn(server, email, 'first-password');
        expect(signedIn.status).toBe(200);
        return { id: created.body.id as number, email, token: signedIn.body.token as string };
    };
    const put = (id: number, json: object) =>
        call(server.url, `/api/users/${id}`, { method: 'PUT', token: admin, json });

    it('signing out ends every session of the user, and a new sign-in works', async () => {
        const first = await signIn(server, demoAccounts.manager.email, demoAccounts.manager.password);
        const second = await signIn(server, demoAccounts.manager.email, demoAccounts.manager.password);
        const [token, other] = [first.body.token as string, second.body.token as string];
        expect((await me(server, token)).status).toBe(200);
        const out = await call(server.url, '/api/auth/logout', { method: 'POST', token });
        expect(out.status).toBe(204);
        expect((await me(server, token)).status).toBe(401);
        expect((await me(server, other)).status).toBe(401);
        expect((await call(server.url, '/api/customers?range=[0,0]', { token })).status).toBe(401);
        expect((await call(server.url, '/api/auth/logout', { method: 'POST', token })).status).toBe(401);
        expect((await call(server.url, '/api/auth/logout', { method: 'POST' })).status).toBe(401);
        expect((await me(server, await login(server.url, 'manager'))).status).toBe(200);
    });

    it('a new password ends the sessions; other edits of the user do not', async () => {
        const user = await newUser();
        expect((await put(user.id, { phone: '+7 900 000-00-01', password: '' })).status).toBe(200);
        expect((await me(server, user.token)).status).toBe(200);
        expect((await put(user.id, { password: 'second-password' })).status).toBe(200);
        expect((await me(server, user.token)).status).toBe(401);
        expect((await signIn(server, user.email, 'second-password')).status).toBe(200);
    });

    it('another role ends the sessions', async () => {
        const user = await newUser();
        expect((await put(user.id, { role: 'manager' })).status).toBe(200);
        const refused = await me(server, user.token);
        expect(refused.status).toBe(401);
        const again = await signIn(server, user.email, 'first-password');
        expect((await me(server, again.body.token as string)).body.user).toMatchObject({ role: 'manager' });
    });

    it('deactivation ends the sessions, and activating the user again does not bring them back', async () => {
        const user = await newUser();
        expect((await put(user.id, { active: false })).status).toBe(200);
        expect((await me(server, user.token)).status).toBe(401);
        expect((await put(user.id, { active: true })).status).toBe(200);
        expect((await me(server, user.token)).status).toBe(401);
        expect((await signIn(server, user.email, 'first-password')).status).toBe(200);
    });

    it('the token version is never answered, and a client can neither set it nor filter by it', async () => {
        const user = await newUser();
        await call(server.url, '/api/auth/logout', { method: 'POST', token: user.token });
        const answers = [
            await call(server.url, '/api/users?range=[0,999]', { token: admin }),
            await call(server.url, `/api/users/${user.id}`, { token: admin }),
            await put(user.id, { phone: '+7 900 000-00-02' }),
            await signIn(server, user.email, 'first-password'),
            await me(server, admin),
        ];
        for (const answer of answers) {
            expect(answer.status).toBe(200);
            expect(answer.text).not.toMatch(/tokenVersion/);
        }
        // A client sending a version does not bring revoked tokens back, nor start a new user at another one.
        expect((await put(user.id, { tokenVersion: 0 })).status).toBe(200);
        expect((await me(server, user.token)).status).toBe(401);
        const created = await call(server.url, '/api/users', {
            method: 'POST',
            token: admin,
            json: {
                name: 'Chosen version',
                email: 'chosen.version@studio.test',
                role: 'teacher',
                password: 'first-password',
                tokenVersion: 7,
            },
        });
        expect(created.status).toBe(201);
        expect(
            tokenPayload((await signIn(server, 'chosen.version@studio.test', 'first-password')).body.token as string),
        ).toMatchObject({ ver: 0 });
        const filtered = await call(server.url, `/api/users?filter=${encodeURIComponent('{"tokenVersion":0}')}`, {
            token: admin,
        });
        expect(filtered.status).toBe(400);
        expect((await call(server.url, '/api/users?sort=["tokenVersion","ASC"]', { token: admin })).status).toBe(400);
    });

    it('a token without a version (made before revocation existed) is refused', async () => {
        const { token } = await newUser();
        expect((await me(server, token)).status).toBe(200);
        const { ver: _version, ...payload } = tokenPayload(token);
        const unversioned = await new SignJWT(payload)
            .setProtectedHeader({ alg: 'HS256' })
            .sign(new TextEncoder().encode(testSecret));
        expect((await me(server, unversioned)).status).toBe(401);
    });

    it('revocations are stored in the user record and survive a restart', async () => {
        const user = await newUser();
        await call(server.url, '/api/auth/logout', { method: 'POST', token: user.token });
        await server.stop();
        const stored = (await storedDatabase(server)).users.find(record => record.id === user.id);
        expect(stored?.tokenVersion).toBe(1);
        server = await startServer({ dbFile: server.dbFile, env: { CHECKPOINT_IDLE_MS: '50' } });
        admin = await login(server.url, 'admin');
        expect((await me(server, user.token)).status).toBe(401);
        const again = await signIn(server, user.email, 'first-password');
        expect(tokenPayload(again.body.token as string)).toMatchObject({ ver: 1 });
        expect((await me(server, again.body.token as string)).status).toBe(200);
    });
});

describe('a database whose users hold token versions', () => {
    let server: RunningServer;

    beforeAll(async () => {
        // Written by hand, not by the server: start-up checks every record of it.
        const db = JSON.parse(readFileSync(demoDb, 'utf8')) as { users: { email: string }[] };
        db.users = db.users.map(user =>
            user.email === demoAccounts.admin.email ? { ...user, tokenVersion: 3 } : user,
        );
        server = await startServer({ db });
    });

    afterAll(async () => {
        await server.stop();
        removeDir(server.dir);
    });

    it('is accepted at start-up, and sign-ins carry the stored version', async () => {
        if (engine === 'json') expect(existsSync(`${server.dbFile}.checked`)).toBe(true);
        const token = await login(server.url, 'admin');
        expect(tokenPayload(token)).toMatchObject({ ver: 3 });
        expect((await me(server, token)).status).toBe(200);
        expect(tokenPayload(await login(server.url, 'manager'))).toMatchObject({ ver: 0 });
    });
});

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
    // LOGIN_MAX_FAILURES 2: 2 per email and address, 8 per account from all addresses, 8 accounts per address.
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

    it('without TRUSTED_PROXY, X-Forwarded-For is ignored: a client cannot pick a fresh address', async () => {
        const { email, password } = demoAccounts.manager;
        expect((await signIn(direct, email, 'wrong-password', from('10.0.0.1'))).status).toBe(401);
        expect((await signIn(direct, email, 'wrong-password', from('10.0.0.2'))).status).toBe(401);
        const limited = await signIn(direct, email, password, from('10.0.0.3'));
        expect(limited.status).toBe(429);
        expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    });

    it("an address's failures on a few accounts do not lock out the others from that address", async () => {
        // 8 failures from one address, on 4 accounts: as many as the address was once allowed in all.
        for (let account = 1; account <= 4; account++) {
            for (let attempt = 0; attempt < 2; attempt++)
                expect((await signIn(direct, `typo${account}@studio.test`, 'wrong-password')).status).toBe(401);
        }
        expect((await signIn(direct, `typo1@studio.test`, 'wrong-password')).status).toBe(429);
        expect((await signIn(direct, demoAccounts.teacher.email, demoAccounts.teacher.password)).status).toBe(200);
    });

    it('with TRUSTED_PROXY, the forwarded address counts: one address limited, another not', async () => {
        const { email, password } = demoAccounts.teacher;
        expect((await signIn(proxied, email, 'wrong-password', from('10.1.0.1'))).status).toBe(401);
        expect((await signIn(proxied, email, 'wrong-password', from('10.1.0.1'))).status).toBe(401);
        expect((await signIn(proxied, email, password, from('10.1.0.1'))).status).toBe(429);
        expect((await signIn(proxied, email, password, from('10.1.0.2'))).status).toBe(200);
    });

    it('guessing one account from many addresses is limited per account', async () => {
        const { email, password } = demoAccounts.manager;
        for (let address = 1; address <= 8; address++)
            expect((await signIn(proxied, email, 'wrong-password', from(`10.2.0.${address}`))).status).toBe(401);
        const limited = await signIn(proxied, email, password, from('10.2.0.9'));
        expect(limited.status).toBe(429);
        expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
        // Another account is not concerned.
        expect(
            (await signIn(proxied, demoAccounts.admin.email, demoAccounts.admin.password, from('10.2.0.9'))).status,
        ).toBe(200);
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

describe('the database files', () => {
    let server: RunningServer;

    afterAll(async () => {
        await server?.stop();
        if (server) removeDir(server.dir);
    });

    const worldOrGroupBits = (file: string) => statSync(file).mode & 0o077;

    itOnDbJson(
        'temporary copies left by a crash are removed at start-up; files the server writes keep 0600',
        async () => {
            // A first start makes the folder and the database; then a "crash" leaves temporaries behind.
            server = await startServer();
            await server.stop('SIGKILL');
            const { dbFile, dir } = server;
            chmodSync(dbFile, 0o600);
            const planted = [`${dbFile}.12345.tmp`, `${dbFile}.journal.tmp`];
            for (const file of planted) writeFileSync(file, readFileSync(dbFile));
            const unrelated = join(dir, 'notes.tmp');
            writeFileSync(unrelated, 'not the database');

            server = await startServer({ dbFile, env: { CHECKPOINT_IDLE_MS: '50' } });
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
