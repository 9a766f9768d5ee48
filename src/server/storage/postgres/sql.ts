import { collections } from '../../../domain/collections';
import type { CollectionName } from '../../../domain/types';
import { searchWords } from '../match';
import type { Filter, Scalar, Sort } from '../types';
import { columnOf, quote, type Column } from './tables';

/*
 * The list protocol's filters, search and sort as SQL, meaning exactly what they mean to the db.json
 * engine (src/server/storage/match.ts): "5" and 5 are one value, a list field matches when it holds any
 * wanted id, a caseless filter ignores case and surrounding spaces, bounds compare numbers by value and
 * text character by character, the search folds case and ё and finds phone numbers by their digits,
 * and a sort puts nothing first and reads text as people do, then orders by id.
 */

/** Parameters of one statement, numbered as they are added. */
export class Params {
    readonly values: unknown[] = [];
    add(value: unknown): string {
        this.values.push(value);
        return `$${this.values.length}`;
    }
}

const numeric = new Set<Column['kind']>(['serial', 'integer', 'money']);

/** A wanted value as a number, when it is one ("5" is 5; "05" and "" are not). */
const asNumber = (value: Scalar): number | undefined => {
    if (typeof value === 'number') return value;
    if (typeof value === 'string' && value.trim() !== '' && String(Number(value)) === value) return Number(value);
    return undefined;
};

const columnFor = (collection: CollectionName, field: string): Column => {
    const column = columnOf(collection, field);
    if (!column) throw new Error(`${collection} has no field ${field}`);
    return column;
};

/** The condition that a row's value is one of the wanted values (not null: nulls are handled by the caller). */
const matchesAny = (column: Column, values: Scalar[], caseless: boolean, params: Params): string => {
    const field = quote(column.name);
    const given = values.filter((value): value is string | number | boolean => value !== null);
    if (numeric.has(column.kind) || column.kind === 'ids') {
        const numbers = [...new Set(given.map(asNumber).filter((value): value is number => value !== undefined))];
        // An integer column compared with integers, so that its index is used; 5.5 equals no integer.
        const integers =
            column.kind === 'money'
                ? numbers
                : numbers.filter(number => Number.isInteger(number) && Math.abs(number) <= 2_147_483_647);
        if (!integers.length) return 'false';
        if (column.kind === 'ids') return `${field} && ${params.add(integers)}::integer[]`;
        return `${field} = ANY(${params.add(integers)}::${column.kind === 'money' ? 'numeric' : 'integer'}[])`;
    }
    if (column.kind === 'boolean') {
        const texts = new Set(given.map(value => (caseless ? String(value).trim().toLowerCase() : String(value))));
        const wanted = [texts.has('true') && 'true', texts.has('false') && 'false'].filter(Boolean);
        return wanted.length ? `${field} = ANY(${params.add(wanted)}::boolean[])` : 'false';
    }
    // An object has no text a filter could equal.
    if (column.kind === 'json') return 'false';
    if (caseless)
        return `studio_key(${field}) = ANY(${params.add([...new Set(given.map(value => String(value).trim().toLowerCase()))])}::text[])`;
    return `${field} = ANY(${params.add([...new Set(given.map(String))])}::text[])`;
};

const equalsCondition = (column: Column, values: Scalar[], caseless: boolean, params: Params): string => {
    const wantsNothing = values.includes(null);
    const match = matchesAny(column, values, caseless, params);
    if (column.kind === 'ids') return match;
    const field = quote(column.name);
    return wantsNothing ? `(${field} IS NULL OR ${match})` : match;
};

/**
 * A field as the text the db.json engine compares with a bound that is text: the value as JavaScript
 * writes it, so 800 (not 800.00), a list of ids as "1,2", an object as "[object Object]".
 */
const asText = (column: Column): string => {
    const field = quote(column.name);
    if (column.kind === 'money') return `trim_scale(${field})::text`;
    if (column.kind === 'ids') return `array_to_string(${field}, ',')`;
    if (column.kind !== 'json') return `${field}::text`;
    const item = (value: string) =>
        `CASE jsonb_typeof(${value}) WHEN 'object' THEN '[object Object]' WHEN 'null' THEN '' ELSE ${value} #>> '{}' END`;
    return `CASE jsonb_typeof(${field}) WHEN 'array' THEN coalesce((SELECT string_agg(${item('e.value')}, ',' ORDER BY e.n) FROM jsonb_array_elements(${field}) WITH ORDINALITY e(value, n)), '') ELSE ${item(field)} END`;
};

