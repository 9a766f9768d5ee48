import { randomBytes } from 'node:crypto';
import { collections } from '../../../domain/collections';
import { refersTo } from '../../../domain/prototypes';
import { isStudioCollection } from '../../../domain/roles';
import { systemClock } from '../../../domain/time';
import type { CollectionName } from '../../../domain/types';
import { filterTest, matchesSearch, sortComparator } from '../match';
import type { MemoryData, Operation, Selection } from './memory';
import { freezeRecord, idKey, type IdKey } from '../records';
import {
    filtersOf,
    StorageConflict,
    type Id,
    type ListQuery,
    type NewPrototypeRecord,
    type NewRecord,
    type Page,
    type PrototypePageQuery,
    type Reader,
    type RecordOf,
    type Row,
    type SelectOptions,
    type Transaction,
    type Where,
} from '../types';

/*
 * Reads and writes over the db.json engine's memory. Reads outside a transaction see what is committed;
 * a transaction keeps its writes aside and its reads see them over the committed records, so nothing
 * it does is visible to anyone until it commits, and a transaction that throws leaves no trace.
 */

export class MemoryReader implements Reader {
    constructor(protected readonly data: () => MemoryData) {}

    /** Without a promise per record: getMany of thousands of ids would spend its time waiting on them. */
    protected getNow(collection: CollectionName, id: Id): Row | undefined {
        return this.data().get(collection, id);
    }

    async get<C extends CollectionName>(collection: C, id: Id): Promise<RecordOf<C> | undefined> {
        return this.getNow(collection, id) as RecordOf<C> | undefined;
    }

    async getMany<C extends CollectionName>(collection: C, ids: Id[]): Promise<RecordOf<C>[]> {
        const found: RecordOf<C>[] = [];
        for (const id of new Set(ids.map(idKey))) {
            const record = this.getNow(collection, id);
            if (record) found.push(record as RecordOf<C>);
        }
        return found;
    }

    async select<C extends CollectionName>(
        collection: C,
        where?: Where,
        options: SelectOptions = {},
    ): Promise<RecordOf<C>[]> {
        const records = this.data()
            .collection(collection)
            .select({ filters: filtersOf(where) }, options.sort);
        return (options.limit === undefined ? records : records.slice(0, options.limit)) as RecordOf<C>[];
    }

    async count<C extends CollectionName>(collection: C, where?: Where): Promise<number> {
        return this.data()
            .collection(collection)
            .count({ filters: filtersOf(where) });
    }

    async prototypeNames(): Promise<string[]> {
        return [...this.data().prototypes];
    }

    async prototypeRecords(name: string): Promise<readonly Row[] | undefined> {
        const collection = this.data().prototype(name);
        return collection && [...collection.records.values()].map(freezeRecord);
    }

    async getPrototype(name: string, id: Id): Promise<Row | undefined> {
        const row = this.data().prototype(name)?.records.get(idKey(id));
        return row && freezeRecord(row);
    }

    /** In memory json-server reads a whole collection as fast as any page of it. */
    async prototypePage(_name: string, _query: PrototypePageQuery): Promise<undefined> {
        return undefined;
    }

    async prototypeReferrers(field: string, id: Id): Promise<{ collection: string; count: number }[]> {
        const found: { collection: string; count: number }[] = [];
        for (const name of await this.prototypeNames()) {
            const count = ((await this.prototypeRecords(name)) ?? []).filter(row => refersTo(row[field], id)).length;
            if (count) found.push({ collection: name, count });
        }
        return found;
    }

    async list<C extends CollectionName>(collection: C, query: ListQuery): Promise<Page<RecordOf<C>>> {
        const { records, total } = this.data()
            .collection(collection)
            .page(
                { filters: query.filters, search: query.search, searchFields: query.searchFields },
                query.sort,
                query.range.start,
                query.range.end + 1,
            );
        return { records: records as RecordOf<C>[], total };
    }
}

