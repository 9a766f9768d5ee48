import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import jsonServerProvider from 'ra-data-json-server';
import { fetchUtils, type DataProvider } from 'ra-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/domain/types';
import {
    call,
    demoDb,
    freePort,
    login,
    removeDir,
    restClient,
    startServer,
    itOnDbJson,
    waitForOutput,
    type DemoRole,
    type RunningServer,
} from '../support/server';

/*
 * Prototype collections: any other top-level array of records in db.json is served at /api/<name> the
 * way json-server 0.17 serves it. The query examples of json-server's README are asked of this server
 * and of bare json-server 0.17.4 over the same records, and must answer alike; then the two data
 * providers react-admin offers for such APIs, the roles, new collections, durability and the studio's
 * own collections.
 */

const require = createRequire(import.meta.url);
const jsonServer = require('json-server') as {
    create(): { use(...handlers: unknown[]): void; listen(port: number, host: string, done: () => void): Server };
    router(db: object): unknown;
    defaults(options: object): unknown[];
};

const authors = ['typicode', 'anna', 'boris'];
const posts = Array.from({ length: 30 }, (_, index) => ({
    id: index + 1,
    title: index % 4 === 0 ? `json-server tip ${index + 1}` : `Post ${index + 1}`,
    author: authors[index % 3],
    views: (index * 7) % 50,
    tags: index % 2 ? ['rest'] : ['rest', 'fake'],
}));
const comments = Array.from({ length: 45 }, (_, index) => ({
    id: index + 1,
    body: `comment ${index + 1}`,
    postId: (index % 15) + 1,
    votes: (index * 11) % 9,
    author: { name: authors[(index + 1) % 3] },
}));
const prototypes = () => ({ posts: structuredClone(posts), comments: structuredClone(comments) });

const demo = () => JSON.parse(readFileSync(demoDb, 'utf8')) as Database & Record<string, unknown>;

let server: RunningServer;
let bare: Server;
let bareUrl: string;
const tokens = {} as Record<DemoRole, string>;

beforeAll(async () => {
    // A top-level value that is no collection (a developer's setting) stays a value.
    server = await startServer({ db: { ...demo(), ...prototypes(), meta: { version: 2 } } });
    for (const role of ['admin', 'manager', 'teacher'] as const) tokens[role] = await login(server.url, role);
    const app = jsonServer.create();
    app.use(jsonServer.defaults({ logger: false }));
    app.use(jsonServer.router(prototypes()));
    const port = await freePort();
    bareUrl = `http://127.0.0.1:${port}`;
    await new Promise<void>(done => (bare = app.listen(port, '127.0.0.1', done)));
});

afterAll(async () => {
    await server.stop();
    removeDir(server.dir);
    await new Promise(done => bare.close(done));
});

const get = (path: string, role: DemoRole = 'admin') => call(server.url, `/api${path}`, { token: tokens[role] });
const send = (method: string, path: string, json: unknown, role: DemoRole = 'admin') =>
    call(server.url, `/api${path}`, { method, json, token: tokens[role] });

/** json-server's README, "Routes": every query example, over posts and comments. */
const readmeExamples = [
    '/posts',
    '/posts/1',
    '/posts?title=json-server%20tip%201&author=typicode',
    '/posts?id=1&id=2',
    '/comments?author.name=typicode',
    '/posts?_page=2',
    '/posts?_page=2&_limit=7',
    '/posts?_sort=views&_order=asc',
    '/posts/1/comments?_sort=votes&_order=asc',
    '/posts?_sort=author,views&_order=desc,asc',
    '/posts?_start=20&_end=30',
    '/posts/1/comments?_start=1&_end=3',
    '/posts/1/comments?_start=1&_limit=2',
    '/posts?views_gte=10&views_lte=20',
    '/posts?id_ne=1',
    '/posts?title_like=server',
    '/posts?title_like=^post%201',
    '/posts?q=typicode',
    '/posts?q=TIP',
    '/posts?_embed=comments',
    '/posts/1?_embed=comments',
    '/comments?_expand=post',
    '/comments/1?_expand=post',
    '/posts/1/comments',
    '/posts?tags=fake',
    '/posts?nothing=1',
];

