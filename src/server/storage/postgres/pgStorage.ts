import pg from 'pg';
import type {
    Notes,
    RecordOf,
    Reports,
    SignInRecords,
    Storage,
    StorageHealth,
    Transaction,
    TransactionOptions,
} from '../types';
import { recordOf } from './tables';
import { applyMigrations } from './migrations';
import { pgNotes } from './pgNotes';
import { pgSignInRecords } from './pgSignInRecords';
import { PgReader } from './pgReader';
import { PgTransaction } from './pgTransaction';
import { pgReports } from './reports';

/*
 * The PostgreSQL engine behind the storage boundary. Every transaction is a SERIALIZABLE transaction of
 * the database, run again from the start when the database reports that it collided with another (two
 * server processes paying one link at once, say): what one transaction read cannot change under it, so
 * every rule checked inside a transaction holds at its commit, across processes. A commit is
 * acknowledged once PostgreSQL has it on disk (synchronous_commit, the default). A transaction that
 * claims what it depends on first (booking a seat: the class's row, then the customer's) runs at READ
 * COMMITTED instead: the claims order it, so that a hundred people booking one class wait in turn rather
 * than fail and run again (a deadlock among claims still runs again).
 */

// numeric (money) and bigint (counts) arrive as text; the API speaks numbers.
pg.types.setTypeParser(pg.types.builtins.NUMERIC, value => Number(value));
pg.types.setTypeParser(pg.types.builtins.INT8, value => Number(value));

/** 40001: serialization failure; 40P01: deadlock. Both mean: run the transaction again. */
const retriable = (error: unknown) => ['40001', '40P01'].includes((error as { code?: string }).code ?? '');

interface PgStorageOptions {
    url: string;
    /** Connections kept open; each request holds one for as long as its transaction. */
    poolSize?: number;
    log?: Pick<Console, 'info' | 'warn' | 'error'>;
}

const maxAttempts = 20;

/** How the server's connections name themselves to PostgreSQL (pg_stat_activity): a restore refuses while there are any. */
export const applicationName = 'studio-back-office';

export class PgStorage extends PgReader implements Storage {
    readonly reports: Reports = pgReports((sql, values) => this.rows(sql, values));
    readonly signIns: SignInRecords;
    readonly notes: Notes;

    private constructor(
        private readonly pool: pg.Pool,
        private readonly log: Pick<Console, 'warn'>,
    ) {
        super(pool);
        this.signIns = pgSignInRecords(pool);
        this.notes = pgNotes(pool);
    }

    /** Connects, brings the schema up to date (never destructively) and answers the storage. */
    static async open(options: PgStorageOptions): Promise<PgStorage> {
        // A request waits for a free connection at most 30 s, then fails rather than hangs.
        const pool = new pg.Pool({
            connectionString: options.url,
            application_name: applicationName,
            max: options.poolSize ?? 10,
            connectionTimeoutMillis: 30_000,
        });
        // An idle connection the server drops must not take the process down.
        pool.on('error', error => (options.log ?? console).warn(`A PostgreSQL connection was lost: ${error.message}`));
        await applyMigrations(pool, options.log ?? console);
        return new PgStorage(pool, options.log ?? console);
    }

