import { collectionNames, collections } from '../../domain/collections';
import { isPrototype } from '../../domain/prototypes';
import type { CollectionName } from '../../domain/types';
import { compareBound, compareValues, filterTest, indexKey, matchesSearch, sortComparator } from './match';
import type { Filter, Row, Scalar, Sort } from './types';

/*
 * The db.json engine's memory: each collection a Map by id (in file order, so the file stays diffable),
 * an equality index on every field that lists and features filter on, and sorted indexes made on first
 * use for sorts and ranges and kept up to date on every write. Queries start from the smallest
 * candidate set an index gives and test the rest of the conditions on those only.
 */

/** Equality-indexed fields beyond the references every collection declares. */
const extraIndexed: Partial<Record<CollectionName, string[]>> = {
    users: ['email', 'role'],
    attendances: ['unpaid'],
    passes: ['visitsTotal'],
    paymentLinks: ['status'],
    statuses: ['name'],
    // The History panels of a customer, a pass and a class, and the trail's filters.
    // Closed periods with adjustments in a period, for the studio's pay.
    payPeriods: ['adjustedOn'],
    auditEntries: ['customerId', 'passId', 'eventId', 'collection', 'recordId', 'userId', 'action'],
};

const indexedFields = (collection: CollectionName): string[] => [
    ...new Set([
        ...collections[collection].references.map(reference => reference.field),
        ...(extraIndexed[collection] ?? []),
    ]),
];

/** A change of one record: the whole record to store, or its removal. */
export type Operation =
    { op: 'put'; collection: string; record: Row } | { op: 'delete'; collection: string; id: Row['id'] };

/** How a record is found by id: integer ids as numbers (no text made per lookup), so "5" and 5 find the same record. */
export type IdKey = string | number;
export const idKey = (id: unknown): IdKey => {
    if (typeof id === 'number') return id;
    const text = String(id);
    const number = Number(text);
    return Number.isSafeInteger(number) && String(number) === text ? number : text;
};

type Key = string | number;

const keysOf = (value: unknown): Key[] =>
    Array.isArray(value) ? [...new Set(value.map(indexKey))] : [indexKey(value)];

/** Records by the value of one field (each element of a list field counts). */
class EqualityIndex {
    private readonly buckets = new Map<Key, Row[]>();

    constructor(readonly field: string) {}

    add(row: Row) {
        for (const key of keysOf(row[this.field])) {
            const bucket = this.buckets.get(key);
            if (bucket) bucket.push(row);
            else this.buckets.set(key, [row]);
        }
    }

    remove(row: Row) {
        for (const key of keysOf(row[this.field])) {
            const bucket = this.buckets.get(key);
            if (!bucket) continue;
            const at = bucket.indexOf(row);
            if (at < 0) continue;
            // Order within a bucket does not matter: answers are ordered afterwards.
            bucket[at] = bucket[bucket.length - 1];
            bucket.pop();
            if (bucket.length === 0) this.buckets.delete(key);
        }
    }

    /** Every record holding one of the values (a superset of an exact match: keys ignore case). */
    find(values: Scalar[]): Row[] {
        const keys = [...new Set(values.map(indexKey))];
        if (keys.length === 1) return this.buckets.get(keys[0]) ?? [];
        const found = new Set<Row>();
        for (const key of keys) this.buckets.get(key)?.forEach(row => found.add(row));
        return [...found];
    }

    size(values: Scalar[]): number {
        let size = 0;
        for (const key of new Set(values.map(indexKey))) size += this.buckets.get(key)?.length ?? 0;
        return size;
    }
}

/** Range order: nothing first, then numbers by value and text character by character. */
const rangeOrder = (a: unknown, b: unknown): number => {
    if (a === b) return 0;
    if (a === null || a === undefined) return -1;
    if (b === null || b === undefined) return 1;
    if (typeof a === 'number' && typeof b === 'number') return a - b;
    return compareBound(a, String(b));
};

/** Records in the order of one field, then id: for sorted pages without sorting, and for ranges. */
class SortedIndex {
    readonly rows: Row[];
    private readonly order: (a: Row, b: Row) => number;

