/*
 * The databases measured: one seeded db.json per scale, the prototype collection added to it, and
 * each server's private copy of it.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SEED_TIMEOUT_MS, TODAY } from './options';
import { children } from './processes';

/** The seed script of the measured checkout, so the file always fits the server that reads it. */
export const seedDatabase = async (serverDir: string, scale: number, out: string) => {
    const seed = spawn(
        process.execPath,
        [
            '--import',
            'tsx',
            join(serverDir, 'src/scripts/seed.ts'),
            '--scale',
            String(scale),
            '--today',
            TODAY,
            '--out',
            out,
        ],
        {
            cwd: serverDir,
            stdio: ['ignore', 'ignore', 'pipe'],
        },
    );
    children.add(seed);
    let stderr = '';
    seed.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => seed.kill('SIGKILL'), SEED_TIMEOUT_MS);
    const [code] = (await once(seed, 'exit')) as [number | null];
    clearTimeout(timer);
    children.delete(seed);
    if (code !== 0) throw new Error(`seeding scale ${scale} failed: ${stderr.trim() || `exit code ${code}`}`);
};

/** Records of the prototype collection per unit of scale: a developer's table beside the studio's. */
export const NOTES_PER_SCALE = 200;
export const prototypePage = '/notes?_sort=title&_page=3&_limit=25';

/** Adds a prototype collection, `notes`, to a seeded database: both servers serve it as json-server does. */
export const addPrototype = (dbFile: string, scale: number) => {
    const db = JSON.parse(readFileSync(dbFile, 'utf8')) as Record<string, unknown>;
    const count = Math.round(NOTES_PER_SCALE * scale);
    db.notes = Array.from({ length: count }, (_, index) => ({
        id: index + 1,
        // Titles out of id order, so that sorting has work to do.
        title: `Note ${String((index * 7919) % count).padStart(6, '0')}`,
        body: 'A line a developer wrote while trying an idea.',
        pinned: index % 5 === 0,
    }));
    writeFileSync(dbFile, JSON.stringify(db));
};

/** A private copy of the seeded file: the server and json-server both write to theirs. */
export const copyOf = async (sourceDb: string, dir: string) => {
    const dbFile = join(dir, 'db.json');
    copyFileSync(sourceDb, dbFile);
    return dbFile;
};
