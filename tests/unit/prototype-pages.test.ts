import { describe, expect, it } from 'vitest';
import { cappedPage, pagingWords, sparseMatches, storageReadable } from '../../src/server/routes/prototypes/pages';
import { checkQuery } from '../../src/server/routes/prototypes/query';

/*
 * The page of a prototype list: json-server's slicing words read as json-server reads them, the cap of
 * 1000 records a page, and which queries the storage may read by itself.
 */

const windowOf = (words: Record<string, string>, range = false) => cappedPage(words, range).window;

const refusal = (words: Record<string, string>, range = false) => {
    try {
        cappedPage(words, range);
    } catch (error) {
        return (error as { errors?: Record<string, string> }).errors;
    }
    throw new Error(`${JSON.stringify(words)} was accepted`);
};

describe('the page of a prototype list', () => {
    it('slices as json-server does', () => {
        expect(windowOf({ _page: '3' })).toEqual({ start: 20, end: 30 });
        expect(windowOf({ _page: '0', _limit: '7' })).toEqual({ start: 0, end: 7 });
        expect(windowOf({ _page: '2', _limit: '0' })).toEqual({ start: 10, end: 20 });
        expect(windowOf({ _start: '5', _end: '12', _limit: '900' })).toEqual({ start: 5, end: 12 });
        expect(windowOf({ _start: '12', _end: '3' })).toEqual({ start: 12, end: 12 });
        expect(windowOf({ _start: '3', _limit: '4' })).toEqual({ start: 3, end: 7 });
    });

    it('answers the first 1000 when no page is asked for, ignoring _start alone as json-server does', () => {
        expect(cappedPage({ _start: '10', _sort: 'title' }, false)).toEqual({
            words: { _sort: 'title', _end: '1000' },
            window: { start: 0, end: 1000 },
        });
    });

    it('refuses more than 1000 records a page, naming the word', () => {
        expect(windowOf({ _page: '2', _limit: '1000' })).toEqual({ start: 1000, end: 2000 });
        expect(windowOf({ _start: '5', _end: '1005' })).toEqual({ start: 5, end: 1005 });
        expect(refusal({ _limit: '1001' })).toEqual({ _limit: 'app.validation.invalid' });
        expect(refusal({ _page: '1', _limit: '999999999' })).toEqual({ _limit: 'app.validation.invalid' });
        expect(refusal({ _start: '5', _end: '1006' })).toEqual({ _end: 'app.validation.invalid' });
        expect(refusal({ _start: '0', _end: '1001' }, true)).toEqual({ range: 'app.validation.invalid' });
    });
});

describe('the queries the storage may read by itself', () => {
    const readable = (query: Record<string, string | string[]>) =>
        storageReadable(checkQuery(query), { start: 0, end: 10 });

    it('takes equality on top-level fields, sorts by top-level fields and the page', () => {
        expect(readable({ title: 'x', id: ['1', '2'], _sort: 'views,title', _order: 'DESC', _page: '1' })).toEqual({
            equals: [
                { field: 'title', values: ['x'] },
                { field: 'id', values: ['1', '2'] },
            ],
            sort: [
                { field: 'views', descending: true },
                { field: 'title', descending: false },
            ],
            start: 0,
            end: 10,
        });
    });

    it('leaves to json-server what it reads in its own way', () => {
        const queries: Record<string, string>[] = [
            { q: 'x' },
            { title_like: 'x' },
            { views_gte: '3' },
            { views_ne: '3' },
            { 'author.name': 'x' },
            { _sort: 'author.name' },
            { _sort: 'title,' },
            { _embed: 'comments' },
            { _expand: 'post' },
        ];
        for (const query of queries) expect(readable(query), JSON.stringify(query)).toBeUndefined();
    });

    it('lays a page in its place among the matches, for json-server to slice', () => {
        const places = sparseMatches([{ id: 7 }, { id: 8 }], 30, { start: 20, end: 30 });
        expect(places.length).toBe(30);
        expect(places.slice(20, 22)).toEqual([{ id: 7 }, { id: 8 }]);
        expect(pagingWords({ _sort: 'x', title: ['a'], _page: '3', _limit: '5' })).toEqual({ _page: '3', _limit: '5' });
    });
});
