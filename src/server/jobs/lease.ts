/*
 * A lease is how a server process says it is still working on what it took (a job, messages being sent):
 * short, so that what a process that died or froze held goes to another within the lease, and renewed by
 * the live holder while the work goes on, so that a long run keeps it. JOB_LEASE_MS sets its length.
 */

/** How long a job or a message being sent stays with a process that no longer renews it. */
export const defaultLeaseMs = 30_000;

/** The lease length JOB_LEASE_MS asks for: a whole number of milliseconds, at least 1; the default otherwise. */
export const leaseMsOf = (value: string | undefined): number | undefined => {
    if (value === undefined || value.trim() === '') return undefined;
    const ms = Number(value);
    return Number.isInteger(ms) && ms >= 1 ? ms : undefined;
};

/** The period JOBS_EVERY_MS sets for every job: a whole number of milliseconds, at least 1; none otherwise. */
export const jobsEveryMsOf = leaseMsOf;

/**
 * Renews a lease every third of its length until stopped, one renewal at a time: two renewals may fail
 * (a slow database) before it runs out. `renew` answers false once the lease is lost, which ends the
 * renewing. Answers the function that stops it, which waits for a renewal under way.
 */
export const keepLease = (
    renew: () => Promise<boolean>,
    leaseMs: number,
    log: Pick<Console, 'warn'>,
): (() => Promise<void>) => {
    let stopped = false;
    let renewing: Promise<void> = Promise.resolve();
    let busy = false;
    const timer = setInterval(
        () => {
            if (busy || stopped) return;
            busy = true;
            renewing = renew()
                .then(held => {
                    if (!held) stop();
                })
                .catch((error: unknown) =>
                    log.warn(`A lease could not be renewed: ${error instanceof Error ? error.message : String(error)}`),
                )
                .finally(() => (busy = false));
        },
        Math.max(1, Math.floor(leaseMs / 3)),
    );
    timer.unref();
    const stop = () => {
        stopped = true;
        clearInterval(timer);
    };
    return async () => {
        stop();
        await renewing;
    };
};
