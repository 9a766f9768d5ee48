/*
 * This server against bare json-server 0.17.4, side by side, on the same generated databases:
 *   npm run bench -- [--scales 1,10,100] [--runs N] [--server-dir DIR]
 * For each scale the seed script writes one database into a temporary folder; each server gets its own
 * copy and runs alone, one after the other, so they never share the CPU. The result is one markdown
 * table on stdout; progress goes to stderr, so `npm run bench > bench.md` keeps only the report.
 * --server-dir names the checkout whose src/server/main.ts (and seed script) is measured, so a branch
 * can be compared with a worktree of another commit.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const TODAY = '2026-11-23';
const WARM_UPS = 3;
const WRITERS = 10;
const LOAD_MS = 5_000;
const RSS_SAMPLE_MS = 200;
// Generous: json-server rewrites the whole file on every write, so at scale 100 a request can wait
// behind ten writes of 70 MB each.
const REQUEST_TIMEOUT_MS = 120_000;
const START_TIMEOUT_MS = 180_000;
const SEED_TIMEOUT_MS = 600_000;
const JSON_SERVER_BIN = 'node_modules/json-server/lib/cli/bin.js';
const ADMIN = { email: 'admin@studio.test', password: 'studio-admin' };
const MANAGER = { email: 'manager@studio.test', password: 'studio-manager' };

interface Options {
    scales: number[];
    runs: number;
    serverDir: string;
}

const readOptions = (): Options => {
    const { values } = parseArgs({
        options: {
            scales: { type: 'string', default: '1,10,100' },
            runs: { type: 'string', default: '50' },
            'server-dir': { type: 'string', default: resolve(import.meta.dirname, '../..') },
        },
        strict: true,
    });
    const scales = values.scales.split(',').map(Number);
    const runs = Number(values.runs);
    if (!scales.every(scale => scale > 0)) throw new Error('--scales must be numbers above 0, separated by commas');
    if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a whole number above 0');
    return { scales, runs, serverDir: resolve(values['server-dir']) };
};

const log = (message: string) => process.stderr.write(`${message}\n`);
const sleep = (ms: number) => new Promise(done => setTimeout(done, ms));
/** fetch says only 'fetch failed'; the reason (a reset, a closed socket) is in its cause. */
const messageOf = (error: unknown): string => {
    if (!(error instanceof Error)) return String(error);
    return error.cause ? `${error.message}: ${messageOf(error.cause)}` : error.message;
};

/* ---------- Children and temporary folders: nothing may outlive the run, even a failed one ---------- */

const children = new Set<ChildProcess>();
const tempDirs = new Set<string>();

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
    const lines = output.split('\n').map(line => line.trim()).filter(Boolean);
    const fatal = lines.find(line => line.includes('FATAL ERROR'));
    return (fatal ?? lines.at(-1) ?? '').replace(/^FATAL ERROR:\s*/, '').slice(0, 100);
};