describe('json-server 0.17 query language on a prototype collection', () => {
    it.each(readmeExamples)('GET %s answers as bare json-server does', async path => {
        const ours = await get(path);
        const theirs = await call(bareUrl, path);
        expect(ours.status).toBe(theirs.status);
        expect(ours.body).toEqual(theirs.body);
        expect(ours.headers.get('x-total-count')).toBe(theirs.headers.get('x-total-count'));
        const link = (response: typeof ours, origin: string) => response.headers.get('link')?.split(origin).join('');
        expect(link(ours, `${server.url}/api`)).toBe(link(theirs, bareUrl));
    });

    it('answers a _page request with the first, next and last links', async () => {
        const { headers, body } = await get('/posts?_page=2&_limit=7');
        expect((body as unknown as { id: number }[]).map(post => post.id)).toEqual([8, 9, 10, 11, 12, 13, 14]);
        expect(headers.get('x-total-count')).toBe('30');
        expect(headers.get('link')).toContain('_page=3&_limit=7>; rel="next"');
        expect(headers.get('link')).toContain('_page=5&_limit=7>; rel="last"');
    });

    it('runs _like without backtracking, and refuses a pattern it cannot run with the parameter named', async () => {
        const slow = await get(`/posts?title_like=${encodeURIComponent('(a+)+$')}&_limit=1`);
        expect(slow.status).toBe(200);
        const broken = await get('/posts?title_like=(');
        expect(broken.status).toBe(400);
        expect(broken.body.errors).toEqual({ title_like: 'app.validation.invalid' });
        const backReference = await get(`/posts?title_like=${encodeURIComponent('(p)\\1')}`);
        expect(backReference.status).toBe(400);
        expect(backReference.body.message).toMatch(/back-reference/i);
    });

    it('offers no /db, no _delay, no JSONP, no embedding of the studio collections, and checks every word', async () => {
        expect((await get('/db')).status).toBe(404);
        expect((await get('/posts?_delay=3000')).body.errors).toEqual({ _delay: 'app.validation.invalid' });
        expect((await get('/posts?callback=steal')).status).toBe(400);
        const embedCustomers = await get('/posts?_embed=customers');
        expect(embedCustomers.status).toBe(400);
        expect(embedCustomers.body.message).toMatch(/customers/);
        expect((await get('/comments?_expand=customer')).status).toBe(400);
        expect((await get('/posts?_limit=ten')).body.errors).toEqual({ _limit: 'app.validation.invalid' });
        expect((await get('/posts?_sort=a&_sort=b')).status).toBe(400);
        expect((await get('/posts?title[a]=b')).status).toBe(400);
        expect((await get('/posts?_unknown=1')).status).toBe(400);
    });
});

