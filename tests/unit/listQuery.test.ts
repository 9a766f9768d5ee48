import { describe, expect, it } from 'vitest';
import { parseListQuery } from '../../src/server/http/listQuery';
import { matchesFilter, matchesSearch, sortComparator } from '../../src/server/storage/match';

describe('the simple-rest list query', () => {
    it('reads sort, range and filter', () => {
        const query = parseListQuery(
            'customers',
            {
                sort: '["lastName","DESC"]',
                range: '[10,19]',
                filter: '{"status":["lead","trial"],"createdAt_gte":"2026-01-01","q":" ann "}',
            },
            'admin',
        );
        expect(query).toEqual({
            sort: { field: 'lastName', order: 'DESC' },
            range: { start: 10, end: 19 },
            filters: [
                { field: 'status', kind: 'equals', values: ['lead', 'trial'] },
                { field: 'createdAt', kind: 'gte', value: '2026-01-01' },
            ],
            search: 'ann',
        });
    });

    it('refuses unknown fields and malformed parts', () => {
        expect(() => parseListQuery('customers', { filter: '{"passwordHash":"x"}' }, 'admin')).toThrow(/Cannot filter/);
        expect(() => parseListQuery('users', { filter: '{"passwordHash":"x"}' }, 'admin')).toThrow(/Cannot filter/);
        expect(() => parseListQuery('users', { sort: '["passwordHash","ASC"]' }, 'admin')).toThrow(/Cannot sort/);
        expect(() => parseListQuery('customers', { filter: '{"status":{"$ne":1}}' }, 'admin')).toThrow(/Invalid value/);
        expect(() => parseListQuery('customers', { range: '[0,-1]' }, 'admin')).toThrow();
        expect(() => parseListQuery('customers', { range: ['[0,1]', '[0,2]'] }, 'admin')).toThrow(/once/);
    });

    it('refuses ranges that are not safe integers, and the NUL character in any value, naming the parameter', () => {
        const refused = (query: Record<string, unknown>, role: 'admin' | 'teacher' = 'admin') => {
            try {
                parseListQuery('customers', query, role);
            } catch (error) {
                return (error as { status: number; errors?: object }).status === 400
                    ? Object.keys((error as { errors?: object }).errors ?? {})
                    : [];
            }
            return [];
        };
        expect(refused({ range: '[1e300,1e300]' })).toEqual(['range']);
        expect(refused({ range: `[${2 ** 53},${2 ** 53 + 2}]` })).toEqual(['range']);
        expect(parseListQuery('customers', { range: `[${2 ** 53 - 2},${2 ** 53 - 1}]` }, 'admin').range.end).toBe(
            2 ** 53 - 1,
        );
        expect(refused({ _page: String(2 ** 53 - 1), _limit: '10' })).toEqual(['_page']);
        expect(refused({ _start: String(2 ** 53 - 1) })).toEqual(['_start']);
        expect(refused({ _end: '9'.repeat(20) })).toEqual(['_end']);
        expect(refused({ filter: '{"lastName":"a\\u0000"}' })).toEqual(['lastName']);
        expect(refused({ filter: '{"q":"\\u0000"}' })).toEqual(['q']);
        expect(refused({ filter: '{"status":["lead","\\u0000"]}' })).toEqual(['status']);
        expect(refused({ lastName: ['a', '\u0000'] })).toEqual(['lastName']);
        expect(refused({ q: 'a\u0000' }, 'teacher')).toEqual(['q']);
    });

    it('takes filters, range bounds, sorts and the search only on fields the role may read', () => {
        for (const filter of [
            '{"phone":"+7 916 123-45-67"}',
            '{"phone_gte":"+7 91"}',
            '{"email_lte":"m"}',
            '{"birthDate":"1990-01-01"}',
            '{"notes":"x"}',
        ]) {
            expect(() => parseListQuery('customers', { filter }, 'teacher')).toThrow(
                /Cannot filter customers by "(phone|email|birthDate|notes)"/,
            );
            expect(() => parseListQuery('customers', { filter }, 'manager')).not.toThrow();
        }
        expect(() => parseListQuery('customers', { sort: '["phone","ASC"]' }, 'teacher')).toThrow(
            /Cannot sort customers by "phone"/,
        );
        expect(() => parseListQuery('customers', { sort: '["phone","ASC"]' }, 'manager')).not.toThrow();
        expect(
            parseListQuery(
                'customers',
                { filter: '{"q":"анна","status":"active"}', sort: '["lastName","ASC"]' },
                'teacher',
            ),
        ).toMatchObject({
            search: 'анна',
            searchFields: ['firstName', 'lastName'],
        });
        // Staff search every search field of the collection, as the engine always did.
        expect(parseListQuery('customers', { filter: '{"q":"анна"}' }, 'manager')).not.toHaveProperty('searchFields');
        expect(parseListQuery('customers', { filter: '{"status":"active"}' }, 'teacher')).not.toHaveProperty(
            'searchFields',
        );
    });

    it('matches equality loosely by text, lists by any value, and ranges numerically', () => {
        expect(matchesFilter({ id: 5, active: true }, { field: 'id', kind: 'equals', values: ['5'] })).toBe(true);
        expect(matchesFilter({ id: 5, active: true }, { field: 'active', kind: 'equals', values: ['true'] })).toBe(
            true,
        );
        expect(
            matchesFilter({ id: 1, directionIds: [2, 3] }, { field: 'directionIds', kind: 'equals', values: [3] }),
        ).toBe(true);
        expect(matchesFilter({ id: 1, passId: null }, { field: 'passId', kind: 'equals', values: [null] })).toBe(true);
        expect(matchesFilter({ id: 1, price: 900 }, { field: 'price', kind: 'gte', value: '1000' })).toBe(false);
        expect(matchesFilter({ id: 1, price: 1200 }, { field: 'price', kind: 'lte', value: 1200 })).toBe(true);
    });

    it('searches every word in the search fields, and phones by their digits', () => {
        const customer = { id: 1, firstName: 'Анна', lastName: 'Смирнова', phone: '+7 916 123-45-67', email: null };
        expect(matchesSearch('customers', customer, 'анна смир')).toBe(true);
        expect(matchesSearch('customers', customer, '9161234')).toBe(true);
        expect(matchesSearch('customers', customer, '916 123')).toBe(true);
        expect(matchesSearch('customers', customer, 'анна петрова')).toBe(false);
    });

    it('searches only the fields it is given', () => {
        const customer = {
            id: 1,
            firstName: 'Анна',
            lastName: 'Смирнова',
            phone: '+7 916 123-45-67',
            email: 'anna@example.test',
        };
        const names = ['firstName', 'lastName'];
        expect(matchesSearch('customers', customer, 'анна смир', names)).toBe(true);
        expect(matchesSearch('customers', customer, '9161234', names)).toBe(false);
        expect(matchesSearch('customers', customer, 'example', names)).toBe(false);
        expect(matchesSearch('customers', customer, 'example')).toBe(true);
        expect(matchesSearch('customers', customer, 'анна', [])).toBe(false);
    });

    it('sorts with the id as a tiebreak and numbers as numbers', () => {
        const sorted = [
            { id: 3, n: 10 },
            { id: 1, n: 9 },
            { id: 2, n: 10 },
        ].sort(sortComparator({ field: 'n', order: 'DESC' }));
        expect(sorted.map(record => record.id)).toEqual([2, 3, 1]);
    });
});

