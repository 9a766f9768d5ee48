/*
 * Backups from the command line, with the server's settings (DB_FILE or DATABASE_URL, BACKUP_DIR):
 *   npm run backup                 makes one now and prints its path
 *   npm run restore -- FILE        puts one back (the server stopped first)
 *
 * db.json: a backup is the database as the running server holds it between two transactions, asked of
 * that server (through DB_FILE.control, readable by its user only); with no server running, the file
 * with its journal replayed. A restore refuses while a server holds DB_FILE, checks the backup as a
 * start would, and moves DB_FILE, its journal and its check file aside together before putting the
 * backup in their place.
 * PostgreSQL: pg_dump and pg_restore of Debian's postgresql-client; a restore refuses while a server is
 * connected, and first saves the database it replaces.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, readSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import pg from 'pg';
import { backupDirOf, backupFileName, backupFolder, writeBackup } from '../server/backups';
import { root } from '../server/paths';
import { DatabaseFileError, fsyncDirectory } from '../server/storage/jsonFile/files';
import { DatabaseLock } from '../server/storage/jsonFile/lock';
import { startingState } from '../server/storage/jsonFile/startup';
import { postgresBinDir } from './postgres-cluster';
import { applicationName } from '../server/storage/postgres/pgStorage';

const env = process.env;
const dbFile = resolve(env.DB_FILE ?? resolve(root, 'db.json'));
const databaseUrl = env.DATABASE_URL;
const backupDir = backupDirOf(env, dbFile);
const quiet = { info: () => undefined };

class Refusal extends Error {}

/** pg_dump and pg_restore: Debian's, of the newest PostgreSQL installed, else the ones on PATH. */
const postgresTool = (name: string) => (postgresBinDir ? join(postgresBinDir, name) : name);

const runTool = (name: string, args: string[]) => {
    const result = spawnSync(postgresTool(name), args, { encoding: 'utf8' });
    if (result.error)
        throw new Refusal(
            `${name} could not be run (${result.error.message}): install Debian's postgresql-client (apt-get install -y postgresql-client).`,
        );
    // pg_dump and pg_restore may say several lines: told as one.
    if (result.status !== 0) throw new Refusal(`${name} failed: ${result.stderr.trim().replace(/\s*\n\s*/g, '; ')}`);
};

/** YYYY-MM-DDTHH-MM-SSZ, for the names of what a restore moves aside. */
const stamp = () => backupFileName(new Date(), 'dump').slice('studio-'.length, -'.dump'.length);

/* ---------- db.json ---------- */

interface Control {
    pid: number;
    url: string;
    key: string;
}

/** The server holding DB_FILE on this machine, when there is one that answers. */
const runningServer = (): Control | undefined => {
    const file = `${dbFile}.control`;
    if (!existsSync(file)) return undefined;
    const control = JSON.parse(readFileSync(file, 'utf8')) as Control;
    try {
        process.kill(control.pid, 0);
    } catch {
        return undefined;
    }
    return control;
};

const backupFile = async (): Promise<string> => {
    const server = runningServer();
    if (server) {
        const response = await fetch(`${server.url}/api/control/backup`, {
            method: 'POST',
            headers: { 'X-Control-Key': server.key },
        });
        const body = (await response.json()) as { file?: string; message?: string };
        if (!response.ok || !body.file) throw new Refusal(body.message ?? `The server answered ${response.status}.`);
        return body.file;
    }
    // No server here: the file and its journal, held for the while so that none starts meanwhile.
    const lock = DatabaseLock.take(dbFile, () => undefined);
    try {
        const { state } = startingState(dbFile, quiet);
        return await writeBackup(state, backupDir, new Date());
    } finally {
        lock.release();
    }
};

/** A gzip file's first two bytes. */
const gzipMagic = Buffer.from([0x1f, 0x8b]);

/** The db.json a backup holds, or a refusal that says what is wrong with the file. */
const unzippedBackup = (backup: string): Buffer => {
    const bytes = readFileSync(backup);
    if (!bytes.subarray(0, 2).equals(gzipMagic))
        throw new Refusal(`${backup} is not a backup: it is not a gzip file (studio-….json.gz). Nothing was restored.`);
    try {
        return gunzipSync(bytes);
    } catch (error) {
        // zlib says "unexpected end of file" (Z_BUF_ERROR) for a file that stops half way.
        const cut = (error as { code?: string }).code === 'Z_BUF_ERROR';
        throw new Refusal(
            cut
                ? `${backup} is cut short: the backup is incomplete (copied or written only in part). Nothing was restored.`
                : `${backup} is damaged: ${(error as Error).message}. Nothing was restored.`,
        );
    }
};

