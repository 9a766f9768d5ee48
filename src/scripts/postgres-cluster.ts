/*
 * A PostgreSQL cluster of our own, run with Debian's postgresql package and its command-line tools
 * (initdb, pg_ctl, psql, pg_isready): for the tests (a throwaway cluster per test file) and for
 * `npm run db:local` (a cluster kept in a folder for development). No driver needed: everything goes
 * through the tools, so this works before and without the `pg` package.
 */
import { execFile, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { delimiter, join } from 'node:path';

/**
 * The folder of the tools. Debian keeps them under /usr/lib/postgresql/VERSION/bin and puts only
 * wrappers for some on PATH (pg_ctl is not among them on a fresh machine), so look there first, newest
 * version first, and use PATH only as a fallback (other distributions, a source build).
 */
const findBinDir = (): string | undefined => {
    const debian = '/usr/lib/postgresql';
    const versions = existsSync(debian) ? readdirSync(debian).filter(name => /^\d+(\.\d+)?$/.test(name)) : [];
    versions.sort((a, b) => Number(b) - Number(a));
    for (const version of versions)
        if (existsSync(join(debian, version, 'bin/initdb'))) return join(debian, version, 'bin');
    return (process.env.PATH ?? '')
        .split(delimiter)
        .find(dir => dir && existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl')));
};

export const postgresBinDir = findBinDir();

// initdb and postgres refuse to run as root (a server bug would then own the machine): as root, the
// server side runs as the `postgres` user that Debian's package creates, in folders it owns.
const asRoot = process.getuid?.() === 0;
const POSTGRES_USER = 'postgres';

const tool = (name: string): string => {
    if (!postgresBinDir) throw new Error('PostgreSQL is not installed (apt-get install -y postgresql)');
    return join(postgresBinDir, name);
};

/** The command line for a server-side tool: through runuser when we are root. */
const serverCommand = (name: string, args: string[]): [string, string[]] =>
    asRoot ? ['runuser', ['-u', POSTGRES_USER, '--', tool(name), ...args]] : [tool(name), args];

const run = (command: string, args: string[], cwd: string): Promise<string> =>
    new Promise((resolve, reject) => {
        // cwd: the cluster's folder, since the postgres user may not be able to read ours; LC_ALL: the
        // tools' messages in English, whatever the developer's locale.
        execFile(
            command,
            args,
            { cwd, env: { ...process.env, LC_ALL: 'C.UTF-8', PGCONNECT_TIMEOUT: '10' }, maxBuffer: 64 << 20 },
            (error, stdout, stderr) => {
                if (error)
                    reject(new Error(`${[command, ...args].join(' ')} failed: ${stderr || stdout || error.message}`));
                else resolve(stdout);
            },
        );
    });

/** A free TCP port on 127.0.0.1 now (another process may take it before we do: callers retry). */
export const freePort = (): Promise<number> =>
    new Promise((resolve, reject) => {
        const probe = createServer();
        probe.once('error', reject);
        probe.listen(0, '127.0.0.1', () => {
            const address = probe.address();
            probe.close(() =>
                typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
            );
        });
    });

/** psql's answer to one statement: unaligned, tuples only, stopping at the first error. */
export const psql = async (url: string, sql: string): Promise<string> =>
    (await run(tool('psql'), ['-X', '-q', '-A', '-t', '-v', 'ON_ERROR_STOP=1', '-d', url, '-c', sql], '/')).trim();

/** A name we can put in SQL unquoted: we make the names ourselves, so refuse anything else. */
const checkName = (name: string) => {
    if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`unsafe database name: ${name}`);
    return name;
};

/** A cluster in a folder: its data in DIR/data, its log in DIR/postgres.log, its unix socket in DIR. */
export class Cluster {
    readonly host = '127.0.0.1';
    readonly dataDir: string;
    readonly logFile: string;

    constructor(
        readonly dir: string,
        public port: number,
    ) {
        this.dataDir = join(dir, 'data');
        this.logFile = join(dir, 'postgres.log');
    }

    url(database: string): string {
        return `postgres://${POSTGRES_USER}@${this.host}:${this.port}/${encodeURIComponent(database)}`;
    }

    get initialized(): boolean {
        return existsSync(join(this.dataDir, 'PG_VERSION'));
    }

    /**
     * initdb with trust authentication (the cluster is only ours and listens only on 127.0.0.1), the
     * superuser `postgres`, UTF8 and C.UTF-8: byte-order sorting by default, Unicode-aware lower() and
     * upper() from glibc, and ICU's collations imported for the engine's sorting.
     */
    async init(): Promise<void> {
        mkdirSync(this.dir, { recursive: true });
        if (asRoot) chownUser(this.dir);
        const [command, args] = serverCommand('initdb', [
            '-D',
            this.dataDir,
            '-U',
            POSTGRES_USER,
            '--auth=trust',
            '-E',
            'UTF8',
            '--locale=C.UTF-8',
            '--no-instructions',
        ]);
        await run(command, args, this.dir);
    }

    /** Starts the server; pg_ctl -w returns once it accepts connections. Durability settings stay at their defaults. */
    async start(): Promise<void> {
        const options = `-p ${this.port} -k ${this.dir} -c listen_addresses=${this.host} -c max_connections=200`;
        const [command, args] = serverCommand('pg_ctl', [
            '-D',
            this.dataDir,
            '-l',
            this.logFile,
            '-o',
            options,
            '-w',
            '-t',
            '60',
            'start',
        ]);
        try {
            await run(command, args, this.dir);
        } catch (error) {
            throw new Error(`${(error as Error).message}\n${this.log()}`);
        }
        await run(tool('pg_isready'), ['-q', '-h', this.host, '-p', String(this.port), '-t', '30'], '/');
    }

    /** pg_ctl stop: `fast` rolls back open transactions and checkpoints; `immediate` just quits (crash recovery on the next start). */
    async stop(mode: 'fast' | 'immediate' = 'fast'): Promise<void> {
        if (!this.running) return;
        const [command, args] = serverCommand('pg_ctl', ['-D', this.dataDir, '-m', mode, '-w', '-t', '60', 'stop']);
        await run(command, args, this.dir);
    }

    /** The same, blocking: for process 'exit' handlers, where nothing asynchronous runs any more. */
    stopSync(mode: 'fast' | 'immediate' = 'immediate'): void {
        if (!this.running) return;
        const [command, args] = serverCommand('pg_ctl', ['-D', this.dataDir, '-m', mode, '-w', '-t', '30', 'stop']);
        spawnSync(command, args, { cwd: this.dir, stdio: 'ignore' });
    }

    /** Whether a postmaster is up in this folder (its pid file names a live process). */
    get running(): boolean {
        const pid = this.pid;
        if (!pid) return false;
        try {
            process.kill(pid, 0);
            return true;
        } catch (error) {
            return (error as NodeJS.ErrnoException).code === 'EPERM';
        }
    }

    get pid(): number | undefined {
        try {
            return Number(readFileSync(join(this.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]) || undefined;
        } catch {
            return undefined;
        }
    }

    /** The port a running postmaster listens on, from its pid file (4th line). */
    get runningPort(): number | undefined {
        try {
            return Number(readFileSync(join(this.dataDir, 'postmaster.pid'), 'utf8').split('\n')[3]) || undefined;
        } catch {
            return undefined;
        }
    }

    async databaseExists(name: string): Promise<boolean> {
        return (
            (await psql(this.url('postgres'), `SELECT 1 FROM pg_database WHERE datname = '${checkName(name)}'`)) === '1'
        );
    }

    /**
     * A new database from template0 (template1 may have been changed; template0 is what initdb made),
     * in UTF8 with the cluster's locale. Returns its URL.
     */
    async createDatabase(name = `studio_${randomBytes(6).toString('hex')}`): Promise<string> {
        await psql(this.url('postgres'), `CREATE DATABASE ${checkName(name)} TEMPLATE template0 ENCODING 'UTF8'`);
        return this.url(name);
    }

    /** Drops a database even with sessions still open in it (a test that forgot to close its pool). */
    async dropDatabase(name: string): Promise<void> {
        await psql(this.url('postgres'), `DROP DATABASE IF EXISTS ${checkName(name)} WITH (FORCE)`);
    }

    log(): string {
        try {
            return readFileSync(this.logFile, 'utf8').slice(-4000);
        } catch {
            return '';
        }
    }
}

const chownUser = (dir: string) => {
    const ids = spawnSync('id', ['-u', POSTGRES_USER], { encoding: 'utf8' });
    const groups = spawnSync('id', ['-g', POSTGRES_USER], { encoding: 'utf8' });
    if (ids.status !== 0)
        throw new Error(`running as root needs the ${POSTGRES_USER} user (Debian's postgresql package makes it)`);
    chownSync(dir, Number(ids.stdout), Number(groups.stdout));
};

/** Whether the postgres user can reach a folder (as root, a folder under a private home may not be). */
export const reachableByServer = (dir: string): boolean =>
    !asRoot || spawnSync('runuser', ['-u', POSTGRES_USER, '--', 'test', '-x', dir]).status === 0;
