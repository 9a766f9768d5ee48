import type pg from 'pg';
import type { CollectionName } from '../../../domain/types';
import {
    filtersOf,
    StorageConflict,
    type Id,
    type ListQuery,
    type Page,
    type PrototypePageQuery,
    type RecordOf,
    type Row,
    type SelectOptions,
    type Where,
} from '../types';
import {
    prototypeReferrers,
    readPrototype,
    readPrototypeNames,
    readPrototypePage,
    readPrototypeRecords,
    type Rows,
} from './prototypeReads';
import { filterCondition, orderBy, Params, searchCondition } from './sql';
import { quote, recordOf, rowKey, tables } from './tables';

/*
 * Reading the studio's tables in the PostgreSQL engine, on the pool (pgStorage.ts) or inside one
 * transaction (pgTransaction.ts, which adds the writes): a record is a row, the storage boundary's
 * filters become SQL conditions (sql.ts), and a unique key that would be broken is a StorageConflict
 * (409). Apart from the writes, since the storage itself reads outside any transaction.
 */

type Queryable = Pick<pg.PoolClient, 'query'>;

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

    /** Statements run as this reader runs them, for the prototypes' reads and writes. */
    protected readonly run: Rows = (sql, values) => this.rows(sql, values);

    async get<C extends CollectionName>(collection: C, id: Id): Promise<RecordOf<C> | undefined> {
        return (await this.getMany(collection, [id]))[0];
    }

    async getMany<C extends CollectionName>(collection: C, ids: Id[]): Promise<RecordOf<C>[]> {
        if (!ids.length) return [];
        const text = tables[collection][0].kind === 'textId';
        const keys = [...new Set(ids.map(id => rowKey(collection, id)))].filter(key => key !== undefined);
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
        return readPrototypeNames(this.run);
    }

    async prototypeRecords(name: string): Promise<readonly Row[] | undefined> {
        return readPrototypeRecords(this.run, name);
    }

    async getPrototype(name: string, id: Id): Promise<Row | undefined> {
        return readPrototype(this.run, name, id);
    }

    async prototypePage(
        name: string,
        query: PrototypePageQuery,
    ): Promise<{ records: Row[]; total: number } | undefined> {
        return readPrototypePage(this.run, name, query);
    }

    async prototypeReferrers(field: string, id: Id): Promise<{ collection: string; count: number }[]> {
        return prototypeReferrers(this.run, field, id);
    }
}
