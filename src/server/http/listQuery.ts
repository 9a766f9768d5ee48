import { collections } from '../../domain/collections';
import { readableFieldsFor } from '../../domain/permissions';
import type { CollectionName, Role } from '../../domain/types';
import { badRequest } from './errors';
import { withoutNul } from './requests';
import type { Filter, ListQuery, Scalar } from '../storage/types';

/*
 * The list protocol of ra-data-simple-rest: `sort=["field","ASC"]`, `range=[0,24]` and
 * `filter={"field":value,"field_gte":x,"field_lte":y,"q":"text"}` as JSON query parameters.
 * Every part is checked: an unknown field or a malformed parameter is a 400, never an empty filter;
 * so is a text holding the NUL character, and a range or page that is not a safe integer, which the
 * db.json engine could answer but PostgreSQL could not.
 * Filters, bounds, sorts and the search use only the fields the asking role may read: each of them
 * tells about the values it compares, so one on a hidden field would rebuild it request by request.
 */

export const maxPageSize = 1000;
const queryParameters = new Set(['sort', 'range', 'filter']);

const parseJson = (name: string, raw: unknown): unknown => {
    if (typeof raw !== 'string')
        throw badRequest(`The ${name} parameter must be given once, as JSON`, { [name]: 'app.validation.invalid' });
    try {
        return JSON.parse(raw);
    } catch {
        throw badRequest(`The ${name} parameter is not valid JSON`, { [name]: 'app.validation.invalid' });
    }
};

const isScalar = (value: unknown): value is Scalar =>
    value === null || ['string', 'number', 'boolean'].includes(typeof value);

/**
 * Computed filters that compare a field's value (a customer's phone by its digits): like a filter on
 * the field itself, they are only for roles that read that field.
 */
const computedFilterFields: Partial<Record<CollectionName, Record<string, string>>> = {
    customers: { phoneDigits: 'phone' },
};

const filterAllowed = (
    collection: CollectionName,
    field: string,
    fields: Set<string>,
    extraFilters: string[],
): boolean => {
    if (fields.has(field)) return true;
    if (!extraFilters.includes(field)) return false;
    const compared = computedFilterFields[collection]?.[field];
    return compared === undefined || fields.has(compared);
};

/** The parts of a list request, parsed: from simple-rest's JSON parameters or from json-server's words. */
interface ListParts {
    sort?: unknown;
    range?: unknown;
    filter?: unknown;
}

const simpleRestParts = (query: Record<string, unknown>): ListParts => ({
    sort: query.sort === undefined ? undefined : parseJson('sort', query.sort),
    range: query.range === undefined ? undefined : parseJson('range', query.range),
    filter: query.filter === undefined ? undefined : parseJson('filter', query.filter),
});

/** One value of a json-server word: given once, as text (`a[b]=c` and repeats are refused where one is meant). */
const single = (name: string, raw: unknown): string => {
    if (typeof raw !== 'string')
        throw badRequest(`The ${name} parameter must be given once`, { [name]: 'app.validation.invalid' });
    return raw;
};

const wholeNumber = (name: string, raw: unknown, least: number): number => {
    const text = single(name, raw);
    const value = Number(text);
    if (!/^\d+$/.test(text) || !Number.isSafeInteger(value) || value < least)
        throw badRequest(`${name} must be a whole number of at least ${least}`, { [name]: 'app.validation.invalid' });
    return value;
};

/** json-server's words that this API has no equivalent for on the studio's collections, with what to use instead. */
const notOffered: Record<string, string> = {
    _embed: 'ask for the related records by their reference field (filter by customerId, say)',
    _expand: 'ask for the referenced record by its id',
    _like: 'use q to search, or equality and _gte/_lte',
};

/**
 * json-server 0.17's query words (`_sort`, `_order`, `_start`, `_end`, `_limit`, `_page`, `field=value`,
 * `field_gte`, `field_lte`, `field_ne`, `q`) as the same parts simple-rest sends, so that both go
 * through one set of checks. Without a page asked for, a list answers up to the most a page may hold.
 */
const jsonServerParts = (query: Record<string, unknown>): ListParts => {
    const filter: Record<string, unknown> = {};
    const parts: ListParts = { filter };
    let order = 'ASC';
    let sortField: string | undefined;
    let start: number | undefined;
    let end: number | undefined;
    let limit: number | undefined;
    let page: number | undefined;
    for (const [name, raw] of Object.entries(query)) {
        const unsupported = Object.keys(notOffered).find(word => name === word || name.endsWith(word));
        if (unsupported)
            throw badRequest(`${unsupported} is not offered on the studio's collections: ${notOffered[unsupported]}`, {
                [name]: 'app.validation.unknown_parameter',
            });
        if (name === '_sort') {
            sortField = single(name, raw);
            if (sortField.includes(','))
                throw badRequest('_sort takes one field here', { _sort: 'app.validation.invalid' });
        } else if (name === '_order') {
            order = single(name, raw).toUpperCase();
            if (order !== 'ASC' && order !== 'DESC')
                throw badRequest('_order must be asc or desc', { _order: 'app.validation.invalid' });
        } else if (name === '_start') start = wholeNumber(name, raw, 0);
        else if (name === '_end') end = wholeNumber(name, raw, 0);
        else if (name === '_limit') limit = wholeNumber(name, raw, 1);
        else if (name === '_page') page = wholeNumber(name, raw, 1);
        else if (name.startsWith('_'))
            throw badRequest(`Unknown query parameter "${name}"`, { [name]: 'app.validation.unknown_parameter' });
        else if (name === 'q' || /_(gte|lte|ne)$/.test(name)) filter[name] = single(name, raw);
        else if (typeof raw === 'string' || (Array.isArray(raw) && raw.every(value => typeof value === 'string')))
            filter[name] = raw;
        else throw badRequest(`Invalid value for filter "${name}"`, { [name]: 'app.validation.invalid' });
    }
    if (sortField !== undefined) parts.sort = [sortField, order];
    if (page !== undefined) {
        const size = limit ?? 10;
        if (!Number.isSafeInteger(page * size))
            throw badRequest('_page is past any list', { _page: 'app.validation.invalid' });
        parts.range = [(page - 1) * size, page * size - 1];
    } else if (start !== undefined || end !== undefined || limit !== undefined) {
        const from = start ?? 0;
        const to = end !== undefined ? end - 1 : limit !== undefined ? from + limit - 1 : from + maxPageSize - 1;
        const word = start !== undefined ? '_start' : '_limit';
        if (!Number.isSafeInteger(to))
            throw badRequest(`${word} is past any list`, { [word]: 'app.validation.invalid' });
        parts.range = [from, Math.max(from, to)];
    } else parts.range = [0, maxPageSize - 1];
    return parts;
};

