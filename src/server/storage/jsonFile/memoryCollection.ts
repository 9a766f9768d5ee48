import { collections } from '../../../domain/collections';
import type { CollectionName } from '../../../domain/types';
import { phoneNumberKey } from '../../../domain/search';
import { filterTest, indexKey, matchesSearch, sortComparator } from '../match';
import { EqualityIndex, SortedIndex } from './memoryIndexes';
import { freezeRecord, idKey, type IdKey } from '../records';
import type { Filter, Row, Sort } from '../types';

/*
 * One collection of the db.json engine's memory (memory.ts holds them all): its records in a Map by id,
 * in file order, an equality index on every field lists and features filter on, and sorted indexes made
 * on first use for sorts and ranges, kept up to date on every write.
 */

export const indexedFields = (collection: CollectionName): string[] => [
    ...new Set([
        ...collections[collection].references.map(reference => reference.field),
        ...collections[collection].indexed,
    ]),
];

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
export class Collection {
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

    /** Records by the number a phone field holds, however written: made on first use, kept up to date like the others. */
    private phoneIndex(field: string): EqualityIndex {
        const name = `samePhone:${field}`;
        let index = this.equality.get(name);
        if (!index) {
            index = new EqualityIndex(field, value => [indexKey(phoneNumberKey(value))]);
            for (const row of this.records.values()) index.add(row);
            this.equality.set(name, index);
        }
        return index;
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
            } else if (filter.kind === 'samePhone') {
                const index = this.phoneIndex(filter.field);
                offer(index.size([filter.number]), () => index.find([filter.number]));
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
