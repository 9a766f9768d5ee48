import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { expect, it } from 'vitest';
import { describeWithPostgres, psql, sharedPostgres, startPostgres } from '../support/postgres';

const portIsFree = (port: number): Promise<boolean> =>
    new Promise(resolve => {
        const probe = createServer();
        probe.once('error', () => resolve(false));
        probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });

describeWithPostgres('a throwaway PostgreSQL cluster for the tests', () => {
    it('starts, makes separate databases the engine can use, and leaves nothing behind when stopped', async () => {
        const cluster = await startPostgres();
        try {
            expect(cluster.url('x')).toBe(`postgres://postgres@127.0.0.1:${cluster.port}/x`);
            const first = await cluster.createDatabase();
            const second = await cluster.createDatabase();
            expect(first).not.toBe(second);
            expect(first).toMatch(/^postgres:\/\/postgres@127\.0\.0\.1:\d+\/studio_[0-9a-f]+$/);

            // Over TCP as the superuser without a password, and each database is its own.
            await psql(first, 'CREATE TABLE note (id int PRIMARY KEY, text text NOT NULL)');
            await psql(first, "INSERT INTO note VALUES (1, 'Ёлка в зале')");
            expect(await psql(first, 'SELECT text FROM note WHERE id = 1')).toBe('Ёлка в зале');
            expect(await psql(second, "SELECT count(*) FROM pg_tables WHERE tablename = 'note'")).toBe('0');

            // What the engine relies on: UTF8, ICU collations for sorting, Unicode-aware lower().
            expect(
                await psql(
                    second,
                    'SELECT pg_encoding_to_char(encoding) FROM pg_database WHERE datname = current_database()',
                ),
            ).toBe('UTF8');
            expect(
                Number(await psql(second, "SELECT count(*) FROM pg_collation WHERE collprovider = 'i'")),
            ).toBeGreaterThan(0);
            expect(await psql(second, "SELECT lower('ЁЛКА'), upper('ёлка')")).toBe('ёлка|ЁЛКА');
            // The cluster's own C.UTF-8 order is by code point (capitals first, ё after я); ICU's is a reader's.
            const words = "unnest(ARRAY['ёж', 'Яблоко', 'арбуз', 'Ель']) w";
            expect(await psql(second, `SELECT string_agg(w, ' ' ORDER BY w) FROM ${words}`)).toBe(
                'Ель Яблоко арбуз ёж',
            );
            expect(await psql(second, `SELECT string_agg(w, ' ' ORDER BY w COLLATE "und-x-icu") FROM ${words}`)).toBe(
                'арбуз ёж Ель Яблоко',
            );

            // Durability is left as PostgreSQL ships it: the product promises it and the tests check it.
            expect(
                await psql(
                    second,
                    "SELECT current_setting('fsync') || current_setting('synchronous_commit') || current_setting('full_page_writes')",
                ),
            ).toBe('ononon');

            // A session left open in a database does not stop it from being dropped.
            const name = new URL(first).pathname.slice(1);
            await cluster.dropDatabase(name);
            expect(
                await psql(cluster.url('postgres'), `SELECT count(*) FROM pg_database WHERE datname = '${name}'`),
            ).toBe('0');
            await expect(psql(first, 'SELECT 1')).rejects.toThrow(/does not exist/);
        } finally {
            await cluster.stop();
        }
        expect(existsSync(cluster.dir)).toBe(false);
        expect(await portIsFree(cluster.port)).toBe(true);
    });
});

describeWithPostgres('one cluster for a test file', () => {
    const postgres = sharedPostgres();

    it('is running for every test, each making its own databases', async () => {
        const url = await postgres.cluster.createDatabase();
        expect(await psql(url, 'SELECT current_user')).toBe('postgres');
        expect(existsSync(postgres.cluster.dir)).toBe(true);
    });
});
