import { spawn } from 'node:child_process';
import {
    copyFileSync,
    existsSync,
    mkdtempSync,
    readdirSync,
    readFileSync,
    statSync,
    utimesSync,
    writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect } from 'vitest';
import { buildServer, serverBuildIsCurrent, serverEntryIn } from '../../src/scripts/server-build.mjs';
import { demoDb, freePort, itOnDbJson, removeDir, root, stubDist } from '../support/server';

/*
 * `npm start` runs the server from its build (esbuild's bundle of src/server/main.ts in build/server),
 * building it first when it is missing or older than a file it was built from, in the launcher's own
 * process: no TypeScript compiler at start, and the stop signal reaches the server itself.
 */

const folders: string[] = [];
afterAll(() => folders.forEach(removeDir));

const tempFolder = (under = tmpdir()) => {
    const dir = mkdtempSync(join(under, 'studio-build-test-'));
    folders.push(dir);
    return dir;
};

interface Launched {
    output: () => string;
    health: Promise<{ status: string; database: { engine: string } }>;
    cmdline: () => string;
    stop: () => Promise<number | null>;
}

/** `npm start` as npm runs it (node src/scripts/start.mjs), over a copy of the demo database. */
const launch = async (buildDir: string): Promise<Launched> => {
    const dir = tempFolder();
    const dbFile = join(dir, 'db.json');
    copyFileSync(demoDb, dbFile);
    const port = await freePort();
    const child = spawn(process.execPath, [join(root, 'src/scripts/start.mjs')], {
        cwd: root,
        env: {
            ...process.env,
            SERVER_BUILD_DIR: buildDir,
            PORT: String(port),
            HOST: '127.0.0.1',
            DB_FILE: dbFile,
            DIST_DIR: stubDist(),
            TOKEN_SECRET: 'x'.repeat(40),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', chunk => (output += chunk));
    child.stderr.on('data', chunk => (output += chunk));
    const exited = new Promise<number | null>(done => child.once('exit', code => done(code)));
    const health = (async () => {
        for (let tries = 0; tries < 1200; tries++) {
            if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${output}`);
            try {
                const response = await fetch(`http://127.0.0.1:${port}/api/health`);
                return (await response.json()) as Awaited<Launched['health']>;
            } catch {
                await new Promise(done => setTimeout(done, 50));
            }
        }
        throw new Error(`npm start did not answer:\n${output}`);
    })();
    return {
        output: () => output,
        health,
        cmdline: () => readFileSync(`/proc/${child.pid}/cmdline`, 'utf8').split('\0').join(' '),
        stop: async () => {
            child.kill('SIGTERM');
            return exited;
        },
    };
};

describe('npm start', () => {
    itOnDbJson(
        'builds the server when it has no build, runs it without TypeScript, and stops cleanly on SIGTERM',
        async () => {
            const buildDir = join(tempFolder(join(root, 'build')), 'server');
            const server = await launch(buildDir);
            expect(await server.health).toMatchObject({ status: 'ok', database: { engine: 'db.json' } });
            expect(server.output()).toMatch(/building it/);
            expect(existsSync(serverEntryIn(buildDir))).toBe(true);
            // The server runs in the launcher's own process, on plain node: no tsx loader, no npm between.
            expect(server.cmdline()).toMatch(/node.* .*src\/scripts\/start\.mjs\s*$/);
            expect(server.cmdline()).not.toMatch(/tsx/);
            expect(await server.stop()).toBe(0);
        },
    );

    itOnDbJson('builds again when a file the build came from is newer, and not when none is', async () => {
        const buildDir = join(tempFolder(join(root, 'build')), 'server');
        await buildServer(buildDir);
        const entry = serverEntryIn(buildDir);

        const current = await launch(buildDir);
        await current.health;
        expect(current.output()).not.toMatch(/building it/);
        expect(await current.stop()).toBe(0);

        // As after a pull: the sources are newer than the build.
        const longAgo = new Date('2001-01-01T00:00:00Z');
        utimesSync(entry, longAgo, longAgo);
        expect(serverBuildIsCurrent(buildDir)).toBe(false);
        const stale = await launch(buildDir);
        await stale.health;
        expect(stale.output()).toMatch(/building it/);
        expect(statSync(entry).mtimeMs).toBeGreaterThan(longAgo.getTime());
        expect(serverBuildIsCurrent(buildDir)).toBe(true);
        expect(await stale.stop()).toBe(0);
    });
});

describe('the server build', () => {
    itOnDbJson(
        'holds no TypeScript and no tsx, names what it was built from, and keeps PostgreSQL in a chunk loaded when used',
        async () => {
            const buildDir = tempFolder(join(root, 'build'));
            const sources = await buildServer(buildDir);
            expect(sources).toContain(join(root, 'src/server/main.ts'));
            expect(sources).toContain(join(root, 'src/domain/collections.ts'));
            const files = [
                serverEntryIn(buildDir),
                ...readdirSync(join(buildDir, 'chunks')).map(file => join(buildDir, 'chunks', file)),
            ];
            const code = files.filter(file => file.endsWith('.js')).map(file => readFileSync(file, 'utf8'));
            for (const text of code) {
                expect(text).not.toMatch(/from ["'](tsx|typescript)["']/);
                expect(text).not.toMatch(/^\s*(interface|type) \w+/m);
            }
            // The db.json engine's start does not load the PostgreSQL client.
            expect(readFileSync(serverEntryIn(buildDir), 'utf8')).not.toMatch(/from ["']pg["']/);
            expect(code.some(text => /from ["']pg["']/.test(text))).toBe(true);

            // A file it was built from that is gone (a renamed module) makes it out of date.
            const sourcesFile = join(buildDir, 'sources.json');
            expect(serverBuildIsCurrent(buildDir)).toBe(true);
            writeFileSync(sourcesFile, JSON.stringify(['src/server/no-such-module.ts']));
            expect(serverBuildIsCurrent(buildDir)).toBe(false);
        },
    );
});