    constructor(
        readonly field: string,
        readonly kind: 'sort' | 'range',
        rows: Iterable<Row>,
    ) {
        const byValue = kind === 'sort' ? compareValues : rangeOrder;
        this.order = (a, b) => byValue(a[field], b[field]) || compareValues(a.id, b.id);
        this.rows = [...rows].sort(this.order);
    }

    private position(row: Row): number {
        let low = 0;
        let high = this.rows.length;
        while (low < high) {
            const middle = (low + high) >>> 1;
            if (this.order(this.rows[middle], row) < 0) low = middle + 1;
            else high = middle;
        }
        return low;
    }

    add(row: Row) {
        this.rows.splice(this.position(row), 0, row);
    }

    remove(row: Row) {
        const at = this.position(row);
        if (this.rows[at] === row) this.rows.splice(at, 1);
        else {
            const found = this.rows.indexOf(row);
            if (found >= 0) this.rows.splice(found, 1);
        }
    }

    /** The first position whose value passes `test` (values are in order, so the passing ones are a suffix). */
    private firstWhere(test: (value: unknown) => boolean): number {
        let low = 0;
        let high = this.rows.length;
        while (low < high) {
            const middle = (low + high) >>> 1;
            if (test(this.rows[middle][this.field])) high = middle;
            else low = middle + 1;
        }
        return low;
    }

    /** The positions [from, to) of the records within the bounds. */
    bounds(gte: (string | number)[], lte: (string | number)[]): [number, number] {
        const present = (value: unknown) => value !== null && value !== undefined;
        const from = this.firstWhere(value => present(value) && gte.every(bound => compareBound(value, bound) >= 0));
        const to = this.firstWhere(value => present(value) && lte.some(bound => compareBound(value, bound) > 0));
        return [from, Math.max(from, to)];
    }

    /** Records in the asked direction; equal values keep ascending ids, as a sort does. */
    inOrder(order: Sort['order']): Row[] {
        if (order === 'ASC') return this.rows;
        const reversed: Row[] = [];
        let end = this.rows.length;
        while (end > 0) {
            let start = end - 1;
            while (start > 0 && compareValues(this.rows[start - 1][this.field], this.rows[end - 1][this.field]) === 0)
                start--;
            for (let at = start; at < end; at++) reversed.push(this.rows[at]);
            end = start;
        }
        return reversed;
    }
}

export interface Selection {
    filters: Filter[];
    search?: string;
    searchFields?: string[];
}

/** Records frozen in one turn of the event loop after start-up: a few milliseconds of work. */
const freezeSlice = 5000;

/** A sort asked for with candidates above this share of the collection walks the sorted index instead. */
const walkShare = 0.125;

/**
 * One collection with its indexes. Indexes are made when first asked for (or by `warmUp` after
 * start-up), so that a large database starts quickly, and are then kept up to date by every write.
 */
class Collection {
    readonly records = new Map<IdKey, Row>();
    private readonly equality = new Map<string, EqualityIndex>();
    private readonly sorted = new Map<string, SortedIndex>();
    nextId = 1;

    constructor(
        readonly name: string,
        rows: Row[],
        private readonly indexable: string[],
    ) {
        for (const row of rows) {
            this.records.set(idKey(row.id), row);
            if (typeof row.id === 'number' && row.id >= this.nextId) this.nextId = row.id + 1;
        }
    }

    private equalityIndex(field: string): EqualityIndex | undefined {
        let index = this.equality.get(field);
        if (!index && this.indexable.includes(field)) {
            index = new EqualityIndex(field);
            for (const row of this.records.values()) index.add(row);
            this.equality.set(field, index);
        }
        return index;
    }

    /** Records loaded from the file and not yet frozen, frozen a slice at a time after start-up. */
    private unfrozen: Row[] | undefined;

    /** Does one piece of the work put off at start-up (an index, a slice of records to freeze); answers false when none is left. */
    warmUp(): boolean {
        const field = this.indexable.find(candidate => !this.equality.has(candidate));
        if (field !== undefined) {
            this.equalityIndex(field);
            return true;
        }
        this.unfrozen ??= [...this.records.values()];
        if (this.unfrozen.length === 0) return false;
        this.unfrozen.splice(-freezeSlice).forEach(freezeRecord);
        return true;
    }

