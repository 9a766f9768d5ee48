import { existsSync, readFileSync } from 'node:fs';
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
    storedDatabase,
} from '../support/server';
import { me, signIn } from '../support/security';

/*
 * Findings of a security review, each checked over real HTTP on the server as `npm start` starts it:
 * tokens revoked by a token version, and a database whose users already hold token versions.
 */

/** The secret tests/support/server.ts starts the server with. */
const testSecret = 'test-secret-that-is-long-enough-for-hs256';

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

    it('signing out ends that session only; the same account on another device keeps working', async () => {
        const first = await signIn(server, demoAccounts.manager.email, demoAccounts.manager.password);
        const second = await signIn(server, demoAccounts.manager.email, demoAccounts.manager.password);
        const [token, other] = [first.body.token as string, second.body.token as string];
        expect((await me(server, token)).status).toBe(200);
        const out = await call(server.url, '/api/auth/logout', { method: 'POST', token });
        expect(out.status).toBe(204);
        const refused = await me(server, token);
        expect(refused.status).toBe(401);
        expect(refused.body).toMatchObject({ reason: 'this_device' });
        expect((await me(server, other)).status).toBe(200);
        expect((await call(server.url, '/api/customers?range=[0,0]', { token })).status).toBe(401);
        expect((await call(server.url, '/api/customers?range=[0,0]', { token: other })).status).toBe(200);
        // An edit of the user keeps the signed-out session refused.
        expect((await put(2, { phone: '+7 900 100-00-02' })).status).toBe(200);
        expect((await me(server, token)).status).toBe(401);
        expect((await me(server, other)).status).toBe(200);
        expect((await call(server.url, '/api/auth/logout', { method: 'POST', token })).status).toBe(401);
        expect((await call(server.url, '/api/auth/logout', { method: 'POST' })).status).toBe(401);
        await call(server.url, '/api/auth/logout', { method: 'POST', token: other });
        expect((await me(server, await login(server.url, 'manager'))).status).toBe(200);
    });

    it('signing out everywhere ends every session of the user, and a new sign-in works', async () => {
        const first = await signIn(server, demoAccounts.manager.email, demoAccounts.manager.password);
        const second = await signIn(server, demoAccounts.manager.email, demoAccounts.manager.password);
        const [token, other] = [first.body.token as string, second.body.token as string];
        expect((await call(server.url, '/api/auth/logout-everywhere', { method: 'POST', token })).status).toBe(204);
        for (const ended of [token, other]) {
            const refused = await me(server, ended);
            expect(refused.status).toBe(401);
            expect(refused.body).toMatchObject({ reason: 'everywhere' });
        }
        expect((await call(server.url, '/api/auth/logout-everywhere', { method: 'POST' })).status).toBe(401);
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
            expect(answer.text).not.toMatch(/tokenVersion|revokedSessions/);
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
        await call(server.url, '/api/auth/logout-everywhere', { method: 'POST', token: user.token });
        const kept = (await signIn(server, user.email, 'first-password')).body.token as string;
        const ended = (await signIn(server, user.email, 'first-password')).body.token as string;
        await call(server.url, '/api/auth/logout', { method: 'POST', token: ended });
        await server.stop();
        const stored = (await storedDatabase(server)).users.find(record => record.id === user.id);
        expect(stored?.tokenVersion).toBe(1);
        expect(stored?.revokedSessions).toEqual([{ sid: tokenPayload(ended).sid, until: expect.any(String) }]);
        server = await startServer({ dbFile: server.dbFile, env: { CHECKPOINT_IDLE_MS: '50' } });
        admin = await login(server.url, 'admin');
        expect((await me(server, user.token)).status).toBe(401);
        expect((await me(server, ended)).status).toBe(401);
        expect((await me(server, kept)).status).toBe(200);
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
