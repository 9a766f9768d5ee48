import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionNames } from '../../src/domain/collections';
import { tables, type ColumnKind } from '../../src/server/storage/postgres/tables';
import { demoDb, engine, postgresDatabaseFor, removeDir } from '../support/server';

/*
 * The PostgreSQL engine reads and writes the columns it derives from the collections' declarations
 * (src/domain/collections.ts); the tables are made by the migrations. Here the two are compared on a
 * database the migrations made: the same columns, of the type each kind of field is stored as, NOT NULL
 * exactly where a record always has the field.
 */

/** How information_schema names the type a column of each kind has. */
const storedType: Record<ColumnKind, string> = {
    serial: 'integer',
    textId: 'text',
    integer: 'integer',
    money: 'numeric',
    boolean: 'boolean',
    text: 'text',
    date: 'iso_date',
    instant: 'iso_instant',
    localDateTime: 'local_datetime',
    ids: '_int4',
    json: 'jsonb',
};

describe.skipIf(engine !== 'postgres')('the columns derived from the declarations', () => {
    let dir: string;
    let client: pg.Client;
    const found = new Map<string, { type: string; notNull: boolean }>();

    beforeAll(async () => {
        dir = mkdtempSync(join(tmpdir(), 'studio-columns-'));
        copyFileSync(demoDb, join(dir, 'db.json'));
        client = new pg.Client({ connectionString: await postgresDatabaseFor(join(dir, 'db.json')) });
        await client.connect();
        const { rows } = await client.query<{
            table_name: string;
            column_name: string;
            is_nullable: string;
            domain_name: string | null;
            udt_name: string;
        }>(
            `SELECT table_name, column_name, is_nullable, domain_name, udt_name
               FROM information_schema.columns WHERE table_schema = 'public'`,
        );
        for (const row of rows)
            found.set(`${row.table_name}.${row.column_name}`, {
                type: row.domain_name ?? row.udt_name.replace(/^int4$/, 'integer').replace(/^bool$/, 'boolean'),
                notNull: row.is_nullable === 'NO',
            });
    });

    afterAll(async () => {
        await client?.end();
        removeDir(dir);
    });

    it.each(collectionNames)('are the columns the migrations made for %s', collection => {
        const derived = tables[collection].map(
            column => `${column.name}: ${storedType[column.kind]}${column.required ? ' not null' : ''}`,
        );
        const made = [...found]
            .filter(([key]) => key.startsWith(`${collection}.`))
            .map(
                ([key, column]) =>
                    `${key.slice(collection.length + 1)}: ${column.type}${column.notNull ? ' not null' : ''}`,
            );
        expect(made.sort()).toEqual(derived.sort());
    });
});
