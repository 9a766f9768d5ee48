/*
 * Measurements of one server on one database: start-up, memory, timed lists and writes, reads while
 * others write, this server's own rows and the reads/s load; each row's outcome kept apart.
 */
import { log, messageOf, sleep } from './helpers';
import { measure, readLoad, summarize, timed, type ReadLoad, type Summary } from './load';
import { DRAIN_MESSAGES, IMPORT_ROWS, LOAD_MS, READERS, RSS_SAMPLE_MS, STARTS, WRITERS } from './options';
import {
    freePort,
    makeTempDir,
    removeTempDir,
    stopServer,
    timeStart,
    waitUntilAnswering,
    type Running,
} from './processes';
import { groupMb, rssMb } from './resources';
import type { Rush } from './rush';
import type { Drain } from './drain';
import type { ImportRun } from './imports';
import type { Client, Subject } from './subjects';

export type Outcome<T> = { ok: true; value: T } | { ok: false; reason: string };

export interface Results {
    /** STARTS times to the first answer, in the order they were taken (the first over a database no server opened yet). */
    startupMs: Outcome<number[]>;
    /** Peak of the samples; `crashed` when the process died after some samples were taken. */
    memory: Outcome<{ peakMb: number; crashed: boolean }>;
    list: Outcome<Summary>;
    write: Outcome<Summary>;
    underLoad: Outcome<{ reader: Summary; writesPerSecond: number }>;
    prototypeList: Outcome<Summary>;
    statistics?: Outcome<Summary>;
    dashboard?: Outcome<Summary>;
    bookingRush?: Outcome<Rush>;
    portalWeek?: Outcome<Summary>;
    messageDrain?: Outcome<Drain>;
    customerImport?: Outcome<ImportRun>;
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

export const benchmarkServer = async (subject: Subject, sourceDb: string, runs: number): Promise<Results> => {
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
            log(`  ${subject.name}: ${STARTS} starts`);
            const startupMs = await timeStarts(subject, database, dir);
            const server = subject.spawn(database, dir, await freePort());
            try {
                return await measureServer(subject, server, startupMs, runs, async () =>
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
const peakMemory = (samples: number[], server: Running, started: Outcome<number>): Results['memory'] => {
    if (samples.length) return { ok: true, value: { peakMb: Math.max(...samples), crashed: Boolean(server.crash) } };
    return started.ok ? crashed(server) : started;
};

/** STARTS starts one after the other, each stopped before the next; a failed one fails the row. */
const timeStarts = async (subject: Subject, database: string, dir: string): Promise<Outcome<number[]>> => {
    const times: number[] = [];
    try {
        for (let start = 0; start < STARTS; start++)
            times.push(await timeStart(subject.startCommand(database, dir, await freePort())));
        return { ok: true, value: times };
    } catch (error) {
        return { ok: false, reason: `failed (${messageOf(error)})` };
    }
};

const measureServer = async (
    subject: Subject,
    server: Running,
    startupMs: Outcome<number[]>,
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
    const started = await attempt(server, () => waitUntilAnswering(server));
    sampleRss();
    const client = started.ok ? await attempt(server, () => subject.connect(server.base)) : started;
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
        memory: peakMemory(samples, server, started),
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
        results.portalWeek = await attempt(server, () => measure(runs, extras.portalWeek));
        log(`  ${subject.name}: a booking rush`);
        results.bookingRush = await attempt(server, extras.bookingRush);
        log(`  ${subject.name}: writes while ${DRAIN_MESSAGES} messages are sent`);
        results.messageDrain = await attempt(server, () => extras.messageDrain(nextNumber));
        log(`  ${subject.name}: importing ${IMPORT_ROWS} customers from a CSV file`);
        results.customerImport = await attempt(server, extras.customerImport);
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