export class MemoryTransaction extends MemoryReader implements Transaction {
    /** The records this transaction wrote, by collection and id: null for removed. */
    private readonly writes = new Map<string, Map<IdKey, Row | null>>();
    private readonly order: Operation[] = [];

    private written(collection: string): Map<IdKey, Row | null> | undefined {
        const writes = this.writes.get(collection);
        return writes && writes.size ? writes : undefined;
    }

    protected override getNow(collection: CollectionName, id: Id): Row | undefined {
        const mine = this.written(collection)?.get(idKey(id));
        if (mine !== undefined) return mine ?? undefined;
        return super.getNow(collection, id);
    }

    /** The committed matches with this transaction's writes laid over them, sorted. */
    private overlaid(
        collection: CollectionName,
        query: Selection,
        sort = { field: 'id', order: 'ASC' as const },
    ): Row[] {
        const writes = this.written(collection) as Map<IdKey, Row | null>;
        const tests = query.filters.map(filterTest);
        const test = (row: Row) =>
            tests.every(one => one(row)) &&
            (!query.search || matchesSearch(collection, row, query.search, query.searchFields));
        const committed = this.data()
            .collection(collection)
            .select({ filters: query.filters, search: query.search, searchFields: query.searchFields });
        const rows = committed.filter(row => !writes.has(idKey(row.id)));
        writes.forEach(row => row && test(row) && rows.push(row));
        return rows.sort(sortComparator(sort));
    }

    override async select<C extends CollectionName>(
        collection: C,
        where?: Where,
        options: SelectOptions = {},
    ): Promise<RecordOf<C>[]> {
        if (!this.written(collection)) return super.select(collection, where, options);
        const rows = this.overlaid(collection, { filters: filtersOf(where) }, options.sort as never);
        return (options.limit === undefined ? rows : rows.slice(0, options.limit)) as RecordOf<C>[];
    }

    override async count<C extends CollectionName>(collection: C, where?: Where): Promise<number> {
        if (!this.written(collection)) return super.count(collection, where);
        return this.overlaid(collection, { filters: filtersOf(where) }).length;
    }

    override async list<C extends CollectionName>(collection: C, query: ListQuery): Promise<Page<RecordOf<C>>> {
        if (!this.written(collection)) return super.list(collection, query);
        const rows = this.overlaid(collection, query, query.sort as never);
        return { records: rows.slice(query.range.start, query.range.end + 1) as RecordOf<C>[], total: rows.length };
    }

    private write(collection: string, key: IdKey, row: Row | null, operation: Operation) {
        let writes = this.writes.get(collection);
        if (!writes) this.writes.set(collection, (writes = new Map()));
        writes.set(key, row);
        this.order.push(operation);
    }

    async insert<C extends CollectionName>(collection: C, input: NewRecord<C>): Promise<RecordOf<C>> {
        const kind = collections[collection].idKind;
        const id = input.id ?? (kind === 'integer' ? this.data().nextId(collection) : undefined);
        if (id === undefined) throw new Error(`A record of ${collection} needs its id`);
        if ((await this.get(collection, id)) !== undefined)
            throw new Error(`${collection} ${String(id)} already exists`);
        const record = freezeRecord({
            id,
            ...input,
            // The server stamps what it creates by its own clock (src/server/http/audit.ts): only a record
            // written straight to the storage (the scripts, the engines' own tests) is stamped here.
            createdAt: input.createdAt ?? systemClock().toISOString(),
        } as Row);
        this.write(collection, idKey(id), record, { op: 'put', collection, record });
        return record as RecordOf<C>;
    }

    async insertMany<C extends CollectionName>(collection: C, inputs: NewRecord<C>[]): Promise<RecordOf<C>[]> {
        const stored: RecordOf<C>[] = [];
        for (const input of inputs) stored.push(await this.insert(collection, input));
        return stored;
    }

