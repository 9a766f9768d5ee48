import { expect } from 'vitest';
import { type Answer, abbreviated, answerOf } from './engines';
import { collectionNames, demo, onJson, onPostgres } from './engines-compare';
import type { DemoRole } from './server';

/*
 * Bad input sent to the db.json and the PostgreSQL engines alike (tests/api/engines-bad-input.test.ts):
 * a request to ask both, the comparing of their statuses, and a seeded generator of odd requests, so
 * that a failure names the seed and the request and can be asked again.
 */

export interface BadRequest {
    role: DemoRole | null;
    method: 'GET' | 'POST' | 'PUT' | 'DELETE';
    path: string;
    body?: unknown;
}

/** The request as a line of a failure message. */
export const described = ({ role, method, path, body }: BadRequest) =>
    `${role ?? 'public'} ${method} ${path}${body === undefined ? '' : ` ${abbreviated(body, 200)}`}`;

/** Asks both servers the same request, the db.json one first. */
export const askBoth = async (request: BadRequest): Promise<[Answer, Answer]> => [
    await answerOf(onJson, request.role, request.path, request.method, request.body),
    await answerOf(onPostgres, request.role, request.path, request.method, request.body),
];

/**
 * Asks both servers every request in turn; fails listing each one answered with a 5xx, or with another
 * status or (for a list) another total on each.
 */
export const expectSameStatuses = async (requests: BadRequest[], label = '') => {
    const found: string[] = [];
    for (const [index, request] of requests.entries()) {
        const [json, postgres] = await askBoth(request);
        if (json.status !== postgres.status || json.status >= 500 || json.total !== postgres.total)
            found.push(
                `${label}#${index} ${described(request)}: db.json ${json.status} ${abbreviated(json.body, 160)}, PostgreSQL ${postgres.status} ${abbreviated(postgres.body, 160)}`,
            );
    }
    expect(found).toEqual([]);
};

