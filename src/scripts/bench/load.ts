/*
 * HTTP and timing: the requests the servers answer, timed runs and their summaries (median, p95),
 * and the reads/s load with where its CPU went.
 */
import { Agent, get as httpGet } from 'node:http';
import { loadavg } from 'node:os';
import { log, number } from './helpers';
import { LOAD_MS, READERS, READ_WARM_UP_MS, REQUEST_TIMEOUT_MS, WARM_UPS } from './options';
import { cpuSnapshot, type CpuGroups } from './resources';

/** One request, its whole body read (the time includes the answer's transfer), non-2xx an error. */
export const request = async (url: string, init: RequestInit = {}): Promise<string> => {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    const text = await response.text();
    if (!response.ok)
        throw new Error(`${init.method ?? 'GET'} ${new URL(url).pathname}: ${response.status} ${text.slice(0, 120)}`);
    return text;
};

export const postJson = (url: string, body: unknown, token?: string) =>
    request(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
    });

export const timed = async (work: () => Promise<unknown>): Promise<number> => {
    const started = performance.now();
    await work();
    return performance.now() - started;
};

export interface Summary {
    median: number;
    p95: number;
}

const percentile = (sorted: number[], p: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

export const summarize = (times: number[]): Summary => {
    const sorted = [...times].sort((a, b) => a - b);
    return { median: percentile(sorted, 50), p95: percentile(sorted, 95) };
};

/** Warm-ups first (JIT, caches, keep-alive connections), then `runs` timed calls one after another. */
export const measure = async (runs: number, work: () => Promise<unknown>): Promise<Summary> => {
    for (let warmUp = 0; warmUp < WARM_UPS; warmUp++) await work();
    const times: number[] = [];
    for (let run = 0; run < runs; run++) times.push(await timed(work));
    return summarize(times);
};

/** A GET as the reads/s load sends it. */
export interface ReadTarget {
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

export interface ReadLoad {
    perSecond: number;
    /** CPU ms per read of the server processes, the database's (none for db.json) and this script's. */
    cpu: { servers: number; database?: number; clients: number };
    /** The machine's idle share during the window, other users' work included. */
    idle: number;
}

export const cpuText = ({ cpu, idle }: ReadLoad) =>
    `${cpu.servers.toFixed(2)} + ${cpu.database?.toFixed(2) ?? '—'} + ${cpu.clients.toFixed(2)}, ${(idle * 100).toFixed(0)}% idle`;

/**
 * A warm-up window (JIT, caches, connections of a fresh process), then the counted one, with where the
 * CPU went: on a machine the clients share, that tells a busy server from a starved one.
 */
export const readLoad = async (targets: ReadTarget[], groups: CpuGroups): Promise<ReadLoad> => {
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