describe('the search as people type it', () => {
    const customer = {
        id: 1,
        firstName: 'Мария',
        lastName: 'Соловьёва',
        phone: '+7 982 123-45-67',
        email: 'maria@example.test',
    };

    it('finds ё by е and е by ё, in any case', () => {
        expect(matchesSearch('customers', customer, 'Соловьева')).toBe(true);
        expect(matchesSearch('customers', customer, 'СОЛОВЬЁВА мария')).toBe(true);
        expect(matchesSearch('customers', { ...customer, lastName: 'Семенова' }, 'Семёнова')).toBe(true);
        expect(matchesSearch('customers', customer, 'Соловьевский')).toBe(false);
    });

    it('finds a phone written with 8, with +7 or without the country code', () => {
        for (const search of [
            '8 982 123-45-67',
            '+7 982 123 45 67',
            '89821234567',
            '79821234567',
            '982 123',
            '(982) 123-45',
            '8 982 1',
            '9821234567',
        ]) {
            expect(matchesSearch('customers', customer, search), search).toBe(true);
        }
        const storedWithEight = { ...customer, phone: '8 (982) 123-45-67' };
        for (const search of ['+7 982 123-45-67', '982-123-45-67', '8 982 123'])
            expect(matchesSearch('customers', storedWithEight, search), search).toBe(true);
        for (const search of ['8 982 765', '+7 916 123-45-67', '982 765'])
            expect(matchesSearch('customers', customer, search), search).toBe(false);
    });

    it('mixes a name and a number in one search', () => {
        expect(matchesSearch('customers', customer, 'соловьева 8 982')).toBe(true);
        expect(matchesSearch('customers', customer, 'петрова 8 982')).toBe(false);
    });

    it('takes a status by its label in either language', () => {
        const status = { id: 1, name: 'customer', code: 'paused', labels: { en: 'Paused', ru: 'Пауза' } };
        expect(matchesSearch('statuses', status, 'пауза')).toBe(true);
        expect(matchesSearch('statuses', status, 'paus')).toBe(true);
        expect(matchesSearch('statuses', status, 'active')).toBe(false);
    });

    it('filters customers by the digits of a phone only for roles that read phones', () => {
        const extra = ['activePass', 'debt', 'phoneDigits'];
        expect(
            parseListQuery('customers', { filter: '{"phoneDigits":"8 982 123-45-67"}' }, 'manager', extra).filters,
        ).toEqual([{ field: 'phoneDigits', kind: 'equals', values: ['8 982 123-45-67'] }]);
        expect(() => parseListQuery('customers', { filter: '{"phoneDigits":"8 982"}' }, 'teacher', extra)).toThrow(
            /Cannot filter customers by "phoneDigits"/,
        );
    });
});

