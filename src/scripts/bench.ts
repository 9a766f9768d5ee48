/*
 * This server against bare json-server 0.17.4, side by side, on the same generated databases:
 *   npm run bench -- [--scales 1,10,100] [--runs N] [--server-dir DIR] [--engine json|postgres|both]
 * For each scale the seed script writes one database into a temporary folder; each server gets its own
 * copy and runs alone, one after the other, so they never share the CPU. The result is one markdown
 * table on stdout; progress goes to stderr, so `npm run bench > bench.md` keeps only the report.
 * --server-dir names the checkout whose src/server/main.ts (and seed script) is measured, so a branch
 * can be compared with a worktree of another commit.
 * --engine chooses this server's storage: its db.json engine (the default), PostgreSQL (one throwaway
 * cluster for the run, a fresh database per scale loaded from the seeded db.json), or both, each in its
 * own column beside the one json-server column.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, get as httpGet } from 'node:http';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { Cluster, postgresBinDir, psql, reachableByServer } from './postgres-cluster';

const TODAY = '2026-11-23';
const WARM_UPS = 3;
const WRITERS = 10;
const LOAD_MS = 5_000;
/** Clients reading at once for reads/s; the window before LOAD_MS warms a fresh process and the sockets. */
const READERS = 16;
const READ_WARM_UP_MS = 3_000;
const RSS_SAMPLE_MS = 200;
// Generous: json-server rewrites the whole file on every write, so at scale 100 a request can wait
// behind ten writes of 70 MB each.
const REQUEST_TIMEOUT_MS = 120_000;
const START_TIMEOUT_MS = 180_000;
const SEED_TIMEOUT_MS = 600_000;
const JSON_SERVER_BIN = 'node_modules/json-server/lib/cli/bin.js';
const ADMIN = { email: 'admin@studio.test', password: 'studio-admin' };
const MANAGER = { email: 'manager@studio.test', password: 'studio-manager' };

const ENGINES = ['json', 'postgres', 'both'] as const;
type EngineChoice = (typeof ENGINES)[number];

interface Options {
    scales: number[];
    runs: number;
    serverDir: string;
    engine: EngineChoice;
}

const readOptions = (): Options => {
    const { values } = parseArgs({
        options: {
            scales: { type: 'string', default: '1,10,100' },
            runs: { type: 'string', default: '50' },
            'server-dir': { type: 'string', default: resolve(import.meta.dirname, '../..') },
            engine: { type: 'string', default: 'json' },
        },
        strict: true,
    });
    const scales = values.scales.split(',').map(Number);
    const runs = Number(values.runs);
    if (!scales.every(scale => scale > 0)) throw new Error('--scales must be numbers above 0, separated by commas');
    if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a whole number above 0');
    const engine = values.engine as EngineChoice;
    if (!ENGINES.includes(engine)) throw new Error(`--engine must be one of ${ENGINES.join(', ')}`);
    return { scales, runs, serverDir: resolve(values['server-dir']), engine };
};

const log = (message: string) => process.stderr.write(`${message}\n`);
const sleep = (ms: number) => new Promise(done => setTimeout(done, ms));
/** fetch says only 'fetch failed'; the reason (a reset, a closed socket) is in its cause. */
const messageOf = (error: unknown): string => {
    if (!(error instanceof Error)) return String(error);
    return error.cause ? `${error.message}: ${messageOf(error.cause)}` : error.message;
};

/* ---------- Children, the cluster and temporary folders: nothing may outlive the run, even a failed one ---------- */

const children = new Set<ChildProcess>();
const tempDirs = new Set<string>();
/** The run's PostgreSQL, when an engine needs it. */
let cluster: Cluster | undefined;

const makeTempDir = (prefix: string): string => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    tempDirs.add(dir);
    return dir;
};

const removeTempDir = (dir: string) => {
    rmSync(dir, { recursive: true, force: true });
    tempDirs.delete(dir);
};

/** Synchronous on purpose: it also runs from process 'exit', where nothing asynchronous gets to run. */
const cleanUp = () => {
    for (const child of children) child.kill('SIGKILL');
    children.clear();
    // Before its folder goes: pg_ctl finds the postmaster through the data directory. Immediate: the
    // databases are thrown away, so there is nothing to checkpoint.
    cluster?.stopSync('immediate');
    cluster = undefined;
    for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
    tempDirs.clear();
};
process.on('exit', cleanUp);
// Without these, Ctrl+C ends the process without 'exit' handlers and leaves servers running.
process.on('SIGINT', () => process.exit(130));
process.on('SIGTERM', () => process.exit(143));

/** A port nobody uses now: listen on port 0, read what the system chose, close. */
const freePort = async (): Promise<number> => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1');
    await once(probe, 'listening');
    const address = probe.address();
    probe.close();
    if (!address || typeof address === 'string') throw new Error('could not probe for a free port');
    return address.port;
};

/* ---------- Server processes ---------- */

interface Running {
    child: ChildProcess;
    base: string;
    startedAt: number;
    /** Set when the process ends unasked: how it ended and the last thing it said on stderr. */
    crash?: string;
    ended: Promise<void>;
    stopping: boolean;
}

/** The last non-empty line of what a process wrote, for a crash message (V8's out-of-memory line first). */
const lastWords = (output: string) => {
    const lines = output
        .split('\n')
        .map(line => line.trim())
        .filter(Boolean);
    const fatal = lines.find(line => line.includes('FATAL ERROR'));
    return (fatal ?? lines.at(-1) ?? '').replace(/^FATAL ERROR:\s*/, '').slice(0, 100);
};