    put(row: Row) {
        const key = idKey(row.id);
        const before = this.records.get(key);
        if (before) this.unindex(before);
        this.records.set(key, row);
        if (typeof row.id === 'number' && row.id >= this.nextId) this.nextId = row.id + 1;
        this.equality.forEach(index => index.add(row));
        this.sorted.forEach(index => index.add(row));
    }

    delete(id: unknown) {
        const key = idKey(id);
        const before = this.records.get(key);
        if (!before) return;
        this.unindex(before);
        this.records.delete(key);
    }

    private unindex(row: Row) {
        this.equality.forEach(index => index.remove(row));
        this.sorted.forEach(index => index.remove(row));
    }

    sortedBy(field: string, kind: 'sort' | 'range'): SortedIndex {
        const key = `${kind}:${field}`;
        let index = this.sorted.get(key);
        if (!index) {
            index = new SortedIndex(field, kind, this.records.values());
            this.sorted.set(key, index);
        }
        return index;
    }

    /**
     * The smallest set of records an index guarantees to hold every match, as its size and a way to
     * list it (listed only when used), or undefined when no index helps.
     */
    private candidates(filters: Filter[]): { size: number; rows: () => Row[] } | undefined {
        let best: { size: number; rows: () => Row[] } | undefined;
        const offer = (size: number, rows: () => Row[]) => {
            if (!best || size < best.size) best = { size, rows };
        };
        const ranges = new Map<string, { gte: (string | number)[]; lte: (string | number)[] }>();
        for (const filter of filters) {
            if (filter.kind === 'equals') {
                if (filter.field === 'id') {
                    // "5" and 5, or 5 named twice, are one record.
                    const keys = [...new Set(filter.values.map(idKey))];
                    offer(keys.length, () =>
                        keys.map(key => this.records.get(key)).filter((row): row is Row => row !== undefined),
                    );
                    continue;
                }
                const index = this.equalityIndex(filter.field);
                if (index) offer(index.size(filter.values), () => index.find(filter.values));
            } else if (filter.kind === 'gte' || filter.kind === 'lte') {
                const range = ranges.get(filter.field) ?? { gte: [], lte: [] };
                range[filter.kind].push(filter.value);
                ranges.set(filter.field, range);
            }
        }
        for (const [field, { gte, lte }] of ranges) {
            const index = this.sortedBy(field, 'range');
            const [from, to] = index.bounds(gte, lte);
            offer(to - from, () => index.rows.slice(from, to));
        }
        return best;
    }

    private matches(selection: Selection): (row: Row) => boolean {
        const tests = selection.filters.map(filterTest);
        const { search, searchFields } = selection;
        if (search) tests.push(row => matchesSearch(this.name as CollectionName, row, search, searchFields));
        if (tests.length === 0) return () => true;
        if (tests.length === 1) return tests[0];
        return row => {
            for (const test of tests) if (!test(row)) return false;
            return true;
        };
    }

    /** Every match, in id order unless sorted. */
    select(selection: Selection, sort: Sort = { field: 'id', order: 'ASC' }): Row[] {
        return this.page(selection, sort, 0, Number.MAX_SAFE_INTEGER).records;
    }

    count(selection: Selection): number {
        if (!selection.filters.length && !selection.search) return this.records.size;
        const candidates = this.candidates(selection.filters);
        const test = this.matches(selection);
        let total = 0;
        for (const row of candidates && candidates.size < this.records.size ? candidates.rows() : this.records.values())
            if (test(row)) total++;
        return total;
    }

    /** The records [start, end) of the sorted matches, and how many match. */
    page(selection: Selection, sort: Sort, start: number, end: number): { records: Row[]; total: number } {
        const test = this.matches(selection);
        const candidates = this.candidates(selection.filters);
        if (candidates && candidates.size <= Math.max(64, this.records.size * walkShare)) {
            const found = candidates.rows().filter(test).sort(sortComparator(sort));
            return { records: found.slice(start, end).map(freezeRecord), total: found.length };
        }
        // Many candidates: walking the sorted index tests each record once and never sorts.
        const records: Row[] = [];
        let total = 0;
        for (const row of this.sortedBy(sort.field, 'sort').inOrder(sort.order)) {
            if (!test(row)) continue;
            if (total >= start && total < end) records.push(freezeRecord(row));
            total++;
        }
        return { records, total };
    }
}

