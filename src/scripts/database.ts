/*
 * The PostgreSQL database, from the command line (DATABASE_URL names it):
 *   npm run db:migrate                      brings the schema up to date (the server also does at start)
 *   npm run db:import -- --from db.json     loads a db.json (and its journal) into an empty database
 *   npm run db:export -- --out FILE         writes the database as a db.json the default engine starts on
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { parseDatabaseText, writeDatabaseFile } from '../server/storage/jsonFile/files';
import { readJournal } from '../server/storage/jsonFile/journal';
import { replayOnto } from '../server/storage/jsonFile/memory';
import { applyMigrations } from '../server/storage/postgres/migrations';
import { exportDatabase, importDatabase } from '../server/storage/postgres/transfer';

const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { from: { type: 'string' }, out: { type: 'string' }, url: { type: 'string' } },
});
const [command] = positionals;
const url = values.url ?? process.env.DATABASE_URL;

const fail = (message: string): never => {
    console.error(message);
    process.exit(1);
};

if (!url) fail('Name the database: DATABASE_URL=postgres://user:password@host:port/db (or --url).');
const databaseUrl = url as string;

const run = async () => {
    switch (command) {
        case 'migrate': {
            const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
            try {
                const applied = await applyMigrations(pool, console);
                console.info(
                    applied.length
                        ? `The schema is up to date (applied ${applied.join(', ')}).`
                        : 'The schema was already up to date.',
                );
            } finally {
                await pool.end();
            }
            return;
        }
        case 'import': {
            const file = resolve(values.from ?? fail('Name the file to import: --from db.json'));
            if (!existsSync(file)) fail(`There is no file ${file}.`);
            const state = parseDatabaseText(file, readFileSync(file, 'utf8'));
            // Writes acknowledged by a server that stopped without writing them into the file.
            replayOnto(state, readJournal(`${file}.journal`).operations);
            await importDatabase(databaseUrl, state);
            return;
        }
        case 'export': {
            const file = resolve(values.out ?? fail('Name the file to write: --out db.json'));
            if (existsSync(file)) fail(`${file} exists: export into a new file.`);
            await writeDatabaseFile(file, await exportDatabase(databaseUrl));
            console.info(`Wrote ${file}.`);
            return;
        }
        default:
            fail('Use: database.ts migrate | import --from FILE | export --out FILE');
    }
};

try {
    await run();
} catch (error) {
    fail((error as Error).message);
}