const spawnServer = (args: string[], cwd: string, env: NodeJS.ProcessEnv, port: number): Running => {
    const startedAt = performance.now();
    // process.execPath: the children run on the same Node as this script, and there is no npm or shell
    // wrapper between us and the server, so the pid is the server's own (for VmRSS).
    const child = spawn(process.execPath, args, {
        cwd,
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.add(child);
    let stderr = '';
    // Both pipes must be drained: json-server logs every request, and a full pipe would stall it.
    child.stdout?.resume();
    child.stderr?.on('data', (chunk: Buffer) => {
        stderr = (stderr + chunk.toString()).slice(-4000);
    });
    const running: Running = {
        child,
        base: `http://127.0.0.1:${port}`,
        startedAt,
        stopping: false,
        ended: Promise.resolve(),
    };
    running.ended = new Promise(done => {
        child.once('exit', (code, signal) => {
            children.delete(child);
            if (!running.stopping) {
                const how = signal ? `signal ${signal}` : `exit code ${code}`;
                const words = lastWords(stderr);
                running.crash = words ? `${how}: ${words}` : how;
            }
            done();
        });
    });
    return running;
};

/** Start-up ends at the first HTTP answer of any status: the server is then listening and serving. */
const waitUntilAnswering = async (server: Running): Promise<number> => {
    const deadline = performance.now() + START_TIMEOUT_MS;
    while (performance.now() < deadline) {
        if (server.crash) throw new Error(server.crash);
        try {
            const response = await fetch(`${server.base}/`, { signal: AbortSignal.timeout(1_000) });
            await response.arrayBuffer();
            return performance.now() - server.startedAt;
        } catch {
            await sleep(10);
        }
    }
    throw new Error(`no answer within ${START_TIMEOUT_MS / 1000} s`);
};

const stopServer = async (server: Running) => {
    server.stopping = true;
    if (server.child.exitCode !== null || server.child.signalCode !== null) return;
    server.child.kill('SIGTERM');
    const stopped = await Promise.race([server.ended.then(() => true), sleep(3_000).then(() => false)]);
    if (!stopped) server.child.kill('SIGKILL');
    await server.ended;
};

/** Resident memory of the process in MB, or undefined once it is gone. */
const rssMb = (pid: number | undefined): number | undefined => {
    try {
        const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
        return match ? Number(match[1]) / 1024 : undefined;
    } catch {
        return undefined;
    }
};

/** Proportional memory in kB (shared pages divided among the processes sharing them), or undefined once gone. */
const pssKb = (pid: number): number | undefined => {
    try {
        const match = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
        return match ? Number(match[1]) : undefined;
    } catch {
        return undefined;
    }
};

/** A PostgreSQL cluster's processes: the postmaster and its children (backends, checkpointer, walwriter...). */
const clusterPids = (postmaster: number): number[] => {
    try {
        return [
            postmaster,
            ...readFileSync(`/proc/${postmaster}/task/${postmaster}/children`, 'utf8')
                .split(' ')
                .filter(Boolean)
                .map(Number),
        ];
    } catch {
        return [];
    }
};

/**
 * Memory of a group of processes in MB. PSS, not RSS: every PostgreSQL backend maps the same shared
 * buffers, and a sum of RSS would count them once per process.
 */
const groupMb = (pids: number[]): number | undefined => {
    const kbs = pids.map(pssKb).filter(kb => kb !== undefined);
    return kbs.length ? kbs.reduce((sum, kb) => sum + kb, 0) / 1024 : undefined;
};

/** CPU time a process has used, in ms (utime + stime of /proc/PID/stat, in USER_HZ = 100 ticks a second). */
const cpuMs = (pid: number | undefined): number => {
    try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return (Number(fields[11]) + Number(fields[12])) * 10;
    } catch {
        return 0;
    }
};

/** The machine's CPU time, all cores, in ticks: in total and idle (/proc/stat's first line). */
const machineTicks = () => {
    const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
    return { total: ticks.reduce((sum, tick) => sum + tick, 0), idle: ticks[3] + ticks[4] };
};

/* ---------- HTTP and timing ---------- */

/** One request, its whole body read (the time includes the answer's transfer), non-2xx an error. */
const request = async (url: string, init: RequestInit = {}): Promise<string> => {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    const text = await response.text();
    if (!response.ok)
        throw new Error(`${init.method ?? 'GET'} ${new URL(url).pathname}: ${response.status} ${text.slice(0, 120)}`);
    return text;
};

const postJson = (url: string, body: unknown, token?: string) =>
    request(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
    });

const timed = async (work: () => Promise<unknown>): Promise<number> => {
    const started = performance.now();
    await work();
    return performance.now() - started;
};

interface Summary {
    median: number;
    p95: number;
}

