import { createRequire } from 'node:module';
import type { Request, Response, Router } from 'express';
import { compileLike, LikePatternError } from './like';
import { isStudioCollection } from '../../../domain/roles';
import { badRequest } from '../../http/errors';
import type { Row } from '../../storage/types';

/*
 * Reading a prototype collection is json-server 0.17's own code: its plural router's list and show
 * handlers, run over the collection's records as the storage holds them, so that every query word
 * behaves exactly as json-server documents it. Around it this module adds what a server open to staff
 * needs: each word is checked first (a malformed one is a 400 naming it, never an exception inside
 * json-server), `_like` runs in time linear in the text instead of as a raw regular expression,
 * `_delay` and JSONP are not offered, `_embed`/`_expand` reach other prototypes only (the studio's
 * collections keep their own field rules), and simple-rest's `sort`/`range`/`filter` are translated
 * into the same words, so ra-data-simple-rest and ra-data-json-server both work.
 */

const require = createRequire(import.meta.url);

type State = Record<string, readonly Row[]>;
/** What json-server's plural router uses of a lowdb database: a lodash chain over the state, its lodash, the state. */
type JsonServerDb = object & { _: Lodash; getState(): State };
interface Lodash {
    runInContext(): Lodash;
    mixin(methods: object): void;
    chain(value: unknown): object;
    get(value: unknown, path: string): unknown;
}
type PluralRouter = Router & { stack: { handle: unknown }[] };
type PluralOf = (db: JsonServerDb, name: string, options: object) => PluralRouter;

const lodash = require('lodash') as Lodash;
const lodashGet = lodash.get;

/*
 * json-server's router and lodash with its methods, loaded at the first read of a prototype (a studio
 * that has none never loads them, and the server starts without them). lowdb makes a lodash of its own
 * for each database, with json-server's methods mixed in (getById, deepQuery...): a few milliseconds
 * each. One is made here, once; each request gets a chain over its state.
 */
const jsonServer = (() => {
    let loaded: { plural: PluralOf; delay: unknown; databaseOver: (state: State) => JsonServerDb } | undefined;
    return () => {
        if (loaded) return loaded;
        const ownLodash = lodash.runInContext();
        ownLodash.mixin(require('lodash-id') as object);
        ownLodash.mixin(require('json-server/lib/server/mixins') as object);
        loaded = {
            plural: require('json-server/lib/server/router/plural') as PluralOf,
            delay: require('json-server/lib/server/router/delay') as unknown,
            databaseOver: state => Object.assign(ownLodash.chain(state), { _: ownLodash, getState: () => state }),
        };
        return loaded;
    };
})();

/** Words json-server reads itself; any other parameter compares a field (`title=x`, `views_gte=10`, `author.name=typicode`). */
const textWords = ['_sort', '_order', 'q'];
const numberWords = ['_start', '_end', '_limit', '_page'];
const linkWords = ['_embed', '_expand'];

const refused: Record<string, string> = {
    _delay: '_delay is not offered: this server answers as fast as it can',
    callback: 'JSONP (callback) is not offered: read the JSON answer',
};

const maxSortFields = 10;

const problem = (name: string, message: string) => badRequest(message, { [name]: 'app.validation.invalid' });

const oneText = (name: string, raw: unknown): string => {
    if (typeof raw !== 'string') throw problem(name, `The ${name} parameter must be given once, as text`);
    return raw;
};

const texts = (name: string, raw: unknown): string[] => {
    const values = Array.isArray(raw) ? raw : [raw];
    if (!values.every(value => typeof value === 'string'))
        throw problem(name, `The ${name} parameter must be text (a[b]=c is not a field comparison)`);
    return values as string[];
};

