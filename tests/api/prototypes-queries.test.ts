import { createRequire } from 'node:module';
import type { Server } from 'node:http';
import jsonServerProvider from 'ra-data-json-server';
import { fetchUtils, type DataProvider } from 'ra-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, freePort, restClient } from '../support/server';
import { comments, posts, prototypeServer, prototypes } from '../support/prototypes';

/*
 * Prototype collections: any other top-level array of records in db.json is served at /api/<name> the
 * way json-server 0.17 serves it. The query examples of json-server's README are asked of this server
 * and of bare json-server 0.17.4 over the same records, and must answer alike; then the two data
 * providers react-admin offers for such APIs.
 */

const require = createRequire(import.meta.url);
const jsonServer = require('json-server') as {
    create(): { use(...handlers: unknown[]): void; listen(port: number, host: string, done: () => void): Server };
    router(db: object): unknown;
    defaults(options: object): unknown[];
};

const { served, tokens, get } = prototypeServer();
let bare: Server;
let bareUrl: string;

beforeAll(async () => {
    const app = jsonServer.create();
    app.use(jsonServer.defaults({ logger: false }));
    app.use(jsonServer.router(prototypes()));
    const port = await freePort();
    bareUrl = `http://127.0.0.1:${port}`;
    await new Promise<void>(done => (bare = app.listen(port, '127.0.0.1', done)));
});

afterAll(async () => {
    await new Promise(done => bare.close(done));
});

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
        // A list answers its total even unpaged (json-server says it only for a page): these hold under 1000.
        const total =
            theirs.headers.get('x-total-count') ?? (Array.isArray(theirs.body) ? String(theirs.body.length) : null);
        expect(ours.headers.get('x-total-count')).toBe(total);
        const link = (response: typeof ours, origin: string) => response.headers.get('link')?.split(origin).join('');
        expect(link(ours, `${served.server.url}/api`)).toBe(link(theirs, bareUrl));
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
    const simpleRest = (): DataProvider => restClient(served.server.url, tokens.admin);
    const jsonServerClient = (): DataProvider =>
        jsonServerProvider(`${served.server.url}/api`, (url: string, options: fetchUtils.Options = {}) => {
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
