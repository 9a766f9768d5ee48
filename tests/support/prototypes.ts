import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../../src/domain/types';
import { call, demoDb, freePort, serverForEveryRole, type DemoRole } from './server';

/*
 * Helpers for the tests of prototype collections (tests/api/prototypes-*.test.ts): the posts and comments
 * served beside the demo database, a server over them signed in as every demo role, and calls to its API.
 */

const authors = ['typicode', 'anna', 'boris'];
export const posts = Array.from({ length: 30 }, (_, index) => ({
    id: index + 1,
    title: index % 4 === 0 ? `json-server tip ${index + 1}` : `Post ${index + 1}`,
    author: authors[index % 3],
    views: (index * 7) % 50,
    tags: index % 2 ? ['rest'] : ['rest', 'fake'],
}));
export const comments = Array.from({ length: 45 }, (_, index) => ({
    id: index + 1,
    body: `comment ${index + 1}`,
    postId: (index % 15) + 1,
    votes: (index * 11) % 9,
    author: { name: authors[(index + 1) % 3] },
}));
export const prototypes = () => ({ posts: structuredClone(posts), comments: structuredClone(comments) });

export const demo = () => JSON.parse(readFileSync(demoDb, 'utf8')) as Database & Record<string, unknown>;

/** A server for the calling test file over the demo database and the prototypes, and its API called as a demo role. */
export const prototypeServer = () => {
    // A top-level value that is no collection (a developer's setting) stays a value.
    const served = serverForEveryRole({ db: { ...demo(), ...prototypes(), meta: { version: 2 } } });

    const get = (path: string, role: DemoRole = 'admin') =>
        call(served.server.url, `/api${path}`, { token: served.tokens[role] });
    const send = (method: string, path: string, json: unknown, role: DemoRole = 'admin') =>
        call(served.server.url, `/api${path}`, { method, json, token: served.tokens[role] });

    return { served, tokens: served.tokens, get, send };
};

/** Bare json-server 0.17.4 over `db` on a free port, for the calling test file: answers to compare with. */
export const bareJsonServer = (db: () => object) => {
    const bare = { url: '' };
    let server: Server;
    beforeAll(async () => {
        const jsonServer = createRequire(import.meta.url)('json-server') as {
            create(): {
                use(...handlers: unknown[]): void;
                listen(port: number, host: string, done: () => void): Server;
            };
            router(db: object): unknown;
            defaults(options: object): unknown[];
        };
        const app = jsonServer.create();
        app.use(jsonServer.defaults({ logger: false }));
        app.use(jsonServer.router(db()));
        const port = await freePort();
        bare.url = `http://127.0.0.1:${port}`;
        await new Promise<void>(done => (server = app.listen(port, '127.0.0.1', done)));
    });
    afterAll(async () => {
        await new Promise(done => server.close(done));
    });
    return bare;
};
