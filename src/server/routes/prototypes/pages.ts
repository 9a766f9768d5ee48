import { badRequest } from '../../http/errors';
import { maxPageSize } from '../../http/listQuery';
import type { PrototypeQuery } from './query';
import type { PrototypePageQuery, Row } from '../../storage/types';

/*
 * The page of a prototype list: json-server's `_page`, `_start`/`_end` and `_limit` read as json-server
 * reads them, capped like the studio's lists (at most 1000 records a page, and the first 1000 when no
 * page is asked for), and, where json-server's words allow, the page the storage can read by itself
 * instead of the whole collection.
 */

/** The records json-server slices out of the matching ones: from `start`, up to but not including `end`. */
interface PageWindow {
    start: number;
    end: number;
}

const whole = (text: string | string[] | undefined): number => parseInt(String(text), 10);

/**
 * json-server's words with the page capped: a page asked for of more than 1000 records is a 400 naming
 * the word (`range` for simple-rest's), and a list that asks for none answers the first 1000, with
 * X-Total-Count as json-server sets it for a page. Answers the words to hand to json-server and the
 * window of records they slice.
 */
export const cappedPage = (
    words: PrototypeQuery['words'],
    simpleRestRange: boolean,
): { words: PrototypeQuery['words']; window: PageWindow } => {
    const refuse = (word: string) => {
        const name = simpleRestRange ? 'range' : word;
        return badRequest(`${name}: at most ${maxPageSize} records a page`, { [name]: 'app.validation.invalid' });
    };
    if (words._page !== undefined) {
        const page = Math.max(whole(words._page), 1);
        const limit = whole(words._limit) || 10;
        if (limit > maxPageSize) throw refuse('_limit');
        return { words, window: { start: (page - 1) * limit, end: page * limit } };
    }
    const start = whole(words._start) || 0;
    if (words._end !== undefined) {
        const end = whole(words._end);
        if (end - start > maxPageSize) throw refuse('_end');
        return { words, window: { start, end: Math.max(start, end) } };
    }
    if (words._limit !== undefined) {
        const limit = whole(words._limit);
        if (limit > maxPageSize) throw refuse('_limit');
        return { words, window: { start, end: start + limit } };
    }
    // json-server reads _start only with _end or _limit; alone it is ignored, as there.
    const rest = Object.fromEntries(Object.entries(words).filter(([word]) => word !== '_start'));
    return { words: { ...rest, _end: String(maxPageSize) }, window: { start: 0, end: maxPageSize } };
};

/** A field json-server reads as a top-level key (not a path such as `author.name` or `tags[0]`). */
const topLevel = /^\w+$/;
const operators = /_(gte|lte|ne|like)$/;
const paging = ['_start', '_end', '_limit', '_page'];

/**
 * The query as the storage can read it by itself, or undefined when json-server must see the whole
 * collection: `q`, `_like`, `_embed`/`_expand`, `_gte`/`_lte`/`_ne` and deep paths. The storage may
 * still decline (the values' types decide how json-server compares them).
 */
export const storageReadable = (query: PrototypeQuery, window: PageWindow): PrototypePageQuery | undefined => {
    if (query.likes.length || query.linked.length) return undefined;
    const page: PrototypePageQuery = { equals: [], sort: [], start: window.start, end: window.end };
    for (const [word, value] of Object.entries(query.words)) {
        if (paging.includes(word) || word === '_order') continue;
        if (word === '_sort') {
            const fields = String(value).split(',');
            const orders = String(query.words._order ?? '')
                .split(',')
                .map(order => order.toLowerCase());
            if (!fields.every(field => topLevel.test(field))) return undefined;
            page.sort = fields.map((field, index) => ({ field, descending: orders[index] === 'desc' }));
        } else if (word !== 'q' && topLevel.test(word) && !operators.test(word) && !word.startsWith('_'))
            page.equals.push({ field: word, values: Array.isArray(value) ? value : [value] });
        else return undefined;
    }
    return page;
};

/**
 * The matching records as json-server's slicing sees them: as many places as matches, the page's
 * records in theirs. json-server then answers the page, X-Total-Count and Link from it as from the
 * whole collection.
 */
export const sparseMatches = (records: readonly Row[], total: number, window: PageWindow): Row[] => {
    const places = new Array<Row>(total);
    records.forEach((record, index) => (places[window.start + index] = record));
    return places;
};

/** Only the words that page: what json-server still reads when the storage filtered and sorted. */
export const pagingWords = (words: PrototypeQuery['words']): PrototypeQuery['words'] =>
    Object.fromEntries(Object.entries(words).filter(([word]) => paging.includes(word)));