/** Freezes a record and what it holds, so that nothing changes a stored record but a write. */
export const freezeRecord = <T>(value: T): T => {
    if (value && typeof value === 'object' && !Object.isFrozen(value)) {
        Object.freeze(value);
        for (const inner of Object.values(value)) freezeRecord(inner);
    }
    return value;
};

/** The state of a db.json file: the studio's collections and, kept as they are, any other top-level values. */
export interface FileState {
    /** The top-level keys in file order. */
    keys: string[];
    values: Record<string, unknown>;
}

export class MemoryData {
    private readonly collections = new Map<string, Collection>();
    readonly keys: string[];
    /** Top-level values that are no collection (settings a developer keeps in the file): kept as they are. */
    readonly extras: Record<string, unknown> = {};
    /** The developer's prototype collections, in file order (their records live in `collections` too). */
    readonly prototypes: string[] = [];

    constructor(state: FileState) {
        this.keys = [...state.keys, ...collectionNames.filter(name => !state.keys.includes(name))];
        for (const key of this.keys) {
            const value = state.values[key];
            if ((collectionNames as string[]).includes(key)) {
                // Records are frozen as they are handed out, not all at start-up.
                this.collections.set(
                    key,
                    new Collection(key, (value as Row[] | undefined) ?? [], indexedFields(key as CollectionName)),
                );
            } else if (isPrototype(key, value)) {
                this.collections.set(key, new Collection(key, value as Row[], []));
                this.prototypes.push(key);
            } else this.extras[key] = value;
        }
    }

    collection(name: string): Collection {
        const collection = this.collections.get(name);
        if (!collection) throw new Error(`No collection ${name}`);
        return collection;
    }

    /** A prototype collection, if there is one by this name. */
    prototype(name: string): Collection | undefined {
        return this.prototypes.includes(name) ? this.collections.get(name) : undefined;
    }

    /** A prototype collection made by its first record (POST /api/<new name>). */
    private addPrototype(name: string): Collection {
        if ((collectionNames as string[]).includes(name) || Object.hasOwn(this.extras, name))
            throw new Error(`${name} cannot be a prototype collection`);
        const collection = new Collection(name, [], []);
        this.collections.set(name, collection);
        this.keys.push(name);
        this.prototypes.push(name);
        return collection;
    }

    get(collection: string, id: unknown): Row | undefined {
        const row = this.collection(collection).records.get(idKey(id));
        return row && freezeRecord(row);
    }

    /** Does one piece of the work put off at start-up; answers false once all of it is done. */
    warmUp(): boolean {
        for (const collection of this.collections.values()) if (collection.warmUp()) return true;
        return false;
    }

    nextId(collection: string): number {
        return this.collection(collection).nextId++;
    }

    apply(operations: Operation[]) {
        for (const operation of operations) {
            const collection = this.collections.get(operation.collection) ?? this.addPrototype(operation.collection);
            if (operation.op === 'put') collection.put(freezeRecord(operation.record));
            else collection.delete(operation.id);
        }
    }

    /** The records of every collection as they are now: a consistent picture to write while writes go on (records are never changed in place). */
    snapshot(): FileState {
        const values: Record<string, unknown> = { ...this.extras };
        this.collections.forEach((collection, name) => (values[name] = [...collection.records.values()]));
        return { keys: this.keys, values };
    }
}

/** Applies journaled operations to the plain collections of a parsed file (at start-up and on reload). */
export const replayOnto = (state: FileState, operations: Operation[]) => {
    const maps = new Map<string, Map<IdKey, Row>>();
    const mapOf = (name: string) => {
        let map = maps.get(name);
        if (!map) {
            const rows = Array.isArray(state.values[name]) ? (state.values[name] as Row[]) : [];
            map = new Map(rows.map(row => [idKey(row.id), row]));
            maps.set(name, map);
        }
        return map;
    };
    for (const operation of operations) {
        if (operation.op === 'put') mapOf(operation.collection).set(idKey(operation.record.id), operation.record);
        else mapOf(operation.collection).delete(idKey(operation.id));
    }
    maps.forEach((map, name) => {
        state.values[name] = [...map.values()];
        if (!state.keys.includes(name)) state.keys.push(name);
    });
};
