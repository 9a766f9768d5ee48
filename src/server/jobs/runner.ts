import type { jobNames } from '../../domain/schemas';
import type { Storage } from '../storage/types';

/*
 * The server's job runner: its periodic work (sending the messages due, closing classes left open,
 * queueing reminders and pass notices), one `jobs` record per kind. Each job runs every so often in
 * every server process, and in one at a time: a runner takes the job's record before it runs it
 * (PostgreSQL: FOR UPDATE SKIP LOCKED, so that a second process skips it; a runner that stopped mid-job
 * leaves it to the next after its hold) and lets go after. A run that did something, or failed, or
 * ended a failure, is recorded on the job (when it finished, its error, when it is next due); an idle
 * run writes nothing, so that an idle server does not write to its disk.
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

/** How long a runner holds a job it took: one that stopped meanwhile leaves it to the next. */
const holdMs = 10 * 60_000;

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

/** Runs a job if no other runner holds it, and records how it went when that is worth recording. */
const runOnce = async (storage: Storage, spec: JobSpec, log: Pick<Console, 'error'>) => {
    const started = new Date();
    const job = await storage.takeJob(
        spec.name,
        started.toISOString(),
        new Date(started.getTime() + holdMs).toISOString(),
    );
    if (!job) return;
    let lastError: string | null = null;
    let done = 0;
    try {
        done = await spec.run();
    } catch (error) {
        lastError = reasonOf(error);
        log.error(`The job ${spec.name} failed: ${lastError}`);
    }
    const finished = new Date();
    const worthRecording = done > 0 || lastError !== null || job.lastError !== null;
    await storage.finishJob(
        job,
        worthRecording
            ? {
                  lastStartedAt: started.toISOString(),
                  lastFinishedAt: finished.toISOString(),
                  lastError,
                  runs: job.runs + 1,
                  runAt: new Date(started.getTime() + spec.everyMs).toISOString(),
              }
            : null,
    );
};

/**
 * Starts the runner: each job at once (unless it waits its first period) and then every `everyMs`, one run of it at a time; a failed look
 * (a lost database) is logged and tried at the next. Answers the function that stops it, which waits
 * for the runs under way.
 */
export const startJobs = (
    storage: Storage,
    specs: JobSpec[],
    log: Pick<Console, 'error'> = console,
): (() => Promise<void>) => {
    let stopped = false;
    const ready = settleJobs(storage, specs, new Date().toISOString());
    const running = new Map<JobName, Promise<void>>();
    const timers = specs.map(spec => {
        const look = () => {
            if (running.has(spec.name) || stopped) return;
            running.set(
                spec.name,
                ready
                    .then(() => runOnce(storage, spec, log))
                    .catch((error: unknown) => log.error(`The job runner failed: ${reasonOf(error)}`))
                    .finally(() => running.delete(spec.name)),
            );
        };
        if (spec.atStart !== false) look();
        const timer = setInterval(look, spec.everyMs);
        timer.unref();
        return timer;
    });
    return async () => {
        stopped = true;
        timers.forEach(clearInterval);
        await Promise.all(running.values());
    };
};
