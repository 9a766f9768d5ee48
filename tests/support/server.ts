import { afterAll, beforeAll, inject, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createHash, randomBytes, scryptSync } from 'node:crypto';
import { existsSync, mkdtempSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { format } from 'node:util';
import simpleRestProvider from 'ra-data-simple-rest';
import { fetchUtils, type DataProvider } from 'ra-core';
import pg from 'pg';
import type { Clock } from '../../src/domain/time';
import type { Database } from '../../src/domain/types';
import { parseDatabaseText } from '../../src/server/storage/jsonFile/files';
import { exportDatabase, importDatabase } from '../../src/server/storage/postgres/transfer';
import { startServer as startInProcess } from '../../src/server/start';
import { durableDatabase } from './durable';

export const root = resolve(import.meta.dirname, '../..');
export const demoDb = join(root, 'db.json');

export const demoAccounts = {
    admin: { email: 'admin@studio.test', password: 'studio-admin' },
    manager: { email: 'manager@studio.test', password: 'studio-manager' },
    teacher: { email: 'anna@studio.test', password: 'studio-teacher' },
} as const;
export type DemoRole = keyof typeof demoAccounts;

/**
 * The demo's three accounts sign in thousands of times over a run (every file, every journey, the sign-in
 * limits' hundreds of failures), and a password check is deliberately expensive. In the databases the tests
 * start servers over, their stored hashes are the same passwords at a sixteenth of the scrypt cost (N = 1024
 * instead of 16384): the server verifies a hash at the cost written in it (src/server/http/passwords.ts), so
 * signing in is the same code path. The demo file itself, new passwords and the decoy keep the full cost.
 */
let cheaperHashes: [string, string][] | undefined;
export const withCheaperHashes = (text: string): string => {
    cheaperHashes ??= (() => {
        const users = (JSON.parse(readFileSync(demoDb, 'utf8')) as Database).users as unknown as {
            email: string;
            passwordHash?: string;
        }[];
        return Object.values(demoAccounts).flatMap(({ email, password }) => {
            const stored = users.find(user => user.email === email)?.passwordHash;
            const salt = stored?.split('$')[4];
            if (!stored || !salt) return [];
            const hash = scryptSync(password, Buffer.from(salt, 'base64url'), 32, { N: 1024, r: 8, p: 1 });
            return [[stored, `scrypt$1024$8$1$${salt}$${hash.toString('base64url')}`] as [string, string]];
        });
    })();
    return cheaperHashes.reduce((result, [stored, cheaper]) => result.replaceAll(stored, cheaper), text);
};

export const freePort = (): Promise<number> =>
    new Promise((resolvePort, reject) => {
        const probe = createServer();
        probe.once('error', reject);
        probe.listen(0, '127.0.0.1', () => {
            const address = probe.address();
            probe.close(() =>
                typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port')),
            );
        });
    });

/**
 * A server a test started, over a database file of its own in the folder `dir`: on the PostgreSQL
 * project, over a database of its own made from that file (see postgresDatabaseFor).
 */
export interface RunningServer {
    url: string;
    port: number;
    dbFile: string;
    dir: string;
    /** Every line the server logged so far. */
    output: () => string;
    /** A clean stop, as SIGTERM would make it: its open connections ended, the storage closed. */
    stop: () => Promise<void>;
}

/** The server as its own process, as `npm start` runs it: for the tests of what the process does. */
export interface ServerProcess extends RunningServer {
    process: ChildProcess;
    /** Sends the signal (SIGTERM by default) and waits for the process to exit. */
    stop: (signal?: NodeJS.Signals) => Promise<void>;
}

export interface StartOptions {
    /** The database to copy into the temporary folder (default: the demo db.json); or its content. */
    db?: string | object;
    /**
     * Copy the database byte for byte, the demo's own password hashes included (a newcomer's db.json, whose
     * demo fingerprint they are part of), instead of with the cheaper hashes of withCheaperHashes.
     */
    asIs?: boolean;
    /** Reuse this folder and database file (after a crash, say) instead of copying. */
    dbFile?: string;
    /** The built app to serve; by default a stub page, since API tests do not need the real build. */
    distDir?: string;
    env?: Record<string, string>;
    /** The server's clock, for a server in the test's process: the machine's by default. */
    clock?: Clock;
}

const stubPage = '<!doctype html><title>stub</title><div id="root"></div>';

/**
 * A folder with a stub index.html, shared by every test server of the machine: written whole under
 * another name and renamed into place, and only when missing, so that a server reading it while another
 * test starts never finds it empty.
 */
export const stubDist = () => {
    const dir = join(tmpdir(), 'studio-stub-dist');
    const page = join(dir, 'index.html');
    mkdirSync(dir, { recursive: true });
    if (!existsSync(page) || readFileSync(page, 'utf8') !== stubPage) {
        const written = `${page}.${process.pid}.${randomBytes(4).toString('hex')}`;
        writeFileSync(written, stubPage);
        renameSync(written, page);
    }
    return dir;
};

/** The secret every test server signs its tokens with. */
const testSecret = 'test-secret-that-is-long-enough-for-hs256';

/** The settings a test server runs with, as `npm start` reads them from its environment. */
const serverEnv = (port: number, dbFile: string, distDir: string, env: Record<string, string> = {}) => ({
    PORT: String(port),
    HOST: '127.0.0.1',
    DB_FILE: dbFile,
    DIST_DIR: distDir,
    TOKEN_SECRET: testSecret,
    // No daily backup at each start (tests/api/backups.test.ts turns it on).
    BACKUP_DAYS: '0',
    // The test provider's notice a moment after the card, not the second a person sees.
    TEST_PROVIDER_NOTICE_DELAY_MS: '20',
    // The demo keeps the dates it was made for, whatever day the tests run (tests/api/demo-current.test.ts
    // starts it as a newcomer does, moved to this week).
    DEMO_MOVE: 'off',
    // ... so the demo's memberships fall due on days long past: a test server does not renew them as it
    // starts (the memberships' own tests set the job's period).
    MEMBERSHIPS_EVERY_MS: 'off',
    ...env,
});

/** The server's build for this run (tests/support/serverBuildSetup.ts): `node` runs it as `npm start` does. */
export const serverEntry = () => {
    const entry = inject('serverEntry');
    if (!entry)
        throw new Error('The server was not built for this run: the project needs tests/support/serverBuildSetup.ts');
    return entry;
};

/** The server process as `npm start` runs it (node build/server/main.js, no tsx), on a port over a database file. */
const spawnServer = (port: number, dbFile: string, distDir: string, env: Record<string, string> = {}): ChildProcess =>
    spawn(process.execPath, [serverEntry()], {
        cwd: root,
        env: { ...process.env, ...serverEnv(port, dbFile, distDir, env) },
        stdio: ['ignore', 'pipe', 'pipe'],
    });

/** The engine the tests run the server on: PostgreSQL in the postgres project (see vite.config.ts), db.json otherwise. */
const postgresUrl = (() => {
    try {
        return inject('postgresUrl') ?? '';
    } catch {
        return '';
    }
})();
export const engine: 'json' | 'postgres' = postgresUrl ? 'postgres' : 'json';

/** The database of the run's cluster holding the demo as loaded at the start (tests/support/postgresSetup.ts). */
export const demoTemplate = 'studio_demo';
const demoHash = (() => {
    try {
        return inject('postgresDemoHash') ?? '';
    } catch {
        return '';
    }
})();
/** it() for what only the db.json engine has (its file, journal and their permissions): skipped on PostgreSQL. */
export const itOnDbJson = engine === 'json' ? it : it.skip;

/**
 * The PostgreSQL database a test server runs on: made and loaded from the database file at its first
 * start, and the same one when the server is started again over the same file (named beside it).
 */
export const postgresDatabaseFor = async (dbFile: string): Promise<string> => {
    const note = `${dbFile}.database-url`;
    if (existsSync(note)) return readFileSync(note, 'utf8');
    const name = `studio_${randomBytes(6).toString('hex')}`;
    const text = readFileSync(dbFile, 'utf8');
    // An unchanged copy of the demo is a copy of the database it was loaded into once for the run.
    const isDemo = demoHash !== '' && createHash('sha1').update(text).digest('hex') === demoHash;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    try {
        await admin.query(`CREATE DATABASE ${name} TEMPLATE ${isDemo ? demoTemplate : 'template0'} ENCODING 'UTF8'`);
    } finally {
        await admin.end();
    }
    const url = postgresUrl.replace(/\/postgres$/, `/${name}`);
    if (!isDemo) await importDatabase(url, parseDatabaseText(dbFile, text), { info: () => undefined });
    writeFileSync(note, url);
    return url;
};

/** The database as the server keeps it, read without the server: db.json with its journal, or PostgreSQL's tables. */
export const storedDatabase = async (server: Pick<RunningServer, 'dbFile'>): Promise<Database> => {
    if (engine === 'json') return durableDatabase(server.dbFile);
    return (await exportDatabase(readFileSync(`${server.dbFile}.database-url`, 'utf8'))).values as unknown as Database;
};

/** The folder and database file a server is started over, and the settings it gets on the project's engine. */
const prepare = async (options: StartOptions) => {
    const dir = options.dbFile ? resolve(options.dbFile, '..') : mkdtempSync(join(tmpdir(), 'studio-test-'));
    const dbFile = options.dbFile ?? join(dir, 'db.json');
    if (!options.dbFile) {
        const text =
            typeof options.db === 'object' ? JSON.stringify(options.db) : readFileSync(options.db ?? demoDb, 'utf8');
        writeFileSync(dbFile, options.asIs ? text : withCheaperHashes(text));
    }
    const env =
        engine === 'postgres' ? { DATABASE_URL: await postgresDatabaseFor(dbFile), ...options.env } : options.env;
    return { dir, dbFile, env, distDir: options.distDir ?? stubDist() };
};

/**
 * Starts the server in the test's own process, as `npm start` starts it (src/server/start.ts) with the
 * settings the options give, on a port the system chooses, over a temporary copy of a database; spoken
 * to over real HTTP. What it logs is kept for `output()`.
 */
export const startServer = async (options: StartOptions = {}): Promise<RunningServer> => {
    const { dir, dbFile, env, distDir } = await prepare(options);
    let output = '';
    const write = (...args: unknown[]) => {
        output += `${format(...args)}\n`;
    };
    const started = await startInProcess({
        env: serverEnv(0, dbFile, distDir, env),
        log: { info: write, warn: write, error: write },
        clock: options.clock,
    }).catch((error: unknown) => {
        throw new Error(`server did not start: ${error instanceof Error ? error.message : String(error)}\n${output}`, {
            cause: error,
        });
    });
    let stopped: Promise<void> | undefined;
    return {
        url: `http://127.0.0.1:${started.port}`,
        port: started.port,
        dbFile,
        dir,
        output: () => output,
        stop: () =>
            (stopped ??= (async () => {
                const closed = once(started.httpServer, 'close');
                const closing = started.close();
                // Connections kept alive by the test's fetch would hold the server open.
                started.httpServer.closeAllConnections();
                await Promise.all([closing, closed]);
            })()),
    };
};

/**
 * Starts the server as its own process, as `npm start` does (node build/server/main.js), on a free port over
 * a temporary copy of a database: for the tests of the process itself (signals, crashes, exit codes, its
 * output, two processes on one database).
 */
export const startServerProcess = async (options: StartOptions = {}): Promise<ServerProcess> => {
    const { dir, dbFile, env, distDir } = await prepare(options);
    const port = await freePort();
    let output = '';
    const child = spawnServer(port, dbFile, distDir, env);
    child.stdout?.on('data', chunk => (output += chunk));
    child.stderr?.on('data', chunk => (output += chunk));
    const exited = new Promise<void>(done => child.once('exit', () => done()));
    await new Promise<void>((ready, fail) => {
        const timer = setTimeout(() => fail(new Error(`server did not start:\n${output}`)), 60_000);
        const check = () => {
            if (output.includes('Studio back office on')) {
                clearTimeout(timer);
                ready();
            }
        };
        child.stdout?.on('data', check);
        child.once('exit', code => {
            clearTimeout(timer);
            fail(new Error(`server exited with ${code}:\n${output}`));
        });
    });
    return {
        url: `http://127.0.0.1:${port}`,
        port,
        dbFile,
        dir,
        process: child,
        output: () => output,
        stop: async (signal = 'SIGTERM') => {
            if (child.exitCode === null && child.signalCode === null) child.kill(signal);
            await exited;
        },
    };
};

export const removeDir = (dir: string) => rmSync(dir, { recursive: true, force: true });

export const login = async (url: string, role: DemoRole): Promise<string> => {
    const response = await fetch(`${url}/api/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(demoAccounts[role]),
    });
    if (!response.ok) throw new Error(`login as ${role} failed: ${response.status}`);
    return ((await response.json()) as { token: string }).token;
};

/** The server `start` answers, signed in as every demo role, for the tests of a file. */
const everyRole = <Server extends RunningServer>(start: () => Promise<Server>) => {
    const served = {
        server: undefined as unknown as Server,
        tokens: {} as Record<DemoRole, string>,
        clients: {} as Record<DemoRole, DataProvider>,
    };
    beforeAll(async () => {
        served.server = await start();
        const roles = ['admin', 'manager', 'teacher'] as const;
        const tokens = await Promise.all(roles.map(role => login(served.server.url, role)));
        roles.forEach((role, index) => {
            served.tokens[role] = tokens[index];
            served.clients[role] = restClient(served.server.url, tokens[index]);
        });
    });
    afterAll(async () => {
        await served.server?.stop();
        if (served.server) removeDir(served.server.dir);
    });
    return served;
};

/**
 * One server for a test file over a copy of the demo database (or the database the options give), in the
 * test's process, signed in once as every demo role, with ra-data-simple-rest as each role's client;
 * stopped and its folder removed when the file's tests are done. Read `server`, `tokens` and `clients`
 * inside tests.
 */
export const serverForEveryRole = (options: StartOptions = {}) => everyRole(() => startServer(options));

/** The same with the server as its own process, as `npm start` runs it. */
export const serverProcessForEveryRole = (options: StartOptions = {}) => everyRole(() => startServerProcess(options));

/** ra-data-simple-rest itself, as the app uses it, signed in with a token. */
export const restClient = (url: string, token?: string): DataProvider =>
    simpleRestProvider(`${url}/api`, (target: string, options: fetchUtils.Options = {}) => {
        const headers = new Headers(options.headers ?? { Accept: 'application/json' });
        if (token) headers.set('Authorization', `Bearer ${token}`);
        return fetchUtils.fetchJson(target, { ...options, headers });
    });

/** A plain HTTP call for the cases the data provider cannot make (bad bodies, odd methods). */
export const call = async (url: string, path: string, init: RequestInit & { token?: string; json?: unknown } = {}) => {
    const headers = new Headers(init.headers);
    if (init.token) headers.set('Authorization', `Bearer ${init.token}`);
    if (init.json !== undefined) headers.set('Content-Type', 'application/json');
    const response = await fetch(`${url}${path}`, {
        ...init,
        headers,
        body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
    });
    const text = await response.text();
    let body: unknown = text;
    try {
        body = JSON.parse(text);
    } catch {
        // Not JSON: keep the text.
    }
    return {
        status: response.status,
        headers: response.headers,
        body: body as Record<string, unknown> & unknown[],
        text,
    };
};

/**
 * Waits until the server's output, from character `from` on, matches `pattern`; answers the match.
 * Fails with the whole output, so that a missing log line shows what was logged instead.
 */
export const waitForOutput = async (
    server: RunningServer,
    pattern: RegExp,
    timeoutMs = 10_000,
    from = 0,
): Promise<string> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
        const found = pattern.exec(server.output().slice(from));
        if (found) return found[0];
        if (Date.now() > deadline)
            throw new Error(`no output matching ${pattern} within ${timeoutMs} ms:\n${server.output()}`);
        await new Promise(resolveWait => setTimeout(resolveWait, 20));
    }
};

export interface ServerExit {
    code: number | null;
    signal: NodeJS.Signals | null;
    output: string;
    /** The server started listening (and was then stopped by this helper) instead of refusing to start. */
    started: boolean;
}

/**
 * Runs the server over an existing database file for a server that is expected to refuse to start:
 * answers how it exited and what it said. A server that starts anyway is stopped and reported as started.
 */
export const runServerToExit = async (options: {
    dbFile: string;
    env?: Record<string, string>;
    timeoutMs?: number;
}): Promise<ServerExit> => {
    let output = '';
    let started = false;
    const child = spawnServer(await freePort(), options.dbFile, stubDist(), options.env);
    const collect = (chunk: Buffer) => {
        output += chunk;
        if (!started && output.includes('Studio back office on')) {
            started = true;
            child.kill('SIGKILL');
        }
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 30_000);
    const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>(done =>
        child.once('close', (exitCode, exitSignal) => done([exitCode, exitSignal])),
    );
    clearTimeout(timer);
    return { code, signal, output, started };
};

/** The claims of a sign-in token, read without checking its signature. */
export const tokenPayload = (token: string): Record<string, unknown> =>
    JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as Record<string, unknown>;
