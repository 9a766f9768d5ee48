import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { call, login, removeDir, startServer, startServerProcess, itOnDbJson, waitForOutput } from '../support/server';
import { comments, demo, prototypeServer } from '../support/prototypes';

/*
 * Prototype collections: any other top-level array of records in db.json is served at /api/<name> the
 * way json-server 0.17 serves it. Writes to them and new collections, the roles, the studio's own
 * collections beside them, and durability.
 */

const { served, tokens, get, send } = prototypeServer();

describe('writes to prototype collections', () => {
    it('makes a collection with its first record, PATCHes and PUTs it, and keeps the id the server gave', async () => {
        const created = await send('POST', '/rooms', { name: 'Hall A', seats: 20 });
        expect(created.status).toBe(201);
        expect(created.body).toEqual({ name: 'Hall A', seats: 20, id: 1 });
        expect(created.headers.get('location')).toBe('/api/rooms/1');
        expect((await send('POST', '/rooms', { name: 'Hall B' })).body.id).toBe(2);
        expect((await send('POST', '/rooms', { id: 7, name: 'Mine' })).body.errors).toEqual({
            id: 'app.validation.invalid',
        });
        expect((await send('PATCH', '/rooms/1', { seats: 25 })).body).toEqual({ name: 'Hall A', seats: 25, id: 1 });
        expect((await send('PUT', '/rooms/1', { name: 'Hall A1' })).body).toEqual({ name: 'Hall A1', id: 1 });
        expect((await send('PUT', '/rooms/1', { id: 2, name: 'x' })).status).toBe(400);
        expect((await send('PUT', '/rooms/99', { name: 'x' })).status).toBe(404);
        const names = (await get('/prototypes')).body as unknown as { name: string; count: number }[];
        expect(names).toContainEqual({ name: 'rooms', count: 2 });
        // The change is in the audit trail like any other.
        const trail = (
            await get(
                '/auditEntries?filter=' + encodeURIComponent(JSON.stringify({ collection: 'rooms', recordId: '1' })),
            )
        ).body as unknown as { action: string }[];
        expect(trail.map(entry => entry.action).sort()).toEqual(['create', 'update', 'update']);
    });

    it('does not turn a value of the database that is no collection into one', async () => {
        const answer = await send('POST', '/meta', { name: 'x' });
        expect(answer.status).toBe(409);
        expect(answer.body.message).toMatch(/not a collection/);
        expect((await get('/meta')).status).toBe(404);
    });

    it('answers 400, not 500, when stored values cannot be compared, and bounds the sort', async () => {
        const odd = await send('POST', '/gadgets', { meta: { toString: 1 } });
        expect(odd.status).toBe(201);
        const compared = await get('/gadgets?meta=x');
        expect(compared.status).toBe(400);
        expect((await get(`/posts?_sort=${Array.from({ length: 11 }, () => 'title').join(',')}`)).body.errors).toEqual({
            _sort: 'app.validation.invalid',
        });
    });

    it('refuses names that are not simple or that the API or the app use, with a 400 naming the collection', async () => {
        for (const name of [
            'dashboard',
            'auth',
            'prototypes',
            'settings',
            'assets',
            'db',
            '1rooms',
            'my%20rooms',
            'statistics',
        ]) {
            const answer = await send('POST', `/${name}`, { name: 'x' });
            expect(answer.status, name).toBe(400);
            expect(answer.body.errors, name).toEqual({ collection: 'app.validation.invalid' });
        }
    });

    it('adds through json-server nested routes, and refuses to delete a record others point at (no cascade)', async () => {
        const comment = await send('POST', '/posts/3/comments', { body: 'nested' });
        expect(comment.status).toBe(201);
        expect(comment.body).toMatchObject({ body: 'nested', postId: 3 });
        const refused = await send('DELETE', '/posts/3', undefined);
        expect(refused.status).toBe(409);
        expect(refused.body.referrers).toEqual([
            { collection: 'comments', field: 'postId', count: comments.filter(one => one.postId === 3).length + 1 },
        ]);
        expect((await get('/posts/3')).status).toBe(200);
        const lonely = await send('POST', '/posts', { title: 'no comments' });
        expect((await send('DELETE', `/posts/${lonely.body.id}`, undefined)).body).toEqual(lonely.body);
        expect((await get(`/posts/${lonely.body.id}`)).status).toBe(404);
    });

    it('lets managers and teachers neither read nor write', async () => {
        // A developer's drafts are an admin's: a manager gets none of them.
        expect((await get('/posts?_limit=1', 'manager')).status).toBe(403);
        expect((await get('/posts/1', 'manager')).status).toBe(403);
        expect((await get('/prototypes', 'manager')).status).toBe(403);
        expect((await send('POST', '/posts', { title: 'x' }, 'manager')).status).toBe(403);
        expect((await send('POST', '/brandnew', { title: 'x' }, 'manager')).status).toBe(403);
        expect((await send('PATCH', '/posts/1', { title: 'x' }, 'manager')).status).toBe(403);
        expect((await send('DELETE', '/posts/2', undefined, 'manager')).status).toBe(403);
        expect((await get('/posts', 'teacher')).status).toBe(403);
        expect((await get('/posts/1', 'teacher')).status).toBe(403);
        expect((await get('/prototypes', 'teacher')).status).toBe(403);
        expect((await call(served.server.url, '/api/posts')).status).toBe(401);
        // json-server's method override is not honoured: a POST stays a POST.
        const overridden = await call(served.server.url, '/api/posts/1', {
            method: 'POST',
            json: {},
            token: tokens.admin,
            headers: { 'X-HTTP-Method-Override': 'DELETE' },
        });
        expect(overridden.status).not.toBe(200);
        expect((await get('/posts/1')).status).toBe(200);
    });

    it('answers the prototype screens of the app and not made-up paths', async () => {
        expect((await call(served.server.url, '/posts')).status).toBe(200);
        expect((await call(served.server.url, '/posts/create')).status).toBe(200);
        expect((await call(served.server.url, '/posts/4/show')).status).toBe(200);
        expect((await call(served.server.url, '/nosuchthing')).status).toBe(404);
    });
});

