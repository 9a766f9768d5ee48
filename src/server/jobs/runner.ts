import type { jobNames } from '../../domain/schemas';
import { systemClock, type Clock } from '../../domain/time';
import type { Job } from '../../domain/types';
import type { Storage } from '../storage/types';
import { defaultLeaseMs, keepLease } from './lease';

/*
 * The server's job runner: its periodic work (sending the messages due, closing classes left open,
 * queueing reminders and pass notices), one `jobs` record per kind. Each job runs every so often in
 * every server process, and in one at a time: a runner takes the job's record for a short lease before
 * it runs it (PostgreSQL: FOR UPDATE SKIP LOCKED, so that a second process skips it), renews the lease
 * while the run goes on, and lets go after; a process that died or froze mid-job stops renewing, and the
 * next takes the job once the lease ran out. A run that did something, or failed, or ended a failure, is
 * recorded on the job (when it finished, its error, when it is next due); an idle run writes nothing, so
 * that an idle server does not write to its disk. Lanes are periodic work of every process that needs no
 * job's record (what they take holds itself): sending sign-in codes, which never wait for a job.
 */

type JobName = (typeof jobNames)[number];

interface JobSpec {
    name: JobName;
    /** How often it runs, in milliseconds. */
    everyMs: number;
    /** The work, at the instant the clock tells; answers how many things it did (messages sent, classes closed). */
    run: () => Promise<number>;
    /** Whether it runs at start too (sending what is due does); otherwise first after `everyMs`. */
    atStart?: boolean;
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 2000);

/** Makes the jobs' records that are missing (a first start, or a job new in this version). */
const settleJobs = async (storage: Storage, specs: JobSpec[], now: string) => {
    for (const spec of specs) {
        if ((await storage.count('jobs', { name: spec.name })) > 0) continue;
        try {
            await storage.transaction(async tx => {
                if ((await tx.count('jobs', { name: spec.name })) > 0) return;
                await tx.insert('jobs', {
                    name: spec.name,
                    runAt: now,
                    lastStartedAt: null,
                    lastFinishedAt: null,
                    lastError: null,
                    runs: 0,
                    leaseUntil: null,
                });
            });
        } catch (error) {
            // Another process made it at the same moment (its name is unique): it is there.
            if ((await storage.count('jobs', { name: spec.name })) === 0) throw error;
        }
    }
};

type Log = Pick<Console, 'error' | 'warn'>;

/** Runs a job if no other runner holds it, and records how it went when that is worth recording. */
const runOnce = async (storage: Storage, spec: JobSpec, log: Log, leaseMs: number, clock: Clock) => {
    const started = clock();
    const taken = await storage.takeJob(
        spec.name,
        started.toISOString(),
        new Date(started.getTime() + leaseMs).toISOString(),
    );
    if (!taken) return;
    // The record as last renewed: what this runner holds.
    let held: Job = taken;
    const stopRenewing = keepLease(
        async () => {
            const renewed = await storage.renewJob(held, new Date(clock().getTime() + leaseMs).toISOString());
            if (!renewed)
                log.warn(
                    `The job ${spec.name} lost its lease to another runner (not renewed in time): this run finishes all the same.`,
                );
            else held = renewed;
            return renewed !== null;
        },
        leaseMs,
        log,
    );
    let lastError: string | null = null;
    let done = 0;
    try {
        done = await spec.run();
    } catch (error) {
        lastError = reasonOf(error);
        log.error(`The job ${spec.name} failed: ${lastError}`);
    } finally {
        await stopRenewing();
    }
    const finished = clock();
    const worthRecording = done > 0 || lastError !== null || taken.lastError !== null;
    await storage.finishJob(
        held,
        worthRecording
            ? {
                  lastStartedAt: started.toISOString(),
                  lastFinishedAt: finished.toISOString(),
                  lastError,
                  runs: taken.runs + 1,
                  runAt: new Date(started.getTime() + spec.everyMs).toISOString(),
              }
            : null,
    );
};

/**
 * Calls `run` at once (unless `atStart` is false) and then every `everyMs`, one run at a time; a run that
 * fails is logged. Answers the function that stops it, which waits for the run under way.
 */
const repeat = (everyMs: number, atStart: boolean, run: () => Promise<void>, log: Log) => {
    let stopped = false;
    let running: Promise<void> | undefined;
    const look = () => {
        if (running || stopped) return;
        running = run()
            .catch((error: unknown) => log.error(`The job runner failed: ${reasonOf(error)}`))
            .finally(() => (running = undefined));
    };
    if (atStart) look();
    const timer = setInterval(look, everyMs);
    timer.unref();
    return async () => {
        stopped = true;
        clearInterval(timer);
        await running;
    };
};

interface RunnerOptions {
    /** How long a job stays held by a runner that stops renewing it (JOB_LEASE_MS). */
    leaseMs?: number;
    /** The server's clock, which leases and the jobs' records read: the machine's by default. */
    clock?: Clock;
    /** The period of every job, in place of each one's own (JOBS_EVERY_MS). */
    everyMs?: number;
}

/**
 * Starts the runner: each job at once (unless it waits its first period) and then every `everyMs` (its
 * own, or the options' for all), one
 * run of it at a time; a failed look (a lost database) is logged and tried at the next. Answers the
 * function that stops it, which waits for the runs under way.
 */
export const startJobs = (
    storage: Storage,
    specs: JobSpec[],
    log: Log = console,
    { leaseMs = defaultLeaseMs, clock = systemClock, everyMs }: RunnerOptions = {},
): (() => Promise<void>) => {
    const ready = settleJobs(storage, specs, clock().toISOString());
    const stops = specs.map(spec => {
        const every = { ...spec, everyMs: everyMs ?? spec.everyMs };
        return repeat(
            every.everyMs,
            spec.atStart !== false,
            () => ready.then(() => runOnce(storage, every, log, leaseMs, clock)),
            log,
        );
    });
    return async () => {
        await Promise.all(stops.map(stop => stop()));
    };
};

/**
 * Starts a lane: work every server process does every `everyMs` from its start, one run at a time, with
 * no job's record to take, so that no other process (alive, busy or dead) holds it up. Answers the
 * function that stops it.
 */
export const startLane = (everyMs: number, run: () => Promise<unknown>, log: Log = console): (() => Promise<void>) =>
    repeat(everyMs, true, async () => void (await run()), log);
