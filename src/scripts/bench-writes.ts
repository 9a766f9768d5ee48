/*
 * How long a write takes: starts the server in this process over a temporary copy of a database and
 * times sequential and concurrent creates and updates through HTTP.
 *   npm run bench -- [--db FILE] [--writes N] [--concurrency C]
 */
import { copyFileSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createApp } from '../server/app';

const { values } = parseArgs({
    options: {
        db: { type: 'string', default: 'db.json' },
        writes: { type: 'string', default: '100' },
        concurrency: { type: 'string', default: '10' },
    },
});
const writes = Number(values.writes);
const concurrency = Number(values.concurrency);

const dir = mkdtempSync(join(tmpdir(), 'studio-bench-'));
const dbFile = join(dir, 'db.json');
copyFileSync(resolve(values.db), dbFile);

const { app } = createApp({ dbFile, distDir: dir, auth: { secret: 'b'.repeat(32), tokenTtlHours: 1, maxFailures: 5, failureWindowMs: 60_000 } });
const server = app.listen(0, '127.0.0.1');
await new Promise(done => server.once('listening', done));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;

const json = async (path: string, init: RequestInit & { token?: string } = {}) => {
    const response = await fetch(`${base}${path}`, {
        ...init,
        headers: { 'Content-Type': 'application/json', ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}) },
    });
    if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<Record<string, unknown>>;
};

const { token } = (await json('/auth/login', { method: 'POST', body: JSON.stringify({ email: 'admin@studio.test', password: 'studio-admin' }) })) as { token: string };

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const summary = (label: string, times: number[], wallMs: number) => {
    const sorted = [...times].sort((a, b) => a - b);
    console.log(
        `${label}: ${times.length} writes, median ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms, ` +
            `${((times.length / wallMs) * 1000).toFixed(0)} writes/s`,
    );
};

const createCustomer = async (n: number) => {
    const started = performance.now();
    await json('/customers', {
        method: 'POST',
        token,
        body: JSON.stringify({ firstName: 'Bench', lastName: `Writer ${n}`, phone: `+7 999 ${String(n).padStart(7, '0')}`, status: 'lead' }),
    });
    return performance.now() - started;
};

console.log(`database ${values.db}: ${(statSync(dbFile).size / 1024 / 1024).toFixed(1)} MB`);
let started = performance.now();
const sequential: number[] = [];
for (let n = 0; n < writes; n++) sequential.push(await createCustomer(n));
summary('sequential creates', sequential, performance.now() - started);

started = performance.now();
const concurrent: number[] = [];
let next = writes;
await Promise.all(
    Array.from({ length: concurrency }, async () => {
        while (next < writes * 2) concurrent.push(await createCustomer(next++));
    }),
);
summary(`concurrent creates (${concurrency} at a time)`, concurrent, performance.now() - started);

server.close();
rmSync(dir, { recursive: true, force: true });
