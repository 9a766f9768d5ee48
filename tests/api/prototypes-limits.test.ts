import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
    itOnDbJson,
    login,
    call,
    removeDir,
    runServerToExit,
    startServer,
    startServerProcess,
    waitForOutput,
} from '../support/server';
import { demo, prototypeServer } from '../support/prototypes';

/*
 * The limits of a prototype record: at most 32 levels deep and 64 kB of JSON, whatever the write (POST,
 * nested POST, PUT, PATCH), refused with a 400 before it reaches the storage, and refused in a database
 * file at start-up and in a hand edit.
 */

const { served, get, send } = prototypeServer();

/** A body nested `levels` deep, as text: JSON.stringify itself would recurse that deep. */
const deepJson = (levels: number) => `{"title":"deep","deep":${'['.repeat(levels)}1${']'.repeat(levels)}}`;

const sendText = (method: string, path: string, body: string) =>
    call(served.server.url, `/api${path}`, {
        method,
        body,
        headers: { 'Content-Type': 'application/json' },
        token: served.tokens.admin,
    });

describe('a prototype record nested too deep', () => {
    it('is refused with a 400 naming the limit on every write, and the collection still lists', async () => {
        for (const [method, path] of [
            ['POST', '/posts'],
            ['POST', '/posts/2/comments'],
            ['PUT', '/posts/1'],
            ['PATCH', '/posts/1'],
            ['POST', '/brandnew'],
        ]) {
            const answer = await sendText(method, path, deepJson(5000));
            expect(answer.status, `${method} ${path}`).toBe(400);
            expect(answer.body.message).toMatch(/at most 32 levels deep/);
            expect(answer.body.errors).toEqual({ deep: 'app.validation.invalid' });
        }
        // Far deeper than any stack, within the 1 MB a body may have.
        const deepest = await sendText('POST', '/posts', deepJson(400_000));
        expect(deepest.status).toBe(400);
        expect(deepest.body.message).toMatch(/at most 32 levels deep/);

        const list = await get('/posts');
        expect(list.status).toBe(200);
        expect((list.body as unknown as { title: string }[]).map(post => post.title)).not.toContain('deep');
        expect((await get('/posts/1')).body).toMatchObject({ id: 1, title: 'json-server tip 1' });
        expect((await get('/comments?postId=2')).status).toBe(200);
        expect((await get('/brandnew')).status).toBe(404);
    });

    itOnDbJson('leaves the server to stop cleanly, with the file written and no journal', async () => {
        const own = await startServerProcess({ db: { ...demo(), rooms: [{ id: 1, name: 'Hall A' }] } });
        try {
            const token = await login(own.url, 'admin');
            const deep = await call(own.url, '/api/rooms', {
                method: 'POST',
                body: deepJson(5000),
                headers: { 'Content-Type': 'application/json' },
                token,
            });
            expect(deep.status).toBe(400);
            expect(
                (await call(own.url, '/api/rooms', { method: 'POST', json: { name: 'Hall B' }, token })).status,
            ).toBe(201);
            await own.stop('SIGTERM');
            expect(own.process.exitCode).toBe(0);
            expect(existsSync(`${own.dbFile}.journal`)).toBe(false);
            expect((JSON.parse(readFileSync(own.dbFile, 'utf8')) as { rooms: unknown[] }).rooms).toEqual([
                { id: 1, name: 'Hall A' },
                { name: 'Hall B', id: 2 },
            ]);
        } finally {
            await own.stop();
            removeDir(own.dir);
        }
    });

    it('is taken up to 32 levels, the record being the first', async () => {
        const created = await sendText('POST', '/posts', deepJson(31));
        expect(created.status).toBe(201);
        expect((await sendText('PATCH', `/posts/${created.body.id}`, deepJson(32))).status).toBe(400);
        expect((await get(`/posts/${created.body.id}`)).body).toEqual(JSON.parse(created.text));
    });
});

describe('a prototype record too large', () => {
    it('is refused past 64 kB of JSON, on the record as PATCH would leave it', async () => {
        const big = await send('POST', '/posts', { title: 'big', text: 'x'.repeat(70_000) });
        expect(big.status).toBe(400);
        expect(big.body.message).toMatch(/at most 64 kB/);
        expect(big.body.errors).toEqual({ record: 'app.validation.too_large' });

        const half = await send('POST', '/posts', { title: 'half', text: 'x'.repeat(40_000) });
        expect(half.status).toBe(201);
        // Each PATCH is small; the record it would leave is not.
        const patched = await send('PATCH', `/posts/${half.body.id}`, { more: 'y'.repeat(40_000) });
        expect(patched.status).toBe(400);
        expect(patched.body.errors).toEqual({ record: 'app.validation.too_large' });
        expect((await send('PUT', `/posts/${half.body.id}`, { title: 'small' })).status).toBe(200);
        expect((await get('/posts')).status).toBe(200);
    });
});

describe('a database file holding a prototype record past the limits', () => {
    /** The demo database with a prototype whose second record is nested 5,000 deep, as text. */
    const withDeepRecord = () =>
        `${JSON.stringify(demo()).slice(0, -1)},"rooms":[{"id":1},{"id":2,${deepJson(5000).slice(1)}]}`;

    itOnDbJson('is refused at start-up with a message naming the record', async () => {
        const own = await startServer({ db: demo() });
        await own.stop();
        writeFileSync(own.dbFile, withDeepRecord());
        const exit = await runServerToExit({ dbFile: own.dbFile });
        removeDir(own.dir);
        expect(exit.started).toBe(false);
        expect(exit.output).toMatch(/rooms\[1\] \(id 2\): A prototype record may nest at most 32 levels deep/);
    });

    itOnDbJson(
        'is not reloaded when edited in by hand, and the server keeps serving',
        async () => {
            const server = await startServer({ env: { WATCH_INTERVAL_MS: '100', CHECKPOINT_IDLE_MS: '60000' } });
            try {
                const token = await login(server.url, 'admin');
                const from = server.output().length;
                writeFileSync(server.dbFile, withDeepRecord());
                await waitForOutput(
                    server,
                    /changed on disk and cannot be used:[\s\S]*rooms\[1\] \(id 2\): A prototype record may nest at most 32 levels deep/,
                    5_000,
                    from,
                );
                expect((await call(server.url, '/api/rooms', { token })).status).toBe(404);
                expect((await call(server.url, '/api/customers?_limit=1', { token })).status).toBe(200);
            } finally {
                await server.stop();
                removeDir(server.dir);
            }
        },
        60_000,
    );
});