const boundCondition = (column: Column, kind: 'gte' | 'lte', bound: string | number, params: Params): string => {
    const operator = kind === 'gte' ? '>=' : '<=';
    const field = quote(column.name);
    const number =
        typeof bound === 'number'
            ? bound
            : bound.trim() !== '' && !Number.isNaN(Number(bound))
              ? Number(bound)
              : undefined;
    if (numeric.has(column.kind) && number !== undefined) return `${field} ${operator} ${params.add(number)}::numeric`;
    // Text character by character, as the db.json engine bounds ISO dates and times.
    return `${asText(column)} COLLATE "C" ${operator} ${params.add(String(bound))}::text COLLATE "C"`;
};

export const filterCondition = (collection: CollectionName, filter: Filter, params: Params): string => {
    const column = columnFor(collection, filter.field);
    switch (filter.kind) {
        case 'gte':
        case 'lte':
            return boundCondition(column, filter.kind, filter.value, params);
        case 'equals':
            return equalsCondition(column, filter.values, filter.caseless === true, params);
        case 'excludes':
            return `NOT coalesce(${equalsCondition(column, filter.values, false, params)}, false)`;
        case 'samePhone':
            // The expression of the index customers_phone_number_index (migration 008), so that it is used.
            return filter.number === ''
                ? 'false'
                : `studio_national(regexp_replace(${quote(column.name)}, '[^0-9]', '', 'g')) = ${params.add(filter.number)}`;
    }
};

/** A test of a search word on a text (`t`), applied to a field: the field itself, or each text value of an object (a status's labels). */
const onField = (column: Column, test: (text: string) => string): string => {
    const field = quote(column.name);
    if (column.kind !== 'json') return `coalesce(${test(`${field}::text`)}, false)`;
    return `EXISTS (SELECT 1 FROM jsonb_each(CASE WHEN jsonb_typeof(${field}) = 'object' THEN ${field} ELSE '{}'::jsonb END) e WHERE jsonb_typeof(e.value) = 'string' AND ${test("(e.value #>> '{}')")})`;
};

export const searchCondition = (
    collection: CollectionName,
    search: string,
    fields: readonly string[] | undefined,
    params: Params,
): string => {
    const columns = (fields ?? collections[collection].search).map(field => columnFor(collection, field));
    const words = searchWords(search);
    if (!words.length) return 'true';
    // No field to search finds nothing; asked with a parameter, the word would be left without a type.
    if (!columns.length) return 'false';
    return words
        .map(word => {
            const value = params.add('text' in word ? word.text : word.digits);
            const test =
                'text' in word
                    ? (text: string) => `strpos(studio_fold(${text}), ${value}) > 0`
                    : (text: string) => `studio_holds_number(regexp_replace(${text}, '[^0-9]', '', 'g'), ${value})`;
            return `(${columns.map(column => onField(column, test)).join(' OR ')})`;
        })
        .join(' AND ');
};

export const orderBy = (collection: CollectionName, sort: Sort): string => {
    const column = columnFor(collection, sort.field);
    // Nothing first, as the db.json engine sorts; said only for columns that may be empty, so that a
    // sort on a required column matches its index.
    const direction = column.required ? sort.order : sort.order === 'ASC' ? 'ASC NULLS FIRST' : 'DESC NULLS LAST';
    const field = quote(column.name);
    // A list of ids reads as "1,2" to the db.json engine, and every object as the same text.
    const key =
        column.kind === 'text' || column.kind === 'textId'
            ? `${field} COLLATE studio_order`
            : column.kind === 'ids'
              ? `array_to_string(${field}, ',') COLLATE studio_order`
              : column.kind === 'json'
                ? `(${field} IS NOT NULL)`
                : field;
    const id = columnFor(collection, 'id').kind === 'textId' ? 'id COLLATE studio_order, id COLLATE "C"' : 'id';
    return `${key} ${direction}, ${id}`;
};