describe('the studio collections beside the prototypes', () => {
    it('are served as before, with their own rules', async () => {
        const customers = await get('/customers?_limit=3');
        expect(customers.status).toBe(200);
        expect((customers.body as unknown[]).length).toBe(3);
        expect((await get('/customers?_embed=passes')).status).toBe(400);
        expect((await send('POST', '/customers', { firstName: '' })).status).toBe(400);
        const names = ((await get('/prototypes')).body as unknown as { name: string }[]).map(entry => entry.name);
        expect(names).not.toContain('customers');
        expect(names).toEqual([...names].sort());
    });
});

describe('durability of prototype writes', () => {
    itOnDbJson('keeps an acknowledged write through a crash, and the file keeps the new collection', async () => {
        // A collection whose name the API uses is kept in the file but not served, and the log says so.
        const own = await startServerProcess({ db: { ...demo(), auth: [{ id: 1, note: 'kept' }] } });
        try {
            await waitForOutput(own, /The collection "auth" in the database is not served/);
            const token = await login(own.url, 'admin');
            expect((await call(own.url, '/api/auth', { token })).status).toBe(404);
            const created = await call(own.url, '/api/instruments', { method: 'POST', json: { name: 'Cajón' }, token });
            expect(created.status).toBe(201);
            await own.stop('SIGKILL');
            const again = await startServer({ dbFile: own.dbFile });
            try {
                const token2 = await login(again.url, 'admin');
                expect((await call(again.url, '/api/instruments/1', { token: token2 })).body).toEqual({
                    name: 'Cajón',
                    id: 1,
                });
                await again.stop();
                const file = JSON.parse(readFileSync(own.dbFile, 'utf8')) as Record<string, unknown>;
                expect(file.instruments).toEqual([{ name: 'Cajón', id: 1 }]);
                expect(file.auth).toEqual([{ id: 1, note: 'kept' }]);
            } finally {
                await again.stop().catch(() => undefined);
            }
        } finally {
            removeDir(own.dir);
        }
    });

    itOnDbJson('refuses to start on a prototype whose records have no ids, naming them', async () => {
        const { runServerToExit } = await import('../support/server');
        const own = await startServer({ db: demo() });
        await own.stop();
        const { writeFileSync } = await import('node:fs');
        writeFileSync(own.dbFile, JSON.stringify({ ...demo(), rooms: [{ name: 'no id' }] }));
        const exit = await runServerToExit({ dbFile: own.dbFile });
        removeDir(own.dir);
        expect(exit.started).toBe(false);
        expect(exit.output).toMatch(/rooms\[0\] has no id/);
    });
});
