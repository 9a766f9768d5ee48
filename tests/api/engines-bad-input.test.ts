import { describe, expect, it } from 'vitest';
import { askBoth, type BadRequest, described, expectSameStatuses, oddRequests } from '../support/engines-bad-input';
import { collectionNames, expectSameAnswers, list, roles, startBothEngines } from '../support/engines-compare';
import { postgresAvailable } from '../support/postgres';
import { engine } from '../support/server';

/*
 * Bad input is never a 500, and both engines answer it alike. Searches on collections with no text to
 * search, the NUL character (which PostgreSQL cannot store in a text) wherever a request carries text,
 * and ranges and pages that are not safe integers: each asked of a db.json server and a PostgreSQL
 * server on the same demo database, which must answer the same status, the 4xx naming the same field.
 * Then a few hundred odd requests from a seeded generator (tests/support/engines-bad-input.ts): the
 * failure message names the seed and each request, so the same requests can be asked again.
 * Runs once, in the db.json project (it starts its own PostgreSQL), when PostgreSQL is installed.
 */

const nul = '\u0000';
const get = (role: BadRequest['role'], path: string): BadRequest => ({ role, method: 'GET', path });

/** Asks both servers; each must answer `status`, and a 400 must name `field` among its errors. */
const expectBoth = async (request: BadRequest, status: number, field?: string) => {
    const answers = await askBoth(request);
    for (const [engineName, answer] of [
        ['db.json', answers[0]],
        ['PostgreSQL', answers[1]],
    ] as const) {
        const what = `${engineName}: ${described(request)} answered ${answer.status} ${JSON.stringify(answer.body)}`;
        expect(answer.status, what).toBe(status);
        if (field) expect(Object.keys((answer.body as { errors?: object }).errors ?? {}), what).toContain(field);
    }
    return answers;
};

const customer = {
    firstName: 'Ann',
    lastName: 'Lee',
    phone: '+7 900 000-00-01',
    status: 'lead',
};

