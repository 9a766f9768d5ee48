import type { jobNames } from '../../domain/schemas';
import type { Job } from '../../domain/types';
import type { Storage } from '../storage/types';

/*
 * The server's job runner: its periodic work (sending the messages due, closing classes left open,
 * queueing reminders and pass notices), one `jobs` record per kind. Each job is run when due, by one
 * runner at a time: a runner takes the due jobs (PostgreSQL: FOR UPDATE SKIP LOCKED), holds them while it
 * runs them, and writes when each is next due and how it went, so that two server processes never run
 * one job at once and a runner that stopped mid-job leaves it to the next after its hold. Jobs keep the
 * server's real time (runAt, leaseUntil); the work itself reads the clock the server was given. Every
 * job runs once at start.
 */

type JobName = (typeof jobNames)[number];

export interface JobSpec {
    name: JobName;
    /** How often it runs, in milliseconds. */
    everyMs: number;
    /** The work, at the instant the clock tells. */
    run: () => Promise<unknown>;
}

/** How long a runner holds a job it took: one that stopped meanwhile leaves it to the next. */
const holdMs = 10 * 60_000;

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 2000);

/** Makes the jobs' records that are missing, and makes every one due now (each runs once at start). */
const settleJobs = async (storage: Storage, specs: JobSpec[], now: string) => {
    for (const spec of specs) {
        try {
            await storage.transaction(async tx => {
                const [job] = await tx.select('jobs', { name: spec.name });
                if (!job)
                    await tx.insert('jobs', {
                        name: spec.name,
                        runAt: now,
                        lastStartedAt: null,
                        lastFinishedAt: null,
                        lastError: null,
                        runs: 0,
                        leaseUntil: null,
                    });
                else if (job.runAt > now) await tx.update('jobs', { ...job, runAt: now });
            });
        } catch (error) {
            // Another process made it at the same moment (its name is unique): it is there.
            if ((await storage.count('jobs', { name: spec.name })) === 0) throw error;
        }
    }
};

/** Runs one job taken, then writes when it is next due and how it went. */
const runJob = async (storage: Storage, spec: JobSpec | undefined, job: Job) => {
    let lastError: string | null = null;
    try {
        if (spec) await spec.run();
    } catch (error) {
        lastError = reasonOf(error);
    }
    const finished = new Date();
    await storage.transaction(async tx => {
        const current = (await tx.get('jobs', job.id)) ?? job;
        await tx.update('jobs', {
            ...current,
            // Not run here (a job this process does not know): left to a runner that does.
            ...(spec
                ? {
                      runAt: new Date(
                          Date.parse(job.lastStartedAt ?? finished.toISOString()) + spec.everyMs,
                      ).toISOString(),
                      lastFinishedAt: finished.toISOString(),
                      lastError,
                      runs: current.runs + 1,
                  }
                : {}),
            leaseUntil: null,
        });
    });
    return lastError;
};

/**
 * Starts the runner: looks for due jobs at once and then every tick (the shortest job's period), one
 * look at a time. A failed job is logged and recorded on its record; a failed look (a lost database) is
 * logged and tried at the next tick. Answers the function that stops it, which waits for the job under way.
 */
export const startJobs = (
    storage: Storage,
    specs: JobSpec[],
    log: Pick<Console, 'error'> = console,
): (() => Promise<void>) => {
    let running: Promise<void> | undefined;
    let stopped = false;
    const byName = new Map(specs.map(spec => [spec.name, spec]));
    const ready = settleJobs(storage, specs, new Date().toISOString());
    const look = () => {
        if (running || stopped) return;
        running = (async () => {
            await ready;
            const now = Date.now();
            const taken = await storage.takeDueJobs(new Date(now).toISOString(), new Date(now + holdMs).toISOString());
            for (const job of taken) {
                const failed = await runJob(storage, byName.get(job.name), job);
                if (failed) log.error(`The job ${job.name} failed: ${failed}`);
            }
        })()
            .catch((error: unknown) => log.error(`The job runner failed: ${reasonOf(error)}`))
            .finally(() => (running = undefined));
    };
    look();
    const timer = setInterval(look, Math.max(10, Math.min(...specs.map(spec => spec.everyMs))));
    timer.unref();
    return async () => {
        stopped = true;
        clearInterval(timer);
        await running;
    };
};
