import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { root } from './server';
import { sharedForTheRun } from './shared';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * Debian's old headless shell of the same Chromium (package chromium-headless-shell), the browser
 * playwright itself runs headless: the same Blink and V8 without the full browser's window, its UI
 * pages and profile services, for a third less CPU over the journeys. Chromium itself when it is missing.
 */
export const headlessShellPath = process.env.CHROMIUM_PATH ? '' : '/usr/lib/chromium/chromium-headless-shell';

declare module 'vitest' {
    export interface ProvidedContext {
        distDir: string;
    }
}

/** `vite build` into a temporary folder: the build a studio runs. */
const buildApp = () => {
    const distDir = mkdtempSync(join(tmpdir(), 'studio-e2e-dist-'));
    const build = spawnSync(
        process.execPath,
        [
            join(root, 'node_modules/vite/bin/vite.js'),
            'build',
            '--outDir',
            distDir,
            '--emptyOutDir',
            '--logLevel',
            'warn',
        ],
        {
            cwd: root,
            // Vitest sets NODE_ENV=test, which would make this a development build (React's development copy):
            // the browser tests run the build a studio runs.
            env: { ...process.env, NODE_ENV: 'production' },
            stdio: 'inherit',
        },
    );
    if (build.status !== 0) throw new Error('vite build failed: the browser tests cannot run');
    return distDir;
};

/**
 * The browser projects' setup: builds the app once for the run (both browser projects share it), when a
 * browser is there to run the journeys; the folder is handed to the tests with provide/inject. Vitest
 * runs it only for a project with test files to run, so unit, screen and API tests never build.
 */
export default async function setup(project: TestProject) {
    if (!existsSync(chromiumPath)) {
        project.provide('distDir', '');
        return;
    }
    const { value, release } = await sharedForTheRun('app build', async () => {
        const dir = buildApp();
        return { value: dir, stop: async () => rmSync(dir, { recursive: true, force: true }) };
    });
    project.provide('distDir', value);
    return release;
}
