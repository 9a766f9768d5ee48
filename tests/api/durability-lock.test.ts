import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdtempSync, readFileSync, statSync, utimesSync } from 'node:fs';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { customerFieldsOf, nextPhone, waitFor } from '../support/durability';
import { isRoot, itAsRoot, mountSmallDisk } from '../support/disk';
import {
    call,
    demoDb,
    login,
    removeDir,
    root,
    runServerToExit,
    serverEntry,
    startServerProcess,
} from '../support/server';

/*
 * One server process per database file: DB_FILE.lock, taken atomically before the journal is opened and
 * touched by its holder, refuses a second server (which would hand out the same ids and empty the
 * first's journal); a lock nobody touched for 30 s, or left by a process gone from this machine, is taken
 * over. And the file's folder, when it cannot be used, stops the server with one readable line.
 */

const copyOfDemo = () => {
    const dir = mkdtempSync(join(tmpdir(), 'studio-lock-'));
    const dbFile = join(dir, 'db.json');
    copyFileSync(demoDb, dbFile);
    return { dir, dbFile };
};

const addCustomer = async (url: string, token: string, lastName: string) => {
    const response = await call(url, '/api/customers', {
        method: 'POST',
        token,
        json: { firstName: 'Lock', lastName, phone: nextPhone(), status: 'lead' },
    });
    expect(response.status).toBe(201);
    return customerFieldsOf(response.body);
};

/** The server's own words when it refuses to start: one line, no stack trace. */
const expectOneLine = (output: string, pattern: RegExp) => {
    expect(output).toMatch(pattern);
    expect(output).not.toMatch(/^\s+at /m);
    expect(
        output
            .trim()
            .split('\n')
            .filter(line => !/TOKEN_SECRET/.test(line)),
    ).toHaveLength(1);
};

describe('one server per database file', () => {
    it('refuses a second server on the same file, naming the first, and the first keeps every write', async () => {
        const { dir, dbFile } = copyOfDemo();
        const first = await startServerProcess({ dbFile, env: { CHECKPOINT_IDLE_MS: '60000' } });
        const token = await login(first.url, 'admin');
        const before = await addCustomer(first.url, token, 'Before');
        const second = await runServerToExit({ dbFile });
        expect(second.started).toBe(false);
        expect(second.code).toBe(1);
        expectOneLine(
            second.output,
            new RegExp(`db\\.json is in use by process ${first.process.pid} on host \\S+ since \\d{4}-\\d\\d-\\d\\dT`),
        );
        const after = await addCustomer(first.url, token, 'After');
        // Both writes are still journaled: the second start neither replayed nor emptied the journal.
        expect(readFileSync(`${dbFile}.journal`, 'utf8')).toContain('"lastName":"Before"');
        await first.stop('SIGKILL');
        const restarted = await startServerProcess({ dbFile });
        const names = (await call(restarted.url, '/api/customers?filter={"firstName":"Lock"}', {
            token: await login(restarted.url, 'admin'),
        })) as { body: { lastName: string }[] };
        expect(names.body.map(customer => customer.lastName).sort()).toEqual([after.lastName, before.lastName]);
        await restarted.stop();
        expect(existsSync(`${dbFile}.lock`), 'a clean stop removes the lock').toBe(false);
        removeDir(dir);
    });

    it("respects another machine's lock while it is touched, and takes it over once nobody touched it for 30 s", async () => {
        const { dir, dbFile } = copyOfDemo();
        const since = '2026-11-01T08:00:00.000Z';
        writeFileSync(
            `${dbFile}.lock`,
            JSON.stringify({ pid: 4242, host: 'studio-b', machine: 'studio-b|other', since, token: 'theirs' }),
        );
        const refused = await runServerToExit({ dbFile });
        expect(refused.code).toBe(1);
        expectOneLine(refused.output, new RegExp(`in use by process 4242 on host studio-b since ${since}`));
        const stale = new Date(Date.now() - 31_000);
        utimesSync(`${dbFile}.lock`, stale, stale);
        const server = await startServerProcess({ dbFile });
        expect(readFileSync(`${dbFile}.lock`, 'utf8')).toContain(`"pid":${server.process.pid}`);
        await server.stop();
        removeDir(dir);
    });

    it('keeps touching its lock while it runs', async () => {
        const { dir, dbFile } = copyOfDemo();
        const server = await startServerProcess({ dbFile });
        const old = new Date(Date.now() - 20_000);
        utimesSync(`${dbFile}.lock`, old, old);
        await waitFor('the lock is touched again', () => Date.now() - statSync(`${dbFile}.lock`).mtimeMs < 10_000);
        await server.stop();
        removeDir(dir);
    });

    it('stops a server whose lock another server took over (it was not heard from), before it writes again', async () => {
        const { dir, dbFile } = copyOfDemo();
        const server = await startServerProcess({ dbFile });
        writeFileSync(`${dbFile}.lock`, JSON.stringify({ pid: 4242, host: 'studio-b', since: '', token: 'theirs' }));
        await waitFor('the server stops', () => server.process.exitCode !== null, 15_000);
        expect(server.process.exitCode).toBe(1);
        expect(server.output()).toMatch(/was taken over by another server/);
        removeDir(dir);
    });
});

describe('a database folder the server cannot use', () => {
    it('stops with one line when the folder does not exist', async () => {
        const missing = await runServerToExit({ dbFile: join(tmpdir(), 'studio-no-such-folder', 'db.json') });
        expect(missing.code).toBe(1);
        expectOneLine(missing.output, /The folder .*studio-no-such-folder does not exist/);
    });

    itAsRoot('stops with one line on a read-only disk, and leaves the file as it is', async () => {
        const disk = mountSmallDisk(2);
        try {
            const dbFile = join(disk.dir, 'db.json');
            copyFileSync(demoDb, dbFile);
            disk.readOnly();
            const result = await runServerToExit({ dbFile });
            expect(result.code).toBe(1);
            expectOneLine(result.output, /is on a read-only file system, so the server cannot lock the database file/);
            expect(readFileSync(dbFile, 'utf8')).toBe(readFileSync(demoDb, 'utf8'));
        } finally {
            disk.unmount();
        }
    });

    (isRoot ? it : it.skip)('stops with one line when the file and its folder belong to someone else', async () => {
        const { dir, dbFile } = copyOfDemo();
        chmodSync(dir, 0o700);
        chmodSync(dbFile, 0o600);
        const distDir = mkdtempSync(join(tmpdir(), 'studio-lock-dist-'));
        chmodSync(distDir, 0o755);
        writeFileSync(join(distDir, 'index.html'), '');
        // The server as the unprivileged user nobody, over root's folder.
        const result = spawnSync(process.execPath, [serverEntry()], {
            cwd: root,
            uid: 65534,
            gid: 65534,
            env: {
                ...process.env,
                HOME: tmpdir(),
                DB_FILE: dbFile,
                DIST_DIR: distDir,
                PORT: '0',
                TOKEN_SECRET: 'x'.repeat(32),
            },
            encoding: 'utf8',
            timeout: 30_000,
        });
        expect(result.status).toBe(1);
        expectOneLine(
            result.stdout + result.stderr,
            /The server \(user id 65534\) is not allowed to lock the database file/,
        );
        removeDir(dir);
        removeDir(distDir);
    });
});
