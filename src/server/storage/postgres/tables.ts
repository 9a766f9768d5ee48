import type { z } from 'zod';
import { collectionNames, collections } from '../../../domain/collections';
import { fieldTypeOf, type FieldKind } from '../../../domain/fieldKinds';
import type { CollectionName } from '../../../domain/types';
import { freezeRecord, idKey, type IdKey } from '../records';
import type { Row } from '../types';

/*
 * The columns of the PostgreSQL engine's tables, as the engine reads and writes them: one table per
 * collection, a typed column per field, named as the field, so that a record is a row. The DDL that
 * makes them is in migrations/ (a test checks the two agree). Dates and times stay the ISO text the API
 * speaks (checked by domains: iso_date, iso_instant, local_datetime), so that they compare and answer
 * exactly as in the db.json engine; SQL that counts by day casts them.
 */

/** How a field is stored. */
export type ColumnKind =
    | 'serial' // integer ids given by the database
    | 'textId' // text ids (payment links, the settings record)
    | FieldKind; // money is numeric(12,2), answered as a number; json a user's pay, a status's labels, a group's slots

export interface Column {
    name: string;
    kind: ColumnKind;
    /** NOT NULL: the field is always there. */
    required?: boolean;
    /** A field records of the db.json engine have only when it has a value: read without it when NULL. */
    omitNull?: boolean;
}

/** The columns of a declared collection: its id, every field it stores (the client's, the server's, the hidden ones) and createdAt. */
const columnsOf = (collection: CollectionName): Column[] => {
    const info = collections[collection];
    const fields: Record<string, z.ZodType> = {
        ...info.schema.shape,
        ...info.kept,
        ...info.server,
        ...info.hidden,
    };
    // A user's password is never stored: its hash is.
    delete fields.password;
    return [
        { name: 'id', kind: info.idKind === 'integer' ? 'serial' : 'textId', required: true },
        ...Object.entries(fields).map(([name, schema]): Column => {
            const { kind, nullable } = fieldTypeOf(schema, `${collection}.${name}`);
            const sometimes = info.sometimes.includes(name);
            return { name, kind, required: !nullable && !sometimes, ...(sometimes && { omitNull: true }) };
        }),
        { name: 'createdAt', kind: 'instant', required: true },
    ];
};

/** Every field of every collection's records, as stored: derived from the collections' declarations. */
export const tables = Object.fromEntries(collectionNames.map(name => [name, columnsOf(name)])) as Record<
    CollectionName,
    Column[]
>;

/**
 * Tables in an order where every table comes after those it refers to, read from the references
 * (foreign keys are deferred anyway, for the cycles such as payments and passes).
 */
export const tableOrder: CollectionName[] = (() => {
    const order: CollectionName[] = [];
    const visit = (name: CollectionName, path: Set<CollectionName>) => {
        if (order.includes(name) || path.has(name)) return;
        path.add(name);
        collections[name].references.forEach(reference => visit(reference.collection, path));
        order.push(name);
    };
    collectionNames.forEach(name => visit(name, new Set()));
    return order;
})();

export const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The largest value of PostgreSQL's integer. */
const maxInteger = 2_147_483_647;

/**
 * The key of an id as the table's id column holds it (text, or an integer), or undefined for an id no
 * row can have: an integer id past PostgreSQL's integer names no record.
 */
export const rowKey = (collection: CollectionName, id: unknown): IdKey | undefined => {
    if (tables[collection][0].kind === 'textId') return String(id);
    const key = idKey(id);
    return Number.isInteger(key) && Math.abs(key as number) <= maxInteger ? key : undefined;
};

export const columnOf = (collection: CollectionName, field: string): Column | undefined =>
    tables[collection].find(column => column.name === field);

/** The record a row is: NULL fields that db.json records leave out are left out. */
export const recordOf = (collection: CollectionName, row: Record<string, unknown>): Row => {
    for (const column of tables[collection]) if (column.omitNull && row[column.name] === null) delete row[column.name];
    return freezeRecord(row as Row);
};
