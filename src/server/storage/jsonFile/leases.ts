import type { Leases, RecordOf, Storage } from '../types';

/*
 * The leases of the db.json engine's runners of jobs and messages. One process runs a db.json file (its
 * lock keeps others out), so a message's lease is a write like any other and a job's is held in memory.
 * Apart from the engine (jsonStorage.ts): they are built on its reads and transactions alone.
 */

export class MemoryLeases implements Leases {
    /** The jobs a runner of this process holds: the only process, so no write is needed to hold one. */
    private readonly heldJobs = new Set<string>();

    constructor(private readonly storage: Pick<Storage, 'select' | 'transaction'>) {}

    /** In a transaction of its own: this engine runs one at a time, so no two runners take one message. */
    takeDueMessages(
        now: string,
        until: string,
        limit: number,
        kinds?: readonly RecordOf<'messages'>['kind'][],
    ): Promise<RecordOf<'messages'>[]> {
        return this.storage.transaction(async tx => {
            const queued = await tx.select(
                'messages',
                [
                    { field: 'status', kind: 'equals', values: ['queued'] },
                    { field: 'sendAt', kind: 'lte', value: now },
                    ...(kinds ? [{ field: 'kind', kind: 'equals' as const, values: [...kinds] }] : []),
                ],
                { sort: { field: 'sendAt', order: 'ASC' } },
            );
            const free = queued.filter(message => !message.leaseUntil || message.leaseUntil <= now).slice(0, limit);
            const taken: RecordOf<'messages'>[] = [];
            for (const message of free) taken.push(await tx.update('messages', { ...message, leaseUntil: until }));
            return taken;
        });
    }

    /** Written, as their taking is: the job and a lane of this one process may both look at a message. */
    renewMessages(
        ids: RecordOf<'messages'>['id'][],
        heldUntil: string,
        until: string,
    ): Promise<RecordOf<'messages'>['id'][]> {
        return this.storage.transaction(async tx => {
            const renewed: RecordOf<'messages'>['id'][] = [];
            for (const message of await tx.getMany('messages', ids))
                if (message.status === 'queued' && message.leaseUntil === heldUntil) {
                    await tx.update('messages', { ...message, leaseUntil: until });
                    renewed.push(message.id);
                }
            return renewed;
        });
    }

    /** Always held: the database's file lock already keeps other server processes out. */
    async holdLock(): Promise<() => Promise<void>> {
        return async () => undefined;
    }

    async takeJob(name: RecordOf<'jobs'>['name'], _now: string, until: string): Promise<RecordOf<'jobs'> | null> {
        if (this.heldJobs.has(name)) return null;
        const [job] = await this.storage.select('jobs', { name });
        if (!job) return null;
        this.heldJobs.add(name);
        return { ...job, leaseUntil: until };
    }

    /** Held in memory until let go: nothing to write, and no other process to lose it to. */
    async renewJob(job: RecordOf<'jobs'>, until: string): Promise<RecordOf<'jobs'> | null> {
        return this.heldJobs.has(job.name) ? { ...job, leaseUntil: until } : null;
    }

    /** Writes only what is worth recording: an idle server writes nothing. */
    async finishJob(job: RecordOf<'jobs'>, done: Partial<RecordOf<'jobs'>> | null): Promise<void> {
        try {
            if (done)
                await this.storage.transaction(async tx => {
                    const current = (await tx.get('jobs', job.id)) ?? job;
                    await tx.update('jobs', { ...current, ...done, leaseUntil: null });
                });
        } finally {
            this.heldJobs.delete(job.name);
        }
    }
}
