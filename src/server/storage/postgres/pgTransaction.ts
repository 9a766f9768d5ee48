import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { isStudioCollection } from '../../../domain/roles';
import { systemClock } from '../../../domain/time';
import type { CollectionName } from '../../../domain/types';
import { freezeRecord, idKey } from '../records';
import {
    filtersOf,
    StorageConflict,
    type Id,
    type ListQuery,
    type NewPrototypeRecord,
    type NewRecord,
    type Page,
    type PrototypePageQuery,
    type RecordOf,
    type Row,
    type SelectOptions,
    type Transaction,
    type Where,
} from '../types';
import { prototypeReferrers, readPrototypePage } from './prototypeReads';
import { filterCondition, orderBy, Params, searchCondition } from './sql';
import { columnOf, quote, recordOf, tables } from './tables';

/*
 * Reading and writing the studio's tables inside one transaction of the PostgreSQL engine (pgStorage.ts
 * opens it): a record is a row, the storage boundary's filters become SQL conditions, and a unique key
 * that would be broken is a StorageConflict (409).
 */

type Queryable = Pick<pg.PoolClient, 'query'>;

/** The largest value of PostgreSQL's integer. */
const maxInteger = 2_147_483_647;

/** A record's fields as the columns' values, in the table's column order; a field the table lacks is a mistake. */
const valuesOf = (
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

/** Under PostgreSQL's limit of 65,535 parameters in one statement. */
const maxParameters = 60_000;

const conflictOf = (error: unknown): Error => {
    const code = (error as { code?: string }).code;
    const detail = (error as { detail?: string }).detail;
    if (code === '23505')
        return new StorageConflict(`A record with these values already exists${detail ? `: ${detail}` : ''}`);
    if (code === '23503')
        return new StorageConflict(
            `The record is in use by another or refers to one that does not exist${detail ? `: ${detail}` : ''}`,
        );
    return error as Error;
};

export class PgReader {
    constructor(protected readonly db: Queryable) {}

    protected async rows(sql: string, values: unknown[] = []): Promise<Record<string, unknown>[]> {
        try {
            return (await this.db.query(sql, values)).rows as Record<string, unknown>[];
        } catch (error) {
            throw conflictOf(error);
        }
    }

    async get<C extends CollectionName>(collection: C, id: Id): Promise<RecordOf<C> | undefined> {
        return (await this.getMany(collection, [id]))[0];
    }

    async getMany<C extends CollectionName>(collection: C, ids: Id[]): Promise<RecordOf<C>[]> {
        if (!ids.length) return [];
        const text = tables[collection][0].kind === 'textId';
        // An integer id past PostgreSQL's integer names no record.
        const keys = [...new Set(ids.map(id => (text ? String(id) : idKey(id))))].filter(
            key => text || (Number.isInteger(key) && Math.abs(key as number) <= maxInteger),
        );
        if (!keys.length) return [];
        const rows = await this.rows(
            `SELECT * FROM ${quote(collection)} WHERE id = ANY($1::${text ? 'text' : 'integer'}[])`,
            [keys],
        );
        return rows.map(row => recordOf(collection, row) as RecordOf<C>);
    }

    private where(
        collection: CollectionName,
        params: Params,
        query: Pick<ListQuery, 'filters' | 'search' | 'searchFields'>,
    ): string {
        const conditions = query.filters.map(filter => filterCondition(collection, filter, params));
        if (query.search) conditions.push(searchCondition(collection, query.search, query.searchFields, params));
        return conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
    }

    async select<C extends CollectionName>(
        collection: C,
        where?: Where,
        options: SelectOptions = {},
    ): Promise<RecordOf<C>[]> {
        const params = new Params();
        const condition = this.where(collection, params, { filters: filtersOf(where) });
        const limit = options.limit === undefined ? '' : ` LIMIT ${params.add(options.limit)}`;
        const rows = await this.rows(
            `SELECT * FROM ${quote(collection)} ${condition} ORDER BY ${orderBy(collection, options.sort ?? { field: 'id', order: 'ASC' })}${limit}`,
            params.values,
        );
        return rows.map(row => recordOf(collection, row) as RecordOf<C>);
    }

    async count<C extends CollectionName>(collection: C, where?: Where): Promise<number> {
        return this.countOf(collection, { filters: filtersOf(where) });
    }

    private async countOf(
        collection: CollectionName,
        query: Pick<ListQuery, 'filters' | 'search' | 'searchFields'>,
    ): Promise<number> {
        const params = new Params();
        const rows = await this.rows(
            `SELECT count(*) AS total FROM ${quote(collection)} ${this.where(collection, params, query)}`,
            params.values,
        );
        return rows[0].total as number;
    }

    async list<C extends CollectionName>(collection: C, query: ListQuery): Promise<Page<RecordOf<C>>> {
        const params = new Params();
        const condition = this.where(collection, params, query);
        // The page and the count apart: counted in the same statement, every match would be sorted to
        // find 25, where a sorted index reads just those.
        const rows = await this.rows(
            `SELECT * FROM ${quote(collection)} ${condition} ORDER BY ${orderBy(collection, query.sort)} ` +
                `LIMIT ${params.add(query.range.end - query.range.start + 1)} OFFSET ${params.add(query.range.start)}`,
            params.values,
        );
        const total =
            rows.length < query.range.end - query.range.start + 1 && (rows.length > 0 || query.range.start === 0)
                ? query.range.start + rows.length
                : await this.countOf(collection, query);
        return { records: rows.map(row => recordOf(collection, row) as RecordOf<C>), total };
    }

    async prototypeNames(): Promise<string[]> {
        return (await this.rows('SELECT name FROM prototype_collections ORDER BY position')).map(
            row => row.name as string,
        );
    }

    async prototypeRecords(name: string): Promise<readonly Row[] | undefined> {
        const rows = await this.rows(
            `SELECT r.record FROM prototype_collections c LEFT JOIN prototype_records r ON r.collection = c.name WHERE c.name = $1 ORDER BY r.position`,
            [name],
        );
        if (!rows.length) return undefined;
        return rows.filter(row => row.record !== null).map(row => freezeRecord(row.record as Row));
    }

    async getPrototype(name: string, id: Id): Promise<Row | undefined> {
        const rows = await this.rows('SELECT record FROM prototype_records WHERE collection = $1 AND key = $2', [
            name,
            String(idKey(id)),
        ]);
        return rows[0] && freezeRecord(rows[0].record as Row);
    }

    async prototypePage(
        name: string,
        query: PrototypePageQuery,
    ): Promise<{ records: Row[]; total: number } | undefined> {
        return readPrototypePage((sql, values) => this.rows(sql, values), name, query);
    }

    async prototypeReferrers(field: string, id: Id): Promise<{ collection: string; count: number }[]> {
        return prototypeReferrers((sql, values) => this.rows(sql, values), field, id);
    }
}

export class PgTransaction extends PgReader implements Transaction {
    /** The query before the next one: a connection answers one at a time, so rules that ask for several at once (Promise.all) wait their turn here. */
    private previous: Promise<unknown> = Promise.resolve();
    /** What this transaction claimed already: claimed once, held until it ends. */
    private readonly claimed = new Set<string>();
    /**
     * The claimed rows as they stand: nobody else can change them until this transaction ends, and its own
     * updates are kept here, so that reading one again needs no query (a booking reads its class under the
     * claim).
     */
    private readonly claimedRows = new Map<string, Record<string, unknown>>();

    protected override rows(sql: string, values: unknown[] = []): Promise<Record<string, unknown>[]> {
        const answer = this.previous.then(() => super.rows(sql, values));
        this.previous = answer.catch(() => undefined);
        return answer;
    }

    /**
     * Locks the rows in id order (SELECT ... FOR UPDATE) and writes them unchanged: a row version of
     * their own, so that a SERIALIZABLE transaction whose snapshot is older than this claim's commit
     * fails to claim them (and runs again with what this one wrote) instead of counting without it.
     */
    async claim<C extends CollectionName>(collection: C, ids: Id[]): Promise<void> {
        const text = tables[collection][0].kind === 'textId';
        const keys = [...new Set(ids.map(id => (text ? String(id) : idKey(id))))].filter(
            key =>
                (text || (Number.isInteger(key) && Math.abs(key as number) <= maxInteger)) &&
                !this.claimed.has(`${collection} ${key}`),
        );
        if (!keys.length) return;
        for (const key of keys) this.claimed.add(`${collection} ${key}`);
        const table = quote(collection);
        const rows = await this.rows(
            `UPDATE ${table} SET id = claimed.id
               FROM (SELECT id FROM ${table} WHERE id = ANY($1::${text ? 'text' : 'integer'}[]) ORDER BY id FOR UPDATE) AS claimed
              WHERE ${table}.id = claimed.id
              RETURNING ${table}.*`,
            [keys],
        );
        for (const row of rows) this.claimedRows.set(`${collection} ${String(row.id)}`, row);
    }

    override async getMany<C extends CollectionName>(collection: C, ids: Id[]): Promise<RecordOf<C>[]> {
        const held = ids
            .map(id => this.claimedRows.get(`${collection} ${String(idKey(id))}`))
            .filter((row): row is Record<string, unknown> => row !== undefined);
        if (!held.length) return super.getMany(collection, ids);
        const rest = ids.filter(id => !this.claimedRows.has(`${collection} ${String(idKey(id))}`));
        const others = rest.length ? await super.getMany(collection, rest) : [];
        const seen = new Set<unknown>();
        return [...held.map(row => recordOf(collection, row) as RecordOf<C>), ...others].filter(record =>
            seen.has(record.id) ? false : (seen.add(record.id), true),
        );
    }
    async insert<C extends CollectionName>(collection: C, input: NewRecord<C>): Promise<RecordOf<C>> {
        // The server stamps what it creates by its own clock (src/server/http/audit.ts): only a record
        // written straight to the storage (the scripts, the engines' own tests) is stamped here.
        const createdAt = input.createdAt ?? systemClock().toISOString();
        const record = { ...input, createdAt } as Record<string, unknown>;
        const { columns, values } = valuesOf(collection, record);
        const params = new Params();
        const placeholders = values.map(value => params.add(value));
        const rows = await this.rows(
            `INSERT INTO ${quote(collection)} (${columns.map(quote).join(', ')}) VALUES (${placeholders.join(', ')}) RETURNING *`,
            params.values,
        );
        return recordOf(collection, rows[0]) as RecordOf<C>;
    }

    /**
     * Consecutive records with the same fields go in one INSERT of many rows (PostgreSQL answers RETURNING
     * in the order of VALUES), each statement under the protocol's limit of parameters.
     */
    async insertMany<C extends CollectionName>(collection: C, inputs: NewRecord<C>[]): Promise<RecordOf<C>[]> {
        const stored: RecordOf<C>[] = [];
        let columns: string[] = [];
        let rows: unknown[][] = [];
        const flush = async () => {
            if (!rows.length) return;
            const params = new Params();
            const tuples = rows.map(values => `(${values.map(value => params.add(value)).join(', ')})`);
            const answered = await this.rows(
                `INSERT INTO ${quote(collection)} (${columns.map(quote).join(', ')}) VALUES ${tuples.join(', ')} RETURNING *`,
                params.values,
            );
            for (const row of answered) stored.push(recordOf(collection, row) as RecordOf<C>);
            rows = [];
        };
        for (const input of inputs) {
            const createdAt = input.createdAt ?? systemClock().toISOString();
            const shape = valuesOf(collection, { ...input, createdAt } as Record<string, unknown>);
            const same = shape.columns.join(',') === columns.join(',');
            if (!same || (rows.length + 1) * shape.columns.length > maxParameters) await flush();
            columns = shape.columns;
            rows.push(shape.values);
        }
        await flush();
        return stored;
    }

    async update<C extends CollectionName>(collection: C, input: RecordOf<C>): Promise<RecordOf<C>> {
        const record = input as Record<string, unknown>;
        valuesOf(collection, record);
        const params = new Params();
        // The whole record is replaced: a field it no longer has becomes NULL.
        const assignments = tables[collection]
            .filter(column => column.name !== 'id')
            .map(column => {
                const value = record[column.name] ?? null;
                return `${quote(column.name)} = ${params.add(column.kind === 'json' && value !== null ? JSON.stringify(value) : value)}`;
            });
        const rows = await this.rows(
            `UPDATE ${quote(collection)} SET ${assignments.join(', ')} WHERE id = ${params.add(record.id)} RETURNING *`,
            params.values,
        );
        if (!rows.length) throw new Error(`${collection} ${String(record.id)} does not exist`);
        const key = `${collection} ${String(rows[0].id)}`;
        if (this.claimedRows.has(key)) this.claimedRows.set(key, rows[0]);
        return recordOf(collection, rows[0]) as RecordOf<C>;
    }

    async remove<C extends CollectionName>(collection: C, id: Id): Promise<void> {
        const key = tables[collection][0].kind === 'textId' ? String(id) : idKey(id);
        if (
            tables[collection][0].kind !== 'textId' &&
            !(Number.isInteger(key) && Math.abs(key as number) <= maxInteger)
        )
            return;
        await this.rows(`DELETE FROM ${quote(collection)} WHERE id = $1`, [key]);
        this.claimedRows.delete(`${collection} ${String(key)}`);
    }

    /** One DELETE per many thousand ids (an array parameter); ids no record can have are skipped as remove() does. */
    async removeMany<C extends CollectionName>(collection: C, ids: Id[]): Promise<void> {
        const text = tables[collection][0].kind === 'textId';
        const keys = ids
            .map(id => (text ? String(id) : idKey(id)))
            .filter(key => text || (Number.isInteger(key) && Math.abs(key as number) <= maxInteger));
        for (let start = 0; start < keys.length; start += 10_000) {
            const chunk = keys.slice(start, start + 10_000);
            await this.rows(`DELETE FROM ${quote(collection)} WHERE id = ANY($1)`, [chunk]);
            for (const key of chunk) this.claimedRows.delete(`${collection} ${String(key)}`);
        }
    }

    /** The id json-server would give a new record: the next integer, or random text in a collection whose ids are all text. */
    private async newPrototypeId(name: string): Promise<Id> {
        await this.rows('INSERT INTO prototype_collections (name) VALUES ($1) ON CONFLICT (name) DO NOTHING', [name]);
        const [counter] = await this.rows('SELECT next_id FROM prototype_collections WHERE name = $1 FOR UPDATE', [
            name,
        ]);
        const [kinds] = await this.rows(
            `SELECT count(*) AS total, count(*) FILTER (WHERE jsonb_typeof(record->'id') = 'number') AS numbers,
                    coalesce(max((record->>'id')::numeric) FILTER (WHERE jsonb_typeof(record->'id') = 'number'), 0) AS highest
               FROM prototype_records WHERE collection = $1`,
            [name],
        );
        if ((kinds.total as number) > 0 && (kinds.numbers as number) === 0) {
            for (;;) {
                const id = randomBytes(6).toString('base64url').slice(0, 7);
                if (!(await this.getPrototype(name, id))) return id;
            }
        }
        const next = Math.max(counter.next_id as number, (kinds.highest as number) + 1);
        await this.rows('UPDATE prototype_collections SET next_id = $2 WHERE name = $1', [name, next + 1]);
        return next;
    }

    async putPrototype(name: string, input: NewPrototypeRecord): Promise<Row> {
        if (isStudioCollection(name)) throw new Error(`${name} is not a prototype collection`);
        if ((await this.rows('SELECT 1 FROM database_extras WHERE key = $1', [name])).length) {
            throw new StorageConflict(`"${name}" is a value of the database that is not a collection of records`);
        }
        const id = input.id ?? (await this.newPrototypeId(name));
        const record = freezeRecord({ ...input, id } as Row);
        await this.rows('INSERT INTO prototype_collections (name) VALUES ($1) ON CONFLICT (name) DO NOTHING', [name]);
        await this.rows(
            `INSERT INTO prototype_records (collection, key, record) VALUES ($1, $2, $3)
             ON CONFLICT (collection, key) DO UPDATE SET record = EXCLUDED.record`,
            [name, String(idKey(id)), JSON.stringify(record)],
        );
        return record;
    }

    async removePrototype(name: string, id: Id): Promise<void> {
        await this.rows('DELETE FROM prototype_records WHERE collection = $1 AND key = $2', [name, String(idKey(id))]);
    }
}
