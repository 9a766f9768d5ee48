import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildServer, serverEntryIn } from '../../src/scripts/server-build.mjs';
import { runFilesOf } from './runFiles';
import { root } from './server';
import { sharedForTheRun } from './shared';

declare module 'vitest' {
    export interface ProvidedContext {
        /** The server built for this run (as `npm run build` builds it): what the process tests run with node. */
        serverEntry: string;
    }
}

/**
 * The API projects' build of the server, made once for the run into a folder of its own under build/
 * (the server finds the project's folder by walking up from its build) and removed after: the tests of
 * the server's process run it as `npm start` does, from its build, without tsx.
 */
export default async function setup(project: TestProject) {
    // The unit and screen tests start no server: a run of only those (`vitest run tests/unit`) builds nothing.
    const files = runFilesOf(project);
    if (files && files.every(file => /^tests\/(unit|ui)\//.test(file))) {
        project.provide('serverEntry', '');
        return;
    }
    const { value, release } = await sharedForTheRun('server build', async () => {
        mkdirSync(join(root, 'build'), { recursive: true });
        const dir = mkdtempSync(join(root, 'build', 'test-'));
        // Readable by all: one test runs the server as the unprivileged user nobody.
        chmodSync(dir, 0o755);
        await buildServer(dir);
        return { value: serverEntryIn(dir), stop: async () => rmSync(dir, { recursive: true, force: true }) };
    });
    project.provide('serverEntry', value);
    return release;
}
