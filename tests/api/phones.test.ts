import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/domain/types';
import {
    call,
    demoDb,
    engine,
    login,
    postgresDatabaseFor,
    removeDir,
    serverForEveryRole,
    startServer,
    type RunningServer,
} from '../support/server';

/*
 * People's phones are stored in one form, E.164 in the studio's country, however staff type them: a
 * number that is not a phone there is refused, the search and the duplicate check still find a number
 * by its digits, and phones an earlier version stored as typed are brought to E.164 when a db.json is
 * opened and by PostgreSQL's migration 010.
 */

// Customer 1 of the demo: Анастасия Кузнецова, +7 952 632-70-15.
const kuznetsova = { id: 1, phone: '+79526327015' };

describe('a phone written', () => {
    const served = serverForEveryRole();
    const send = (method: 'POST' | 'PUT', path: string, json: Record<string, unknown>) =>
        call(served.server.url, `/api${path}`, { method, token: served.tokens.admin, json });
    const customer = (phone: string) => ({ firstName: 'Телефония', lastName: 'Набранная', phone, status: 'lead' });

    it('is stored in E.164, read in the studio country when typed without a country code', async () => {
        const added = await send('POST', '/customers', customer('8 (916) 555-01-02'));
        expect(added.status).toBe(201);
        expect(added.body.phone).toBe('+79165550102');
        const changed = await send('PUT', `/customers/${added.body.id}`, { phone: '916 555 01 03' });
        expect(changed.status).toBe(200);
        expect(changed.body.phone).toBe('+79165550103');
        const abroad = await send('PUT', `/customers/${added.body.id}`, { phone: '+44 20 7946 0958' });
        expect(abroad.body.phone).toBe('+442079460958');
        const read = await call(served.server.url, `/api/customers/${added.body.id}`, { token: served.tokens.manager });
        expect(read.body.phone).toBe('+442079460958');
    });

    it('is stored in E.164 for a user too, whose phone may stay empty', async () => {
        const changed = await send('PUT', '/users/2', { phone: '8 900 100 00 02' });
        expect(changed.status).toBe(200);
        expect(changed.body.phone).toBe('+79001000002');
        const cleared = await send('PUT', '/users/2', { phone: '' });
        expect(cleared.status).toBe(200);
        expect(cleared.body.phone).toBeNull();
    });

    it('is refused with 400 on its field when it is not a phone number in the studio country', async () => {
        for (const phone of ['12345', '8 123 456 78 90', '+7 952 632-70-1']) {
            const refused = await send('POST', '/customers', customer(phone));
            expect(refused.status, phone).toBe(400);
            expect(refused.body.errors, phone).toEqual({ phone: 'app.validation.phone' });
        }
        const onEdit = await send('PUT', `/customers/${kuznetsova.id}`, { phone: '8 123 456 78 90' });
        expect(onEdit.status).toBe(400);
        expect(onEdit.body.errors).toEqual({ phone: 'app.validation.phone' });
        const onUser = await send('PUT', '/users/2', { phone: '12345' });
        expect(onUser.status).toBe(400);
        expect(onUser.body.errors).toEqual({ phone: 'app.validation.phone' });
    });

    it('is found by its digits, typed with 8, +7 or no country code', async () => {
        for (const q of ['89526327015', '8952632', '952 632', '+7 952 632-70-15']) {
            const found = await call(
                served.server.url,
                `/api/customers?filter=${encodeURIComponent(JSON.stringify({ q }))}`,
                { token: served.tokens.manager },
            );
            expect(
                (found.body as { id: number }[]).map(record => record.id),
                q,
            ).toContain(kuznetsova.id);
        }
        const same = await call(
            served.server.url,
            `/api/customers?filter=${encodeURIComponent(JSON.stringify({ phoneDigits: '8 952 632 70 15' }))}`,
            { token: served.tokens.manager },
        );
        expect((same.body as { id: number }[]).map(record => record.id)).toEqual([kuznetsova.id]);
    });

    it('is the same number for the duplicate check, however it is written', async () => {
        for (const phone of ['8 952 632 70 15', '+7 952 632-70-15', '952-632-70-15']) {
            const refused = await send('POST', '/customers', customer(phone));
            expect(refused.status, phone).toBe(409);
            expect(refused.body.duplicates, phone).toEqual([{ id: kuznetsova.id, name: 'Анастасия Кузнецова' }]);
        }
    });
});

