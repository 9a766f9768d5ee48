import { collections } from '../../domain/collections';
import type { CollectionName } from '../../domain/types';
import type { Filter, Scalar, Sort } from './types';

/*
 * What the filters, the search and the sort of the list protocol mean for one record. The engines use
 * these to test candidates, so every engine answers the same records in the same order.
 */

/** The key a value has in an equality index: case and surrounding spaces do not count, so one index serves exact and caseless filters. */
export const indexKey = (value: unknown): string | number => {
    if (typeof value === 'number') return value;
    if (value === null || value === undefined) return '\u0000';
    const text = String(value).trim().toLowerCase();
    // "5" and 5 are the same key; numbers stay numbers, so that ids are looked up without making text.
    const number = Number(text);
    return text !== '' && String(number) === text ? number : text;
};

// One collator for every comparison: making one per call was most of the cost of sorting a large list.
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** The order of a sorted list: nothing first, numbers and booleans by value, text as people read it. */
export const compareValues = (a: unknown, b: unknown): number => {
    if (a === b) return 0;
    if (a === null || a === undefined) return -1;
    if (b === null || b === undefined) return 1;
    if (typeof a === 'number' && typeof b === 'number') return a - b;
    if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
    return collator.compare(String(a), String(b));
};

/** The order of a range filter: numbers by value, text character by character (ISO dates and times). */
export const compareBound = (value: unknown, bound: string | number): number => {
    if (typeof value === 'number' && typeof bound === 'string' && bound.trim() !== '' && !Number.isNaN(Number(bound))) return value - Number(bound);
    if (typeof value === 'number' && typeof bound === 'number') return value - bound;
    const left = String(value);
    const right = String(bound);
    return left < right ? -1 : left > right ? 1 : 0;
};

/**
 * The test of one filter, made once per query: a list of wanted values becomes a set, so that a filter
 * on thousands of ids (a teacher's classes) costs one lookup per record, not thousands.
 */
export const filterTest = (filter: Filter): ((record: Record<string, unknown>) => boolean) => {
    const { field } = filter;
    if (filter.kind === 'gte' || filter.kind === 'lte') {
        const sign = filter.kind === 'gte' ? 1 : -1;
        const bound = filter.value;
        return record => {
            const value = record[field];
            return value !== null && value !== undefined && sign * compareBound(value, bound) >= 0;
        };
    }
    const { values } = filter as Extract<Filter, { values: Scalar[] }>;
    const caseless = filter.kind === 'equals' && filter.caseless === true;
    // Query values come from JSON typed, but "5" and 5 or "true" and true mean the same filter.
    const wantsNothing = values.includes(null);
    const given = values.filter((value): value is string | number | boolean => value !== null);
    // A number equals a wanted value when its text does: such values are kept as numbers, so ids are tested without making text.
    const numbers = new Set<number>();
    for (const value of given) {
        const number = typeof value === 'number' ? value : Number(value);
        if (typeof value === 'number' || (typeof value === 'string' && value.trim() !== '' && String(number) === value)) numbers.add(number);
    }
    let texts: Set<string | number> | undefined;
    const keyOf = caseless ? indexKey : (value: unknown) => String(value);
    const same = (value: unknown) => {
        if (value === null || value === undefined) return wantsNothing;
        if (typeof value === 'number' && !caseless) return numbers.has(value);
        texts ??= new Set(given.map(keyOf));
        return texts.has(keyOf(value));
    };
    // A list field (directionIds, customerIds) matches when it holds any of the wanted values.
    const found = (value: unknown) => (Array.isArray(value) ? value.some(item => item !== null && item !== undefined && same(item)) : same(value));
    return filter.kind === 'equals' ? record => found(record[field]) : record => !found(record[field]);
};

export const matchesFilter = (record: Record<string, unknown>, filter: Filter): boolean => filterTest(filter)(record);

const digits = (text: string) => text.replace(/\D/g, '');

/**
 * Every word of the search appears in one of the search fields (the collection's, unless narrowed to
 * those the asker may read); phone numbers match by digits.
 */
export const matchesSearch = (
    collection: CollectionName,
    record: Record<string, unknown>,
    search: string,
    fields: readonly string[] = collections[collection].search,
): boolean => {
    const texts = fields
        .map(field => record[field])
        .filter((value): value is string => typeof value === 'string')
        .map(value => value.toLowerCase());
    return search
        .toLowerCase()
        .split(/\s+/)
        .every(word => {
            const wordDigits = digits(word);
            return texts.some(
                text => text.includes(word) || (wordDigits.length >= 3 && wordDigits.length === word.replace(/[\s()+-]/g, '').length && digits(text).includes(wordDigits)),
            );
        });
};

/** The comparison of a sort: the field in the asked order, then the id, so pages never overlap. */
export const sortComparator = (sort: Sort) => {
    const direction = sort.order === 'ASC' ? 1 : -1;
    return (a: Record<string, unknown>, b: Record<string, unknown>): number => direction * compareValues(a[sort.field], b[sort.field]) || compareValues(a.id, b.id);
};
