import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataProvider, RaRecord } from 'ra-core';
import {
    call,
    demoDb,
    login,
    removeDir,
    restClient,
    startServer,
    type RunningServer,
    storedDatabase,
} from '../support/server';

/*
 * Status labels in both languages on a database written before they had languages, the search as
 * people type names (е for ё) and phones (8, +7 or no country code), and the phone filter the new
 * customer form asks to warn of a duplicate.
 */

let server: RunningServer;
let admin: DataProvider;
let adminToken: string;
let teacherToken: string;
let solovyova: RaRecord;

/** The demo database as an older version wrote it: each status with one label, in the studio's language (Russian). */
const olderDatabase = () => {
    const database = JSON.parse(readFileSync(demoDb, 'utf8')) as Record<string, Record<string, unknown>[]>;
    database.statuses = database.statuses.map(({ labels, ...status }) => ({
        ...status,
        label: (labels as { ru: string }).ru,
    }));
    return database;
};

beforeAll(async () => {
    server = await startServer({ db: olderDatabase() });
    adminToken = await login(server.url, 'admin');
    teacherToken = await login(server.url, 'teacher');
    admin = restClient(server.url, adminToken);
    solovyova = (
        await admin.create('customers', {
            data: { firstName: 'Лабелия', lastName: 'Тестёлкина', phone: '+7 982 555-12-34', status: 'lead' },
        })
    ).data;
});

afterAll(async () => {
    await server.stop();
    removeDir(server.dir);
});

const customersWhere = async (filter: object, token = adminToken) =>
    call(server.url, `/api/customers?filter=${encodeURIComponent(JSON.stringify(filter))}&range=[0,99]`, { token });
const idsOf = (body: unknown) => (body as RaRecord[]).map(record => record.id);

describe('status labels on a database of the older shape', () => {
    it('starts, and answers each stored label as the label in the studio language', async () => {
        const { data } = await admin.getList('statuses', {
            filter: { name: 'customer' },
            sort: { field: 'order', order: 'ASC' },
            pagination: { page: 1, perPage: 10 },
        });
        expect(data.map(status => status.labels)).toEqual([
            { ru: 'Интерес' },
            { ru: 'Пробное' },
            { ru: 'Занимается' },
            { ru: 'Пауза' },
            { ru: 'Ушёл' },
        ]);
        expect(data.some(status => 'label' in status)).toBe(false);
    });

    it('keeps the new shape once the file is rewritten', async () => {
        const status = (
            await admin.getList('statuses', {
                filter: { name: 'customer', code: 'paused' },
                sort: { field: 'id', order: 'ASC' },
                pagination: { page: 1, perPage: 1 },
            })
        ).data[0];
        const { data } = await admin.update('statuses', {
            id: status.id,
            data: { labels: { en: 'Paused', ru: 'Пауза' } },
            previousData: status,
        });
        expect(data.labels).toEqual({ en: 'Paused', ru: 'Пауза' });
        await server.stop();
        const file = (await storedDatabase(server)) as unknown as { statuses: Record<string, unknown>[] };
        expect(file.statuses.find(record => record.id === status.id)).toMatchObject({
            labels: { en: 'Paused', ru: 'Пауза' },
        });
        expect(file.statuses.every(record => !('label' in record) && typeof record.labels === 'object')).toBe(true);
        server = await startServer({ dbFile: server.dbFile });
        adminToken = await login(server.url, 'admin');
        teacherToken = await login(server.url, 'teacher');
        admin = restClient(server.url, adminToken);
    });

    it('takes a label in one language, and refuses a status with none', async () => {
        const created = await call(server.url, '/api/statuses', {
            method: 'POST',
            token: adminToken,
            json: { name: 'attendance', code: 'makeup', labels: { en: 'Make-up class' }, color: '#123456' },
        });
        expect(created.status).toBe(201);
        expect(created.body.labels).toMatchObject({ en: 'Make-up class' });
        const empty = await call(server.url, '/api/statuses', {
            method: 'POST',
            token: adminToken,
            json: { name: 'attendance', code: 'nolabel', labels: { en: ' ', ru: '' }, color: '#123456' },
        });
        expect(empty.status).toBe(400);
        expect(empty.body.errors).toEqual({ 'labels.en': 'app.validation.label_required' });
        const none = await call(server.url, '/api/statuses', {
            method: 'POST',
            token: adminToken,
            json: { name: 'attendance', code: 'nolabel', color: '#123456' },
        });
        expect(none.body.errors).toEqual({ labels: 'ra.validation.required' });
    });

    it('searches statuses by their label in either language', async () => {
        const found = await call(server.url, `/api/statuses?filter=${encodeURIComponent('{"q":"make-up"}')}`, {
            token: adminToken,
        });
        expect((found.body as unknown as RaRecord[]).map(status => status.code)).toEqual(['makeup']);
    });
});

describe('the search as people type it', () => {
    it('finds ё by е', async () => {
        expect(idsOf((await customersWhere({ q: 'Тестелкина' })).body)).toEqual([solovyova.id]);
        expect(idsOf((await customersWhere({ q: 'лабелия ТЕСТЁЛКИНА' })).body)).toEqual([solovyova.id]);
    });

    it('finds a phone written with 8, with +7 or without the country code', async () => {
        for (const q of ['8 982 555-12-34', '+7 (982) 555 12 34', '89825551234', '982 555-12-34', '982 555']) {
            expect(idsOf((await customersWhere({ q })).body), q).toEqual([solovyova.id]);
        }
    });
});

describe('the phone filter of the duplicate warning', () => {
    it('finds the customer with the same number, however written, and no other', async () => {
        for (const phoneDigits of ['8 982 555-12-34', '+79825551234', '982 555 12 34']) {
            expect(idsOf((await customersWhere({ phoneDigits })).body), phoneDigits).toEqual([solovyova.id]);
        }
        // Part of the number is not the number.
        expect(idsOf((await customersWhere({ phoneDigits: '982 555' })).body)).toEqual([]);
        expect(idsOf((await customersWhere({ phoneDigits: '8 982 555-12-35' })).body)).toEqual([]);
        expect(idsOf((await customersWhere({ email: 'nobody@example.test' })).body)).toEqual([]);
    });

    it('is refused to a teacher, who does not read phones', async () => {
        const refused = await customersWhere({ phoneDigits: '8 982 555-12-34' }, teacherToken);
        expect(refused.status).toBe(400);
        expect(refused.body.errors).toEqual({ phoneDigits: 'app.validation.unknown_field' });
    });
});
