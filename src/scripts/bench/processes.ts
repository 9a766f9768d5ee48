/*
 * The processes and folders a run makes, and how none outlives it: the servers under test (spawned,
 * awaited, stopped), the run's PostgreSQL cluster, temporary folders, free ports and the clean-up.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Cluster, postgresBinDir, reachableByServer } from '../postgres-cluster';
import { sleep } from './helpers';
import { START_TIMEOUT_MS } from './options';

/* ---------- Children, the cluster and temporary folders: nothing may outlive the run, even a failed one ---------- */

export const children = new Set<ChildProcess>();
const tempDirs = new Set<string>();
/** The run's PostgreSQL, when an engine needs it. */
let cluster: Cluster | undefined;

export const makeTempDir = (prefix: string): string => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    tempDirs.add(dir);
    return dir;
};

export const removeTempDir = (dir: string) => {
    rmSync(dir, { recursive: true, force: true });
    tempDirs.delete(dir);
};

/** Synchronous on purpose: it also runs from process 'exit', where nothing asynchronous gets to run. */
export const cleanUp = () => {
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
export const freePort = async (): Promise<number> => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1');
    await once(probe, 'listening');
    const address = probe.address();
    probe.close();
    if (!address || typeof address === 'string') throw new Error('could not probe for a free port');
    return address.port;
};

/* ---------- Server processes ---------- */

export interface Running {
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

export const spawnServer = (args: string[], cwd: string, env: NodeJS.ProcessEnv, port: number): Running => {
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
export const waitUntilAnswering = async (server: Running): Promise<number> => {
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

/** How a person starts a server from a shell (npm start, npx json-server), and the page that answers once it is up. */
export interface StartCommand {
    command: string;
    args: string[];
    cwd: string;
    env: NodeJS.ProcessEnv;
    /** The path asked until it answers: start-up ends at its first answer. */
    path: string;
}

/** Is any process of the group still there. */
const groupAlive = (pgid: number) => {
    try {
        process.kill(-pgid, 0);
        return true;
    } catch {
        return false;
    }
};

/**
 * How long a server takes to start as a person starts it (npm start, npx json-server): from spawning the
 * command to the first answer of `path`. The command runs in a process group of its own, stopped whole
 * (SIGTERM, SIGKILL after 10 s) before this answers, so that the next start finds the database free.
 */
export const timeStart = async (start: StartCommand): Promise<number> => {
    const startedAt = performance.now();
    const child = spawn(start.command, start.args, {
        cwd: start.cwd,
        env: { ...process.env, ...start.env },
        stdio: 'ignore',
        detached: true,
    });
    children.add(child);
    const pgid = child.pid ?? 0;
    let exited = false;
    child.once('exit', () => (exited = true));
    try {
        const url = `http://127.0.0.1:${start.env.PORT ?? portOf(start.args)}${start.path}`;
        const deadline = startedAt + START_TIMEOUT_MS;
        while (performance.now() < deadline) {
            if (exited) throw new Error(`${start.command} ${start.args[0]} exited before it answered`);
            try {
                const response = await fetch(url, { signal: AbortSignal.timeout(1_000) });
                await response.arrayBuffer();
                return performance.now() - startedAt;
            } catch {
                await sleep(5);
            }
        }
        throw new Error(`no answer within ${START_TIMEOUT_MS / 1000} s`);
    } finally {
        if (groupAlive(pgid)) process.kill(-pgid, 'SIGTERM');
        const killAt = performance.now() + 10_000;
        while (groupAlive(pgid)) {
            if (performance.now() > killAt) process.kill(-pgid, 'SIGKILL');
            await sleep(20);
        }
        children.delete(child);
    }
};

/** The port a command line names after --port. */
const portOf = (args: string[]) => args[args.indexOf('--port') + 1];

export const stopServer = async (server: Running) => {
    server.stopping = true;
    if (server.child.exitCode !== null || server.child.signalCode !== null) return;
    server.child.kill('SIGTERM');
    const stopped = await Promise.race([server.ended.then(() => true), sleep(3_000).then(() => false)]);
    if (!stopped) server.child.kill('SIGKILL');
    await server.ended;
};

/* ---------- The run's PostgreSQL ---------- */

/**
 * The run's cluster, in a temporary folder on a free port (retried: another process may take the port
 * between our probe and the postmaster's bind, as in the tests). cleanUp stops it.
 */
export const startCluster = async (): Promise<Cluster> => {
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
