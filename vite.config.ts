/// <reference types="vitest/config" />
import { randomBytes } from 'node:crypto';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** Every build gets an id, compiled into the app and served as /build.json, so that open tabs notice a new release. */
const buildId = `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;
const buildInfo = (): Plugin => ({
    name: 'studio-build-info',
    apply: 'build',
    generateBundle() {
        this.emitFile({ type: 'asset', fileName: 'build.json', source: JSON.stringify({ buildId }) });
    },
});

export default defineConfig({
    plugins: [react(), buildInfo()],
    define: { __BUILD_ID__: JSON.stringify(buildId) },
    server: {
        proxy: { '/api': `http://localhost:${process.env.API_PORT ?? 3000}` },
    },
    build: {
        outDir: 'dist',
        chunkSizeWarningLimit: 1500,
    },
    test: {
        include: ['tests/**/*.test.{ts,tsx}'],
        globalSetup: ['tests/support/globalSetup.ts'],
        environment: 'node',
        testTimeout: 60_000,
        hookTimeout: 120_000,
        // A screen polled for a change may take seconds on a busy shared machine: wait, do not fail.
        expect: { poll: { timeout: 15_000 } },
        fileParallelism: true,
        reporters: process.env.VITEST_JSON_REPORT ? ['default', 'json'] : ['default'],
        outputFile: process.env.VITEST_JSON_REPORT ? { json: process.env.VITEST_JSON_REPORT } : undefined,
    },
});