    async update<C extends CollectionName>(collection: C, input: RecordOf<C>): Promise<RecordOf<C>> {
        if ((await this.get(collection, input.id)) === undefined)
            throw new Error(`${collection} ${String(input.id)} does not exist`);
        const record = freezeRecord({ ...input } as Row);
        this.write(collection, idKey(record.id), record, { op: 'put', collection, record });
        return record as RecordOf<C>;
    }

    async remove<C extends CollectionName>(collection: C, id: Id): Promise<void> {
        const record = await this.get(collection, id);
        if (record === undefined) return;
        this.write(collection, idKey(id), null, { op: 'delete', collection, id: record.id });
    }

    async removeMany<C extends CollectionName>(collection: C, ids: Id[]): Promise<void> {
        for (const id of ids) await this.remove(collection, id);
    }

    override async prototypeNames(): Promise<string[]> {
        const names = await super.prototypeNames();
        // Collections this transaction made with their first record.
        for (const name of this.writes.keys()) if (!names.includes(name) && !isStudioCollection(name)) names.push(name);
        return names;
    }

    override async prototypeRecords(name: string): Promise<readonly Row[] | undefined> {
        const committed = await super.prototypeRecords(name);
        const writes = this.written(name);
        if (!writes) return committed;
        const rows = (committed ?? [])
            .map(row => (writes.has(idKey(row.id)) ? writes.get(idKey(row.id)) : row))
            .filter((row): row is Row => !!row);
        const known = new Set((committed ?? []).map(row => idKey(row.id)));
        writes.forEach((row, key) => row && !known.has(key) && rows.push(row));
        return rows;
    }

    override async getPrototype(name: string, id: Id): Promise<Row | undefined> {
        const mine = this.written(name)?.get(idKey(id));
        if (mine !== undefined) return mine ?? undefined;
        return super.getPrototype(name, id);
    }

    /** The id json-server would give a new record: the next integer, or random text in a collection whose ids are all text. */
    private async newPrototypeId(name: string): Promise<Id> {
        const committed = this.data().prototype(name);
        const rows = (await this.prototypeRecords(name)) ?? [];
        if (rows.length && !rows.some(row => typeof row.id === 'number')) {
            let id: string;
            do id = randomBytes(6).toString('base64url').slice(0, 7);
            while (rows.some(row => row.id === id));
            return id;
        }
        const next = Math.max(
            committed?.nextId ?? 1,
            this.freshIds.get(name) ?? 1,
            ...rows.map(row => (typeof row.id === 'number' ? row.id + 1 : 1)),
        );
        this.freshIds.set(name, next + 1);
        if (committed) committed.nextId = next + 1;
        return next;
    }

    /** Ids given in this transaction, by prototype collection. */
    private readonly freshIds = new Map<string, number>();

    async putPrototype(name: string, input: NewPrototypeRecord): Promise<Row> {
        if (isStudioCollection(name)) throw new Error(`${name} is not a prototype collection`);
        if (Object.hasOwn(this.data().extras, name))
            throw new StorageConflict(`"${name}" is a value of the database that is not a collection of records`);
        const id = input.id ?? (await this.newPrototypeId(name));
        const record = freezeRecord({ ...input, id } as Row);
        this.write(name, idKey(id), record, { op: 'put', collection: name, record });
        return record;
    }

    async removePrototype(name: string, id: Id): Promise<void> {
        const record = await this.getPrototype(name, id);
        if (record === undefined) return;
        this.write(name, idKey(id), null, { op: 'delete', collection: name, id: record.id });
    }

    /** Nothing to claim: this engine runs one transaction at a time. */
    async claim(): Promise<void> {}

    /** What to apply and journal: the last write of each record this transaction touched. */
    operations(): Operation[] {
        const last = new Map<string, Operation>();
        for (const operation of this.order) {
            const id = operation.op === 'put' ? operation.record.id : operation.id;
            const key = `${operation.collection}\u0000${idKey(id)}`;
            last.delete(key);
            last.set(key, operation);
        }
        return [...last.values()];
    }
}
