import { compareBound, compareValues, indexKey } from '../match';
import type { Row, Scalar, Sort } from '../types';

/*
 * The indexes of a collection of the db.json engine: by equal value of a field, and sorted by a field
 * for sorts and ranges; each kept up to date on every write by its collection (memoryCollection.ts).
 */

type Key = string | number;

const keysOf = (value: unknown): Key[] =>
    Array.isArray(value) ? [...new Set(value.map(indexKey))] : [indexKey(value)];

/** Records by the value of one field (each element of a list field counts), or by what `keys` makes of it. */
export class EqualityIndex {
    private readonly buckets = new Map<Key, Row[]>();

    constructor(
        readonly field: string,
        private readonly keys: (value: unknown) => Key[] = keysOf,
    ) {}

    add(row: Row) {
        for (const key of this.keys(row[this.field])) {
            const bucket = this.buckets.get(key);
            if (bucket) bucket.push(row);
            else this.buckets.set(key, [row]);
        }
    }

    remove(row: Row) {
        for (const key of this.keys(row[this.field])) {
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
export class SortedIndex {
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
        // Numbers held in order by value are not in order as text: a bound that is text, not a number,
        // compares them as text ("10" < "9"), so the matches are no slice of this index. A field holds
        // one kind of value, and nothing comes first: the last record tells which.
        const isText = (bound: string | number) =>
            typeof bound === 'string' && (bound.trim() === '' || Number.isNaN(Number(bound)));
        if (typeof this.rows.at(-1)?.[this.field] === 'number' && [...gte, ...lte].some(isText))
            return [0, this.rows.length];
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
