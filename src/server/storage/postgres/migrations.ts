import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type pg from 'pg';
import { root } from '../../paths';
import { migrationSteps } from './migrationSteps';

/*
 * Versioned migrations: migrations/NNN-name.sql, applied in order at start (and by npm run db:migrate),
 * each in a transaction of its own with its version recorded in schema_migrations; a migration that
 * needs more than SQL (reading phone numbers by their country's rules) has a step in migrationSteps.ts,
 * run in the same transaction after its SQL. Several server processes starting at once take turns on an
 * advisory lock, so each file runs once. Files are never edited once released and never drop data: a
 * change of the schema is a new file.
 */

const folder = join(root, 'src/server/storage/postgres/migrations');
/** Any number, the same in every process: the advisory lock's key. */
const lockKey = 73_264_001;

interface Migration {
    version: number;
    name: string;
    sql: string;
}

const migrations = (): Migration[] =>
    readdirSync(folder)
        .filter(file => /^\d{3}-[a-z0-9-]+\.sql$/.test(file))
        .sort()
        .map(file => ({
            version: Number(file.slice(0, 3)),
            name: file.slice(4, -4),
            sql: readFileSync(join(folder, file), 'utf8'),
        }));

/** Applies the migrations the database lacks; answers the versions applied now. */
export const applyMigrations = async (pool: pg.Pool, log: Pick<Console, 'info'>): Promise<number[]> => {
    const client = await pool.connect();
    const applied: number[] = [];
    try {
        await client.query('SELECT pg_advisory_lock($1)', [lockKey]);
        await client.query(
            'CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())',
        );
        const done = new Set(
            (await client.query('SELECT version FROM schema_migrations')).rows.map(row => row.version as number),
        );
        for (const migration of migrations()) {
            if (done.has(migration.version)) continue;
            await client.query('BEGIN');
            try {
                await client.query(migration.sql);
                await migrationSteps[migration.version]?.(client);
                await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
                    migration.version,
                    migration.name,
                ]);
                await client.query('COMMIT');
            } catch (error) {
                await client.query('ROLLBACK');
                throw new Error(
                    `The migration ${migration.version} (${migration.name}) failed, and nothing of it was applied: ${(error as Error).message}`,
                );
            }
            applied.push(migration.version);
            log.info(`Applied the database migration ${migration.version} (${migration.name}).`);
        }
    } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [lockKey]).catch(() => undefined);
        client.release();
    }
    return applied;
};
