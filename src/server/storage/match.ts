import { collections } from '../../domain/collections';
import { digitsOf, foldText, nationalDigits, phoneNumberKey } from '../../domain/search';
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
    if (typeof value === 'number' && typeof bound === 'string' && bound.trim() !== '' && !Number.isNaN(Number(bound)))
        return value - Number(bound);
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
    if (filter.kind === 'samePhone') {
        const { number } = filter;
        return record => number !== '' && phoneNumberKey(record[field]) === number;
    }
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
        if (typeof value === 'number' || (typeof value === 'string' && value.trim() !== '' && String(number) === value))
            numbers.add(number);
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
    const found = (value: unknown) =>
        Array.isArray(value) ? value.some(item => item !== null && item !== undefined && same(item)) : same(value);
    return filter.kind === 'equals' ? record => found(record[field]) : record => !found(record[field]);
};

export const matchesFilter = (record: Record<string, unknown>, filter: Filter): boolean => filterTest(filter)(record);

/** A word of the search: text to find, or the digits of a phone number (written with spaces, dashes, brackets or a +). */
type SearchWord = { text: string } | { digits: string };

const phonePart = /^[+(]?[\d()-]*\d[\d()-]*$/;

/** The search's words, folded; neighbouring parts of one phone number ("+7 982 123-45-67") make one word. */
export const searchWords = (search: string): SearchWord[] => {
    const words: SearchWord[] = [];
    let number: string[] = [];
    const endNumber = () => {
        const numberDigits = digitsOf(number.join(''));
        // Fewer than three digits find too much as a number: they are looked for as text.
        if (numberDigits.length >= 3) words.push({ digits: numberDigits });
        else words.push(...number.map(part => ({ text: foldText(part) })));
        number = [];
    };
    for (const part of search.split(/\s+/).filter(Boolean)) {
        if (phonePart.test(part)) {
            number.push(part);
            continue;
        }
        if (number.length) endNumber();
        words.push({ text: foldText(part) });
    }
    if (number.length) endNumber();
    return words;
};

/** Whether a field's digits hold the number: anywhere as typed, or from the start once country codes are dropped on both sides. */
const holdsNumber = (fieldDigits: string, wanted: string): boolean => {
    if (fieldDigits.length < wanted.length - 1) return false;
    if (fieldDigits.includes(wanted)) return true;
    const national = nationalDigits(fieldDigits);
    if (national.includes(nationalDigits(wanted))) return true;
    // A number begun with its country code (8 982 1...) but not finished.
    return /^[78]/.test(wanted) && wanted.length >= 4 && national.startsWith(wanted.slice(1));
};

/** A field's text for the search: a string, or the strings of an object (a status's labels by language). */
const searchableTexts = (value: unknown): string[] => {
    if (typeof value === 'string') return [value];
    if (value !== null && typeof value === 'object' && !Array.isArray(value))
        return Object.values(value).filter((inner): inner is string => typeof inner === 'string');
    return [];
};

// A search tests every candidate record with the same words: they are worked out once, not per record.
let lastSearch: { search: string; words: SearchWord[] } | undefined;
const wordsOf = (search: string): SearchWord[] => {
    if (lastSearch?.search !== search) lastSearch = { search, words: searchWords(search) };
    return lastSearch.words;
};

/**
 * Every word of the search appears in one of the search fields (the collection's, unless narrowed to
 * those the asker may read), caseless and with ё as е; phone numbers match by digits, with or without
 * the country code.
 */
export const matchesSearch = (
    collection: CollectionName,
    record: Record<string, unknown>,
    search: string,
    fields: readonly string[] = collections[collection].search,
): boolean => {
    const texts = fields.flatMap(field => searchableTexts(record[field])).map(foldText);
    let textDigits: string[] | undefined;
    return wordsOf(search).every(word => {
        if ('text' in word) return texts.some(text => text.includes(word.text));
        textDigits ??= texts.map(digitsOf);
        return textDigits.some(fieldDigits => holdsNumber(fieldDigits, word.digits));
    });
};

/** The comparison of a sort: the field in the asked order, then the id, so pages never overlap. */
export const sortComparator = (sort: Sort) => {
    const direction = sort.order === 'ASC' ? 1 : -1;
    return (a: Record<string, unknown>, b: Record<string, unknown>): number =>
        direction * compareValues(a[sort.field], b[sort.field]) || compareValues(a.id, b.id);
};
