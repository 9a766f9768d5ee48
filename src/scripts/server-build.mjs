/*
 * The server's build: src/server/main.ts and everything it imports from src, bundled by esbuild into
 * build/server/main.js (packages stay in node_modules), so that no TypeScript compiler runs when the
 * server starts. `npm run build` runs it after the app's build; `npm start` runs it first when the
 * build is missing or older than a file it was built from (listed in build/server/sources.json).
 *
 * Plain JavaScript: it runs where no TypeScript can.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(import.meta.dirname, '../..');
/**
 * Where the server is built: build/server, or SERVER_BUILD_DIR (the tests build into folders of their
 * own under build/: the server finds the project's folder by walking up from its build).
 */
const serverBuildDir = resolve(root, process.env.SERVER_BUILD_DIR ?? 'build/server');
/** The file `node` runs to start the built server. */
export const serverEntryIn = (outDir = serverBuildDir) => resolve(outDir, 'main.js');
const sourcesFileIn = outDir => resolve(outDir, 'sources.json');

/** Builds the server into `outDir`; answers the files it was built from. */
export const buildServer = async (outDir = serverBuildDir) => {
    const { build } = await import('esbuild');
    rmSync(outDir, { recursive: true, force: true });
    mkdirSync(outDir, { recursive: true });
    const result = await build({
        entryPoints: [resolve(root, 'src/server/main.ts')],
        outdir: outDir,
        entryNames: '[name]',
        chunkNames: 'chunks/[name]-[hash]',
        // What is imported only when used (the PostgreSQL engine) stays in a chunk of its own.
        splitting: true,
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node20',
        packages: 'external',
        sourcemap: 'linked',
        metafile: true,
        logLevel: 'warning',
    });
    const sources = Object.keys(result.metafile.inputs).map(input => resolve(root, input));
    sources.push(resolve(root, 'package.json'));
    writeFileSync(sourcesFileIn(outDir), `${JSON.stringify(sources.map(file => file.slice(root.length + 1)))}\n`);
    return sources;
};

/** Is there a build of the server newer than every file it was built from. */
export const serverBuildIsCurrent = (outDir = serverBuildDir) => {
    const entry = serverEntryIn(outDir);
    if (!existsSync(entry) || !existsSync(sourcesFileIn(outDir))) return false;
    const built = statSync(entry).mtimeMs;
    try {
        const sources = JSON.parse(readFileSync(sourcesFileIn(outDir), 'utf8'));
        return sources.every(file => {
            const source = resolve(root, file);
            return existsSync(source) && statSync(source).mtimeMs <= built;
        });
    } catch {
        return false;
    }
};

if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url) {
    const sources = await buildServer();
    console.info(`Built the server from ${sources.length} files into ${serverBuildDir.slice(root.length + 1)}/`);
}
