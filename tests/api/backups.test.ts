import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { backupFileName } from '../../src/server/backups';
import {
    engine,
    itOnDbJson,
    login,
    removeDir,
    restClient,
    root,
    startServer,
    type RunningServer,
} from '../support/server';

/*
 * Backups: the db.json server's own daily one (from memory, gzipped, 0600, BACKUP_DAYS kept), `npm run
 * backup` (through the running server, or pg_dump) and `npm run restore -- FILE` (refused while a server
 * holds the database; what it replaces kept aside), round trips on both engines.
 */

const dirs: string[] = [];
afterAll(() => dirs.forEach(removeDir));

interface Run {
    code: number | null;
    output: string;
}

/** `npm run backup` / `npm run restore -- FILE` with the server's settings. */
const backupCommand = (server: RunningServer, ...args: string[]): Promise<Run> =>
    new Promise(done => {
        const env: Record<string, string> = { ...(process.env as Record<string, string>), DB_FILE: server.dbFile };
        if (engine === 'postgres') env.DATABASE_URL = readFileSync(`${server.dbFile}.database-url`, 'utf8');
        const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'src/scripts/backup.ts'), ...args], {
            cwd: root,
            env,
        });
        let output = '';
        child.stdout.on('data', chunk => (output += chunk));
        child.stderr.on('data', chunk => (output += chunk));
        child.once('close', code => done({ code, output }));
    });

const backupsOf = (server: RunningServer) => {
    const dir = join(server.dir, 'backups');
    // A backup being written has a temporary name until it is whole.
    return existsSync(dir) ? readdirSync(dir).filter(name => /^studio-.*\.(json\.gz|dump)$/.test(name)) : [];
};

let phones = 0;
/** A customer of these tests, with a Moscow landline no demo customer has. */
const customer = (lastName: string) => ({
    firstName: 'Backed',
    lastName,
    phone: `+7 495 ${String(7_000_000 + phones++)}`,
    status: 'lead',
});

const lastNames = async (server: RunningServer) => {
    const client = restClient(server.url, await login(server.url, 'manager'));
    const { data } = await client.getList('customers', {
        pagination: { page: 1, perPage: 1000 },
        sort: { field: 'id', order: 'ASC' },
        filter: { firstName: 'Backed' },
    });
    return data.map(record => record.lastName as string);
};

describe('the daily backup of a db.json', () => {
    itOnDbJson(
        "is made at start from memory, gzipped and readable by the server's user only, and keeps BACKUP_DAYS days",
        async () => {
            const first = await startServer({ env: { BACKUP_DAYS: '14' } });
            dirs.push(first.dir);
            const backupDir = join(first.dir, 'backups');
            // Backups of long ago in the folder: those past 14 days go at the next backup.
            const old = [40, 20, 10].map(days => backupFileName(new Date(Date.now() - days * 86_400_000), 'json.gz'));
            await expect.poll(() => backupsOf(first).length).toBe(1);
            const [made] = backupsOf(first);
            expect(made).toMatch(/^studio-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.json\.gz$/);
            expect(statSync(join(backupDir, made)).mode & 0o777).toBe(0o600);
            const content = JSON.parse(gunzipSync(readFileSync(join(backupDir, made))).toString('utf8')) as Record<
                string,
                unknown[]
            >;
            const onDisk = JSON.parse(readFileSync(first.dbFile, 'utf8')) as Record<string, unknown[]>;
            expect(Object.keys(content)).toEqual(Object.keys(onDisk));
            expect(content.customers).toEqual(onDisk.customers);
            await first.stop();

            // A second start within the day makes none.
            for (const name of old) writeFileSync(join(backupDir, name), gzipSync('{}'));
            const again = await startServer({ dbFile: first.dbFile, env: { BACKUP_DAYS: '14' } });
            await new Promise(done => setTimeout(done, 300));
            expect(backupsOf(again).sort()).toEqual([...old, made].sort());
            // npm run backup makes one now, and removes those past BACKUP_DAYS.
            const run = await backupCommand(again, 'backup');
            expect(run.code, run.output).toBe(0);
            expect(backupsOf(again)).not.toContain(old[0]);
            expect(backupsOf(again)).not.toContain(old[1]);
            expect(backupsOf(again)).toContain(old[2]);
            await again.stop();
        },
    );
});

