import { collections } from '../domain/collections';
import { readableFieldsFor } from '../domain/permissions';
import type { CollectionName, Role } from '../domain/types';
import { badRequest } from './errors';
import type { Filter, ListQuery, Scalar } from './storage/types';


/*
 * The list protocol of ra-data-simple-rest: `sort=["field","ASC"]`, `range=[0,24]` and
 * `filter={"field":value,"field_gte":x,"field_lte":y,"q":"text"}` as JSON query parameters.
 * Every part is checked: an unknown field or a malformed parameter is a 400, never an empty filter.
 * Filters, bounds, sorts and the search use only the fields the asking role may read: each of them
 * tells about the values it compares, so one on a hidden field would rebuild it request by request.
 */

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

/**
 * Computed filters that compare a field's value (a customer's phone by its digits): like a filter on
 * the field itself, they are only for roles that read that field.
 */
const computedFilterFields: Partial<Record<CollectionName, Record<string, string>>> = { customers: { phoneDigits: 'phone' } };

const filterAllowed = (collection: CollectionName, field: string, fields: Set<string>, extraFilters: string[]): boolean => {
    if (fields.has(field)) return true;
    if (!extraFilters.includes(field)) return false;
    const compared = computedFilterFields[collection]?.[field];
    return compared === undefined || fields.has(compared);
};

export const parseListQuery = (
    collection: CollectionName,
    query: Record<string, unknown>,
    role: Role,
    extraFilters: string[] = [],
): ListQuery => {
    for (const name of Object.keys(query)) {
        if (!queryParameters.has(name)) throw badRequest(`Unknown query parameter "${name}"`, { [name]: 'app.validation.unknown_parameter' });
    }
    const fields = new Set(readableFieldsFor(role, collection));

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
            if (!filterAllowed(collection, field, fields, extraFilters)) {
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
    // Named only when the role reads fewer of them, so that the engine searches as always for staff.
    const searchable = collections[collection].search;
    const searchFields = searchable.filter(field => fields.has(field));
    return { sort, range, filters, search, ...(search !== undefined && searchFields.length < searchable.length && { searchFields }) };
};
