import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateDatabase } from '../../src/domain/validation';
import type { Database } from '../../src/domain/types';
import {
    journalEmptied,
    journalLines,
    journalOf,
    lineWith,
    nextPhone,
    readDb,
    sleep,
    waitFor,
} from '../support/durability';
import {
    demoDb,
    login,
    removeDir,
    restClient,
    root,
    serverEntry,
    startServerProcess,
    waitForOutput,
} from '../support/server';

/*
 * The storage engine's promises: db.json plus an append-only journal `${DB_FILE}.journal` with one
 * `<crc32 hex> <json>` line per committed transaction, fsync'd before the answer; db.json rewritten in
 * the background (after CHECKPOINT_IDLE_MS without writes, or once the journal passes
 * CHECKPOINT_JOURNAL_BYTES); the journal replayed at start-up; a hand edit of db.json noticed every
 * WATCH_INTERVAL_MS. The tests know nothing of the JSON inside a journal line beyond its checksum.
 *
 * This part: db.json edited by hand while the server runs, and a database file that cannot be used at start-up.
 */

describe('a hand edit of db.json while the server runs', () => {
    // Quick to notice; no idle rewrite, so the acknowledged writes stay in the journal over the edit.
    const watching = { WATCH_INTERVAL_MS: '100', CHECKPOINT_IDLE_MS: '60000' };

    const editCustomers = (dbFile: string, notes: Record<number, string>) => {
        const data = readDb(dbFile);
        for (const customer of data.customers) if (customer.id in notes) customer.notes = notes[customer.id];
        writeFileSync(dbFile, JSON.stringify(data, null, 2));
    };

    it('is reloaded when it validates: the edit is served, and the writes acknowledged before it are applied on top', async () => {
        const server = await startServerProcess({ env: watching });
        try {
            const token = await login(server.url, 'admin');
            const client = restClient(server.url, token);
            const { data: created } = await client.create('customers', {
                data: { firstName: 'Before', lastName: 'TheEdit', phone: nextPhone(), status: 'lead' },
            });
            // The file on disk does not have the new customer yet: only the journal does.
            const from = server.output().length;
            editCustomers(server.dbFile, { 7: 'Edited by hand' });
            await waitForOutput(server, lineWith('changed on disk', 'reloaded'), 20_000, from);

            expect((await client.getOne('customers', { id: 7 })).data.notes).toBe('Edited by hand');
            expect((await client.getOne('customers', { id: created.id })).data).toMatchObject({
                firstName: 'Before',
                lastName: 'TheEdit',
                phone: created.phone,
            });

            await server.stop('SIGTERM');
            expect(server.process.exitCode).toBe(0);
            expect(existsSync(journalOf(server.dbFile))).toBe(false);
            const data = readDb(server.dbFile);
            expect(validateDatabase(data)).toEqual([]);
            expect(data.customers.find(customer => customer.id === 7)?.notes).toBe('Edited by hand');
            expect(data.customers.find(customer => customer.id === created.id)).toMatchObject({ lastName: 'TheEdit' });
        } finally {
            await server.stop();
            removeDir(server.dir);
        }
    }, 60_000);

    it('ends a record that both the edit and an acknowledged write changed as the journal says', async () => {
        const server = await startServerProcess({ env: watching });
        try {
            const token = await login(server.url, 'admin');
            const client = restClient(server.url, token);
            const { data: before } = await client.getOne('customers', { id: 9 });
            await client.update('customers', {
                id: 9,
                data: { ...before, notes: 'Written through the API' },
                previousData: before,
            });
            const from = server.output().length;
            editCustomers(server.dbFile, { 9: 'Edited by hand', 10: 'Also edited by hand' });
            await waitForOutput(server, lineWith('changed on disk', 'reloaded'), 20_000, from);

            expect((await client.getOne('customers', { id: 9 })).data.notes).toBe('Written through the API');
            expect((await client.getOne('customers', { id: 10 })).data.notes).toBe('Also edited by hand');
        } finally {
            await server.stop();
            removeDir(server.dir);
        }
    }, 60_000);

    it('is left alone when it is not JSON: the server keeps serving and journaling, a clean stop keeps the journal, and a fixed file gets the writes at the next start', async () => {
        // A short idle time: a rewrite would run soon after each write, were it not held back by the broken file.
        const server = await startServerProcess({ env: { WATCH_INTERVAL_MS: '100', CHECKPOINT_IDLE_MS: '50' } });
        try {
            const token = await login(server.url, 'admin');
            const client = restClient(server.url, token);
            const { data: first } = await client.create('customers', {
                data: { firstName: 'Written', lastName: 'BeforeBreaking', phone: nextPhone(), status: 'lead' },
            });
            // The original to restore later must already hold the first write: wait for the idle rewrite.
            await waitFor('db.json is rewritten after the idle time', () =>
                readFileSync(server.dbFile, 'utf8').includes('BeforeBreaking'),
            );
            const original = readFileSync(server.dbFile, 'utf8');

            const broken = '{"users": [ broken by hand';
            const from = server.output().length;
            writeFileSync(server.dbFile, broken);
            await waitForOutput(server, lineWith('changed on disk', 'cannot be used'), 20_000, from);

            // Still served from memory, and still written.
            expect((await client.getOne('customers', { id: first.id })).data).toMatchObject({
                lastName: 'BeforeBreaking',
            });
            expect(
                (
                    await client.getList('customers', {
                        filter: {},
                        pagination: { page: 1, perPage: 5 },
                        sort: { field: 'id', order: 'ASC' },
                    })
                ).data,
            ).toHaveLength(5);
            const { data: during } = await client.create('customers', {
                data: { firstName: 'Written', lastName: 'WhileBroken', phone: nextPhone(), status: 'lead' },
            });
            const { data: changed } = await client.update('customers', {
                id: first.id,
                data: { ...first, notes: 'changed while broken' },
                previousData: first,
            });
            expect((await client.getOne('customers', { id: during.id })).data).toMatchObject({
                lastName: 'WhileBroken',
            });
            expect(changed).toMatchObject({ notes: 'changed while broken' });
            // Many idle times and watch intervals later the edited file is still exactly the edit.
            await sleep(600);
            expect(readFileSync(server.dbFile, 'utf8')).toBe(broken);
            expect(journalLines(server.dbFile).join('\n'), 'the writes are journaled').toContain('WhileBroken');

            const stopping = server.output().length;
            await server.stop('SIGTERM');
            expect(readFileSync(server.dbFile, 'utf8'), 'a clean stop leaves the broken file alone').toBe(broken);
            expect(journalLines(server.dbFile).join('\n'), 'a clean stop keeps the journal').toContain('WhileBroken');
            expect(server.output().slice(stopping), 'the stop says the journal is kept').toMatch(/journal/i);

            writeFileSync(server.dbFile, original);
            const restarted = await startServerProcess({ dbFile: server.dbFile });
            try {
                const again = restClient(restarted.url, await login(restarted.url, 'admin'));
                expect((await again.getOne('customers', { id: during.id })).data).toMatchObject({
                    lastName: 'WhileBroken',
                    phone: during.phone,
                });
                expect((await again.getOne('customers', { id: first.id })).data).toMatchObject({
                    lastName: 'BeforeBreaking',
                    notes: 'changed while broken',
                });
                await waitFor('the journal is emptied at start-up', () => journalEmptied(restarted.dbFile), 5_000);
                const data = readDb(restarted.dbFile);
                expect(validateDatabase(data)).toEqual([]);
                expect(data.customers.find(customer => customer.id === during.id)).toMatchObject({
                    lastName: 'WhileBroken',
                });
            } finally {
                await restarted.stop();
            }
        } finally {
            await server.stop();
            removeDir(server.dir);
        }
    }, 60_000);

    it('is left alone while it breaks the schema, and reloaded with the journal on top once it is fixed', async () => {
        const server = await startServerProcess({ env: { WATCH_INTERVAL_MS: '100', CHECKPOINT_IDLE_MS: '50' } });
        try {
            const client = restClient(server.url, await login(server.url, 'admin'));
            // The start's writes rewritten into db.json first: a rewrite under way would replace the edit.
            await waitFor('the journal is empty', () => statSync(journalOf(server.dbFile)).size === 0, 30_000);
            const valid = readDb(server.dbFile);
            const invalid = JSON.parse(JSON.stringify(valid)) as Database;
            (invalid.customers[3] as unknown as Record<string, unknown>).phone = 'call me';
            const brokenText = JSON.stringify(invalid, null, 2);
            let from = server.output().length;
            writeFileSync(server.dbFile, brokenText);
            await waitForOutput(server, lineWith('changed on disk', 'cannot be used'), 20_000, from);
            // The reason names what is wrong: the field of the broken record.
            await waitForOutput(server, /phone/, 20_000, from);

            const { data: during } = await client.create('customers', {
                data: { firstName: 'Written', lastName: 'WhileInvalid', phone: nextPhone(), status: 'lead' },
            });
            await sleep(400);
            expect(readFileSync(server.dbFile, 'utf8'), 'no rewrite over the invalid file').toBe(brokenText);

            // Fixed by hand, with a visible change: reloaded, and the write made meanwhile applied on top.
            valid.customers[4].notes = 'Fixed by hand';
            from = server.output().length;
            writeFileSync(server.dbFile, JSON.stringify(valid, null, 2));
            await waitForOutput(server, lineWith('changed on disk', 'reloaded'), 20_000, from);
            expect((await client.getOne('customers', { id: valid.customers[4].id })).data.notes).toBe('Fixed by hand');
            expect((await client.getOne('customers', { id: during.id })).data).toMatchObject({
                lastName: 'WhileInvalid',
            });
            // Rewrites resume once the file is valid again.
            const { data: after } = await client.create('customers', {
                data: { firstName: 'Written', lastName: 'AfterTheFix', phone: nextPhone(), status: 'lead' },
            });
            await waitFor(
                'db.json is rewritten again',
                () => readFileSync(server.dbFile, 'utf8').includes('AfterTheFix'),
                30_000,
            );
            const data = readDb(server.dbFile);
            expect(validateDatabase(data)).toEqual([]);
            expect(data.customers.find(customer => customer.id === after.id)).toMatchObject({
                lastName: 'AfterTheFix',
            });
            expect(data.customers.find(customer => customer.id === during.id)).toMatchObject({
                lastName: 'WhileInvalid',
            });
            expect(data.customers.find(customer => customer.id === valid.customers[4].id)?.notes).toBe('Fixed by hand');
        } finally {
            await server.stop();
            removeDir(server.dir);
        }
    }, 60_000);
});

