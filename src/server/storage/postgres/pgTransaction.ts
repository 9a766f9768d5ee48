import { systemClock } from '../../../domain/time';
import type { CollectionName } from '../../../domain/types';
import { idKey } from '../records';
import type { Id, NewPrototypeRecord, NewRecord, RecordOf, Row, Transaction } from '../types';
import { PgReader } from './pgReader';
import { putPrototype, removePrototype } from './prototypeWrites';
import { quote, recordOf, rowKey, tables } from './tables';
import { insertStatement, maxParameters, updateStatement, valuesOf } from './writeStatements';

/*
 * Writing the studio's tables inside one transaction of the PostgreSQL engine (pgStorage.ts opens it),
 * on top of the reads it shares with the storage (pgReader.ts): its statements one at a time on its
 * connection, the rows it claimed, and the writes, whose statements are built in writeStatements.ts.
 */

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
        const keys = [...new Set(ids.map(id => rowKey(collection, id)))].filter(
            key => key !== undefined && !this.claimed.has(`${collection} ${key}`),
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
        const { columns, values } = valuesOf(collection, { ...input, createdAt } as Record<string, unknown>);
        const statement = insertStatement(collection, columns, [values]);
        const rows = await this.rows(statement.sql, statement.values);
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
            const statement = insertStatement(collection, columns, rows);
            const answered = await this.rows(statement.sql, statement.values);
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
        const statement = updateStatement(collection, record);
        const rows = await this.rows(statement.sql, statement.values);
        if (!rows.length) throw new Error(`${collection} ${String(record.id)} does not exist`);
        const key = `${collection} ${String(rows[0].id)}`;
        if (this.claimedRows.has(key)) this.claimedRows.set(key, rows[0]);
        return recordOf(collection, rows[0]) as RecordOf<C>;
    }

    async remove<C extends CollectionName>(collection: C, id: Id): Promise<void> {
        const key = rowKey(collection, id);
        if (key === undefined) return;
        await this.rows(`DELETE FROM ${quote(collection)} WHERE id = $1`, [key]);
        this.claimedRows.delete(`${collection} ${String(key)}`);
    }

    /** One DELETE per many thousand ids (an array parameter); ids no record can have are skipped as remove() does. */
    async removeMany<C extends CollectionName>(collection: C, ids: Id[]): Promise<void> {
        const keys = ids.map(id => rowKey(collection, id)).filter(key => key !== undefined);
        for (let start = 0; start < keys.length; start += 10_000) {
            const chunk = keys.slice(start, start + 10_000);
            await this.rows(`DELETE FROM ${quote(collection)} WHERE id = ANY($1)`, [chunk]);
            for (const key of chunk) this.claimedRows.delete(`${collection} ${String(key)}`);
        }
    }

    async putPrototype(name: string, input: NewPrototypeRecord): Promise<Row> {
        return putPrototype(this.run, name, input);
    }

    async removePrototype(name: string, id: Id): Promise<void> {
        return removePrototype(this.run, name, id);
    }
}