/** Mulberry32: a small seeded generator, the same numbers for the same seed on every machine. */
export const seeded = (seed: number) => {
    let state = seed >>> 0;
    const next = () => {
        state = (state + 0x6d2b79f5) >>> 0;
        let t = state;
        t = Math.imul(t ^ (t >>> 15), t | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const int = (below: number) => Math.floor(next() * below);
    const pick = <T>(items: readonly T[]): T => items[int(items.length)];
    return { next, int, pick };
};
export type Random = ReturnType<typeof seeded>;

const nul = '\u0000';

/** Values no form sends: huge, negative, fractional, not numbers, nested, long, unusual texts, NUL. */
const oddScalars: unknown[] = [
    1e300,
    -1e300,
    -1,
    0,
    0.5,
    2147483648,
    2 ** 53 + 2,
    'NaN',
    'Infinity',
    '-0',
    '1e300',
    ' 5 ',
    '05',
    '',
    ' ',
    true,
    false,
    null,
    'x'.repeat(5000),
    'ёЁ Ω 😀 ﷽',
    '\ud800',
    'a\udfffb',
    nul,
    `a${nul}b`,
    '%',
    "'; DROP TABLE customers; --",
    '2026-11-01',
    '2026-02-30T25:61',
    '1',
    'general',
];

/** An odd value: a scalar, or a list or an object of them, sometimes nested. */
export const oddValue = (random: Random, depth = 0): unknown => {
    const roll = random.int(10);
    if (depth < 2 && roll === 0) return [random.pick(oddScalars), oddValue(random, depth + 1)];
    if (depth < 2 && roll === 1) return { [random.pick(['a', 'q', 'id', nul])]: oddValue(random, depth + 1) };
    if (roll === 2) return [];
    if (roll === 3) return {};
    return random.pick(oddScalars);
};

type Collection = (typeof collectionNames)[number];

const fieldsOf = (collection: Collection): string[] => Object.keys((demo[collection] as object[])[0] ?? { id: 1 });

/** A field of the collection, with or without a bound, or one it does not have. */
const oddKey = (random: Random, collection: Collection): string => {
    const roll = random.int(8);
    if (roll === 0) return 'q';
    if (roll === 1) return random.pick(['nope', `first${nul}Name`, 'id_gte_lte', '', 'phoneDigits', 'debt']);
    const field = random.pick(fieldsOf(collection));
    return roll < 5 ? field : `${field}${random.pick(['_gte', '_lte', '_ne'])}`;
};

const oddSort = (random: Random, collection: Collection): unknown =>
    random.pick([
        [random.pick(fieldsOf(collection)), random.pick(['ASC', 'DESC'])],
        [random.pick(fieldsOf(collection)), 'asc'],
        ['nope', 'ASC'],
        ['id'],
        'id',
        [nul, 'ASC'],
        [1, 'ASC'],
        {},
    ]);

const oddBound = (random: Random): unknown =>
    random.pick([0, 5, 24, 999, 1000, 5000, -1, 0.5, 1e300, 2 ** 53, 2 ** 53 - 1, '3', null, [1], 'NaN']);

const oddRange = (random: Random): unknown =>
    random.int(4) === 0 ? random.pick([[], [0], [0, 1, 2], 'x', {}]) : [oddBound(random), oddBound(random)];

/**
 * A text as a URL carries it; a lone surrogate, which has no UTF-8, as the bytes some clients send for
 * one (not UTF-8 either).
 */
const encoded = (text: string) =>
    text.replace(/[\ud800-\udbff][\udc00-\udfff]|[^]/g, part =>
        /^[\ud800-\udfff]$/.test(part) ? '%ED%A0%80' : encodeURIComponent(part),
    );

const query = (parts: Record<string, unknown>) =>
    Object.entries(parts)
        .map(([key, value]) => `${key}=${encoded(JSON.stringify(value))}`)
        .join('&');

/** A value a filter takes, odd as it may be: a scalar without NUL, or a list of them. */
const oddScalar = (random: Random): unknown => {
    const scalars = oddScalars.filter(value => typeof value !== 'string' || !value.includes(nul));
    return random.int(4) ? random.pick(scalars) : [random.pick(scalars), random.pick(scalars)];
};

/**
 * A simple-rest list: a filter of a few keys, sometimes an odd sort and range. Half of them are of the
 * shape the protocol takes (the collection's fields, scalar values), so that the odd values reach the
 * engines rather than being refused on the way.
 */
const oddList = (random: Random, collection: Collection): string => {
    const filter: Record<string, unknown> = {};
    const taken = random.int(2) === 0;
    for (let count = 1 + random.int(3); count > 0; count--) {
        const field = random.pick(fieldsOf(collection));
        if (!taken) filter[oddKey(random, collection)] = oddValue(random);
        else if (random.int(3)) filter[field] = oddScalar(random);
        else filter[`${field}_${random.pick(['gte', 'lte'])}`] = random.pick([1e300, -1, 0.5, '2026-11', 'ё', '']);
    }
    const parts: Record<string, unknown> = { filter };
    if (random.int(2)) parts.sort = taken ? [random.pick(fieldsOf(collection)), 'DESC'] : oddSort(random, collection);
    if (random.int(2)) parts.range = taken ? [random.int(300), 300 + random.int(300)] : oddRange(random);
    return `/api/${collection}?${query(parts)}`;
};

/** An odd value of a query word or a path, as the URL carries it: some are not even well-formed escapes. */
const oddWord = (random: Random): string =>
    random.pick([
        ...[
            '1e300',
            '100000000000000000000',
            '9007199254740992',
            '-1',
            '0',
            '2.5',
            'NaN',
            '',
            nul,
            `1${nul}`,
            'ё',
            '\ud800',
            'x'.repeat(3000),
            'true',
        ].map(encoded),
        '%',
        '%FF',
        '%ED%A0%80',
    ]);

/** json-server's words with odd values, each encoded as a browser would. */
const oddWords = (random: Random, collection: Collection): string => {
    const words: string[] = [];
    for (let count = 1 + random.int(3); count > 0; count--) {
        const name = random.pick([
            '_start',
            '_end',
            '_limit',
            '_page',
            '_sort',
            '_order',
            'q',
            random.pick(fieldsOf(collection)),
            `${random.pick(fieldsOf(collection))}_gte`,
            `${random.pick(fieldsOf(collection))}_ne`,
        ]);
        words.push(`${encodeURIComponent(name)}=${oddWord(random)}`);
    }
    return `/api/${collection}?${words.join('&')}`;
};

const oddId = (random: Random): string =>
    random.pick([
        ...[
            '0',
            '-1',
            '1.5',
            '1e300',
            '99999999999999999999',
            '2147483648',
            'NaN',
            'abc',
            nul,
            `1${nul}`,
            `general${nul}`,
            'ё',
            ' ',
            'x'.repeat(2000),
            // Other ways of writing an id that exists.
            '01',
            '1.0',
            '+1',
            '1e0',
            '0x1',
            ' 1',
        ].map(encoded),
        '%',
        '%FF',
    ]);

/** A body for a write: a real record's fields, some replaced by odd values or given odd ones. */
const oddBody = (random: Random, collection: Collection): unknown => {
    if (random.int(10) === 0) return random.pick([[], 'text', 5, null, [{}]]);
    const body: Record<string, unknown> = { ...(random.pick(demo[collection] as object[]) as object) };
    delete body.id;
    for (let count = 1 + random.int(3); count > 0; count--) body[oddKey(random, collection)] = oddValue(random);
    return body;
};

const writable = ['customers', 'directions', 'studios', 'statuses', 'events', 'courses'] as const;

/** `count` odd requests from `seed`, as every role, to every collection. */
export const oddRequests = (seed: number, count: number): BadRequest[] => {
    const random = seeded(seed);
    const roles: (DemoRole | null)[] = ['admin', 'admin', 'manager', 'manager', 'teacher', 'teacher', null];
    return Array.from({ length: count }, (): BadRequest => {
        const role = random.pick(roles);
        const collection = random.pick(collectionNames);
        const kind = random.int(10);
        if (kind < 4) return { role, method: 'GET', path: oddList(random, collection) };
        if (kind < 6) return { role, method: 'GET', path: oddWords(random, collection) };
        if (kind === 6)
            return {
                role,
                method: random.pick(['GET', 'DELETE'] as const),
                path: `/api/${collection}/${oddId(random)}`,
            };
        if (kind === 7) {
            const path = random.pick([
                `/api/events/${oddId(random)}/walk-ins?q=ал`,
                `/api/events/1/walk-ins?q=${oddWord(random)}`,
                `/api/paymentLinks/${oddId(random)}/cancel`,
                `/api/public/payment-links/${oddId(random)}`,
            ]);
            return { role, method: path.endsWith('/cancel') ? 'POST' : 'GET', path };
        }
        const target = random.pick(writable);
        if (kind === 8) return { role, method: 'POST', path: `/api/${target}`, body: oddBody(random, target) };
        const id = random.int(3) ? String(random.pick(demo[target] as { id: number }[]).id) : oddId(random);
        return { role, method: 'PUT', path: `/api/${target}/${id}`, body: oddBody(random, target) };
    });
};
