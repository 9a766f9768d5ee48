import type { CollectionName } from '../domain/types';
import { collections, readableFields } from '../domain/collections';
import { badRequest } from './errors';

/*
 * The list protocol of ra-data-simple-rest: `sort=["field","ASC"]`, `range=[0,24]` and
 * `filter={"field":value,"field_gte":x,"field_lte":y,"q":"text"}` as JSON query parameters.
 * Every part is checked: an unknown field or a malformed parameter is a 400, never an empty filter.
 */
export type Scalar = string | number | boolean | null;

export interface ListQuery {
    sort: { field: string; order: 'ASC' | 'DESC' };
    range: { start: number; end: number };
    filters: Filter[];
    search?: string;
}

export type Filter =
    | { field: string; kind: 'equals'; values: Scalar[] }
    | { field: string; kind: 'gte' | 'lte'; value: string | number };

export const maxPageSize = 1000;
const queryParameters = new Set(['sort', 'range', 'filter']);

const parseJson = (name: string, raw: unknown): unknown => {
    if (typeof raw !== 'string') throw badRequest(`The ${name} parameter must be given once, as JSON`, { [name]: 'app.validation.invalid' });
    try {
        return JSON.parse(raw);
    } catch {
        throw badRequest(`The ${name} parameter is not valid JSON`, { [name]: 'app.validation.invalid' });
    }
};

const isScalar = (value: unknown): value is Scalar =>
    value === null || ['string', 'number', 'boolean'].includes(typeof value);

/** Filters a collection accepts beyond its fields, computed by the server (e.g. a customer's debts). */
export type ExtraFilters = Partial<Record<CollectionName, string[]>>;

export const parseListQuery = (
    collection: CollectionName,
    query: Record<string, unknown>,
    extraFilters: string[] = [],
): ListQuery => {
    for (const name of Object.keys(query)) {
        if (!queryParameters.has(name)) throw badRequest(`Unknown query parameter "${name}"`, { [name]: 'app.validation.unknown_parameter' });
    }
    const fields = new Set(readableFields(collection));

    let sort: ListQuery['sort'] = { field: 'id', order: 'ASC' };
    if (query.sort !== undefined) {
        const value = parseJson('sort', query.sort);
        if (!Array.isArray(value) || value.length !== 2 || typeof value[0] !== 'string' || !['ASC', 'DESC'].includes(value[1])) {
            throw badRequest('sort must be ["field","ASC"|"DESC"]', { sort: 'app.validation.invalid' });
        }
        if (!fields.has(value[0])) throw badRequest(`Cannot sort ${collection} by "${value[0]}"`, { sort: 'app.validation.unknown_field' });
        sort = { field: value[0], order: value[1] };
    }

    let range = { start: 0, end: 24 };
    if (query.range !== undefined) {
        const value = parseJson('range', query.range);
        if (
            !Array.isArray(value) ||
            value.length !== 2 ||
            !value.every(bound => Number.isInteger(bound) && bound >= 0) ||
            value[1] < value[0] ||
            value[1] - value[0] >= maxPageSize
        ) {
            throw badRequest(`range must be [start,end] with at most ${maxPageSize} records`, { range: 'app.validation.invalid' });
        }
        range = { start: value[0], end: value[1] };
    }

    const filters: Filter[] = [];
    let search: string | undefined;
    if (query.filter !== undefined) {
        const value = parseJson('filter', query.filter);
        if (!value || typeof value !== 'object' || Array.isArray(value)) {
            throw badRequest('filter must be a JSON object', { filter: 'app.validation.invalid' });
        }
        for (const [key, raw] of Object.entries(value)) {
            const bad = () => badRequest(`Invalid value for filter "${key}"`, { [key]: 'app.validation.invalid' });
            if (key === 'q') {
                if (typeof raw !== 'string') throw bad();
                if (raw.trim()) search = raw.trim().slice(0, 200);
                continue;
            }
            const bound = /^(.+)_(gte|lte)$/.exec(key);
            const field = bound && !fields.has(key) ? bound[1] : key;
            if (!fields.has(field) && !extraFilters.includes(field)) {
                throw badRequest(`Cannot filter ${collection} by "${field}"`, { [key]: 'app.validation.unknown_field' });
            }
            if (bound && field !== key) {
                if (typeof raw !== 'string' && typeof raw !== 'number') throw bad();
                filters.push({ field, kind: bound[2] as 'gte' | 'lte', value: raw });
            } else {
                const values = Array.isArray(raw) ? raw : [raw];
                if (!values.every(isScalar) || values.length > maxPageSize) throw bad();
                filters.push({ field, kind: 'equals', values });
            }
        }
    }
    return { sort, range, filters, search };
};

const same = (recordValue: unknown, wanted: Scalar): boolean => {
    if (wanted === null) return recordValue === null || recordValue === undefined;
    if (recordValue === null || recordValue === undefined) return false;
    // Query values come from JSON typed, but "5" and 5 or "true" and true mean the same filter.
    return String(recordValue) === String(wanted);
};

const compare = (a: unknown, b: unknown): number => {
    if (a === b) return 0;
    if (a === null || a === undefined) return -1;
    if (b === null || b === undefined) return 1;
    if (typeof a === 'number' && typeof b === 'number') return a - b;
    if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
    return String(a).localeCompare(String(b), 'en', { sensitivity: 'base', numeric: true });
};

const asComparable = (recordValue: unknown, bound: string | number): [unknown, unknown] =>
    typeof recordValue === 'number' && typeof bound === 'string' && bound.trim() !== '' && !Number.isNaN(Number(bound))
        ? [recordValue, Number(bound)]
        : [recordValue, bound];

export const matchesFilter = (record: Record<string, unknown>, filter: Filter): boolean => {
    const value = record[filter.field];
    if (filter.kind === 'equals') {
        // A list field (directionIds, customerIds) matches when it holds any of the wanted values.
        if (Array.isArray(value)) return filter.values.some(wanted => value.some(item => same(item, wanted)));
        return filter.values.some(wanted => same(value, wanted));
    }
    if (value === null || value === undefined) return false;
    const [left, right] = asComparable(value, filter.value);
    const order = typeof left === 'number' && typeof right === 'number' ? left - right : String(left) < String(right) ? -1 : String(left) > String(right) ? 1 : 0;
    return filter.kind === 'gte' ? order >= 0 : order <= 0;
};

const digits = (text: string) => text.replace(/\D/g, '');

/** Every word of the search appears in one of the collection's search fields; phone numbers match by digits. */
export const matchesSearch = (collection: CollectionName, record: Record<string, unknown>, search: string): boolean => {
    const texts = collections[collection].search
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

export const sortRecords = <T extends Record<string, unknown>>(records: T[], sort: ListQuery['sort']): T[] => {
    const direction = sort.order === 'ASC' ? 1 : -1;
    return records.sort((a, b) => direction * compare(a[sort.field], b[sort.field]) || compare(a.id, b.id));
};
