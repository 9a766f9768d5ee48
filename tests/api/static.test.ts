import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, removeDir, startServer, type RunningServer } from '../support/server';

let server: RunningServer;

beforeAll(async () => {
    server = await startServer();
});

afterAll(async () => {
    await server.stop();
    removeDir(server.dir);
});

describe('browser paths', () => {
    it.each([
        '/',
        '/login',
        '/logout',
        '/events',
        '/events/12',
        '/configs',
        '/settings/users',
        '/customers',
        '/customers/3',
        '/schedules',
        '/schedules/2',
        '/settings/courses',
        '/settings/studios',
        '/settings/directions',
        '/settings/subscriptions',
        '/settings/statuses/customer',
        '/settings/statuses/attendance',
        '/attendances',
        '/attendances/3',
        '/payments/link/abcDEF123',
        '/reports/attendances/1',
        '/statistics/incomes',
    ])('%s is a route of the app: 200 with the app', async path => {
        const { status, text } = await call(server.url, path);
        expect(status).toBe(200);
        expect(text).toContain('<div id="root">');
    });

    it.each(['/nope', '/settings/statuses/colours', '/customers/1/extra', '/settings'])(
        '%s is not: 404 with the app',
        async path => {
            const { status, text } = await call(server.url, path);
            expect(status).toBe(404);
            expect(text).toContain('<div id="root">');
        },
    );

    it('a missing asset is a plain 404, and an unknown API path a JSON 404', async () => {
        expect((await call(server.url, '/assets/missing.js')).status).toBe(404);
        const api = await call(server.url, '/api/nope/1/2');
        expect(api.status).toBe(401);
        const login = await call(server.url, '/api/auth/nope', { method: 'POST', json: {} });
        expect([401, 404]).toContain(login.status);
        expect(typeof login.body.message).toBe('string');
    });
});

/** The raw answer to a GET with the given Accept-Encoding: its headers and the bytes as sent. */
const rawGet = (
    url: string,
    acceptEncoding?: string,
    token?: string,
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> =>
    new Promise((done, fail) => {
        const headers: Record<string, string> = {};
        if (acceptEncoding) headers['Accept-Encoding'] = acceptEncoding;
        if (token) headers.Authorization = `Bearer ${token}`;
        httpGet(url, { headers }, response => {
            const chunks: Buffer[] = [];
            response.on('data', chunk => chunks.push(chunk as Buffer));
            response.on('end', () =>
                done({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
            );
        }).on('error', fail);
    });

describe('compression', () => {
    const script = `export const app = ${JSON.stringify('studio '.repeat(2000))};\n`;
    let compressed: RunningServer;

    beforeAll(async () => {
        // A build as vite writes it: each asset beside its brotli and gzip copies.
        const dist = mkdtempSync(join(tmpdir(), 'studio-compressed-dist-'));
        mkdirSync(join(dist, 'assets'));
        writeFileSync(join(dist, 'index.html'), '<!doctype html><title>app</title><div id="root"></div>');
        writeFileSync(join(dist, 'assets/index-abc123.js'), script);
        writeFileSync(join(dist, 'assets/index-abc123.js.br'), brotliCompressSync(script));
        writeFileSync(join(dist, 'assets/index-abc123.js.gz'), gzipSync(script));
        mkdirSync(join(dist, '.vite'));
        writeFileSync(join(dist, '.vite/manifest.json'), '{}');
        compressed = await startServer({ distDir: dist });
    });

    afterAll(async () => {
        await compressed.stop();
        removeDir(compressed.dir);
    });

    it('sends the build’s brotli copy first, gzip to browsers without brotli, and the file itself to others, cached for good', async () => {
        const asset = `${compressed.url}/assets/index-abc123.js`;
        const brotli = await rawGet(asset, 'gzip, deflate, br');
        expect(brotli.headers).toMatchObject({
            'content-encoding': 'br',
            vary: 'Accept-Encoding',
            'cache-control': 'public, max-age=31536000, immutable',
        });
        expect(brotliDecompressSync(brotli.body).toString()).toBe(script);
        const gzip = await rawGet(asset, 'gzip');
        expect(gzip.headers['content-encoding']).toBe('gzip');
        expect(gunzipSync(gzip.body).toString()).toBe(script);
        const plain = await rawGet(asset);
        expect(plain.headers['content-encoding']).toBeUndefined();
        expect(plain.body.toString()).toBe(script);
        expect((await rawGet(`${compressed.url}/login`, 'br, gzip')).headers['cache-control']).toBe('no-cache');
    });

    it('keeps the build’s own reports (.vite/) to itself', async () => {
        expect((await rawGet(`${compressed.url}/.vite/manifest.json`, 'br')).status).toBe(404);
    });

    it('compresses API answers above a kilobyte, and leaves small ones as they are', async () => {
        const token = await login(compressed.url, 'admin');
        const list = await rawGet(
            `${compressed.url}/api/customers?range=${encodeURIComponent('[0,99]')}`,
            'gzip',
            token,
        );
        expect(list.headers).toMatchObject({ 'content-encoding': 'gzip', 'cache-control': 'no-store' });
        expect(JSON.parse(gunzipSync(list.body).toString())).toHaveLength(100);
        const small = await rawGet(`${compressed.url}/api/auth/me`, 'gzip', token);
        expect(small.headers['content-encoding']).toBeUndefined();
    });
});
