import { z } from 'zod';
import { instant } from '../fields';
import { declare } from './declare';

/** The server's own periodic work (src/server/jobs): what a job is called, and each kind's state. */
export const jobNames = [
    'send_messages',
    'close_classes',
    'reminders',
    'pass_notices',
    'penalties',
    'payments',
    'memberships',
] as const;

/** One job of the server's runner, as it writes it: when it is next due and how its last run went. */
export const jobSchema = z.object({
    name: z.enum(jobNames),
    /** When it is next due (the server's real time). */
    runAt: instant,
    lastStartedAt: instant.nullable(),
    lastFinishedAt: instant.nullable(),
    /** What the last run failed with; null when it went well. */
    lastError: z.string().max(2000).nullable(),
    /** Runs finished since the job was made. */
    runs: z.number().int().min(0),
});

export const jobs = declare({
    // The server's periodic work, one record per kind, written by its runner alone; admins read them.
    schema: jobSchema,
    // Taken by a runner until then (two server processes never run one job at once).
    server: { leaseUntil: instant.nullable() },
    unique: [['name']],
    indexed: ['name'],
    idKind: 'integer',
    addedLater: true,
});
