import { once } from 'node:events';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../src/domain/types';
import { createApp } from '../../src/server/app';
import { openStorage } from '../../src/server/storage';
import type { Storage } from '../../src/server/storage/types';
import { addCustomer, freshPhone } from '../support/factories';
import { call, demoDb, engine, postgresDatabaseFor, removeDir, stubDist } from '../support/server';

/*
 * Asking for a sign-in code, or signing up, answers before anything is looked up or queued for whoever
 * has the login, so that a known login is answered as fast as an unknown one: here every write of the
 * storage is held until the test lets it go, and the answer comes all the same; the code's message is
 * queued once the writes go on. On both engines, the app in the test's process over a storage of its own.
 */

const db = JSON.parse(readFileSync(demoDb, 'utf8')) as Database;
const ivan = addCustomer(db, {
    firstName: 'Ivan',
    lastName: 'Answered',
    phone: freshPhone(),
    email: 'ivan.answered@example.test',
});

describe('a code asked for', () => {
    let dir: string;
    let storage: Storage;
    let server: Server;
    let url = '';
    /** While set, every transaction waits for it. */
    let held: Promise<void> | undefined;
    let release = () => undefined as void;
    const hold = () => {
        held = new Promise(done => (release = () => ((held = undefined), done())));
    };

    beforeAll(async () => {
        dir = mkdtempSync(join(tmpdir(), 'studio-code-answer-'));
        const file = join(dir, 'db.json');
        writeFileSync(file, JSON.stringify(db));
        const databaseUrl = engine === 'postgres' ? await postgresDatabaseFor(file) : undefined;
        storage = await openStorage({ file, databaseUrl, watchIntervalMs: 0, log: { ...console, info: () => {} } });
        const gated = new Proxy(storage, {
            get(target, property, receiver) {
                if (property === 'transaction')
                    return async (...args: Parameters<Storage['transaction']>) => {
                        if (held) await held;
                        return target.transaction(...args);
                    };
                const value: unknown = Reflect.get(target, property, receiver);
                return typeof value === 'function' ? value.bind(target) : value;
            },
        });
        const created = createApp({
            storage: gated,
            distDir: stubDist(),
            log: { info: () => undefined, warn: () => undefined, error: console.error },
            auth: {
                secret: 'test-secret-that-is-long-enough-for-hs256',
                tokenTtlHours: 1,
                maxFailures: 5,
                failureWindowMs: 15 * 60_000,
            },
        });
        server = created.app.listen(0, '127.0.0.1');
        await once(server, 'listening');
        url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    });

    afterAll(async () => {
        release();
        server?.closeAllConnections();
        await new Promise(done => server?.close(done));
        await storage?.close();
        removeDir(dir);
    });

    const codesOf = (customerId: number) => storage.count('messages', { customerId, kind: 'sign_in' });

    it('is answered before the code is given and queued for a customer who has the login', async () => {
        hold();
        const asked = await call(url, '/api/portal/auth/code', { method: 'POST', json: { login: ivan.email } });
        expect(asked.status, asked.text).toBe(202);
        const nobody = await call(url, '/api/portal/auth/code', {
            method: 'POST',
            json: { login: 'nobody.answered@example.test' },
        });
        expect(nobody.status).toBe(202);
        expect(nobody.body).toEqual(asked.body);
        expect(await codesOf(ivan.id)).toBe(0);
        release();
        await vi.waitFor(async () => expect(await codesOf(ivan.id)).toBe(1));
    });

    it('at sign-up, is answered before the code is queued for the customer who has the phone', async () => {
        hold();
        const joined = await call(url, '/api/portal/auth/join', {
            method: 'POST',
            json: {
                firstName: 'Not',
                lastName: 'Ivan',
                phone: ivan.phone,
                email: 'not.ivan@example.test',
                consent: true,
            },
        });
        expect(joined.status, joined.text).toBe(202);
        expect(await codesOf(ivan.id)).toBe(1);
        release();
        await vi.waitFor(async () => expect(await codesOf(ivan.id)).toBe(2));
    });
});