/** A json-server query, checked: what json-server's list reads, and the `_like` tests it is spared. */
export interface PrototypeQuery {
    /** Handed to json-server: every word but `_like`. */
    words: Record<string, string | string[]>;
    /** Each `_like` parameter: its field path and the compiled patterns, of which a record's value must match one. */
    likes: { path: string; patterns: { test(text: string): boolean }[] }[];
    /** The collections `_embed` and `_expand` read (json-server names `_expand=post` by its plural). */
    linked: string[];
}

const pluralize = require('pluralize') as { (word: string): string; singular(word: string): string };

/** json-server's link between collections: a record of `comments` with `postId: 1` belongs to post 1 of `posts`. */
export const foreignKeyOf = (collection: string): string => `${pluralize.singular(collection)}Id`;

/** The collection `_expand=post` reads, as json-server names it. */
const pluralOf = (name: string): string[] => [pluralize(name)];

export const checkQuery = (query: Record<string, unknown>): PrototypeQuery => {
    const result: PrototypeQuery = { words: {}, likes: [], linked: [] };
    for (const [name, raw] of Object.entries(query)) {
        if (refused[name]) throw problem(name, refused[name]);
        // jQuery's cache-buster, which json-server ignores too.
        if (name === '_') continue;
        if (textWords.includes(name)) {
            result.words[name] = oneText(name, raw);
            if (name === '_sort' && result.words[name].split(',').length > maxSortFields)
                throw problem(name, `_sort takes at most ${maxSortFields} fields`);
        } else if (numberWords.includes(name)) {
            const text = oneText(name, raw);
            if (!/^\d{1,9}$/.test(text)) throw problem(name, `${name} must be a whole number`);
            result.words[name] = text;
        } else if (linkWords.includes(name)) {
            const names = texts(name, raw);
            const studio = names.find(linked =>
                (name === '_embed' ? [linked] : pluralOf(linked)).some(isStudioCollection),
            );
            if (studio)
                throw problem(
                    name,
                    `${name} reaches prototype collections only: read the studio's "${studio}" through its own endpoint`,
                );
            result.words[name] = names;
            result.linked.push(...names.flatMap(linked => (name === '_embed' ? [linked] : pluralOf(linked))));
        } else if (name.startsWith('_'))
            throw badRequest(`Unknown query parameter "${name}"`, { [name]: 'app.validation.unknown_parameter' });
        else if (name.endsWith('_like')) {
            const path = name.slice(0, -'_like'.length);
            if (!path) throw problem(name, '_like needs a field: title_like=pattern');
            try {
                result.likes.push({ path, patterns: texts(name, raw).map(compileLike) });
            } catch (error) {
                if (error instanceof LikePatternError) throw problem(name, `${name}: ${error.message}`);
                throw error;
            }
        } else result.words[name] = texts(name, raw);
    }
    return result;
};

/** json-server's `_like`, by the linear-time matcher: a record passes when its value at the path matches one of the patterns. */
export const passesLikes = (likes: PrototypeQuery['likes']) => (record: Row) =>
    likes.every(({ path, patterns }) => {
        const value = lodashGet(record, path);
        if (value === undefined || value === null) return false;
        const text = String(value as string);
        return patterns.some(pattern => pattern.test(text));
    });

const parsedJson = (raw: unknown): unknown => {
    if (typeof raw !== 'string') return undefined;
    try {
        return JSON.parse(raw);
    } catch {
        return undefined;
    }
};

const isSort = (value: unknown): value is [string, string] =>
    Array.isArray(value) &&
    value.length === 2 &&
    typeof value[0] === 'string' &&
    /^(ASC|DESC)$/i.test(String(value[1]));
const isRange = (value: unknown): value is [number, number] =>
    Array.isArray(value) &&
    value.length === 2 &&
    value.every(bound => Number.isInteger(bound) && bound >= 0) &&
    value[1] >= value[0];
const isObject = (value: unknown): value is Record<string, unknown> =>
    !!value && typeof value === 'object' && !Array.isArray(value);

