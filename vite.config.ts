/// <reference types="vitest/config" />
import { randomBytes } from 'node:crypto';
import { constants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

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
    plugins: [
        react(),
        buildInfo(),
        // Brotli and gzip copies of every text asset, made once at build time at the highest levels, for
        // the server to send to browsers that accept them (src/server/static.ts).
        compression({
            algorithms: [defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }), defineAlgorithm('gzip', { level: 9 })],
            threshold: 1024,
            logLevel: 'silent',
        }),
    ],
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
