import type pg from 'pg';
import { recordedInstants, type Notes } from '../notes';
import { quote } from './tables';

/*
 * The PostgreSQL engine's notes, in the table database_notes (migration 028): a row per note, its value
 * as JSON. Every server process on the database reads the same rows.
 */

export const pgNotes = (pool: pg.Pool): Notes => ({
    async read(name) {
        const { rows } = await pool.query('SELECT value FROM database_notes WHERE name = $1', [name]);
        return rows.length ? (rows[0].value as unknown) : undefined;
    },

    async write(name, value) {
        if (value === undefined) await pool.query('DELETE FROM database_notes WHERE name = $1', [name]);
        else
            await pool.query(
                'INSERT INTO database_notes (name, value) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value',
                [name, JSON.stringify(value)],
            );
    },

    /** One pass over each table, its columns' MAX as instants (texts may differ in their seconds' digits). */
    async latestRecorded() {
        const fieldsOf = new Map<string, string[]>();
        for (const { collection, field } of recordedInstants)
            fieldsOf.set(collection, [...(fieldsOf.get(collection) ?? []), field]);
        const maxima = [...fieldsOf].map(
            ([collection, fields]) =>
                `SELECT greatest(${fields.map(field => `max(${quote(field)}::timestamptz)`).join(', ')}) AS at FROM ${quote(collection)}`,
        );
        const { rows } = await pool.query(`SELECT max(at) AS latest FROM (${maxima.join(' UNION ALL ')}) AS maxima`);
        const latest = rows[0]?.latest as Date | null | undefined;
        return latest ? latest.toISOString() : undefined;
    },
});