    /** A transaction: PostgreSQL keeps no file of its own that a committed value would stay in. */
    forgetting<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
        return this.transaction(work);
    }

    async transaction<T>(work: (tx: Transaction) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
        for (let attempt = 1; ; attempt++) {
            const client = await this.pool.connect();
            // A connection lost while a transaction holds it (PostgreSQL restarted, an administrator ended
            // it) fails that transaction; without a listener its 'error' would stop the whole server.
            let lost: Error | undefined;
            const onError = (error: Error) => {
                lost = error;
                this.log.warn(`A PostgreSQL connection was lost: ${error.message}`);
            };
            client.on('error', onError);
            try {
                await client.query(`BEGIN ISOLATION LEVEL ${options.claimed ? 'READ COMMITTED' : 'SERIALIZABLE'}`);
                const result = await work(new PgTransaction(client));
                await client.query('COMMIT');
                return result;
            } catch (error) {
                await client.query('ROLLBACK').catch(() => undefined);
                const cause = (error as { cause?: unknown }).cause ?? error;
                if ((retriable(error) || retriable(cause)) && attempt < maxAttempts) {
                    // Apart a little, at random, so that two colliding transactions do not collide again.
                    await new Promise(resolve => setTimeout(resolve, Math.random() * 5 * attempt));
                    continue;
                }
                throw error;
            } finally {
                client.off('error', onError);
                // A lost connection is closed, not given to the next transaction.
                client.release(lost);
            }
        }
    }

    async takeDueMessages(
        now: string,
        until: string,
        limit: number,
        kinds?: readonly RecordOf<'messages'>['kind'][],
    ): Promise<RecordOf<'messages'>[]> {
        const rows = await this.rows(
            `UPDATE messages SET "leaseUntil" = $2
              WHERE id IN (SELECT id FROM messages
                            WHERE status = 'queued' AND "sendAt" <= $1 AND ("leaseUntil" IS NULL OR "leaseUntil" <= $1)
                              AND ($4::text[] IS NULL OR kind = ANY($4::text[]))
                            ORDER BY "sendAt", id LIMIT $3 FOR UPDATE SKIP LOCKED)
              RETURNING *`,
            [now, until, limit, kinds ? [...kinds] : null],
        );
        return rows
            .map(row => recordOf('messages', row) as RecordOf<'messages'>)
            .sort((a, b) => a.sendAt.localeCompare(b.sendAt) || a.id - b.id);
    }

    /** Only what still carries this runner's lease: a lease is never moved from under another runner. */
    async renewMessages(
        ids: RecordOf<'messages'>['id'][],
        heldUntil: string,
        until: string,
    ): Promise<RecordOf<'messages'>['id'][]> {
        if (!ids.length) return [];
        const rows = await this.rows(
            `UPDATE messages SET "leaseUntil" = $3
              WHERE id = ANY($1::integer[]) AND status = 'queued' AND "leaseUntil" = $2
              RETURNING id`,
            [ids, heldUntil, until],
        );
        return rows.map(row => Number(row.id));
    }

    async takeJob(name: RecordOf<'jobs'>['name'], now: string, until: string): Promise<RecordOf<'jobs'> | null> {
        const [row] = await this.rows(
            `UPDATE jobs SET "leaseUntil" = $3
              WHERE id IN (SELECT id FROM jobs
                            WHERE name = $1 AND ("leaseUntil" IS NULL OR "leaseUntil" <= $2)
                            FOR UPDATE SKIP LOCKED)
              RETURNING *`,
            [name, now, until],
        );
        return row ? (recordOf('jobs', row) as RecordOf<'jobs'>) : null;
    }

    /**
     * A runner's lease is the instant it holds the job until: another runner that took the job after it
     * ran out wrote a later one, so the renewal finds the row changed and answers null.
     */
    async renewJob(job: RecordOf<'jobs'>, until: string): Promise<RecordOf<'jobs'> | null> {
        if (job.leaseUntil === null) return null;
        const rows = await this.rows(
            `UPDATE jobs SET "leaseUntil" = $3 WHERE id = $1 AND "leaseUntil" = $2 RETURNING id`,
            [job.id, job.leaseUntil, until],
        );
        return rows.length ? { ...job, leaseUntil: until } : null;
    }

    /**
     * The lease is let go when it is still this runner's (another's is left to it); the record changes
     * only when there is something to record.
     */
    async finishJob(job: RecordOf<'jobs'>, done: Partial<RecordOf<'jobs'>> | null): Promise<void> {
        await this.transaction(async tx => {
            const current = (await tx.get('jobs', job.id)) ?? job;
            const ours = current.leaseUntil === job.leaseUntil;
            if (!done && !ours) return;
            await tx.update('jobs', { ...current, ...(done ?? {}), leaseUntil: ours ? null : current.leaseUntil });
        });
    }

    async holdLock(name: string, onLost: () => void): Promise<(() => Promise<void>) | null> {
        const client = await this.pool.connect();
        let released = false;
        const lost = () => {
            if (!released) onLost();
        };
        try {
            const { rows } = await client.query<{ held: boolean }>(
                'SELECT pg_try_advisory_lock(hashtext($1)) AS held',
                [name],
            );
            if (!rows[0]?.held) {
                client.release();
                return null;
            }
        } catch (error) {
            client.release(error as Error);
            throw error;
        }
        client.on('error', lost);
        return async () => {
            released = true;
            client.off('error', lost);
            try {
                await client.query('SELECT pg_advisory_unlock(hashtext($1))', [name]);
                client.release();
            } catch (error) {
                client.release(error as Error);
            }
        };
    }

    /** Reachable when a connection answers within 2 s (a request would wait 30 s for one). */
    async health(): Promise<StorageHealth> {
        let timer: NodeJS.Timeout | undefined;
        const answered = this.pool.query('SELECT 1').then(
            () => true,
            () => false,
        );
        const late = new Promise<boolean>(resolve => (timer = setTimeout(() => resolve(false), 2000)));
        const reachable = await Promise.race([answered, late]);
        clearTimeout(timer);
        const { totalCount: total, idleCount: idle, waitingCount: waiting } = this.pool;
        return { engine: 'postgresql', reachable, pool: { total, idle, waiting } };
    }

    async close(): Promise<void> {
        await this.pool.end();
    }
}