const percentile = (sorted: number[], p: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

const summarize = (times: number[]): Summary => {
    const sorted = [...times].sort((a, b) => a - b);
    return { median: percentile(sorted, 50), p95: percentile(sorted, 95) };
};

/** Warm-ups first (JIT, caches, keep-alive connections), then `runs` timed calls one after another. */
const measure = async (runs: number, work: () => Promise<unknown>): Promise<Summary> => {
    for (let warmUp = 0; warmUp < WARM_UPS; warmUp++) await work();
    const times: number[] = [];
    for (let run = 0; run < runs; run++) times.push(await timed(work));
    return summarize(times);
};

/** A GET as the reads/s load sends it. */
interface ReadTarget {
    url: string;
    headers: Record<string, string>;
}

/**
 * One GET through node:http, its body drained unread: cheaper than fetch, so the load generator takes
 * less of the cores it shares with the servers (and PostgreSQL). It asks for compression as fetch does,
 * so the servers do the same work as in the timed rows.
 */
const drainedGet = (agent: Agent, target: ReadTarget) =>
    new Promise<void>((done, fail) => {
        const sent = httpGet(
            target.url,
            { agent, headers: { 'Accept-Encoding': 'gzip, deflate', ...target.headers }, timeout: REQUEST_TIMEOUT_MS },
            response => {
                response.resume();
                response.once('error', fail);
                response.once('end', () =>
                    response.statusCode === 200
                        ? done()
                        : fail(new Error(`GET ${new URL(target.url).pathname}: ${response.statusCode}`)),
                );
            },
        );
        sent.once('timeout', () => sent.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS / 1000} s`)));
        sent.once('error', fail);
    });

/** READERS clients reading back to back for `ms`, taking the targets in turn (round-robin); reads per second. */
const readsPerSecond = async (targets: ReadTarget[], ms: number): Promise<number> => {
    // A fresh agent per window: no keep-alive socket left idle long enough for the server to close it under us.
    const agent = new Agent({ keepAlive: true });
    try {
        const started = performance.now();
        const deadline = started + ms;
        let reads = 0;
        let turn = 0;
        const reader = async () => {
            while (performance.now() < deadline) {
                await drainedGet(agent, targets[turn++ % targets.length]);
                reads++;
            }
        };
        const outcomes = await Promise.allSettled(Array.from({ length: READERS }, reader));
        const failed = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
        if (failed) throw failed.reason;
        return (reads / (performance.now() - started)) * 1000;
    } finally {
        agent.destroy();
    }
};

/** Whose CPU a read costs: the server processes', the database's, and this script's (the clients). */
interface CpuGroups {
    servers: number[];
    /** The database's processes, for an engine that has them. */
    database?: () => number[];
}

const cpuSnapshot = (groups: CpuGroups) => {
    const own = process.cpuUsage();
    return {
        servers: groups.servers.reduce((sum, pid) => sum + cpuMs(pid), 0),
        database: (groups.database?.() ?? []).reduce((sum, pid) => sum + cpuMs(pid), 0),
        clients: (own.user + own.system) / 1000,
        machine: machineTicks(),
    };
};

interface ReadLoad {
    perSecond: number;
    /** CPU ms per read of the server processes, the database's (none for db.json) and this script's. */
    cpu: { servers: number; database?: number; clients: number };
    /** The machine's idle share during the window, other users' work included. */
    idle: number;
}

/**
 * A warm-up window (JIT, caches, connections of a fresh process), then the counted one, with where the
 * CPU went: on a machine the clients share, that tells a busy server from a starved one.
 */
const readLoad = async (targets: ReadTarget[], groups: CpuGroups): Promise<ReadLoad> => {
    await readsPerSecond(targets, READ_WARM_UP_MS);
    const before = cpuSnapshot(groups);
    const perSecond = await readsPerSecond(targets, LOAD_MS);
    const after = cpuSnapshot(groups);
    const reads = (perSecond * LOAD_MS) / 1000;
    const perRead = (key: 'servers' | 'database' | 'clients') => (after[key] - before[key]) / reads;
    const load: ReadLoad = {
        perSecond,
        cpu: {
            servers: perRead('servers'),
            database: groups.database ? perRead('database') : undefined,
            clients: perRead('clients'),
        },
        idle: (after.machine.idle - before.machine.idle) / (after.machine.total - before.machine.total),
    };
    log(
        `    ${number(perSecond)} reads/s; CPU per read (ms): ${cpuText(load)}; load average ${loadavg()[0].toFixed(1)}`,
    );
    return load;
};

/* ---------- The servers behind one interface ---------- */

/** What the measurements need from a server; `extras` are the rows only this server has. */
interface Client {
    /** The sorted list as a bare request, for the reads/s load; listSorted() sends it with fetch. */
    sortedList: ReadTarget;
    listSorted(): Promise<string>;
    /** A page of the prototype collection the bench adds to the database, in json-server's words. */
    listPrototype(): Promise<string>;
    createCustomer(n: number): Promise<string>;
    extras: { statistics: () => Promise<string>; dashboard: () => Promise<string> } | undefined;
}

interface Subject {
    name: string;
    /** Its database for one server run, made from the seeded file in `dir`: a file's path or a database's URL. */
    prepare(sourceDb: string, dir: string): Promise<string>;
    spawn(database: string, dir: string, port: number): Running;
    connect(base: string): Promise<Client>;
    /** Gives back what prepare() made outside `dir` (a PostgreSQL database). */
    discard(database: string): Promise<void>;
    /** Processes whose reads/s are measured: none for json-server; one for a db.json, which one process owns. */
    readProcesses: 0 | 1 | 2;
    /** The processes that hold the database outside the server (the PostgreSQL cluster), for memory and CPU. */
    databasePids?: () => number[];
}

/** Records of the prototype collection per unit of scale: a developer's table beside the studio's. */
const NOTES_PER_SCALE = 200;
const prototypePage = '/notes?_sort=title&_page=3&_limit=25';

/** Adds a prototype collection, `notes`, to a seeded database: both servers serve it as json-server does. */
const addPrototype = (dbFile: string, scale: number) => {
    const db = JSON.parse(readFileSync(dbFile, 'utf8')) as Record<string, unknown>;
    const count = Math.round(NOTES_PER_SCALE * scale);
    db.notes = Array.from({ length: count }, (_, index) => ({
        id: index + 1,
        // Titles out of id order, so that sorting has work to do.
        title: `Note ${String((index * 7919) % count).padStart(6, '0')}`,
        body: 'A line a developer wrote while trying an idea.',
        pinned: index % 5 === 0,
    }));
    writeFileSync(dbFile, JSON.stringify(db));
};

const newCustomer = (n: number) => ({
    firstName: 'Bench',
    lastName: `Writer ${n}`,
    // Unique within a run; the seeded phones have dashes, so these never collide with them.
    phone: `+7 999 ${String(n).padStart(7, '0')}`,
    status: 'lead',
});

/** A private copy of the seeded file: the server and json-server both write to theirs. */
const copyOf = async (sourceDb: string, dir: string) => {
    const dbFile = join(dir, 'db.json');
    copyFileSync(sourceDb, dbFile);
    return dbFile;
};

/** Where this server keeps its data: the part of a Subject that differs between its engines. */
interface Engine {
    /** For the column's title: "this server (PostgreSQL)". */
    label: string;
    prepare: Subject['prepare'];
    /** The server's environment for its database. */
    env(database: string, dir: string): NodeJS.ProcessEnv;
    discard: Subject['discard'];
    readProcesses: 1 | 2;
    databasePids?: Subject['databasePids'];
}

const fileEngine: Engine = {
    label: 'db.json',
    prepare: copyOf,
    env: dbFile => ({ DB_FILE: dbFile }),
    discard: async () => undefined,
    // Two processes cannot share a db.json: each holds the database in memory and rewrites the file
    // from it, so neither would see the other's writes and each would overwrite them.
    readProcesses: 1,
};

/**
 * The import of the measured checkout, like its seed script: the schema it makes is the one that
 * checkout's server expects. Loaded only for --engine postgres, so older checkouts still bench on db.json.
 */
const transferOf = async (serverDir: string) => {
    const load = <T>(path: string) => import(pathToFileURL(join(serverDir, path)).href) as Promise<T>;
    const { importDatabase } = await load<typeof import('../server/storage/postgres/transfer')>(
        'src/server/storage/postgres/transfer.ts',
    );
    const { parseDatabaseText } = await load<typeof import('../server/storage/files')>('src/server/storage/files.ts');
    return { importDatabase, parseDatabaseText };
};

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const postgresEngine = (serverDir: string, postgres: Cluster): Engine => {
    let made = 0;
    const postmaster = postgres.pid;
    return {
        label: 'PostgreSQL',
        prepare: async sourceDb => {
            const name = `bench_${++made}`;
            const url = await postgres.createDatabase(name);
            const started = performance.now();
            try {
                const { importDatabase, parseDatabaseText } = await transferOf(serverDir);
                await importDatabase(url, parseDatabaseText(sourceDb, readFileSync(sourceDb, 'utf8')), {
                    info: message => log(`    ${message}`),
                });
            } catch (error) {
                await postgres.dropDatabase(name);
                throw error;
            }
            const imported = performance.now() - started;
            // What autovacuum would do within a minute of the import anyway: planner statistics and the
            // visibility map. Done here so that the first timed run does not depend on when it comes.
            const vacuumMs = await timed(() => psql(url, 'VACUUM ANALYZE'));
            log(
                `  ${name}: read and imported the db.json in ${seconds(imported)}, then VACUUM ANALYZE in ${seconds(vacuumMs)}`,
            );
            return url;
        },
        // No DB_FILE: main.ts would still resolve one, so point it into the scratch folder, never at the checkout's db.json.
        env: (url, dir) => ({ DATABASE_URL: url, DB_FILE: join(dir, 'unused.json') }),
        discard: url => postgres.dropDatabase(decodeURIComponent(new URL(url).pathname.slice(1))),
        readProcesses: 2,
        databasePids: postmaster ? () => clusterPids(postmaster) : undefined,
    };
};

const ourServer = (serverDir: string, engine: Engine): Subject => ({
    name: `this server (${engine.label})`,
    prepare: engine.prepare,
    spawn: (database, dir, port) => {
        // A stub build: without an index.html the server would run vite build before it listens.
        const distDir = join(dir, 'dist');
        mkdirSync(distDir, { recursive: true });
        writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>bench</title>\n');
        const env = {
            PORT: String(port),
            HOST: '127.0.0.1',
            DIST_DIR: distDir,
            TOKEN_SECRET: 'bench-'.repeat(8),
            ...engine.env(database, dir),
        };
        return spawnServer(['--import', 'tsx', join(serverDir, 'src/server/main.ts')], serverDir, env, port);
    },
    discard: engine.discard,
    readProcesses: engine.readProcesses,
    databasePids: engine.databasePids,
    connect: async base => {
        const login = async (account: typeof ADMIN) =>
            (JSON.parse(await postJson(`${base}/api/auth/login`, account)) as { token: string }).token;
        const admin = await login(ADMIN);
        const manager = await login(MANAGER);
        const get = (path: string, token: string) =>
            request(`${base}${path}`, { headers: { Authorization: `Bearer ${token}` } });
        const listPath = `/api/customers?sort=${encodeURIComponent('["lastName","ASC"]')}&range=${encodeURIComponent('[0,24]')}`;
        const sortedList = { url: `${base}${listPath}`, headers: { Authorization: `Bearer ${admin}` } };
        return {
            sortedList,
            listSorted: () => request(sortedList.url, { headers: sortedList.headers }),
            listPrototype: () => get(`/api${prototypePage}`, admin),
            createCustomer: n => postJson(`${base}/api/customers`, newCustomer(n), admin),
            extras: {
                statistics: () => get('/api/statistics/incomes?from=2026-01-01&to=2026-12-31&interval=month', manager),
                dashboard: () => get('/api/dashboard', manager),
            },
        };
    },
});

const jsonServer = (serverDir: string): Subject => ({
    name: 'json-server',
    prepare: copyOf,
    // As anyone would start it: its own CLI and defaults (request log included), no heap flags.
    spawn: (dbFile, dir, port) =>
        spawnServer(
            [join(serverDir, JSON_SERVER_BIN), '--port', String(port), '--host', '127.0.0.1', dbFile],
            dir,
            {},
            port,
        ),
    discard: async () => undefined,
    readProcesses: 0,
    connect: async base => {
        const sortedList = { url: `${base}/customers?_sort=lastName&_order=asc&_start=0&_end=25`, headers: {} };
        return {
            sortedList,
            listSorted: () => request(sortedList.url),
            listPrototype: () => request(`${base}${prototypePage}`),
            createCustomer: n => postJson(`${base}/customers`, newCustomer(n)),
            extras: undefined,
        };
    },
});

/* ---------- Measurements of one server on one database ---------- */

type Outcome<T> = { ok: true; value: T } | { ok: false; reason: string };

interface Results {
    startupMs: Outcome<number>;
    /** Peak of the samples; `crashed` when the process died after some samples were taken. */
    memory: Outcome<{ peakMb: number; crashed: boolean }>;
    list: Outcome<Summary>;
    write: Outcome<Summary>;
    underLoad: Outcome<{ reader: Summary; writesPerSecond: number }>;
    prototypeList: Outcome<Summary>;
    statistics?: Outcome<Summary>;
    dashboard?: Outcome<Summary>;
    /** Peak memory of the database's own processes, for an engine that has them. */
    databaseMemory?: Outcome<number>;
    readsOne?: Outcome<ReadLoad>;
    readsTwo?: Outcome<ReadLoad>;
}

const crashed = (server: Running): Outcome<never> => ({ ok: false, reason: `crashed (${server.crash})` });

/** Runs one measurement; a dead server makes its cell say so instead of ending the whole run. */
const attempt = async <T>(server: Running, work: () => Promise<T>): Promise<Outcome<T>> => {
    if (server.crash) return crashed(server);
    try {
        return { ok: true, value: await work() };
    } catch (error) {
        // A dying process fails its requests before its exit is reported: give the exit a moment.
        await Promise.race([server.ended, sleep(2_000)]);
        return server.crash ? crashed(server) : { ok: false, reason: `failed (${messageOf(error)})` };
    }
};

/** A sanity check before timing: a wrong URL must not pass for a fast one. */
const checkList = async (client: Client) => {
    const page = JSON.parse(await client.listSorted()) as unknown;
    if (!Array.isArray(page) || page.length !== 25) throw new Error('the sorted list did not return 25 customers');
};

/** WRITERS loops create customers for LOAD_MS while one reader keeps listing; the reader's latencies count. */
const readWhileWriting = async (client: Client, nextNumber: () => number, sampleRss: () => void) => {
    const started = performance.now();
    const deadline = started + LOAD_MS;
    let writes = 0;
    const sampler = setInterval(sampleRss, RSS_SAMPLE_MS);
    try {
        const writer = async () => {
            while (performance.now() < deadline) {
                await client.createCustomer(nextNumber());
                writes++;
            }
        };
        const reader = async () => {
            const times: number[] = [];
            // At least one read, even when a single write outlasts the whole window.
            while (performance.now() < deadline || times.length === 0)
                times.push(await timed(() => client.listSorted()));
            return times;
        };
        // allSettled, not all: after one loop fails the others must still end before the next measurement.
        const [read, ...written] = await Promise.allSettled([reader(), ...Array.from({ length: WRITERS }, writer)]);
        if (read.status === 'rejected') throw read.reason;
        const failedWriter = written.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
        if (failedWriter) throw failedWriter.reason;
        return { reader: summarize(read.value), writesPerSecond: (writes / (performance.now() - started)) * 1000 };
    } finally {
        clearInterval(sampler);
    }
};

/** Every row failed for one reason: a database that could not be made leaves nothing to measure. */
const failedResults = (reason: string): Results => {
    const failed = { ok: false as const, reason };
    return { startupMs: failed, memory: failed, list: failed, write: failed, underLoad: failed, prototypeList: failed };
};

const benchmarkServer = async (subject: Subject, sourceDb: string, runs: number): Promise<Results> => {
    const dir = makeTempDir('studio-bench-server-');
    try {
        let database: string;
        try {
            database = await subject.prepare(sourceDb, dir);
        } catch (error) {
            log(`  ${subject.name}: could not make its database: ${messageOf(error)}`);
            return failedResults(`no database (${messageOf(error)})`);
        }
        try {
            const server = subject.spawn(database, dir, await freePort());
            try {
                return await measureServer(subject, server, runs, async () =>
                    subject.spawn(database, dir, await freePort()),
                );
            } finally {
                await stopServer(server);
            }
        } finally {
            await subject.discard(database);
        }
    } finally {
        removeTempDir(dir);
    }
};

/** Runs `work` with a second process of the subject started, answering and logged in; stops it after. */
const withSecondProcess = async <T>(
    subject: Subject,
    spawnAnother: () => Promise<Running>,
    work: (client: Client, pid: number) => Promise<T>,
): Promise<T> => {
    const second = await spawnAnother();
    try {
        await waitUntilAnswering(second);
        const client = await subject.connect(second.base);
        await checkList(client);
        return await work(client, second.child.pid ?? 0);
    } catch (error) {
        await Promise.race([second.ended, sleep(2_000)]);
        throw second.crash ? new Error(`the second process crashed (${second.crash})`) : error;
    } finally {
        await stopServer(second);
    }
};

/** The largest RSS sample; a process that died before the first sample gets the reason instead. */
const peakMemory = (samples: number[], server: Running, startupMs: Outcome<number>): Results['memory'] => {
    if (samples.length) return { ok: true, value: { peakMb: Math.max(...samples), crashed: Boolean(server.crash) } };
    return startupMs.ok ? crashed(server) : startupMs;
};

const measureServer = async (
    subject: Subject,
    server: Running,
    runs: number,
    spawnAnother: () => Promise<Running>,
): Promise<Results> => {
    const samples: number[] = [];
    const databaseSamples: number[] = [];
    const sampleRss = () => {
        const mb = rssMb(server.child.pid);
        if (mb !== undefined) samples.push(mb);
        const databaseMb = subject.databasePids && groupMb(subject.databasePids());
        if (databaseMb !== undefined) databaseSamples.push(databaseMb);
    };
    let customerNumber = 0;
    const nextNumber = () => customerNumber++;

    log(`  ${subject.name}: starting`);
    const startupMs = await attempt(server, () => waitUntilAnswering(server));
    sampleRss();
    const client = startupMs.ok ? await attempt(server, () => subject.connect(server.base)) : startupMs;
    const withClient = <T>(work: (client: Client) => Promise<T>): Promise<Outcome<T>> =>
        client.ok ? attempt(server, () => work(client.value)) : Promise.resolve(client);

    log(`  ${subject.name}: sorted list`);
    const list = await withClient(async client => {
        await checkList(client);
        return measure(runs, () => client.listSorted());
    });
    log(`  ${subject.name}: a page of a prototype collection`);
    const prototypeList = await withClient(client => measure(runs, () => client.listPrototype()));
    log(`  ${subject.name}: sequential writes`);
    const write = await withClient(client => measure(runs, () => client.createCustomer(nextNumber())));
    sampleRss();
    log(`  ${subject.name}: reads while ${WRITERS} clients write`);
    const underLoad = await withClient(client => readWhileWriting(client, nextNumber, sampleRss));
    sampleRss();

    const results: Results = {
        startupMs,
        memory: peakMemory(samples, server, startupMs),
        list,
        write,
        underLoad,
        prototypeList,
    };
    if (client.ok && client.value.extras) {
        const extras = client.value.extras;
        log(`  ${subject.name}: statistics and dashboard`);
        results.statistics = await attempt(server, () => measure(runs, extras.statistics));
        results.dashboard = await attempt(server, () => measure(runs, extras.dashboard));
    }
    if (subject.databasePids) {
        results.databaseMemory = databaseSamples.length
            ? { ok: true, value: Math.max(...databaseSamples) }
            : { ok: false, reason: 'not measured' };
    }
    // Last: the second process must not share the machine with any other measurement.
    const database = subject.databasePids;
    if (subject.readProcesses >= 1) {
        log(`  ${subject.name}: reads/s of ${READERS} clients, one process`);
        results.readsOne = await withClient(client =>
            readLoad([client.sortedList], { servers: [server.child.pid ?? 0], database }),
        );
    }
    if (subject.readProcesses >= 2) {
        log(`  ${subject.name}: reads/s of ${READERS} clients, two processes on one database`);
        results.readsTwo = await withClient(client =>
            withSecondProcess(subject, spawnAnother, (second, pid) =>
                readLoad([client.sortedList, second.sortedList], { servers: [server.child.pid ?? 0, pid], database }),
            ),
        );
    }
    return results;
};

/* ---------- Databases ---------- */

/** The seed script of the measured checkout, so the file always fits the server that reads it. */
const seedDatabase = async (serverDir: string, scale: number, out: string) => {
    const seed = spawn(
        process.execPath,
        [
            '--import',
            'tsx',
            join(serverDir, 'src/scripts/seed.ts'),
            '--scale',
            String(scale),
            '--today',
            TODAY,
            '--out',
            out,
        ],
        {
            cwd: serverDir,
            stdio: ['ignore', 'ignore', 'pipe'],
        },
    );
    children.add(seed);
    let stderr = '';
    seed.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => seed.kill('SIGKILL'), SEED_TIMEOUT_MS);
    const [code] = (await once(seed, 'exit')) as [number | null];
    clearTimeout(timer);
    children.delete(seed);
    if (code !== 0) throw new Error(`seeding scale ${scale} failed: ${stderr.trim() || `exit code ${code}`}`);
};

/* ---------- The report ---------- */

/** measure, one cell per engine of this server, json-server, one ratio per engine */
type Row = string[];

const number = (value: number) => (value < 10 ? value.toFixed(2) : value < 100 ? value.toFixed(1) : value.toFixed(0));
const ratio = (ours: number, theirs: number) => (theirs > 0 ? (ours / theirs).toFixed(2) : '—');
const cell = (text: string) => text.replace(/\|/g, '\\|');

/** A row from one number per server; each ratio only when both have one. */
const valueRow = <T>(label: string, ours: Outcome<T>[], theirs: Outcome<T>, value: (result: T) => number): Row => [
    label,
    ...ours.map(result => (result.ok ? number(value(result.value)) : result.reason)),
    theirs.ok ? number(value(theirs.value)) : theirs.reason,
    ...ours.map(result => (result.ok && theirs.ok ? ratio(value(result.value), value(theirs.value)) : '—')),
];

const summaryText = (summary: Summary) => `${number(summary.median)} / ${number(summary.p95)}`;

const CPU_PARTS = 'server + database + clients, machine idle';
const cpuText = ({ cpu, idle }: ReadLoad) =>
    `${cpu.servers.toFixed(2)} + ${cpu.database?.toFixed(2) ?? '—'} + ${cpu.clients.toFixed(2)}, ${(idle * 100).toFixed(0)}% idle`;

const summaryRow = (label: string, ours: Outcome<Summary>[], theirs: Outcome<Summary>): Row => [
    label,
    ...ours.map(result => (result.ok ? summaryText(result.value) : result.reason)),
    theirs.ok ? summaryText(theirs.value) : theirs.reason,
    ...ours.map(result =>
        result.ok && theirs.ok
            ? `${ratio(result.value.median, theirs.value.median)} / ${ratio(result.value.p95, theirs.value.p95)}`
            : '—',
    ),
];

/** A row json-server has no counterpart for: its cell and the ratios stay empty ('—' also where an engine has none). */
const oursOnlyRow = <T>(label: string, ours: (Outcome<T> | undefined)[], show: (value: T) => string): Row => [
    label,
    ...ours.map(result => (!result ? '—' : result.ok ? show(result.value) : result.reason)),
    '—',
    ...ours.map(() => '—'),
];

const memoryRow = (ours: Results['memory'][], theirs: Results['memory']): Row => {
    const show = (memory: Results['memory']) =>
        !memory.ok ? memory.reason : `${number(memory.value.peakMb)}${memory.value.crashed ? ' (then crashed)' : ''}`;
    // A peak cut short by a crash is not comparable with a complete one.
    const comparable = (memory: Results['memory']) => memory.ok && !memory.value.crashed;
    const peak = (memory: Results['memory']) => (memory.ok ? memory.value.peakMb : 0);
    return [
        'memory: peak RSS (MB)',
        ...ours.map(show),
        show(theirs),
        ...ours.map(memory => (comparable(memory) && comparable(theirs) ? ratio(peak(memory), peak(theirs)) : '—')),
    ];
};

/** Two processes' reads/s over one's: both must have been measured. */
const scaling = (results: Results): Outcome<number> | undefined => {
    if (!results.readsOne || !results.readsTwo) return undefined;
    if (!results.readsOne.ok) return results.readsOne;
    if (!results.readsTwo.ok) return results.readsTwo;
    return { ok: true, value: results.readsTwo.value.perSecond / results.readsOne.value.perSecond };
};

const scaleRows = (scale: number, ours: Results[], theirs: Results): string[][] => {
    const loadReader = (results: Results): Outcome<Summary> =>
        results.underLoad.ok ? { ok: true, value: results.underLoad.value.reader } : results.underLoad;
    const rows: Row[] = [
        valueRow(
            'start-up (ms)',
            ours.map(results => results.startupMs),
            theirs.startupMs,
            ms => ms,
        ),
        memoryRow(
            ours.map(results => results.memory),
            theirs.memory,
        ),
        summaryRow(
            'list 25 customers by last name: median / p95 (ms)',
            ours.map(results => results.list),
            theirs.list,
        ),
        summaryRow(
            'one durable write: median / p95 (ms)',
            ours.map(results => results.write),
            theirs.write,
        ),
        summaryRow(`list while ${WRITERS} clients write: median / p95 (ms)`, ours.map(loadReader), loadReader(theirs)),
        valueRow(
            `writes/s by those ${WRITERS} clients`,
            ours.map(results => results.underLoad),
            theirs.underLoad,
            load => load.writesPerSecond,
        ),
        summaryRow(
            `prototype: page 3 of ${Math.round(NOTES_PER_SCALE * scale)} notes by title (_page): median / p95 (ms)`,
            ours.map(results => results.prototypeList),
            theirs.prototypeList,
        ),
        oursOnlyRow(
            'income statistics for a year: median / p95 (ms)',
            ours.map(results => results.statistics),
            summaryText,
        ),
        oursOnlyRow(
            'dashboard: median / p95 (ms)',
            ours.map(results => results.dashboard),
            summaryText,
        ),
    ];
    if (ours.some(results => results.databaseMemory)) {
        rows.push(
            oursOnlyRow(
                'memory: PostgreSQL cluster, peak PSS (MB)',
                ours.map(results => results.databaseMemory),
                number,
            ),
        );
    }
    const perSecond = (load: ReadLoad) => number(load.perSecond);
    rows.push(
        oursOnlyRow(
            `reads/s, one process (${READERS} clients, the sorted list)`,
            ours.map(results => results.readsOne),
            perSecond,
        ),
        oursOnlyRow(
            `CPU per read, one process: ${CPU_PARTS} (ms)`,
            ours.map(results => results.readsOne),
            cpuText,
        ),
    );
    if (ours.some(results => results.readsTwo)) {
        rows.push(
            oursOnlyRow(
                'reads/s, two processes on one database',
                ours.map(results => results.readsTwo),
                perSecond,
            ),
            oursOnlyRow(
                `CPU per read, two processes: ${CPU_PARTS} (ms)`,
                ours.map(results => results.readsTwo),
                cpuText,
            ),
            oursOnlyRow('reads/s, two processes / one', ours.map(scaling), value => value.toFixed(2)),
        );
    }
    // The scale only on the first row of its group: the table reads as one block per database.
    return rows.map((row, index) => [index === 0 ? `**${scale}**` : '', ...row]);
};

/** Taken before the run does anything: what else was keeping the machine busy. */
const loadBefore = loadavg()[0];

const machine = () => {
    const cpu = cpus();
    return [
        `Machine: ${cpu[0]?.model.trim() ?? 'unknown CPU'} × ${cpu.length}, ${(totalmem() / 1024 ** 3).toFixed(1)} GB memory, ` +
            `Node ${process.version}, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, load average ${loadBefore.toFixed(1)} before the run`,
    ];
};

/** This checkout's server by its path in the repository; another checkout's by its folder. */
const serverName = (serverDir: string) =>
    serverDir === resolve(import.meta.dirname, '../..')
        ? 'src/server/main.ts of this checkout'
        : `${serverDir}/src/server/main.ts`;

/** What the PostgreSQL columns ran on, for the report's second line. */
const postgresLine = (version: string) =>
    ` PostgreSQL ${version}: one throwaway cluster on this machine (default settings, max_connections=200), a fresh database per scale ` +
    `loaded from the seeded db.json and vacuumed; the server's pool: DATABASE_POOL_SIZE=${process.env.DATABASE_POOL_SIZE ?? '10 (default)'}.`;

const footnotes = (options: Options) => {
    const postgres = options.engine !== 'json';
    const lines = [
        'Ratio = this server / json-server: below 1 this server is faster or smaller; for writes/s above 1 it writes more.',
        `Memory: VmRSS after start-up, after the sequential writes, every ${RSS_SAMPLE_MS} ms under load and after it. ` +
            'json-server writes its whole file with writeFileSync and no fsync before it answers, so its writes are not durable.',
    ];
    if (postgres) {
        lines.push(
            "With PostgreSQL this server's RSS excludes the database's processes; the cluster's row adds up the PSS of the postmaster " +
                'and all its children (shared buffers counted once, not once per backend), sampled at the same moments. ' +
                'A PostgreSQL write is acknowledged once its commit is on disk (synchronous_commit on).',
        );
    }
    lines.push(
        `Reads/s: ${READERS} clients in this script's process, each sending the sorted list again as soon as the last answer came, ` +
            `for ${LOAD_MS / 1000} s after ${READ_WARM_UP_MS / 1000} s of warm-up (node:http keep-alive, answers compressed as for fetch and not parsed); ` +
            `${postgres ? 'the clients, the server processes and PostgreSQL' : 'the clients and the server'} share the machine's ${cpus().length} cores; ` +
            'CPU per read: the CPU time each used during the window (from /proc), divided by the reads. ' +
            (postgres
                ? 'Two processes: a second server process on the same database and another port, the requests taken in turn (round-robin). '
                : '') +
            "The db.json engine has no two-process row: a db.json belongs to one process, which holds it in memory and rewrites it, so a second one would neither see the first's writes nor keep them. " +
            'json-server is not measured there.',
    );
    return lines;
};

/** `labels`: the engines of this server's columns, in their order. */
const printReport = (options: Options, labels: string[], rows: string[][], postgresVersion: string | undefined) => {
    // Without a choice the table reads as it always did; with one, each column says which engine it is.
    const ourTitles = options.engine === 'json' ? ['this server'] : labels.map(label => `this server (${label})`);
    const ratioTitles = labels.length === 1 ? ['ratio'] : labels.map(label => `ratio (${label})`);
    const titles = ['scale', 'measure', ...ourTitles, 'json-server', ...ratioTitles];
    const alignment = ['---:', '---', ...titles.slice(2).map(() => '---:')];
    const lines = [
        ...machine(),
        `Server: ${serverName(options.serverDir)}; json-server 0.17.4; databases from the seed script (--today ${TODAY}); ` +
            `${options.runs} timed runs after ${WARM_UPS} warm-ups.${postgresVersion ? postgresLine(postgresVersion) : ''}`,
        '',
        `| ${titles.join(' | ')} |`,
        `| ${alignment.join(' | ')} |`,
        ...rows.map(row => `| ${row.map(cell).join(' | ')} |`),
        '',
        ...footnotes(options),
    ];
    console.log(lines.join('\n'));
};

/* ---------- The run ---------- */

/**
 * The run's cluster, in a temporary folder on a free port (retried: another process may take the port
 * between our probe and the postmaster's bind, as in the tests). cleanUp stops it.
 */
const startCluster = async (): Promise<Cluster> => {
    if (!postgresBinDir) throw new Error('--engine postgres needs PostgreSQL: apt-get install -y postgresql');
    // As root the postmaster runs as the postgres user: init() hands it the folder, but not the way there.
    if (!reachableByServer(tmpdir()))
        throw new Error(`the postgres user cannot reach ${tmpdir()}: set TMPDIR to a folder it can reach`);
    const dir = makeTempDir('studio-bench-pg-');
    const started = new Cluster(dir, 0);
    cluster = started;
    await started.init();
    for (let attempt = 1; ; attempt++) {
        started.port = await freePort();
        try {
            await started.start();
            return started;
        } catch (error) {
            if (
                attempt >= 3 ||
                !/already in use|could not bind|could not create any TCP/i.test((error as Error).message)
            )
                throw error;
        }
    }
};

const main = async () => {
    const options = readOptions();
    let postgresVersion: string | undefined;
    const engines: Engine[] = [];
    if (options.engine !== 'postgres') engines.push(fileEngine);
    if (options.engine !== 'json') {
        log('starting PostgreSQL');
        const postgres = await startCluster();
        postgresVersion = await psql(postgres.url('postgres'), 'SHOW server_version');
        engines.push(postgresEngine(options.serverDir, postgres));
    }
    const ours = engines.map(engine => ourServer(options.serverDir, engine));
    const theirs = jsonServer(options.serverDir);
    const rows: string[][] = [];
    for (const scale of options.scales) {
        const dir = makeTempDir('studio-bench-db-');
        try {
            log(`scale ${scale}: seeding`);
            const dbFile = join(dir, 'db.json');
            await seedDatabase(options.serverDir, scale, dbFile);
            addPrototype(dbFile, scale);
            // One after the other, never side by side: each server has the machine to itself.
            const ourResults: Results[] = [];
            for (const subject of ours) ourResults.push(await benchmarkServer(subject, dbFile, options.runs));
            const theirResults = await benchmarkServer(theirs, dbFile, options.runs);
            rows.push(...scaleRows(scale, ourResults, theirResults));
        } finally {
            removeTempDir(dir);
        }
    }
    printReport(
        options,
        engines.map(engine => engine.label),
        rows,
        postgresVersion,
    );
};

try {
    await main();
} catch (error) {
    console.error(messageOf(error));
    process.exitCode = 1;
} finally {
    cleanUp();
}
