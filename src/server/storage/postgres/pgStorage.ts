import pg from 'pg';
import type { Reports, SignInRecords, Storage, Transaction } from '../types';
import { applyMigrations } from './migrations';
import { pgSignInRecords } from './pgSignInRecords';
import { PgReader, PgTransaction } from './pgTransaction';
import { pgReports } from './reports';

/*
 * The PostgreSQL engine behind the storage boundary. Every transaction is a SERIALIZABLE transaction of
 * the database, run again from the start when the database reports that it collided with another (two
 * server processes paying one link at once, say): what one transaction read cannot change under it, so
 * every rule checked inside a transaction holds at its commit, across processes. A commit is
 * acknowledged once PostgreSQL has it on disk (synchronous_commit, the default).
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

export class PgStorage extends PgReader implements Storage {
    readonly reports: Reports = pgReports((sql, values) => this.rows(sql, values));
    readonly signIns: SignInRecords;

    private constructor(private readonly pool: pg.Pool) {
        super(pool);
        this.signIns = pgSignInRecords(pool);
    }

    /** Connects, brings the schema up to date (never destructively) and answers the storage. */
    static async open(options: PgStorageOptions): Promise<PgStorage> {
        // A request waits for a free connection at most 30 s, then fails rather than hangs.
        const pool = new pg.Pool({
            connectionString: options.url,
            max: options.poolSize ?? 10,
            connectionTimeoutMillis: 30_000,
        });
        // An idle connection the server drops must not take the process down.
        pool.on('error', error => (options.log ?? console).warn(`A PostgreSQL connection was lost: ${error.message}`));
        await applyMigrations(pool, options.log ?? console);
        return new PgStorage(pool);
    }

    async transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
        for (let attempt = 1; ; attempt++) {
            const client = await this.pool.connect();
            try {
                await client.query('BEGIN ISOLATION LEVEL SERIALIZABLE');
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
                client.release();
            }
        }
    }

    async close(): Promise<void> {
        await this.pool.end();
    }
}