describe('the data providers of react-admin', () => {
    const simpleRest = (): DataProvider => restClient(server.url, tokens.admin);
    const jsonServerClient = (): DataProvider =>
        jsonServerProvider(`${server.url}/api`, (url: string, options: fetchUtils.Options = {}) => {
            const headers = new Headers(options.headers ?? { Accept: 'application/json' });
            headers.set('Authorization', `Bearer ${tokens.admin}`);
            return fetchUtils.fetchJson(url, { ...options, headers });
        });

    it.each([
        ['ra-data-simple-rest', simpleRest],
        ['ra-data-json-server', jsonServerClient],
    ])('%s lists, pages, sorts, filters and reads references', async (_name, client) => {
        const dataProvider = client();
        const page = await dataProvider.getList('posts', {
            pagination: { page: 2, perPage: 5 },
            sort: { field: 'views', order: 'DESC' },
            filter: { author: 'anna' },
        });
        const annas = posts.filter(post => post.author === 'anna').sort((a, b) => b.views - a.views || a.id - b.id);
        expect(page.total).toBe(annas.length);
        expect(page.data.map(post => post.views)).toEqual(annas.slice(5, 10).map(post => post.views));
        const search = await dataProvider.getList('posts', {
            pagination: { page: 1, perPage: 50 },
            sort: { field: 'id', order: 'ASC' },
            filter: { q: 'tip' },
        });
        expect(search.data.map(post => post.id)).toEqual(
            posts.filter(post => post.title.includes('tip')).map(post => post.id),
        );
        const many = await dataProvider.getMany('posts', { ids: [3, 5] });
        expect(many.data.map(post => post.id)).toEqual([3, 5]);
        const referring = await dataProvider.getManyReference('comments', {
            target: 'postId',
            id: 2,
            pagination: { page: 1, perPage: 10 },
            sort: { field: 'id', order: 'ASC' },
            filter: {},
        });
        expect(referring.data.map(comment => comment.id)).toEqual(
            comments.filter(comment => comment.postId === 2).map(comment => comment.id),
        );
        expect((await dataProvider.getOne('comments', { id: 4 })).data).toEqual(comments[3]);
    });

    it.each([
        ['ra-data-simple-rest', simpleRest],
        ['ra-data-json-server', jsonServerClient],
    ])('%s creates, updates and deletes, with ids given by the server', async (_name, client) => {
        const dataProvider = client();
        const { data: created } = await dataProvider.create('tags', {
            data: { label: `written by ${_name}`, weight: 2 },
        });
        expect(created).toMatchObject({ label: `written by ${_name}`, weight: 2 });
        expect(Number.isInteger(created.id)).toBe(true);
        const { data: updated } = await dataProvider.update('tags', {
            id: created.id,
            data: { ...created, weight: 3 },
            previousData: created,
        });
        expect(updated).toEqual({ ...created, weight: 3 });
        await dataProvider.delete('tags', { id: created.id, previousData: updated });
        expect((await get(`/tags/${created.id}`)).status).toBe(404);
    });
});

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

    it('lets managers read and not write, and teachers do nothing', async () => {
        expect((await get('/posts?_limit=1', 'manager')).status).toBe(200);
        expect((await get('/prototypes', 'manager')).status).toBe(200);
        expect((await send('POST', '/posts', { title: 'x' }, 'manager')).status).toBe(403);
        expect((await send('POST', '/brandnew', { title: 'x' }, 'manager')).status).toBe(403);
        expect((await send('PATCH', '/posts/1', { title: 'x' }, 'manager')).status).toBe(403);
        expect((await send('DELETE', '/posts/2', undefined, 'manager')).status).toBe(403);
        expect((await get('/posts', 'teacher')).status).toBe(403);
        expect((await get('/posts/1', 'teacher')).status).toBe(403);
        expect((await get('/prototypes', 'teacher')).status).toBe(403);
        expect((await call(server.url, '/api/posts')).status).toBe(401);
        // json-server's method override is not honoured: a POST stays a POST.
        const overridden = await call(server.url, '/api/posts/1', {
            method: 'POST',
            json: {},
            token: tokens.admin,
            headers: { 'X-HTTP-Method-Override': 'DELETE' },
        });
        expect(overridden.status).not.toBe(200);
        expect((await get('/posts/1')).status).toBe(200);
    });

    it('answers the prototype screens of the app and not made-up paths', async () => {
        expect((await call(server.url, '/posts')).status).toBe(200);
        expect((await call(server.url, '/posts/create')).status).toBe(200);
        expect((await call(server.url, '/posts/4/show')).status).toBe(200);
        expect((await call(server.url, '/nosuchthing')).status).toBe(404);
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
        const own = await startServer({ db: { ...demo(), auth: [{ id: 1, note: 'kept' }] } });
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