/** The page json-server's `_page` asked for, for the Link header of the answer. */
export const jsonServerPage = (query: Record<string, unknown>): { page: number; limit: number } | undefined => {
    if (query._page === undefined || typeof query._page !== 'string') return undefined;
    const limit = typeof query._limit === 'string' ? Number(query._limit) : 10;
    return { page: Number(query._page), limit };
};

export const parseListQuery = (
    collection: CollectionName,
    query: Record<string, unknown>,
    role: Role,
    extraFilters: string[] = [],
): ListQuery => {
    // simple-rest's JSON parameters, or else json-server's words; the two are not mixed.
    const names = Object.keys(query);
    for (const name of names) withoutNul(name, query[name]);
    const simpleRest = names.some(name => queryParameters.has(name));
    if (simpleRest) {
        for (const name of names) {
            if (!queryParameters.has(name))
                throw badRequest(`Unknown query parameter "${name}"`, { [name]: 'app.validation.unknown_parameter' });
        }
    }
    const parts = simpleRest ? simpleRestParts(query) : jsonServerParts(query);
    const fields = new Set(readableFieldsFor(role, collection));

    let sort: ListQuery['sort'] = { field: 'id', order: 'ASC' };
    if (parts.sort !== undefined) {
        const value = parts.sort;
        if (
            !Array.isArray(value) ||
            value.length !== 2 ||
            typeof value[0] !== 'string' ||
            !['ASC', 'DESC'].includes(value[1])
        ) {
            throw badRequest('sort must be ["field","ASC"|"DESC"]', { sort: 'app.validation.invalid' });
        }
        if (!fields.has(value[0]))
            throw badRequest(`Cannot sort ${collection} by "${value[0]}"`, { sort: 'app.validation.unknown_field' });
        sort = { field: value[0], order: value[1] };
    }

    let range = { start: 0, end: 24 };
    if (parts.range !== undefined) {
        const value = parts.range as number[];
        if (
            !Array.isArray(value) ||
            value.length !== 2 ||
            !value.every(bound => Number.isSafeInteger(bound) && bound >= 0) ||
            value[1] < value[0] ||
            value[1] - value[0] >= maxPageSize
        ) {
            throw badRequest(`range must be [start,end] with at most ${maxPageSize} records`, {
                range: 'app.validation.invalid',
            });
        }
        range = { start: value[0], end: value[1] };
    }

    const filters: Filter[] = [];
    let search: string | undefined;
    if (parts.filter !== undefined) {
        const value = parts.filter;
        if (!value || typeof value !== 'object' || Array.isArray(value)) {
            throw badRequest('filter must be a JSON object', { filter: 'app.validation.invalid' });
        }
        for (const [key, raw] of Object.entries(value)) {
            withoutNul(key, raw);
            const bad = () => badRequest(`Invalid value for filter "${key}"`, { [key]: 'app.validation.invalid' });
            if (key === 'q') {
                if (typeof raw !== 'string') throw bad();
                if (raw.trim()) search = raw.trim().slice(0, 200);
                continue;
            }
            const bound = /^(.+)_(gte|lte|ne)$/.exec(key);
            const field = bound && !fields.has(key) ? bound[1] : key;
            if (!filterAllowed(collection, field, fields, extraFilters)) {
                throw badRequest(`Cannot filter ${collection} by "${field}"`, {
                    [key]: 'app.validation.unknown_field',
                });
            }
            if (bound && field !== key && bound[2] === 'ne') {
                const values = Array.isArray(raw) ? raw : [raw];
                if (!values.every(isScalar) || values.length > maxPageSize) throw bad();
                filters.push({ field, kind: 'excludes', values });
            } else if (bound && field !== key) {
                if (typeof raw !== 'string' && typeof raw !== 'number') throw bad();
                filters.push({ field, kind: bound[2] as 'gte' | 'lte', value: raw });
            } else {
                const values = Array.isArray(raw) ? raw : [raw];
                if (!values.every(isScalar) || values.length > maxPageSize) throw bad();
                filters.push({ field, kind: 'equals', values });
            }
        }
    }
    // Named only when the role reads fewer of them, so that the engine searches as always for staff.
    const searchable = collections[collection].search;
    const searchFields = searchable.filter(field => fields.has(field));
    return {
        sort,
        range,
        filters,
        search,
        ...(search !== undefined && searchFields.length < searchable.length && { searchFields }),
    };
};
