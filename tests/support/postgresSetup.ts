import type { TestProject } from 'vitest/node';
import { startPostgres } from './postgres';
import { sharedForTheRun } from './shared';

declare module 'vitest' {
    export interface ProvidedContext {
        /** The throwaway cluster's maintenance database, for the tests of the PostgreSQL engine; empty otherwise. */
        postgresUrl: string;
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
        return { value: cluster.url('postgres'), stop: async () => cluster.stop() };
    });
    project.provide('postgresUrl', value);
    return release;
}
