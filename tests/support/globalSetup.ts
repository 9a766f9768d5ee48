import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { root } from './server';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

declare module 'vitest' {
    export interface ProvidedContext {
        distDir: string;
    }
}

/**
 * Builds the app once for the browser tests, into a temporary folder, when a browser is there to run
 * them; the folder is handed to the tests with provide/inject.
 */
export default function setup(project: TestProject) {
    if (!existsSync(chromiumPath)) {
        project.provide('distDir', '');
        return;
    }
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
    project.provide('distDir', distDir);
    return () => rmSync(distDir, { recursive: true, force: true });
}
