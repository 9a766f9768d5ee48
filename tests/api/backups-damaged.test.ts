import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { backupFileName } from '../../src/server/backups';
import { demoDb, engine, postgresDatabaseFor, removeDir, root } from '../support/server';

/*
 * `npm run restore -- FILE` of a file that is no backup, or a backup cut short (a copy that stopped half
 * way, a full disk): one line that says what is wrong, exit code 1, no stack trace, and the database
 * left as it was. On both engines: a gzipped db.json, or pg_dump's custom format on PostgreSQL.
 */

const dirs: string[] = [];
afterAll(() => dirs.forEach(removeDir));

interface Run {
    code: number | null;
    stdout: string;
    stderr: string;
}

/** A folder with a copy of the demo database (on PostgreSQL, a database of its own made from it). */
const database = async () => {
    const dir = mkdtempSync(join(tmpdir(), 'studio-restore-'));
    dirs.push(dir);
    const dbFile = join(dir, 'db.json');
    copyFileSync(demoDb, dbFile);
    const env: Record<string, string> = { DB_FILE: dbFile, BACKUP_DIR: join(dir, 'backups') };
    if (engine === 'postgres') env.DATABASE_URL = await postgresDatabaseFor(dbFile);
    return { dir, dbFile, env };
};

/** `tsx src/scripts/backup.ts ...args`, as `npm run backup` and `npm run restore` run it. */
const command = (env: Record<string, string>, ...args: string[]): Promise<Run> =>
    new Promise(done => {
        const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'src/scripts/backup.ts'), ...args], {
            cwd: root,
            env: { ...(process.env as Record<string, string>), ...env },
        });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', chunk => (stdout += chunk));
        child.stderr.on('data', chunk => (stderr += chunk));
        child.once('close', code => done({ code, stdout, stderr }));
    });

/** The run failed with one line on stderr that matches `pattern`, and no stack trace. */
const refusedInOneLine = (run: Run, pattern: RegExp) => {
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).not.toMatch(/^\s+at /m);
    const lines = run.stderr.split('\n').filter(line => line.trim() !== '');
    expect(lines, run.stderr).toHaveLength(1);
    expect(lines[0]).toMatch(pattern);
};

/** The backups in the folder: a restore refused before anything was done saved no copy of the database. */
const backupsIn = (dir: string) => (existsSync(join(dir, 'backups')) ? readdirSync(join(dir, 'backups')) : []);

const extension = engine === 'postgres' ? 'dump' : 'json.gz';

describe('restoring a damaged backup', () => {
    it('refuses a file that is not a backup at all in one line, and changes nothing', async () => {
        const { dir, dbFile, env } = await database();
        const before = readFileSync(dbFile, 'utf8');
        const notBackup = join(dir, backupFileName(new Date(Date.UTC(2026, 0, 2, 3)), extension));
        writeFileSync(notBackup, 'these are my holiday notes, not a backup\n');
        const run = await command(env, 'restore', notBackup);
        refusedInOneLine(run, /is not a backup|not a .*(gzip|pg_dump)/i);
        expect(readFileSync(dbFile, 'utf8')).toBe(before);
        expect(backupsIn(dir)).toEqual([]);
        expect(readdirSync(dir).filter(name => name.includes('before-restore') || name.endsWith('.tmp'))).toEqual([]);
    });

    it('refuses a backup cut short in one line, and changes nothing', async () => {
        const { dir, dbFile, env } = await database();
        let whole: string;
        if (engine === 'postgres') {
            const made = await command(env, 'backup');
            expect(made.code, made.stderr).toBe(0);
            whole = made.stdout.trim();
        } else {
            whole = join(dir, backupFileName(new Date(Date.UTC(2026, 0, 2, 3)), 'json.gz'));
            writeFileSync(whole, gzipSync(readFileSync(dbFile)));
        }
        const bytes = readFileSync(whole);
        const cut = join(dir, backupFileName(new Date(Date.UTC(2026, 0, 3, 3)), extension));
        writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
        const before = readFileSync(dbFile, 'utf8');
        const run = await command(env, 'restore', cut);
        refusedInOneLine(run, /cut short|incomplete|truncated|damaged/i);
        expect(readFileSync(dbFile, 'utf8')).toBe(before);
        expect(backupsIn(dir)).toEqual(engine === 'postgres' ? [basename(whole)] : []);
        expect(readdirSync(dir).filter(name => name.includes('before-restore') || name.endsWith('.tmp'))).toEqual([]);
    });
});
