import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { parseDatabaseText } from '../../src/server/storage/jsonFile/files';
import { importDatabase } from '../../src/server/storage/postgres/transfer';
import { startPostgres } from './postgres';
import { demoDb, demoTemplate, withCheaperHashes } from './server';
import { sharedForTheRun } from './shared';

declare module 'vitest' {
    export interface ProvidedContext {
        /** The throwaway cluster's maintenance database, for the tests of the PostgreSQL engine; empty otherwise. */
        postgresUrl: string;
        /**
         * The SHA-1 of the demo db.json loaded into the cluster's database `studio_demo` at the start of the
         * run: a test server over an unchanged copy of the demo gets a copy of that database (CREATE DATABASE
         * ... TEMPLATE) instead of loading the file again.
         */
        postgresDemoHash: string;
    }
}

/**
 * The PostgreSQL projects' one cluster for the whole run (the API's and the browser journeys' share it):
 * each server the tests start gets a database of its own in it (see startServer), and the cluster is
 * removed when the run ends.
 */
export default async function setup(project: TestProject) {
    const { value, release } = await sharedForTheRun('postgres cluster', async () => {
        const cluster = await startPostgres();
        const text = withCheaperHashes(readFileSync(demoDb, 'utf8'));
        await cluster.createDatabase(demoTemplate);
        await importDatabase(cluster.url(demoTemplate), parseDatabaseText(demoDb, text), { info: () => undefined });
        const hash = createHash('sha1').update(text).digest('hex');
        return { value: JSON.stringify({ url: cluster.url('postgres'), hash }), stop: async () => cluster.stop() };
    });
    const { url, hash } = JSON.parse(value) as { url: string; hash: string };
    project.provide('postgresUrl', url);
    project.provide('postgresDemoHash', hash);
    return release;
}