/** Nested filter objects as json-server's deep paths: `{"author": {"name": "x"}}` is `author.name=x`. */
const flatten = (filter: Record<string, unknown>, prefix = ''): [string, unknown][] =>
    Object.entries(filter).flatMap(([key, value]) =>
        isObject(value) ? flatten(value, `${prefix}${key}.`) : [[`${prefix}${key}`, value] as [string, unknown]],
    );

/**
 * simple-rest's `sort=["title","ASC"]`, `range=[0,24]`, `filter={...}` as json-server's words, or
 * undefined when the query is json-server's own. A prototype may have fields named sort, range or
 * filter: their parameters are simple-rest's only when they read as simple-rest's JSON.
 */
export const simpleRestWords = (
    query: Record<string, unknown>,
): { query: Record<string, unknown>; range?: [number, number] } | undefined => {
    const sort = parsedJson(query.sort);
    const range = parsedJson(query.range);
    const filter = parsedJson(query.filter);
    const given = ['sort', 'range', 'filter'].filter(name => query[name] !== undefined);
    if (!given.length) return undefined;
    const shaped =
        (query.sort === undefined || isSort(sort)) &&
        (query.range === undefined || isRange(range)) &&
        (query.filter === undefined || isObject(filter));
    if (!shaped) return undefined;
    const other = Object.keys(query).find(name => !given.includes(name));
    if (other)
        throw badRequest(`simple-rest's sort, range and filter are not mixed with other parameters ("${other}")`, {
            [other]: 'app.validation.unknown_parameter',
        });
    const words: Record<string, unknown> = {};
    if (isSort(sort)) Object.assign(words, { _sort: sort[0], _order: String(sort[1]).toLowerCase() });
    if (isRange(range)) Object.assign(words, { _start: String(range[0]), _end: String(range[1] + 1) });
    if (isObject(filter)) {
        for (const [key, value] of flatten(filter)) {
            const values = Array.isArray(value) ? value : [value];
            if (!values.every(item => item === null || ['string', 'number', 'boolean'].includes(typeof item)))
                throw problem(key, `Invalid value for filter "${key}"`);
            // json-server's words that take one value (q, _gte, _lte) get one; a field compared with a list gets each.
            words[key] = Array.isArray(value) ? values.map(String) : String(value);
        }
    }
    return { query: words, range: isRange(range) ? range : undefined };
};

/**
 * Runs json-server's list or show handler over `state` (the collection and the ones `_embed`/`_expand`
 * read) and answers what it produced: the records, or undefined for a show that found nothing. Its
 * headers (X-Total-Count, Link) are set on `res` as json-server sets them.
 */
export const runJsonServer = (
    req: Request,
    res: Response,
    name: string,
    state: State,
    target: { list: Record<string, string | string[]> } | { id: string; words: Record<string, string | string[]> },
): Promise<unknown> => {
    const { plural, delay, databaseOver } = jsonServer();
    const router = plural(databaseOver(state), name, { foreignKeySuffix: 'Id', _isFake: false });
    // json-server pauses every request a millisecond (its _delay); not here.
    router.stack = router.stack.filter(layer => layer.handle !== delay);
    const url = req.url;
    const query = req.query;
    req.url = 'list' in target ? '/' : `/${encodeURIComponent(target.id)}`;
    // json-server deletes the words it has read from req.query: it gets a copy.
    (req as { query: unknown }).query = { ...('list' in target ? target.list : target.words) };
    res.locals.data = undefined;
    return new Promise((resolve, reject) => {
        router(req, res, (error?: unknown) => {
            req.url = url;
            (req as { query: unknown }).query = query;
            // json-server compares a field's values by their text: a stored value that has none cannot be compared.
            if (error instanceof TypeError)
                reject(badRequest(`The query cannot compare the values stored in ${name}: ${error.message}`));
            else if (error) reject(error instanceof Error ? error : new Error(String(error)));
            else resolve(res.locals.data);
        });
    });
};
