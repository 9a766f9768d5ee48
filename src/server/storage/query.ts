/*
 * What a read asks for: the conditions, sort and page of a list, in words both engines translate (the
 * db.json engine matches them in memory, PostgreSQL writes them as SQL). Apart from the boundary's
 * calls (types.ts): routes build these and the engines' matchers take them apart, and neither needs
 * the rest of the boundary for it.
 */

/** A value a filter compares with: what JSON query parameters can carry. */
export type Scalar = string | number | boolean | null;

/**
 * One condition on a field. `equals` matches any of the values (a list field such as directionIds
 * matches when it holds any of them); `excludes` matches none of them; `gte`/`lte` bound the field;
 * `caseless` compares trimmed strings without regard to letter case (unique names and emails).
 */
export type Filter =
    | { field: string; kind: 'equals'; values: Scalar[]; caseless?: boolean }
    | { field: string; kind: 'excludes'; values: Scalar[] }
    | { field: string; kind: 'gte' | 'lte'; value: string | number }
    /** A phone field holding the same number, however written: `number` is its phoneNumberKey (src/domain/search.ts). */
    | { field: string; kind: 'samePhone'; number: string };

/** Shorthand for equality filters: `{customerId: 5}` or `{eventId: [1, 2, 3]}`. */
export type Where = Filter[] | Record<string, Scalar | Scalar[]>;

export interface Sort {
    field: string;
    order: 'ASC' | 'DESC';
}

/** Both bounds included, counted from 0, as in simple-rest's `range=[0,24]`. */
interface Range {
    start: number;
    end: number;
}

/** A list request of ra-data-simple-rest, already checked: filters, free-text search, sort and a page. */
export interface ListQuery {
    filters: Filter[];
    search?: string;
    /** The fields `search` looks in, when fewer than the collection's search fields: those the asker may read. */
    searchFields?: string[];
    sort: Sort;
    range: Range;
}

export interface Page<R> {
    records: R[];
    total: number;
}

export interface SelectOptions {
    sort?: Sort;
    limit?: number;
}

/**
 * A page of a prototype collection in json-server's words that an engine may read by itself: equality
 * on top-level fields (a record matches when its field, as text, is one of the values; a field no
 * record has is ignored), a sort by top-level fields (json-server's, stable: ties keep stored order),
 * and the slice [start, end) of the matches.
 */
export interface PrototypePageQuery {
    equals: { field: string; values: string[] }[];
    sort: { field: string; descending: boolean }[];
    start: number;
    end: number;
}

/** Events starting on the studio dates `from` to `to`: startsAt is a local `YYYY-MM-DDTHH:mm`, so the last day ends at 23:59. */
export const startsWithin = (from: string, to: string): Filter[] => [
    { field: 'startsAt', kind: 'gte', value: from },
    { field: 'startsAt', kind: 'lte', value: `${to}T23:59` },
];

/** Turns the `Where` shorthand into filters. */
export const filtersOf = (where: Where | undefined): Filter[] => {
    if (!where) return [];
    if (Array.isArray(where)) return where;
    return Object.entries(where).map(([field, value]) => ({
        field,
        kind: 'equals' as const,
        values: Array.isArray(value) ? value : [value],
    }));
};