describe.skipIf(engine !== 'json' || !postgresAvailable)('bad input on the db.json and PostgreSQL engines', () => {
    startBothEngines();

    describe('a search on every collection', () => {
        it.each(roles)('answers alike as %s, the collections with nothing to search finding nothing', async role =>
            expectSameStatuses(collectionNames.map(collection => get(role, list(collection, { filter: { q: 'x' } })))),
        );

        it('finds no attendance for a teacher and no settings for an admin, with a 200', async () => {
            for (const [role, collection] of [
                ['teacher', 'attendances'],
                ['admin', 'configs'],
                ['manager', 'attendances'],
            ] as const) {
                const [json, postgres] = await expectBoth(get(role, list(collection, { filter: { q: 'x' } })), 200);
                expect(json.body).toEqual([]);
                expect(postgres.body).toEqual([]);
                expect(postgres.range).toBe(json.range);
            }
            await expectBoth(get('teacher', '/api/attendances?q=x'), 200);
        });
    });

    describe('the NUL character', () => {
        it('is refused in a filter value, a search and json-server’s words, naming the parameter', async () => {
            await expectBoth(get('admin', list('customers', { filter: { lastName: `a${nul}b` } })), 400, 'lastName');
            await expectBoth(get('admin', list('customers', { filter: { status: ['lead', nul] } })), 400, 'status');
            await expectBoth(get('admin', list('events', { filter: { startsAt_gte: nul } })), 400, 'startsAt_gte');
            await expectBoth(get('admin', list('customers', { filter: { q: `ал${nul}` } })), 400, 'q');
            await expectBoth(get('teacher', list('attendances', { filter: { q: nul } })), 400, 'q');
            await expectBoth(get('manager', `/api/customers?lastName=a${encodeURIComponent(nul)}`), 400, 'lastName');
            await expectBoth(get('manager', `/api/customers?q=${encodeURIComponent(nul)}`), 400, 'q');
            await expectBoth(get('manager', `/api/payments?note_ne=${encodeURIComponent(nul)}`), 400, 'note_ne');
            await expectBoth(
                get('admin', list('attendances', { filter: { date_gte: `2026${nul}` } })),
                400,
                'date_gte',
            );
        });

        it('is refused in an id in the path', async () => {
            for (const path of [
                `/api/customers/1${encodeURIComponent(nul)}`,
                `/api/configs/general${encodeURIComponent(nul)}`,
                `/api/paymentLinks/${encodeURIComponent(nul)}`,
                `/api/public/payment-links/${encodeURIComponent(nul)}`,
            ])
                await expectBoth(get('admin', path), 400, 'id');
            await expectBoth(
                { role: 'admin', method: 'PUT', path: `/api/configs/${encodeURIComponent(nul)}`, body: {} },
                400,
                'id',
            );
            await expectBoth(
                { role: 'admin', method: 'POST', path: `/api/paymentLinks/a${encodeURIComponent(nul)}/cancel` },
                400,
                'id',
            );
        });

        it('is refused in the walk-in search', async () => {
            await expectBoth(get('manager', `/api/events/1/walk-ins?q=${encodeURIComponent(`ал${nul}`)}`), 400, 'q');
            await expectBoth(get('admin', `/api/events/1/walk-ins?q=${encodeURIComponent(nul)}`), 400, 'q');
        });

        it('is refused by every text field of a body, however deep, naming the field', async () => {
            const post = (path: string, body: unknown): BadRequest => ({ role: 'admin', method: 'POST', path, body });
            await expectBoth(post('/api/customers', { ...customer, firstName: `a${nul}b` }), 400, 'firstName');
            await expectBoth(post('/api/customers', { ...customer, notes: `${nul}` }), 400, 'notes');
            await expectBoth(
                post('/api/statuses', {
                    name: 'customer',
                    code: 'nul_label',
                    labels: { en: 'Fine', ru: `a${nul}` },
                    color: '#123456',
                }),
                400,
                'labels.ru',
            );
            await expectBoth(
                { role: 'admin', method: 'PUT', path: '/api/configs/general', body: { studioName: `S${nul}` } },
                400,
                'studioName',
            );
            await expectBoth(
                {
                    role: 'manager',
                    method: 'POST',
                    path: '/api/payments/refund',
                    body: { customerId: 1, amount: 1, method: 'cash', note: nul },
                },
                400,
                'note',
            );
            // A sign-in is read by a schema too.
            await expectBoth(
                post('/api/auth/login', { email: `admin${nul}@example.org`, password: 'x' }),
                400,
                'email',
            );
            // Nothing was written.
            const [json, postgres] = await askBoth(get('admin', list('customers', { filter: { q: 'Lee' } })));
            expect(json.total).toBe(postgres.total);
        });

        it('is taken nowhere it could be stored: a record written without it reads the same on both', async () => {
            const body = { ...customer, phone: '+7 900 000-00-02', firstName: 'Ünïcode 😀' };
            const [json, postgres] = await expectBoth(
                { role: 'admin', method: 'POST', path: '/api/customers', body },
                201,
            );
            expect((postgres.body as { firstName: string }).firstName).toBe(
                (json.body as { firstName: string }).firstName,
            );
        });
    });

    describe('ranges and pages', () => {
        it('refuses a range or a page that is not a safe integer, naming it', async () => {
            await expectBoth(get('admin', list('customers', { range: [1e300, 1e300] })), 400, 'range');
            await expectBoth(get('admin', list('customers', { range: [2 ** 53, 2 ** 53 + 5] })), 400, 'range');
            await expectBoth(get('admin', list('customers', { range: [0.5, 3] })), 400, 'range');
            await expectBoth(get('admin', '/api/customers?_start=1e300'), 400, '_start');
            await expectBoth(get('admin', `/api/customers?_start=${'9'.repeat(300)}`), 400, '_start');
            await expectBoth(get('admin', `/api/customers?_end=${'9'.repeat(30)}`), 400, '_end');
            await expectBoth(get('admin', `/api/customers?_limit=${'9'.repeat(30)}`), 400, '_limit');
            await expectBoth(get('admin', `/api/customers?_page=${'9'.repeat(30)}`), 400, '_page');
            await expectBoth(get('admin', `/api/customers?_page=${2 ** 53 - 1}&_limit=10`), 400, '_page');
            await expectBoth(get('admin', `/api/customers?_start=${2 ** 53 - 1}`), 400, '_start');
        });

        it('answers a page past the end as an empty 200 with the total, as react-admin reads it after a delete', async () => {
            for (const path of [
                list('customers', { range: [5000, 5009] }),
                list('customers', { range: [2 ** 53 - 10, 2 ** 53 - 1] }),
                '/api/customers?_page=9999&_limit=10',
                '/api/customers?_start=100000&_end=100010',
            ]) {
                const [json, postgres] = await expectBoth(get('manager', path), 200);
                expect(json.body).toEqual([]);
                expect(postgres.body).toEqual([]);
                expect(postgres.range).toBe(json.range);
                expect(postgres.total).toBe(json.total);
                expect(Number(json.total)).toBeGreaterThan(0);
            }
        });
    });

    it('bounds a number, a list or an object by a text as db.json does: by the text JavaScript writes', async () =>
        expectSameAnswers('admin', [
            list('customers', { filter: { id_lte: '2026-11' }, range: [0, 199] }),
            list('events', { filter: { capacity_gte: 'a', id_gte: 'ё' }, range: [0, 299] }),
            list('passes', { filter: { price_lte: '1500.', visitsUsed_gte: '' }, range: [0, 299] }),
            list('subscriptions', { filter: { directionIds_lte: '2026-11' } }),
            list('subscriptions', { filter: { directionIds_gte: '', trial_gte: 0.5 } }),
            list('statuses', { filter: { labels_gte: '[object Object]' } }),
            list('schedules', { filter: { slots_gte: '[object Object],[object Object]' } }),
            list('users', { filter: { pay_lte: '[' } }),
        ]));

    // Change the seed to explore; a failure names the seed and the index of each request it lists.
    it.each([{ seed: 26 }, { seed: 2604 }, { seed: 7 }])(
        'answers $seed’s odd requests with the same status on both, never a 500',
        async ({ seed }) => expectSameStatuses(oddRequests(seed, 200), `seed ${seed} `),
        300_000,
    );
});
