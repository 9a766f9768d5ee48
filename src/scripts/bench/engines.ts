/*
 * Where this server keeps its data during a run: its db.json engine, or a fresh PostgreSQL database
 * per scale, loaded from the seeded db.json by the measured checkout's own import.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { psql, type Cluster } from '../postgres-cluster';
import { copyOf } from './databases';
import { log } from './helpers';
import { timed } from './load';
import { clusterPids } from './resources';
import type { Engine } from './subjects';

export const fileEngine: Engine = {
    label: 'db.json',
    prepare: copyOf,
    env: dbFile => ({ DB_FILE: dbFile }),
    discard: async () => undefined,
    // Two processes cannot share a db.json: each holds the database in memory and rewrites the file
    // from it, so neither would see the other's writes and each would overwrite them.
    readProcesses: 1,
};

/**
 * The import of the measured checkout, like its seed script: the schema it makes is the one that
 * checkout's server expects. Loaded only for --engine postgres, so older checkouts still bench on db.json.
 */
const transferOf = async (serverDir: string) => {
    const load = <T>(path: string) => import(pathToFileURL(join(serverDir, path)).href) as Promise<T>;
    const { importDatabase } = await load<typeof import('../../server/storage/postgres/transfer')>(
        'src/server/storage/postgres/transfer.ts',
    );
    const { parseDatabaseText } = await load<typeof import('../../server/storage/jsonFile/files')>(
        'src/server/storage/jsonFile/files.ts',
    );
    return { importDatabase, parseDatabaseText };
};

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export const postgresEngine = (serverDir: string, postgres: Cluster): Engine => {
    let made = 0;
    const postmaster = postgres.pid;
    return {
        label: 'PostgreSQL',
        prepare: async sourceDb => {
            const name = `bench_${++made}`;
            const url = await postgres.createDatabase(name);
            const started = performance.now();
            try {
                const { importDatabase, parseDatabaseText } = await transferOf(serverDir);
                await importDatabase(url, parseDatabaseText(sourceDb, readFileSync(sourceDb, 'utf8')), {
                    info: message => log(`    ${message}`),
                });
            } catch (error) {
                await postgres.dropDatabase(name);
                throw error;
            }
            const imported = performance.now() - started;
            // What autovacuum would do within a minute of the import anyway: planner statistics and the
            // visibility map. Done here so that the first timed run does not depend on when it comes.
            const vacuumMs = await timed(() => psql(url, 'VACUUM ANALYZE'));
            log(
                `  ${name}: read and imported the db.json in ${seconds(imported)}, then VACUUM ANALYZE in ${seconds(vacuumMs)}`,
            );
            return url;
        },
        // No DB_FILE: main.ts would still resolve one, so point it into the scratch folder, never at the checkout's db.json.
        env: (url, dir) => ({ DATABASE_URL: url, DB_FILE: join(dir, 'unused.json') }),
        discard: url => postgres.dropDatabase(decodeURIComponent(new URL(url).pathname.slice(1))),
        readProcesses: 2,
        databasePids: postmaster ? () => clusterPids(postmaster) : undefined,
    };
};
