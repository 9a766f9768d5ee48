import type { Clock } from '../../domain/time';
import { deliverDue, queuePassNotices, queueReminders, type Channels } from '../messages';
import { closeDueClasses } from '../timetable';
import { applyDuePenalties } from '../policy';
import { chargerOf, runMemberships } from '../memberships';
import type { PaymentProvider } from '../payments';
import type { Storage } from '../storage/types';
import { defaultLeaseMs, jobsEveryMsOf, leaseMsOf } from './lease';
import { startJobs, startLane } from './runner';

/*
 * The studio's periodic work, as the server runs it from its settings: MESSAGES_EVERY_MS (5 s) sets how
 * often the messages due are sent, CLOSE_CLASSES_EVERY_MS (5 minutes) how often classes left open are
 * closed, NOTICES_EVERY_MS (1 minute) how often reminders and pass notices are queued, PENALTIES_EVERY_MS
 * and PAYMENTS_EVERY_MS (1 minute) how often due penalties are applied and late payments asked about,
 * MEMBERSHIPS_EVERY_MS (1 minute) how often memberships are told of their charge, charged and ended
 * (`off` pauses them: nothing is told or charged, as while a studio moves to another provider);
 * JOBS_EVERY_MS, when set, is the period of every job instead (to try time with a moved clock).
 * JOB_LEASE_MS (30 s) is how long a job, or a message being sent, stays with a process that stopped
 * renewing it. Sign-in codes have a lane of their own in every process, looked at every second: someone
 * waits for them, so they never wait for a job another process holds or a long batch of notices.
 */

type ServerEnv = Record<string, string | undefined>;

interface StudioJobs {
    storage: Storage;
    channels: Channels;
    clock: Clock;
    env: ServerEnv;
    publicUrl: string | undefined;
    /** Online payments' settlement, when payments are taken online. */
    settlement: { reconcileOpen: () => Promise<number> } | null | undefined;
    /** Who charges memberships' saved cards (none: memberships are told and ended, never charged). */
    payments?: { provider?: PaymentProvider | null };
    log: Pick<Console, 'warn' | 'error'>;
}

/** How often sign-in codes are looked for at most: a code is sent within about this long of its asking. */
const signInCodesEveryMs = 1000;

/** Starts the jobs and the sign-in codes' lane; answers the function that stops them, waiting for the runs under way. */
export const startStudioJobs = ({
    storage,
    channels,
    clock,
    env,
    publicUrl,
    settlement,
    payments,
    log,
}: StudioJobs): (() => Promise<void>) => {
    const numberFrom = (name: string): number | undefined => (env[name] ? Number(env[name]) : undefined);
    const leaseMs = leaseMsOf(env.JOB_LEASE_MS);
    if (env.JOB_LEASE_MS && leaseMs === undefined)
        log.warn(`JOB_LEASE_MS=${env.JOB_LEASE_MS} is not a number of milliseconds: ${defaultLeaseMs} is used.`);
    const jobsEveryMs = jobsEveryMsOf(env.JOBS_EVERY_MS);
    if (env.JOBS_EVERY_MS && jobsEveryMs === undefined)
        log.warn(`JOBS_EVERY_MS=${env.JOBS_EVERY_MS} is not a number of milliseconds: each job keeps its own period.`);
    const sending = { leaseMs, log };
    const messagesEvery = numberFrom('MESSAGES_EVERY_MS') ?? 5000;
    const noticesEvery = numberFrom('NOTICES_EVERY_MS') ?? 60_000;
    const stopJobs = startJobs(
        storage,
        [
            {
                name: 'send_messages',
                everyMs: messagesEvery,
                run: () => deliverDue(storage, channels, clock, sending),
            },
            {
                name: 'close_classes',
                everyMs: numberFrom('CLOSE_CLASSES_EVERY_MS') ?? 5 * 60_000,
                run: () => closeDueClasses(storage, clock()),
            },
            // Notices ahead of time wait their first period: a server started for a moment queues none.
            {
                name: 'reminders',
                everyMs: noticesEvery,
                run: () => queueReminders(storage, clock(), publicUrl),
                atStart: false,
            },
            {
                name: 'pass_notices',
                everyMs: noticesEvery,
                run: () => queuePassNotices(storage, clock()),
                atStart: false,
            },
            // Penalties whose time to be waived is over: applied.
            {
                name: 'penalties',
                everyMs: numberFrom('PENALTIES_EVERY_MS') ?? 60_000,
                run: () => applyDuePenalties(storage, clock()),
            },
            // Online payments whose notice is late, and refunds to ask again.
            ...(settlement
                ? [
                      {
                          name: 'payments' as const,
                          everyMs: numberFrom('PAYMENTS_EVERY_MS') ?? 60_000,
                          run: () => settlement.reconcileOpen(),
                      },
                  ]
                : []),
            // Memberships: notices 48 hours ahead with the next pass held, charges, tries again, ends.
            ...(env.MEMBERSHIPS_EVERY_MS === 'off'
                ? []
                : [
                      {
                          name: 'memberships' as const,
                          everyMs: numberFrom('MEMBERSHIPS_EVERY_MS') ?? 60_000,
                          run: () =>
                              runMemberships({
                                  storage,
                                  clock,
                                  charger: chargerOf(payments?.provider, storage),
                                  publicUrl,
                              }),
                      },
                  ]),
        ],
        log,
        { leaseMs, clock, everyMs: jobsEveryMs },
    );
    // Each code is held by its own message's lease: one a dead process took is sent by another soon after.
    const stopCodes = startLane(
        Math.min(signInCodesEveryMs, messagesEvery),
        () => deliverDue(storage, channels, clock, { ...sending, kinds: ['sign_in'] }),
        log,
    );
    return async () => {
        await Promise.all([stopJobs(), stopCodes()]);
    };
};
