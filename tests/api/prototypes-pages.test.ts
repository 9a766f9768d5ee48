import { describe, expect, it } from 'vitest';
import { call, serverForEveryRole } from '../support/server';
import { bareJsonServer, demo } from '../support/prototypes';

/*
 * Pages of prototype collections: at most 1000 records, as the studio's lists, with X-Total-Count on
 * every list; and, on PostgreSQL, pages read in SQL where json-server's words allow. Either way the
 * answers are bare json-server's, over records whose types make json-server compare in its own ways:
 * numbers and strings that look alike, missing fields, ties, letters past U+FFFF, objects.
 */

const strings = ['b', 'B', 'a', 'é', 'Ω', '\uE000x', '\uFFFD', 'a', 'ab', '', 'Zz', 'ä'];
const numbers = [3, 1, 2, 1.5, -4, 10, 3, 1e21, 0.1, -0.5, 1, 7e-7];
const things = Array.from({ length: 40 }, (_, index) => {
    const id = index + 1;
    return {
        id,
        ...(id % 9 ? { n: numbers[id % numbers.length] } : {}),
        ...(id % 11 ? { s: strings[id % strings.length] } : {}),
        astral: id === 7 ? '😀' : id === 8 ? '\uFFFF' : `t${id % 4}`,
        mixed: id % 2 ? id : String(id),
        maybe: id % 5 ? id % 3 : null,
        flag: id % 3 === 0,
        code: id % 4 === 0 ? 5 : id % 4 === 1 ? '5' : id % 4 === 2 ? '05' : 6,
        ...(id % 6 ? {} : { nested: { a: id % 2 } }),
    };
});
const many = Array.from({ length: 1500 }, (_, index) => ({ id: index + 1, v: index % 7, title: `note ${index}` }));
const collections = () => ({ things: structuredClone(things), many: structuredClone(many) });

const served = serverForEveryRole({ db: { ...demo(), ...collections() } });
const bare = bareJsonServer(collections);
const get = (path: string) => call(served.server.url, `/api${path}`, { token: served.tokens.admin });

const sameAsJsonServer = [
    '/things',
    '/things?_sort=n',
    '/things?_sort=n&_order=desc',
    '/things?_sort=s',
    '/things?_sort=s&_order=DESC',
    '/things?_sort=astral',
    '/things?_sort=mixed',
    '/things?_sort=maybe&_order=desc',
    '/things?_sort=nested',
    '/things?_sort=s,n&_order=desc,asc',
    '/things?_sort=flag,n&_order=desc',
    '/things?_sort=code',
    '/things?code=5',
    '/things?code=05',
    '/things?code=5&code=6',
    '/things?flag=true',
    '/things?n=1.5',
    '/things?n=1e%2B21',
    '/things?n=1.50',
    '/things?n=7e-7',
    '/things?nested=%5Bobject%20Object%5D',
    '/things?missing=1',
    '/things?maybe=null',
    '/things?code=5&_sort=n&_page=2&_limit=3',
    '/things?_sort=s&_start=5&_end=12',
    '/things?_sort=n&_limit=4&_start=3',
    '/things?id=3&id=4&id=40',
    '/things?_page=100',
    '/things?_page=0&_limit=7',
    '/things?_start=12&_end=3',
    '/things?s=a&_sort=id&_order=desc',
    '/things?_sort=id&_page=3&_limit=5',
    '/many?_page=2&_limit=1000',
    '/many?_start=1000&_end=1500',
    '/many?_limit=1000&_sort=v&_order=desc',
    '/many?v=3&_sort=title&_page=2&_limit=20',
];

describe('prototype pages', () => {
    it.each(sameAsJsonServer)('GET %s answers as bare json-server does', async path => {
        const ours = await get(path);
        const theirs = await call(bare.url, path);
        expect(ours.status).toBe(theirs.status);
        expect(ours.body).toEqual(theirs.body);
        const total = theirs.headers.get('x-total-count') ?? String((theirs.body as unknown[]).length);
        expect(ours.headers.get('x-total-count')).toBe(total);
        const link = (response: typeof ours, origin: string) => response.headers.get('link')?.split(origin).join('');
        expect(link(ours, `${served.server.url}/api`)).toBe(link(theirs, bare.url));
    });

    it('answers at most 1000 records when no page is asked for, with the total', async () => {
        for (const path of ['/many', '/many?_start=10', '/many?v=1&_sort=title']) {
            const answer = await get(path);
            const theirs = (await call(bare.url, path)).body as unknown[];
            expect(answer.status, path).toBe(200);
            expect(answer.body, path).toEqual(theirs.slice(0, 1000));
            expect(answer.headers.get('x-total-count'), path).toBe(String(theirs.length));
        }
    });

    it('refuses a page of more than 1000 records with a 400 naming the word', async () => {
        for (const [path, word] of [
            ['/many?_limit=1001', '_limit'],
            ['/many?_limit=999999999', '_limit'],
            ['/many?_page=1&_limit=5000', '_limit'],
            ['/many?_start=5&_end=1006', '_end'],
            [`/many?range=${encodeURIComponent('[0,1000]')}`, 'range'],
        ]) {
            const answer = await get(path);
            expect(answer.status, path).toBe(400);
            expect(answer.body.message, path).toMatch(/at most 1000 records a page/);
            expect(answer.body.errors, path).toEqual({ [word]: 'app.validation.invalid' });
        }
        const widest = await get(`/many?range=${encodeURIComponent('[500,1499]')}`);
        expect((widest.body as unknown[]).length).toBe(1000);
        expect(widest.headers.get('content-range')).toBe('many 500-1499/1500');
    });

    it('counts each collection in the list of prototypes', async () => {
        const listed = (await get('/prototypes')).body as unknown as { name: string; count: number }[];
        expect(listed.filter(entry => ['many', 'things'].includes(entry.name))).toEqual([
            { name: 'many', count: 1500 },
            { name: 'things', count: 40 },
        ]);
    });
});
