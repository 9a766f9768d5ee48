import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, removeDir, startServer, type RunningServer } from '../support/server';

/*
 * One JSON line per request in the server's log: the route's pattern and never an id, a token or a
 * query value; the request's id answered in X-Request-Id. LOG_LEVEL above info leaves them out.
 */

interface RequestLine {
    time: string;
    level: string;
    msg: string;
    requestId: string;
    method: string;
    route: string;
    status: number;
    ms: number;
    userId: number | null;
}

const requestLines = (output: string): RequestLine[] =>
    output
        .split('\n')
        .filter(line => line.startsWith('{'))
        .map(line => JSON.parse(line) as RequestLine)
        .filter(line => line.msg === 'request');

describe('the request log', () => {
    let server: RunningServer;
    beforeAll(async () => {
        server = await startServer();
    });
    afterAll(async () => {
        await server?.stop();
        if (server) removeDir(server.dir);
    });

    it('writes a JSON line per request with its route, status, time taken and user, and no id, token or query value', async () => {
        const token = await login(server.url, 'manager');
        const from = server.output().length;
        const record = await call(server.url, '/api/customers/7', { token, headers: { 'X-Request-Id': 'desk-42' } });
        expect(record.status).toBe(200);
        expect(record.headers.get('x-request-id')).toBe('desk-42');
        const list = await call(server.url, '/api/customers?filter={"q":"Петрова"}&range=[0,9]', { token });
        const missing = await call(server.url, '/api/customers/99999', { token });
        expect(missing.status).toBe(404);
        // An id the caller makes up is not believed when it is not plain: the server gives its own.
        const odd = await call(server.url, '/api/health', { headers: { 'X-Request-Id': 'a b"c' } });
        expect(odd.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
        await expect.poll(() => requestLines(server.output().slice(from)).length).toBeGreaterThanOrEqual(4);

        const lines = requestLines(server.output().slice(from));
        expect(lines[0]).toMatchObject({
            level: 'info',
            requestId: 'desk-42',
            method: 'GET',
            route: '/api/customers/:id',
            status: 200,
            userId: 2,
        });
        expect(Date.parse(lines[0].time)).not.toBeNaN();
        expect(lines[0].ms).toBeGreaterThanOrEqual(0);
        expect(lines.find(line => line.requestId === list.headers.get('x-request-id'))).toMatchObject({
            route: '/api/customers',
            status: 200,
        });
        expect(lines.find(line => line.status === 404)).toMatchObject({ route: '/api/customers/:id' });
        expect(lines.find(line => line.route === '/api/health')).toMatchObject({ userId: null, status: 200 });
        const text = JSON.stringify(lines);
        for (const secret of ['99999', 'Петрова', token, '/7'] as const) expect(text).not.toContain(secret);
    });
});

describe('LOG_LEVEL', () => {
    it('warn leaves the request lines out, and still answers their ids', async () => {
        const server = await startServer({ env: { LOG_LEVEL: 'warn' } });
        const health = await call(server.url, '/api/health');
        expect(health.headers.get('x-request-id')).toBeTruthy();
        expect(requestLines(server.output())).toEqual([]);
        await server.stop();
        removeDir(server.dir);
    });
});