describe('json-server words', () => {
    it('become the same sort, page and filters as simple-rest parameters', () => {
        expect(
            parseListQuery(
                'customers',
                {
                    _sort: 'lastName',
                    _order: 'desc',
                    _page: '3',
                    _limit: '20',
                    status: ['active', 'trial'],
                    createdAt_gte: '2026-01-01',
                    status_ne: 'left',
                    q: ' Анна ',
                },
                'admin',
            ),
        ).toEqual({
            sort: { field: 'lastName', order: 'DESC' },
            range: { start: 40, end: 59 },
            filters: [
                { field: 'status', kind: 'equals', values: ['active', 'trial'] },
                { field: 'createdAt', kind: 'gte', value: '2026-01-01' },
                { field: 'status', kind: 'excludes', values: ['left'] },
            ],
            search: 'Анна',
        });
        expect(parseListQuery('customers', { _start: '5', _limit: '5' }, 'admin').range).toEqual({ start: 5, end: 9 });
        expect(parseListQuery('customers', { _start: '5', _end: '7' }, 'admin').range).toEqual({ start: 5, end: 6 });
        // No page asked for: as many as a page may hold, as json-server answers everything.
        expect(parseListQuery('customers', {}, 'admin').range).toEqual({ start: 0, end: 999 });
    });

    it('are refused where they have no equivalent, or repeat what is meant once', () => {
        expect(() => parseListQuery('customers', { lastName_like: 'A' }, 'admin')).toThrow(/_like is not offered/);
        expect(() => parseListQuery('customers', { _sort: ['a', 'b'] }, 'admin')).toThrow(/once/);
        expect(() => parseListQuery('customers', { phone: '+7' }, 'teacher')).toThrow(
            /Cannot filter customers by "phone"/,
        );
    });
});