describe('npm run backup and npm run restore', () => {
    it('round-trip the database, refusing to restore while a server runs on it and keeping aside what they replace', async () => {
        const server = await startServer();
        dirs.push(server.dir);
        const client = restClient(server.url, await login(server.url, 'manager'));
        await client.create('customers', { data: customer('BeforeBackup') });

        // Through the running server: the write is in the backup though db.json may not hold it yet.
        const backup = await backupCommand(server, 'backup');
        expect(backup.code, backup.output).toBe(0);
        const file = backup.output.trim().split('\n').at(-1) ?? '';
        expect(file).toMatch(engine === 'postgres' ? /studio-.*\.dump$/ : /studio-.*\.json\.gz$/);
        expect(existsSync(file)).toBe(true);
        expect(statSync(file).mode & 0o077).toBe(0);
        if (engine === 'json') {
            expect(server.output()).toMatch(/asked by npm run backup/);
            const names = (
                JSON.parse(gunzipSync(readFileSync(file)).toString('utf8')) as { customers: { lastName: string }[] }
            ).customers.map(record => record.lastName);
            expect(names).toContain('BeforeBackup');
        }

        await client.create('customers', { data: customer('AfterBackup') });
        expect(await lastNames(server)).toEqual(['BeforeBackup', 'AfterBackup']);

        const refused = await backupCommand(server, 'restore', file);
        expect(refused.code).toBe(1);
        expect(refused.output).toMatch(
            engine === 'postgres' ? /A server is connected to the database/ : /is in use by process/,
        );
        expect(refused.output).not.toMatch(/at .*\.ts:\d+/);
        await server.stop();

        // With no server running, npm run backup reads the database itself.
        const offline = await backupCommand(server, 'backup');
        expect(offline.code, offline.output).toBe(0);
        const offlineFile = offline.output.trim().split('\n').at(-1) ?? '';
        expect(existsSync(offlineFile)).toBe(true);
        if (engine === 'json') expect(gunzipSync(readFileSync(offlineFile)).toString('utf8')).toContain('AfterBackup');

        const restored = await backupCommand(server, 'restore', file);
        expect(restored.code, restored.output).toBe(0);
        expect(restored.output).toMatch(/Restored/);
        if (engine === 'json') {
            // What was there is kept aside, the file and its check note together.
            const aside = readdirSync(server.dir).filter(name => name.includes('.before-restore-'));
            expect(aside.some(name => name.startsWith('db.json.before-restore-'))).toBe(true);
            const before = aside.find(name => name.startsWith('db.json.before-restore-')) ?? '';
            expect(readFileSync(join(server.dir, before), 'utf8')).toContain('AfterBackup');
        } else {
            expect(restored.output).toMatch(/The database as it was is saved in .*\.dump/);
        }

        const back = await startServer({ dbFile: server.dbFile });
        expect(await lastNames(back)).toEqual(['BeforeBackup']);
        await back.stop();
    });

    itOnDbJson('refuses a backup that would not start, and moves nothing', async () => {
        const server = await startServer();
        dirs.push(server.dir);
        await server.stop();
        const bad = join(server.dir, backupFileName(new Date(), 'json.gz'));
        writeFileSync(bad, gzipSync(JSON.stringify({ customers: [{ id: 1, firstName: '' }] })));
        const before = readFileSync(server.dbFile, 'utf8');
        const run = await backupCommand(server, 'restore', bad);
        expect(run.code).toBe(1);
        expect(run.output).toMatch(/cannot be restored/);
        expect(readFileSync(server.dbFile, 'utf8')).toBe(before);
        expect(
            readdirSync(server.dir).filter(name => name.includes('before-restore') || name.endsWith('.tmp')),
        ).toEqual([]);
    });
});
