import { describe, expect, it } from 'vitest';
import type { Customer, Payment } from '../../src/domain/types';
import { call, type DemoRole, serverForEveryRole } from '../support/server';

/*
 * A developer used to json-server asks the studio's collections in its words (`_sort`, `_order`,
 * `_start`, `_end`, `_limit`, `_page`, `field=value`, `_gte`, `_lte`, `_ne`, `q`): they map onto the
 * same filters, sorting and field rules as simple-rest's parameters, with X-Total-Count and Link.
 */

const served = serverForEveryRole();
const get = (path: string, role: DemoRole = 'admin') =>
    call(served.server.url, `/api${path}`, { token: served.tokens[role] });
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

describe('json-server query words on the studio collections', () => {
    it('sort, order and limit a list, with the total in X-Total-Count', async () => {
        const all = (await get('/customers?_limit=1000')).body as unknown as Customer[];
        const { status, body, headers } = await get('/customers?_sort=lastName&_limit=5');
        expect(status).toBe(200);
        expect(headers.get('x-total-count')).toBe(String(all.length));
        const names = (body as unknown as Customer[]).map(customer => customer.lastName);
        expect(names).toHaveLength(5);
        expect(names).toEqual([...all.map(customer => customer.lastName)].sort(collator.compare).slice(0, 5));
        const descending = (await get('/customers?_sort=lastName&_order=desc&_limit=3')).body as unknown as Customer[];
        expect(descending.map(customer => customer.lastName)).toEqual(
            [...all.map(customer => customer.lastName)].sort(collator.compare).reverse().slice(0, 3),
        );
    });

    it('answer every match of a field without a page asked for, and pages by _page, _start and _end', async () => {
        const [first] = (await get('/customers?_limit=1')).body as unknown as Customer[];
        const same = (await get(`/customers?lastName=${encodeURIComponent(first.lastName)}`))
            .body as unknown as Customer[];
        expect(same.length).toBeGreaterThan(0);
        expect(same.every(customer => customer.lastName === first.lastName)).toBe(true);

        const page = await get('/customers?_page=2&_limit=10');
        expect((page.body as unknown as Customer[]).map(customer => customer.id)).toEqual(
            Array.from({ length: 10 }, (_, index) => index + 11),
        );
        const link = page.headers.get('link') as string;
        expect(link).toMatch(/_page=1&_limit=10>; rel="first"/);
        expect(link).toMatch(/_page=1&_limit=10>; rel="prev"/);
        expect(link).toMatch(/_page=3&_limit=10>; rel="next"/);
        expect(link).toMatch(/rel="last"$/);
        const slice = (await get('/customers?_start=5&_end=10')).body as unknown as Customer[];
        expect(slice.map(customer => customer.id)).toEqual([6, 7, 8, 9, 10]);
    });

    it('bound, exclude and search as simple-rest filters do', async () => {
        const dear = (await get('/payments?kind=payment&amount_gte=5000&amount_lte=9000')).body as unknown as Payment[];
        expect(dear.length).toBeGreaterThan(0);
        expect(
            dear.every(payment => payment.kind === 'payment' && payment.amount >= 5000 && payment.amount <= 9000),
        ).toBe(true);
        const notActive = (await get('/customers?status_ne=active')).body as unknown as Customer[];
        expect(notActive.length).toBeGreaterThan(0);
        expect(notActive.some(customer => customer.status === 'active')).toBe(false);
        const [someone] = notActive;
        const found = (await get(`/customers?q=${encodeURIComponent(someone.lastName)}`)).body as unknown as Customer[];
        expect(found.map(customer => customer.id)).toContain(someone.id);
    });

    it('keep the field rules: a teacher filters, sorts and searches only the fields they may read', async () => {
        expect((await get('/customers?phone=%2B7', 'teacher')).status).toBe(400);
        expect((await get('/customers?_sort=phone', 'teacher')).status).toBe(400);
        expect((await get('/customers?email_ne=x', 'teacher')).status).toBe(400);
    });

    it('refuse with a clear 400 what has no equivalent here, and never mix the two protocols', async () => {
        for (const path of [
            '/customers?lastName_like=^A',
            '/customers?_embed=passes',
            '/customers?_expand=status',
            '/customers?_sort=lastName,firstName',
            '/customers?_order=up',
            '/customers?_limit=0',
            '/customers?_limit=5000',
            '/customers?_delay=1000',
        ]) {
            const { status, body } = await get(path);
            expect(status, path).toBe(400);
            expect(typeof body.message, path).toBe('string');
        }
        expect((await get('/customers?_embed=passes')).body.message as string).toMatch(/reference field/);
        expect((await get('/customers?sort=%5B%22id%22%2C%22ASC%22%5D&_sort=lastName')).status).toBe(400);
    });
});
