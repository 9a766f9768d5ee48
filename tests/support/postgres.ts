import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe } from 'vitest';
import { Cluster, freePort, postgresBinDir, psql } from '../../src/scripts/postgres-cluster';

export { psql };

export const postgresAvailable = postgresBinDir !== undefined;

if (!postgresAvailable) {
    const message = `\n!!! PostgreSQL (Debian's postgresql package) is missing: the PostgreSQL tests are SKIPPED. Install it with: apt-get install -y postgresql\n`;
    if (process.env.REQUIRE_POSTGRES) throw new Error(message);
    console.warn(message);
}

/** describe() when PostgreSQL is there; a loud skip otherwise (a failure under REQUIRE_POSTGRES, as in CI). */
export const describeWithPostgres = postgresAvailable ? describe : describe.skip;

export interface PostgresCluster {
    /** postgres://postgres@127.0.0.1:PORT/DATABASE: the superuser, no password (trust). */
    url(database: string): string;
    host: string;
    port: number;
    /** The cluster's folder (data, log, unix socket); gone after stop(). */
    dir: string;
    /** A new, empty database (a unique name unless given); resolves to its URL. */
    createDatabase(name?: string): Promise<string>;
    dropDatabase(name: string): Promise<void>;
    /** The server's log so far (its tail), for failure messages. */
    log(): string;
    stop(): Promise<void>;
}

// Clusters still running when the test process exits (a failed beforeAll, a crash before afterAll):
// stopped there, or their postmasters would outlive the run and keep their folders and ports.
const running = new Set<Cluster>();
process.on('exit', () => {
    for (const cluster of running) {
        cluster.stopSync('immediate');
        rmSync(cluster.dir, { recursive: true, force: true });
    }
});

/**
 * A throwaway cluster in a fresh temporary folder, on a free port. Several test files start theirs at
 * the same time, so a port taken between our probe and the server's bind is retried with another.
 */
export const startPostgres = async (): Promise<PostgresCluster> => {
    const dir = mkdtempSync(join(tmpdir(), 'studio-pg-'));
    const cluster = new Cluster(dir, 0);
    running.add(cluster);
    try {
        await cluster.init();
        for (let attempt = 1; ; attempt++) {
            cluster.port = await freePort();
            try {
                await cluster.start();
                break;
            } catch (error) {
                if (
                    attempt >= 3 ||
                    !/already in use|could not bind|could not create any TCP/i.test((error as Error).message)
                )
                    throw error;
            }
        }
    } catch (error) {
        running.delete(cluster);
        cluster.stopSync('immediate');
        rmSync(dir, { recursive: true, force: true });
        throw error;
    }
    return {
        url: database => cluster.url(database),
        host: cluster.host,
        port: cluster.port,
        dir,
        createDatabase: name => cluster.createDatabase(name),
        dropDatabase: name => cluster.dropDatabase(name),
        log: () => cluster.log(),
        stop: async () => {
            await cluster.stop('fast');
            running.delete(cluster);
            rmSync(dir, { recursive: true, force: true });
        },
    };
};

/**
 * One cluster for a test file: started before its first test, stopped and its folder removed after the
 * last. Read `postgres.cluster` inside tests; make a database per test or per describe with createDatabase.
 */
export const sharedPostgres = () => {
    const shared = { cluster: undefined as unknown as PostgresCluster };
    beforeAll(async () => {
        shared.cluster = await startPostgres();
    });
    afterAll(async () => {
        await shared.cluster?.stop();
    });
    return shared;
};
