import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateDatabase } from '../../src/domain/validation';
import type { Database } from '../../src/domain/types';
import { call, demoDb, login, removeDir, root, startServer } from '../support/server';

describe('crash safety', () => {
    it('after SIGKILL in the middle of many concurrent writes, the file is valid and holds every acknowledged write', async () => {
        const server = await startServer();
        const token = await login(server.url, 'admin');
        const acknowledged: { id: number; phone: string }[] = [];
        let stop = false;
        let sent = 0;
        const writer = async (lane: number) => {
            for (let n = 0; !stop && n < 500; n++) {
                const phone = `+7 900 ${String(lane).padStart(3, '0')}-${String(Math.floor(n / 100)).padStart(2, '0')}-${String(n % 100).padStart(2, '0')}`;
                sent++;
                try {
                    const response = await call(server.url, '/api/customers', {
                        method: 'POST',
                        token,
                        json: { firstName: `Crash${lane}`, lastName: `Test${n}`, phone, status: 'lead' },
                    });
                    if (response.status === 201) acknowledged.push({ id: (response.body as unknown as { id: number }).id, phone });
                } catch {
                    return; // the server is gone
                }
            }
        };
        const lanes = Array.from({ length: 12 }, (_, lane) => writer(lane));
        await new Promise<void>(resolve => {
            const poll = setInterval(() => {
                if (acknowledged.length >= 60) {
                    clearInterval(poll);
                    resolve();
                }
            }, 5);
        });
        await server.stop('SIGKILL');
        stop = true;
        await Promise.all(lanes);
        expect(sent).toBeGreaterThan(acknowledged.length);

        const data = JSON.parse(readFileSync(server.dbFile, 'utf8')) as Database;
        expect(validateDatabase(data)).toEqual([]);
        const stored = new Map(data.customers.map(customer => [customer.id, customer.phone]));
        for (const write of acknowledged) expect(stored.get(write.id), `customer ${write.id}`).toBe(write.phone);

        const restarted = await startServer({ dbFile: server.dbFile });
        const again = await login(restarted.url, 'admin');
        const last = acknowledged[acknowledged.length - 1];
        expect((await call(restarted.url, `/api/customers/${last.id}`, { token: again })).body).toMatchObject({ phone: last.phone });
        await restarted.stop();
        removeDir(server.dir);
    });
});

describe('a database file that cannot be used', () => {
    const run = (content: string | null) => {
        const dir = mkdtempSync(join(tmpdir(), 'studio-bad-db-'));
        const dbFile = join(dir, 'db.json');
        if (content !== null) writeFileSync(dbFile, content);
        writeFileSync(join(dir, 'index.html'), '');
        const result = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'src/server/main.ts')], {
            cwd: root,
            env: { ...process.env, DB_FILE: dbFile, PORT: '0', DIST_DIR: dir, TOKEN_SECRET: 'x'.repeat(32) },
            encoding: 'utf8',
            timeout: 30_000,
        });
        const after = content === null ? null : readFileSync(dbFile, 'utf8');
        removeDir(dir);
        return { status: result.status, output: result.stdout + result.stderr, after };
    };

    it('stops the server with a clear message when the file is not JSON, and leaves it alone', () => {
        const { status, output, after } = run('{"users": [');
        expect(status).toBe(1);
        expect(output).toMatch(/not valid JSON/);
        expect(after).toBe('{"users": [');
    });

    it('stops the server naming the record when the data is not valid', () => {
        const data = JSON.parse(readFileSync(demoDb, 'utf8')) as Database;
        (data.customers[3] as unknown as Record<string, unknown>).phone = 'call me';
        const text = JSON.stringify(data);
        const { status, output, after } = run(text);
        expect(status).toBe(1);
        expect(output).toMatch(/customers\[3\].*phone/);
        expect(after).toBe(text);
    });

    it('stops the server when the file is missing', () => {
        const { status, output } = run(null);
        expect(status).toBe(1);
        expect(output).toMatch(/Cannot read the database file/);
    });
});
