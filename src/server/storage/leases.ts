import type { RecordOf } from './records';

/*
 * What the runners of jobs and messages take so that two of them, in one process or in two, never do
 * the same work: leases on queued messages and on jobs, and locks held by one server process. Apart
 * from the reads and transactions (types.ts), since each engine keeps these its own way (PostgreSQL
 * with row and advisory locks, db.json with the one process it has) and only the runners use them.
 */

export interface Leases {
    /**
     * Takes up to `limit` queued messages due at `now` (soonest first; only of `kinds` when given) that no
     * runner holds, or whose lease ended, holds them until `until` and answers them: two runners, in one
     * process or in two, never take the same message (PostgreSQL: FOR UPDATE SKIP LOCKED). A lease in a
     * db.json file was left by a process that is gone (one process per file): it is let go at start. Not
     * written to the audit trail.
     */
    takeDueMessages(
        now: string,
        until: string,
        limit: number,
        kinds?: readonly RecordOf<'messages'>['kind'][],
    ): Promise<RecordOf<'messages'>[]>;
    /**
     * Moves the lease of the messages among `ids` that are still queued and held until `heldUntil` (the
     * lease their runner holds) to `until`, and answers their ids: the others were recorded meanwhile, or
     * taken by another runner once the lease ran out.
     */
    renewMessages(
        ids: RecordOf<'messages'>['id'][],
        heldUntil: string,
        until: string,
    ): Promise<RecordOf<'messages'>['id'][]>;
    /**
     * Takes the job named, unless another runner holds it (and its lease has not ended), holding it until
     * `until`: two runners never run one job at once (PostgreSQL: FOR UPDATE SKIP LOCKED; db.json has one
     * process, and holds it in memory, writing nothing). Answers its record, or null when it is held.
     */
    takeJob(name: RecordOf<'jobs'>['name'], now: string, until: string): Promise<RecordOf<'jobs'> | null>;
    /**
     * Moves the lease of a job this runner holds (`job` as taken or last renewed) to `until`: answers the
     * job as now held, or null when its lease ran out and another runner took it.
     */
    renewJob(job: RecordOf<'jobs'>, until: string): Promise<RecordOf<'jobs'> | null>;
    /**
     * Lets go of a job taken (`job` as last renewed), recording how it went (`done`), or nothing when it
     * did nothing worth recording; a lease another runner took since is left to it.
     */
    finishJob(job: RecordOf<'jobs'>, done: Partial<RecordOf<'jobs'>> | null): Promise<void>;
    /**
     * Holds the lock named, which one server process at a time holds (PostgreSQL: an advisory lock on a
     * connection of its own; db.json has one process): answers the function that releases it, or null when
     * another process holds it. `onLost` is told when the lock is lost (its connection dropped).
     */
    holdLock(name: string, onLost: () => void): Promise<(() => Promise<void>) | null>;
}