describe('a database file that cannot be used', () => {
    const run = (content: string | null) => {
        const dir = mkdtempSync(join(tmpdir(), 'studio-bad-db-'));
        const dbFile = join(dir, 'db.json');
        if (content !== null) writeFileSync(dbFile, content);
        writeFileSync(join(dir, 'index.html'), '');
        const result = spawnSync(process.execPath, [serverEntry()], {
            cwd: root,
            env: { ...process.env, DB_FILE: dbFile, PORT: '0', DIST_DIR: dir, TOKEN_SECRET: 'x'.repeat(32) },
            encoding: 'utf8',
            timeout: 30_000,
        });
        const after = content === null ? null : readFileSync(dbFile, 'utf8');
        removeDir(dir);
        return { status: result.status, output: result.stdout + result.stderr, after };
    };

    it('stops the server with a clear message when the file is not JSON, and leaves it alone', () => {
        const { status, output, after } = run('{"users": [');
        expect(status).toBe(1);
        expect(output).toMatch(/not valid JSON/);
        expect(after).toBe('{"users": [');
    });

    it('stops the server naming the record when the data is not valid', () => {
        const data = JSON.parse(readFileSync(demoDb, 'utf8')) as Database;
        (data.customers[3] as unknown as Record<string, unknown>).phone = 'call me';
        const text = JSON.stringify(data);
        const { status, output, after } = run(text);
        expect(status).toBe(1);
        expect(output).toMatch(/customers\[3\].*phone/);
        expect(after).toBe(text);
    });

    it('stops the server when the file is missing', () => {
        const { status, output } = run(null);
        expect(status).toBe(1);
        expect(output).toMatch(/There is no database file/);
    });
});