const spawnServer = (args: string[], cwd: string, env: NodeJS.ProcessEnv, port: number): Running => {
    const startedAt = performance.now();
    // process.execPath: the children run on the same Node as this script, and there is no npm or shell
    // wrapper between us and the server, so the pid is the server's own (for VmRSS).
    const child = spawn(process.execPath, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    children.add(child);
    let stderr = '';
    // Both pipes must be drained: json-server logs every request, and a full pipe would stall it.
    child.stdout?.resume();
    child.stderr?.on('data', (chunk: Buffer) => {
        stderr = (stderr + chunk.toString()).slice(-4000);
    });
    const running: Running = { child, base: `http://127.0.0.1:${port}`, startedAt, stopping: false, ended: Promise.resolve() };
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

/* ---------- HTTP and timing ---------- */

/** One request, its whole body read (the time includes the answer's transfer), non-2xx an error. */
const request = async (url: string, init: RequestInit = {}): Promise<string> => {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    const text = await response.text();
    if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${new URL(url).pathname}: ${response.status} ${text.slice(0, 120)}`);
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

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

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

/* ---------- The two servers behind one interface ---------- */

/** What the measurements need from a server; `extras` are the rows only this server has. */
interface Client {
    listSorted(): Promise<string>;
    /** A page of the prototype collection the bench adds to the database, in json-server's words. */
    listPrototype(): Promise<string>;
    createCustomer(n: number): Promise<string>;
    extras: { statistics: () => Promise<string>; dashboard: () => Promise<string> } | undefined;
}

interface Subject {
    name: string;
    spawn(dbFile: string, dir: string, port: number): Running;
    connect(base: string): Promise<Client>;
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

const ourServer = (serverDir: string): Subject => ({
    name: 'this server',
    spawn: (dbFile, dir, port) => {
        // A stub build: without an index.html the server would run vite build before it listens.
        const distDir = join(dir, 'dist');
        mkdirSync(distDir);
        writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>bench</title>\n');
        const env = { PORT: String(port), HOST: '127.0.0.1', DB_FILE: dbFile, DIST_DIR: distDir, TOKEN_SECRET: 'bench-'.repeat(8) };
        return spawnServer(['--import', 'tsx', join(serverDir, 'src/server/main.ts')], serverDir, env, port);
    },
    connect: async base => {
        const login = async (account: typeof ADMIN) => (JSON.parse(await postJson(`${base}/api/auth/login`, account)) as { token: string }).token;
        const admin = await login(ADMIN);
        const manager = await login(MANAGER);
        const get = (path: string, token: string) => request(`${base}${path}`, { headers: { Authorization: `Bearer ${token}` } });
        const listPath = `/api/customers?sort=${encodeURIComponent('["lastName","ASC"]')}&range=${encodeURIComponent('[0,24]')}`;
        return {
            listSorted: () => get(listPath, admin),
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
    // As anyone would start it: its own CLI and defaults (request log included), no heap flags.
    spawn: (dbFile, dir, port) => spawnServer([join(serverDir, JSON_SERVER_BIN), '--port', String(port), '--host', '127.0.0.1', dbFile], dir, {}, port),
    connect: async base => ({
        listSorted: () => request(`${base}/customers?_sort=lastName&_order=asc&_start=0&_end=25`),
        listPrototype: () => request(`${base}${prototypePage}`),
        createCustomer: n => postJson(`${base}/customers`, newCustomer(n)),
        extras: undefined,
    }),
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
            while (performance.now() < deadline || times.length === 0) times.push(await timed(() => client.listSorted()));
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

const benchmarkServer = async (subject: Subject, sourceDb: string, runs: number): Promise<Results> => {
    const dir = makeTempDir('studio-bench-server-');
    try {
        const dbFile = join(dir, 'db.json');
        copyFileSync(sourceDb, dbFile);
        const server = subject.spawn(dbFile, dir, await freePort());
        try {
            return await measureServer(subject, server, runs);
        } finally {
            await stopServer(server);
        }
    } finally {
        removeTempDir(dir);
    }
};

/** The largest RSS sample; a process that died before the first sample gets the reason instead. */
const peakMemory = (samples: number[], server: Running, startupMs: Outcome<number>): Results['memory'] => {
    if (samples.length) return { ok: true, value: { peakMb: Math.max(...samples), crashed: Boolean(server.crash) } };
    return startupMs.ok ? crashed(server) : startupMs;
};

const measureServer = async (subject: Subject, server: Running, runs: number): Promise<Results> => {
    const samples: number[] = [];
    const sampleRss = () => {
        const mb = rssMb(server.child.pid);
        if (mb !== undefined) samples.push(mb);
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
    return results;
};

/* ---------- Databases ---------- */

/** The seed script of the measured checkout, so the file always fits the server that reads it. */
const seedDatabase = async (serverDir: string, scale: number, out: string) => {
    const seed = spawn(process.execPath, ['--import', 'tsx', join(serverDir, 'src/scripts/seed.ts'), '--scale', String(scale), '--today', TODAY, '--out', out], {
        cwd: serverDir,
        stdio: ['ignore', 'ignore', 'pipe'],
    });
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

/** measure, this server, json-server, ratio */
type Row = [string, string, string, string];

const number = (value: number) => (value < 10 ? value.toFixed(2) : value < 100 ? value.toFixed(1) : value.toFixed(0));
const ratio = (ours: number, theirs: number) => (theirs > 0 ? (ours / theirs).toFixed(2) : '—');
const cell = (text: string) => text.replace(/\|/g, '\\|');

/** A row from one number per server; the ratio only when both have one. */
const valueRow = <T>(label: string, ours: Outcome<T>, theirs: Outcome<T>, value: (result: T) => number): Row => [
    label,
    ours.ok ? number(value(ours.value)) : ours.reason,
    theirs.ok ? number(value(theirs.value)) : theirs.reason,
    ours.ok && theirs.ok ? ratio(value(ours.value), value(theirs.value)) : '—',
];

const summaryText = (summary: Summary) => `${number(summary.median)} / ${number(summary.p95)}`;

const summaryRow = (label: string, ours: Outcome<Summary>, theirs: Outcome<Summary>): Row => [
    label,
    ours.ok ? summaryText(ours.value) : ours.reason,
    theirs.ok ? summaryText(theirs.value) : theirs.reason,
    ours.ok && theirs.ok ? `${ratio(ours.value.median, theirs.value.median)} / ${ratio(ours.value.p95, theirs.value.p95)}` : '—',
];

const oursOnlyRow = (label: string, ours: Outcome<Summary> | undefined): Row => [
    label,
    !ours ? '—' : ours.ok ? summaryText(ours.value) : ours.reason,
    '—',
    '—',
];

const memoryRow = (ours: Results['memory'], theirs: Results['memory']): Row => {
    const show = (memory: Results['memory']) =>
        !memory.ok ? memory.reason : `${number(memory.value.peakMb)}${memory.value.crashed ? ' (then crashed)' : ''}`;
    // A peak cut short by a crash is not comparable with a complete one.
    const comparable = ours.ok && theirs.ok && !ours.value.crashed && !theirs.value.crashed;
    return ['memory: peak RSS (MB)', show(ours), show(theirs), comparable ? ratio(ours.value.peakMb, theirs.value.peakMb) : '—'];
};

const scaleRows = (scale: number, ours: Results, theirs: Results): string[][] => {
    const loadReader = (results: Results): Outcome<Summary> => (results.underLoad.ok ? { ok: true, value: results.underLoad.value.reader } : results.underLoad);
    const rows: Row[] = [
        valueRow('start-up (ms)', ours.startupMs, theirs.startupMs, ms => ms),
        memoryRow(ours.memory, theirs.memory),
        summaryRow('list 25 customers by last name: median / p95 (ms)', ours.list, theirs.list),
        summaryRow('one durable write: median / p95 (ms)', ours.write, theirs.write),
        summaryRow(`list while ${WRITERS} clients write: median / p95 (ms)`, loadReader(ours), loadReader(theirs)),
        valueRow(`writes/s by those ${WRITERS} clients`, ours.underLoad, theirs.underLoad, load => load.writesPerSecond),
        summaryRow(`prototype: page 3 of ${Math.round(NOTES_PER_SCALE * scale)} notes by title (_page): median / p95 (ms)`, ours.prototypeList, theirs.prototypeList),
        oursOnlyRow('income statistics for a year: median / p95 (ms)', ours.statistics),
        oursOnlyRow('dashboard: median / p95 (ms)', ours.dashboard),
    ];
    // The scale only on the first row of its group: the table reads as one block per database.
    return rows.map((row, index) => [index === 0 ? `**${scale}**` : '', ...row]);
};

const machine = () => {
    const cpu = cpus();
    return [
        `Machine: ${cpu[0]?.model.trim() ?? 'unknown CPU'} × ${cpu.length}, ${(totalmem() / 1024 ** 3).toFixed(1)} GB memory, ` +
            `Node ${process.version}, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    ];
};

/** This checkout's server by its path in the repository; another checkout's by its folder. */
const serverName = (serverDir: string) =>
    serverDir === resolve(import.meta.dirname, '../..') ? 'src/server/main.ts of this checkout' : `${serverDir}/src/server/main.ts`;

const printReport = (options: Options, rows: string[][]) => {
    const lines = [
        ...machine(),
        `Server: ${serverName(options.serverDir)}; json-server 0.17.4; databases from the seed script (--today ${TODAY}); ` +
            `${options.runs} timed runs after ${WARM_UPS} warm-ups.`,
        '',
        '| scale | measure | this server | json-server | ratio |',
        '| ---: | --- | ---: | ---: | ---: |',
        ...rows.map(row => `| ${row.map(cell).join(' | ')} |`),
        '',
        'Ratio = this server / json-server: below 1 this server is faster or smaller; for writes/s above 1 it writes more.',
        `Memory: VmRSS after start-up, after the sequential writes, every ${RSS_SAMPLE_MS} ms under load and after it. ` +
            'json-server writes its whole file with writeFileSync and no fsync before it answers, so its writes are not durable.',
    ];
    console.log(lines.join('\n'));
};

const main = async () => {
    const options = readOptions();
    const subjects = [ourServer(options.serverDir), jsonServer(options.serverDir)];
    const rows: string[][] = [];
    for (const scale of options.scales) {
        const dir = makeTempDir('studio-bench-db-');
        try {
            log(`scale ${scale}: seeding`);
            const dbFile = join(dir, 'db.json');
            await seedDatabase(options.serverDir, scale, dbFile);
            addPrototype(dbFile, scale);
            // One after the other, never side by side: each server has the machine to itself.
            const ours = await benchmarkServer(subjects[0], dbFile, options.runs);
            const theirs = await benchmarkServer(subjects[1], dbFile, options.runs);
            rows.push(...scaleRows(scale, ours, theirs));
        } finally {
            removeTempDir(dir);
        }
    }
    printReport(options, rows);
};

try {
    await main();
} catch (error) {
    console.error(messageOf(error));
    process.exitCode = 1;
} finally {
    cleanUp();
}