/** The demo database as an earlier version wrote it: phones as staff typed them, settings without a country. */
const typedDatabase = (): Database => {
    const database = JSON.parse(readFileSync(demoDb, 'utf8')) as Database;
    delete (database.configs[0] as Partial<Database['configs'][0]>).country;
    database.customers[0].phone = '8 (952) 632 70 15';
    database.customers[1].phone = '+7 982 555-12-34';
    // Not a valid number in Russia: kept as typed, for staff to correct.
    database.customers[2].phone = '12345';
    database.users[1].phone = '8 900 100-00-02';
    return database;
};

const typedPhones = { 1: '8 (952) 632 70 15', 2: '+7 982 555-12-34', 3: '12345' };
const upgradedPhones = { 1: '+79526327015', 2: '+79825551234', 3: '12345' };

/** The phones of customers 1 to 3 and the manager's, and the settings' country, as the server answers them. */
const phonesOf = async (server: RunningServer) => {
    const token = await login(server.url, 'admin');
    const phones: Record<number, unknown> = {};
    for (const id of [1, 2, 3]) phones[id] = (await call(server.url, `/api/customers/${id}`, { token })).body.phone;
    return {
        phones,
        manager: (await call(server.url, '/api/users/2', { token })).body.phone,
        country: (await call(server.url, '/api/configs/general', { token })).body.country,
    };
};

describe('phones stored as typed by an earlier version', () => {
    let server: RunningServer;

    beforeAll(async () => {
        server = await startServer({ db: typedDatabase() });
    });

    afterAll(async () => {
        await server.stop();
        removeDir(server.dir);
    });

    it('are E.164 once the database is opened (or imported), the settings in the country of their currency', async () => {
        expect(await phonesOf(server)).toEqual({ phones: upgradedPhones, manager: '+79001000002', country: 'RU' });
        if (engine === 'json') {
            // Written back in the new shape at the first start.
            const file = JSON.parse(readFileSync(join(server.dir, 'db.json'), 'utf8')) as Database;
            expect(file.customers.slice(0, 3).map(customer => customer.phone)).toEqual(Object.values(upgradedPhones));
            expect(file.configs[0].country).toBe('RU');
        }
    });

    it('leave a number that is not valid as it was, and changing the rest of the record does not ask to fix it', async () => {
        const token = await login(server.url, 'manager');
        const changed = await call(server.url, '/api/customers/3', {
            method: 'PUT',
            token,
            json: { notes: 'Ask for the phone again' },
        });
        expect(changed.status).toBe(200);
        expect(changed.body.phone).toBe('12345');
    });
});

const itOnPostgres = engine === 'postgres' ? it : it.skip;

describe('a PostgreSQL database made before phones were stored in one form', () => {
    itOnPostgres('has its typed phones brought to E.164 by migration 010, in the country of its currency', async () => {
        // The demo database in the shape migration 009 left: no country in the settings, phones as typed.
        const prepared = await startServer();
        await prepared.stop();
        const url = await postgresDatabaseFor(prepared.dbFile);
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        try {
            await client.query('ALTER TABLE configs DROP COLUMN country');
            await client.query('DELETE FROM schema_migrations WHERE version = 10');
            for (const [id, phone] of Object.entries(typedPhones))
                await client.query('UPDATE customers SET phone = $1 WHERE id = $2', [phone, Number(id)]);
            await client.query(`UPDATE users SET phone = '8 900 100-00-02' WHERE id = 2`);
        } finally {
            await client.end();
        }
        const server = await startServer({ dbFile: prepared.dbFile });
        try {
            expect(server.output()).toMatch(/Applied the database migration 10 \(phones-e164\)/);
            expect(await phonesOf(server)).toEqual({ phones: upgradedPhones, manager: '+79001000002', country: 'RU' });
        } finally {
            await server.stop();
            removeDir(prepared.dir);
        }
    });
});
