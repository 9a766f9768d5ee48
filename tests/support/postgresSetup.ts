import type { TestProject } from 'vitest/node';
import { startPostgres } from './postgres';

declare module 'vitest' {
    export interface ProvidedContext {
        /** The throwaway cluster's maintenance database, for the tests of the PostgreSQL engine; empty otherwise. */
        postgresUrl: string;
    }
}

/**
 * The PostgreSQL project's one cluster for the whole run: each server the tests start gets a database
 * of its own in it (see startServer), and the cluster is removed when the run ends.
 */
export default async function setup(project: TestProject) {
    const cluster = await startPostgres();
    project.provide('postgresUrl', cluster.url('postgres'));
    return () => cluster.stop();
}
