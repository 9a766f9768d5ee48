import type { CollectionName } from '../../../domain/types';
import { Params } from './sql';
import { columnOf, quote, tables } from './tables';

/*
 * The statements that write a record as a row: INSERT and UPDATE with a parameter per column. Apart
 * from the transaction that runs them (pgTransaction.ts), which keeps to when and in what order, as
 * sql.ts keeps the conditions of reads: what a statement says can be read without how it is run.
 */

/** A statement and its parameters. */
interface Statement {
    sql: string;
    values: unknown[];
}

/** Under PostgreSQL's limit of 65,535 parameters in one statement. */
export const maxParameters = 60_000;

/** A record's fields as the columns' values, in the table's column order; a field the table lacks is a mistake. */
export const valuesOf = (
    collection: CollectionName,
    record: Record<string, unknown>,
): { columns: string[]; values: unknown[] } => {
    for (const field of Object.keys(record)) {
        if (record[field] !== undefined && !columnOf(collection, field))
            throw new Error(`${collection} has no column for the field ${field}`);
    }
    const columns: string[] = [];
    const values: unknown[] = [];
    for (const column of tables[collection]) {
        if (!(column.name in record) || record[column.name] === undefined) continue;
        const value = record[column.name];
        columns.push(column.name);
        values.push(column.kind === 'json' && value !== null ? JSON.stringify(value) : value);
    }
    return { columns, values };
};

/** One INSERT of rows with the same columns (each row's values in the order of `columns`), answering them stored. */
export const insertStatement = (collection: CollectionName, columns: string[], rows: unknown[][]): Statement => {
    const params = new Params();
    const tuples = rows.map(values => `(${values.map(value => params.add(value)).join(', ')})`);
    return {
        sql: `INSERT INTO ${quote(collection)} (${columns.map(quote).join(', ')}) VALUES ${tuples.join(', ')} RETURNING *`,
        values: params.values,
    };
};

/** The UPDATE that replaces a whole record: a field it no longer has becomes NULL. */
export const updateStatement = (collection: CollectionName, record: Record<string, unknown>): Statement => {
    valuesOf(collection, record);
    const params = new Params();
    const assignments = tables[collection]
        .filter(column => column.name !== 'id')
        .map(column => {
            const value = record[column.name] ?? null;
            return `${quote(column.name)} = ${params.add(column.kind === 'json' && value !== null ? JSON.stringify(value) : value)}`;
        });
    return {
        sql: `UPDATE ${quote(collection)} SET ${assignments.join(', ')} WHERE id = ${params.add(record.id)} RETURNING *`,
        values: params.values,
    };
};
