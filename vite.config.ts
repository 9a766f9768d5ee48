/// <reference types="vitest/config" />
import { randomBytes } from 'node:crypto';
import { constants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { existsSync, readdirSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { runFilesReporter } from './tests/support/runFiles';
import { LongestFirst } from './tests/support/sequencer';

/** Every build gets an id, compiled into the app and served as /build.json, so that open tabs notice a new release. */
const buildId = `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;
const buildInfo = (): Plugin => ({
    name: 'studio-build-info',
    apply: 'build',
    generateBundle() {
        this.emitFile({ type: 'asset', fileName: 'build.json', source: JSON.stringify({ buildId }) });
    },
});

/**
 * Beside vite's manifest (which chunks each entry and lazy import loads), the modules each chunk holds
 * and the bytes each adds: the build-size test names the largest when a budget is exceeded. Written
 * under .vite/, which the server does not serve.
 */
const moduleReport = (): Plugin => ({
    name: 'studio-module-report',
    apply: 'build',
    generateBundle(_options, bundle) {
        const chunks = Object.values(bundle).flatMap(output =>
            output.type === 'chunk'
                ? [
                      {
                          file: output.fileName,
                          modules: Object.entries(output.modules)
                              .map(([id, info]) => ({
                                  id: id.replace(`${process.cwd()}/`, '').replace(/^.*node_modules\//, 'node_modules/'),
                                  bytes: info.renderedLength,
                              }))
                              .filter(module => module.bytes > 0)
                              .sort((a, b) => b.bytes - a.bytes),
                      },
                  ]
                : [],
        );
        this.emitFile({ type: 'asset', fileName: '.vite/modules.json', source: JSON.stringify(chunks) });
    },
});

/**
 * The dev server answers /my and every path below it with the customers' portal (src/portal/index.html),
 * as the server does with the build.
 */
const portalPages = (): Plugin => ({
    name: 'studio-portal-pages',
    apply: 'serve',
    configureServer(server) {
        server.middlewares.use((req, _res, next) => {
            if (req.url && /^\/my(\/|\?|$)/.test(req.url)) req.url = '/src/portal/index.html';
            next();
        });
    },
});

const sharedTestSettings = {
    setupFiles: ['tests/support/setup.ts'],
    environment: 'node' as const,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A screen polled for a change may take seconds on a busy shared machine: wait, do not fail.
    expect: { poll: { timeout: 15_000 } },
    fileParallelism: true,
    // The files of a worker share its loaded modules (each file still gets a fresh jsdom, servers and
    // databases of its own): the server's and react-admin's modules are loaded once per worker, not once
    // per file, which was a third of the run. Nothing in src keeps state in a module that a test relies
    // on (clocks, stores and storage are handed to what uses them).
    isolate: false,
};

/**
 * The browser journey that runs on PostgreSQL too: money, whose server side differs most by engine (the
 * ledger's transactions, SQL pages of payments). The timetable's and the prototypes' server side is
 * tested on PostgreSQL by their API tests.
 */
const postgresJourneys = ['tests/e2e/money.test.ts'];

/** Debian's postgresql package, whose tools the PostgreSQL project's tests start a cluster with. */
const postgresInstalled =
    existsSync('/usr/lib/postgresql') &&
    readdirSync('/usr/lib/postgresql').some(version => existsSync(`/usr/lib/postgresql/${version}/bin/initdb`));
if (!postgresInstalled && process.argv.some(arg => arg.includes('vitest'))) {
    const message =
        "\n!!! PostgreSQL (Debian's postgresql package) is missing: the API tests on the PostgreSQL engine are SKIPPED. Install it with: apt-get install -y postgresql\n";
    if (process.env.REQUIRE_POSTGRES) throw new Error(message);
    console.warn(message);
}

export default defineConfig({
    plugins: [
        react(),
        buildInfo(),
        moduleReport(),
        portalPages(),
        // Brotli and gzip copies of every text asset, made once at build time at the highest levels, for
        // the server to send to browsers that accept them (src/server/http/static.ts).
        compression({
            algorithms: [
                defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
                defineAlgorithm('gzip', { level: 9 }),
            ],
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
        manifest: true,
        chunkSizeWarningLimit: 1500,
        // The staff app, and the customers' portal at /my: a page of its own with its own chunks.
        rolldownOptions: { input: ['index.html', 'src/portal/index.html'] },
    },
    test: {
        // Four test files at a time on two cores: most of a file's time waits on the servers, browsers and
        // PostgreSQL it starts, not on its own process (vitest's default, cores - 1, runs one at a time here).
        // Six took as long and ran the sign-in limits and the screens' waits out of time.
        maxWorkers: 4,
        // The longest files start first, across the projects, so that the run does not end on one of them.
        sequence: { sequencer: LongestFirst },
        // The last notes each project's files, so that a run of unit or screen tests only does not build the
        // server (tests/support/serverBuildSetup.ts).
        reporters: [...(process.env.VITEST_JSON_REPORT ? ['default', 'json'] : ['default']), runFilesReporter],
        outputFile: process.env.VITEST_JSON_REPORT ? { json: process.env.VITEST_JSON_REPORT } : undefined,
        projects: [
            // Unit, screen and API tests on the default engine: the server is built for the process tests,
            // unless the run holds unit and screen tests only.
            {
                test: {
                    name: 'db.json',
                    include: ['tests/**/*.test.{ts,tsx}'],
                    exclude: ['tests/e2e/**'],
                    globalSetup: ['tests/support/serverBuildSetup.ts'],
                    ...sharedTestSettings,
                },
            },
            // The browser journeys on the built app, on the default engine.
            {
                test: {
                    name: 'browser',
                    include: ['tests/e2e/**/*.test.ts'],
                    globalSetup: ['tests/support/serverBuildSetup.ts', 'tests/support/globalSetup.ts'],
                    ...sharedTestSettings,
                    // A page's action waits up to a minute on a loaded machine (tests/support/browser.ts).
                    testTimeout: 120_000,
                },
            },
            // The API's tests again, each server on a database of its own in one throwaway PostgreSQL
            // cluster, and the money journey (SQL pages, the ledger, transactions); the others' browser side
            // is the same on both.
            // The db.json engine's own file and journal tests, the engines' comparison and the two-process
            // races start what they need themselves, in the first project.
            ...(postgresInstalled
                ? [
                      {
                          test: {
                              name: 'postgres',
                              include: ['tests/api/**/*.test.ts'],
                              exclude: [
                                  'tests/api/durability*.test.ts',
                                  'tests/api/engines*.test.ts',
                                  'tests/api/reports*.test.ts',
                                  'tests/api/postgres-races.test.ts',
                                  'tests/api/postgres-job-leases.test.ts',
                              ],
                              globalSetup: ['tests/support/serverBuildSetup.ts', 'tests/support/postgresSetup.ts'],
                              ...sharedTestSettings,
                          },
                      },
                      {
                          test: {
                              name: 'browser-postgres',
                              include: postgresJourneys,
                              globalSetup: [
                                  'tests/support/serverBuildSetup.ts',
                                  'tests/support/globalSetup.ts',
                                  'tests/support/postgresSetup.ts',
                              ],
                              ...sharedTestSettings,
                              testTimeout: 120_000,
                          },
                      },
                  ]
                : []),
        ],
    },
});