const restoreFile = (backup: string) => {
    if (!/\.json\.gz$/.test(backup)) throw new Refusal(`${backup} is not a backup of a db.json (studio-….json.gz).`);
    const lock = DatabaseLock.take(dbFile, () => undefined);
    try {
        // Checked as the server's start checks a file (replayed, brought up to date, every record
        // validated), under a temporary name beside DB_FILE: a backup that would not start is refused
        // before anything is moved.
        const incoming = `${dbFile}.restoring.tmp`;
        writeFileSync(incoming, unzippedBackup(backup), { mode: 0o600 });
        try {
            startingState(incoming, quiet);
        } catch (error) {
            rmSync(incoming, { force: true });
            throw new Refusal(`${backup} cannot be restored: ${(error as Error).message}`);
        }
        rmSync(`${incoming}.checked`, { force: true });
        const aside = stamp();
        const moved = [dbFile, `${dbFile}.journal`, `${dbFile}.checked`]
            .filter(file => existsSync(file))
            .map(file => {
                const to = `${file}.before-restore-${aside}`;
                renameSync(file, to);
                return to;
            });
        renameSync(incoming, dbFile);
        fsyncDirectory(dbFile);
        console.info(`Restored ${backup} into ${dbFile}.`);
        if (moved.length)
            console.info(
                `What was there is kept aside: ${moved.map(file => basename(file)).join(', ')} in ${dirname(dbFile)}.`,
            );
    } finally {
        lock.release();
    }
};

/* ---------- PostgreSQL ---------- */

const dump = (url: string, at = new Date()): string => {
    const file = join(backupFolder(backupDir), backupFileName(at, 'dump'));
    const temporary = `${file}.${process.pid}.tmp`;
    try {
        // Made unreadable to others before anything is in it.
        writeFileSync(temporary, '', { mode: 0o600 });
        runTool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${temporary}`, url]);
        renameSync(temporary, file);
    } finally {
        rmSync(temporary, { force: true });
    }
    return file;
};

/** The server processes connected to the database (they name themselves), for a restore to refuse. */
const connectedServers = async (url: string): Promise<number> => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
        const { rows } = await client.query<{ count: string }>(
            'SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1 AND pid <> pg_backend_pid()',
            [applicationName],
        );
        return Number(rows[0].count);
    } finally {
        await client.end();
    }
};

/**
 * Reads the whole dump without a database (pg_restore writing its script to nowhere), so that a file
 * that is no dump, or one cut short, is refused before the database is touched.
 */
const checkDump = (backup: string) => {
    const head = Buffer.alloc(5);
    const fd = openSync(backup, 'r');
    try {
        readSync(fd, head, 0, head.length, 0);
    } finally {
        closeSync(fd);
    }
    if (head.toString('latin1') !== 'PGDMP')
        throw new Refusal(
            `${backup} is not a backup: it is not a dump of pg_dump's custom format (studio-….dump). Nothing was restored.`,
        );
    try {
        runTool('pg_restore', ['--file=/dev/null', backup]);
    } catch (error) {
        if (!(error instanceof Refusal) || !/end of file|too short/i.test(error.message)) throw error;
        throw new Refusal(
            `${backup} is cut short: the backup is incomplete (copied or written only in part). Nothing was restored.`,
        );
    }
};

const restoreDump = async (url: string, backup: string) => {
    if (!/\.dump$/.test(backup))
        throw new Refusal(`${backup} is not a backup of a PostgreSQL database (studio-….dump).`);
    checkDump(backup);
    const servers = await connectedServers(url);
    if (servers) throw new Refusal(`A server is connected to the database (${servers} connections): stop it first.`);
    const before = dump(url);
    console.info(`The database as it was is saved in ${before}.`);
    runTool('pg_restore', [
        '--clean',
        '--if-exists',
        '--no-owner',
        '--no-privileges',
        '--single-transaction',
        '--exit-on-error',
        `--dbname=${url}`,
        backup,
    ]);
    console.info(`Restored ${backup}.`);
};

/* ---------- The command ---------- */

const run = async () => {
    const [command, file] = process.argv.slice(2);
    if (command === 'backup') {
        console.info(databaseUrl ? dump(databaseUrl) : await backupFile());
        return;
    }
    if (command === 'restore') {
        if (!file) throw new Refusal('Name the backup to restore: npm run restore -- FILE');
        const backup = resolve(file);
        if (!existsSync(backup)) throw new Refusal(`There is no file ${backup}.`);
        if (databaseUrl) await restoreDump(databaseUrl, backup);
        else restoreFile(backup);
        return;
    }
    throw new Refusal('usage: tsx src/scripts/backup.ts backup | restore FILE');
};

run().catch((error: unknown) => {
    // One line that says what to do: a server holding the file, a backup that does not validate, a file
    // that cannot be read (a folder named, no permission).
    const unreadable = error instanceof Error && /^E[A-Z]+$/.test(String((error as { code?: unknown }).code));
    if (!(error instanceof Refusal || error instanceof DatabaseFileError || unreadable)) throw error;
    console.error(error.message);
    process.exit(1);
});
