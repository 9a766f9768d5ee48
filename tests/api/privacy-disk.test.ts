import { readFileSync } from 'node:fs';
import { afterAll, describe, expect } from 'vitest';
import type { Customer } from '../../src/domain/types';
import { freshPhone } from '../support/factories';
import { call, itOnDbJson, login, removeDir, startServerProcess, type ServerProcess } from '../support/server';

/*
 * An erasure on the db.json engine, with the server as its own process: the person's name, phone and
 * e-mail were written to the journal by the writes that made and changed the card (and by an import of
 * customers), and the file is not rewritten in the background for ten minutes; from the moment the erasure
 * answers, no erased value is in db.json or its journal, and none comes back after a kill -9 and a restart.
 */

let server: ServerProcess | undefined;
afterAll(async () => {
    await server?.stop('SIGKILL');
    if (server) removeDir(server.dir);
});

const env = { CHECKPOINT_IDLE_MS: '600000', MESSAGES_EVERY_MS: '3600000' };

/** db.json and its journal as they are on disk now. */
const onDisk = (dbFile: string) => {
    const read = (file: string) => {
        try {
            return readFileSync(file, 'utf8');
        } catch {
            return '';
        }
    };
    return `${read(dbFile)}\n${read(`${dbFile}.journal`)}`;
};

describe('an erasure on db.json', () => {
    itOnDbJson('leaves no erased value in db.json or its journal once it answers, nor after a kill -9', async () => {
        server = await startServerProcess({ env });
        const url = server.url;
        const manager = await login(url, 'manager');
        const phone = freshPhone();
        const file = [
            'First name,Last name,Phone,E-mail,Notes',
            `Ulyana,Stiraemova,${phone},ulyana.stir@example.test,Knee`,
        ].join('\n');
        const imported = await call(url, '/api/imports/customers?fileName=people.csv', {
            method: 'POST',
            token: manager,
            headers: { 'Content-Type': 'text/csv' },
            body: file,
        });
        expect(imported.status, imported.text).toBe(201);
        const found = await call(
            url,
            `/api/customers?filter=${encodeURIComponent(JSON.stringify({ lastName: 'Stiraemova' }))}`,
            {
                token: manager,
            },
        );
        const customer = (found.body as unknown as Customer[])[0];
        const newPhone = freshPhone();
        const changed = await call(url, `/api/customers/${customer.id}`, {
            method: 'PUT',
            token: manager,
            json: { ...customer, phone: newPhone, birthDate: '1991-02-03' },
        });
        expect(changed.status, changed.text).toBe(200);
        const sold = await call(url, '/api/passes/sell', {
            method: 'POST',
            token: manager,
            json: { customerId: customer.id, subscriptionId: 3, startsOn: '2026-11-29', method: 'cash' },
        });
        expect(sold.status, sold.text).toBe(201);
        // Phones are stored as their digits.
        const digits = (number: string) => number.replace(/\D/g, '');
        const erasedValues = [
            'Ulyana',
            'Stiraemova',
            'ulyana.stir@example.test',
            digits(phone),
            digits(newPhone),
            'Knee',
        ];
        // The values are on disk before: the check below would see them.
        const before = onDisk(server.dbFile);
        for (const value of erasedValues) expect(before).toContain(value);

        const erased = await call(url, `/api/customers/${customer.id}/erase`, {
            method: 'POST',
            token: await login(url, 'admin'),
            json: { confirm: 'stiraemova' },
        });
        expect(erased.status, erased.text).toBe(200);
        const after = onDisk(server.dbFile);
        for (const value of erasedValues) expect(after, value).not.toContain(value);

        await server.stop('SIGKILL');
        const dbFile = server.dbFile;
        for (const value of erasedValues) expect(onDisk(dbFile), value).not.toContain(value);
        server = await startServerProcess({ dbFile, env });
        const again = await call(server.url, `/api/customers/${customer.id}`, {
            token: await login(server.url, 'admin'),
        });
        expect(again.body).toMatchObject({ status: 'erased', phone: null, email: null, lastName: `#${customer.id}` });
        // Its pass and payment are kept.
        const payments = await call(
            server.url,
            `/api/payments?filter=${encodeURIComponent(JSON.stringify({ customerId: customer.id }))}`,
            { token: await login(server.url, 'admin') },
        );
        expect(payments.body).toEqual([expect.objectContaining({ amount: 5200 })]);
        for (const value of erasedValues) expect(onDisk(dbFile), value).not.toContain(value);
    });
});
