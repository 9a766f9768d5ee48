import pg from 'pg';
import { collections } from '../../../domain/collections';
import { isPrototype } from '../../../domain/prototypes';
import { isStudioCollection } from '../../../domain/roles';
import type { CollectionName } from '../../../domain/types';
import { upgradeDatabase } from '../../../domain/upgrades';
import { validateDatabase } from '../../../domain/validation';
import type { FileState } from '../jsonFile/memory';
import { notesKey } from '../notes';
import { idKey } from '../records';
import { applyMigrations } from './migrations';
import { quote, tableOrder, tables } from './tables';
// The engine's reading of numeric and bigint values as numbers.
import './pgStorage';

/*
 * Moving a database between the engines. An import loads a db.json (already read, its journal
 * replayed) into an empty PostgreSQL database in one transaction, ids kept and the id sequences moved
 * past them; an export reads every table back into the shape of a db.json the default engine starts on.
 */

class TransferError extends Error {}

const rowsPerInsert = 500;

const valueFor = (kind: string, value: unknown) =>
    kind === 'json' && value !== null && value !== undefined ? JSON.stringify(value) : (value ?? null);

/** Loads the state into an empty database (the schema is made or brought up to date first). */
export const importDatabase = async (
    url: string,
    state: FileState,
    log: Pick<Console, 'info'> = console,
): Promise<Record<string, number>> => {
    upgradeDatabase(state.values);
    const problems = validateDatabase(state.values);
    if (problems.length)
        throw new TransferError(`The database to import is not valid:\n  - ${problems.join('\n  - ')}`);
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    const counts: Record<string, number> = {};
    try {
        await applyMigrations(pool, log);
        const client = await pool.connect();
        try {
            await client.query('BEGIN');
            for (const table of [...tableOrder, 'prototype_collections', 'database_extras']) {
                const { rows } = await client.query(`SELECT EXISTS (SELECT 1 FROM ${quote(table)}) AS taken`);
                if (rows[0].taken)
                    throw new TransferError(
                        `The database is not empty (${table} has records): import only into an empty one.`,
                    );
            }
            for (const collection of tableOrder) {
                counts[collection] = await insertAll(
                    client,
                    collection,
                    ((state.values[collection] as Record<string, unknown>[]) ?? []).map(record =>
                        withDefaults(collection, record),
                    ),
                );
            }
            for (const key of state.keys) {
                const value = state.values[key];
                if (isStudioCollection(key)) continue;
                // The database's notes are its own table's rows, and db.json's notes again on export.
                if (key === notesKey && value !== null && typeof value === 'object' && !Array.isArray(value)) {
                    for (const [name, note] of Object.entries(value))
                        await client.query('INSERT INTO database_notes (name, value) VALUES ($1, $2)', [
                            name,
                            JSON.stringify(note),
                        ]);
                    continue;
                }
                if (isPrototype(key, value)) {
                    await client.query('INSERT INTO prototype_collections (name) VALUES ($1)', [key]);
                    for (const record of value as Record<string, unknown>[]) {
                        await client.query(
                            'INSERT INTO prototype_records (collection, key, record) VALUES ($1, $2, $3)',
                            [key, String(idKey(record.id)), JSON.stringify(record)],
                        );
                    }
                    counts[key] = (value as unknown[]).length;
                } else {
                    await client.query('INSERT INTO database_extras (key, value) VALUES ($1, $2)', [
                        key,
                        JSON.stringify(value ?? null),
                    ]);
                }
            }
            // New records continue after the imported ids, as they would in db.json.
            for (const collection of tableOrder) {
                if (tables[collection][0].kind !== 'serial') continue;
                await client.query(
                    `SELECT setval(pg_get_serial_sequence($1, 'id'), coalesce((SELECT max(id) FROM ${quote(collection)}), 0) + 1, false)`,
                    [quote(collection)],
                );
            }
            await client.query('COMMIT');
            log.info(
                `Imported ${Object.entries(counts)
                    .map(([name, count]) => `${count} ${name}`)
                    .join(', ')}.`,
            );
        } catch (error) {
            await client.query('ROLLBACK').catch(() => undefined);
            throw error;
        } finally {
            client.release();
        }
    } finally {
        await pool.end();
    }
    return counts;
};

/**
 * A record with the values its schema gives fields it lacks (a database made before a setting existed
 * has none for it): the db.json engine reads them so, and a column cannot be left empty.
 */
const withDefaults = (collection: CollectionName, record: Record<string, unknown>): Record<string, unknown> => {
    const parsed = collections[collection].schema.safeParse(record);
    if (!parsed.success) return record;
    const defaults = Object.fromEntries(
        Object.entries(parsed.data as Record<string, unknown>).filter(([field]) => record[field] === undefined),
    );
    return { ...record, ...defaults };
};

/** Inserts a collection's records, several to a statement. */
const insertAll = async (
    client: pg.PoolClient,
    collection: CollectionName,
    records: Record<string, unknown>[],
): Promise<number> => {
    const columns = tables[collection];
    for (const record of records) {
        const unknown = Object.keys(record).find(field => !columns.some(column => column.name === field));
        if (unknown)
            throw new TransferError(
                `${collection} ${String(record.id)} has a field the database has no column for: ${unknown}`,
            );
    }
    for (let start = 0; start < records.length; start += rowsPerInsert) {
        const slice = records.slice(start, start + rowsPerInsert);
        const values: unknown[] = [];
        const tuples = slice.map(
            record =>
                `(${columns.map(column => `$${values.push(valueFor(column.kind, record[column.name]))}`).join(', ')})`,
        );
        await client.query(
            `INSERT INTO ${quote(collection)} (${columns.map(column => quote(column.name)).join(', ')}) OVERRIDING SYSTEM VALUE VALUES ${tuples.join(', ')}`,
            values,
        );
    }
    return records.length;
};

/** Every table as a db.json's collections, the prototypes and the other values after them. */
export const exportDatabase = async (url: string): Promise<FileState> => {
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    const client = await pool.connect();
    try {
        // One picture of the whole database, however many writes go on meanwhile.
        await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
        const values: Record<string, unknown> = {};
        const keys: string[] = [];
        for (const collection of tableOrder) {
            const { rows } = await client.query(`SELECT * FROM ${quote(collection)} ORDER BY id`);
            values[collection] = rows.map((row: Record<string, unknown>) => {
                for (const column of tables[collection])
                    if (column.omitNull && row[column.name] === null) delete row[column.name];
                return row;
            });
            keys.push(collection);
        }
        const prototypes = await client.query('SELECT name FROM prototype_collections ORDER BY position');
        for (const { name } of prototypes.rows as { name: string }[]) {
            const { rows } = await client.query(
                'SELECT record FROM prototype_records WHERE collection = $1 ORDER BY position',
                [name],
            );
            values[name] = rows.map((row: { record: unknown }) => row.record);
            keys.push(name);
        }
        const extras = await client.query('SELECT key, value FROM database_extras ORDER BY position');
        for (const { key, value } of extras.rows as { key: string; value: unknown }[]) {
            values[key] = value;
            keys.push(key);
        }
        const notes = await client.query('SELECT name, value FROM database_notes ORDER BY name');
        if (notes.rows.length) {
            values[notesKey] = Object.fromEntries(
                (notes.rows as { name: string; value: unknown }[]).map(({ name, value }) => [name, value]),
            );
            keys.push(notesKey);
        }
        await client.query('COMMIT');
        return { keys, values };
    } finally {
        client.release();
        await pool.end();
    }
};
