/*
 * Writes a demo database: `tsx src/scripts/seed.ts [--seed N] [--scale K] [--today YYYY-MM-DD] [--out FILE]`.
 * The default (seed 1, scale 1) is the committed db.json; larger scales are for benchmarks.
 */
import { closeSync, fsyncSync, openSync, renameSync, writeSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { collectionNames } from '../domain/collections';
import type { Database } from '../domain/types';
import { validateDatabase } from '../domain/validation';
import { generateDatabase } from './demo';
import { databaseText } from '../server/storage/jsonFile/files';
import { notesKey } from '../server/storage/notes';
import { demoFingerprint, type DemoNote } from '../domain/demoWeeks';

const USAGE = 'usage: tsx src/scripts/seed.ts [--seed N] [--scale K] [--today YYYY-MM-DD] [--out FILE]';

interface SeedArguments {
    seed: number;
    scale: number;
    today: string;
    out: string;
}

const fail = (message: string, code: number): never => {
    console.error(message);
    process.exit(code);
};

const readArguments = (): SeedArguments => {
    const { values } = parseArgs({
        options: {
            seed: { type: 'string', default: '1' },
            scale: { type: 'string', default: '1' },
            today: { type: 'string', default: '2026-11-23' },
            out: { type: 'string', default: './db.json' },
        },
        strict: true,
    });
    const seed = Number(values.seed);
    const scale = Number(values.scale);
    if (!Number.isInteger(seed)) throw new Error('--seed must be an integer');
    if (!(scale > 0) || scale > 1000) throw new Error('--scale must be a number above 0 and at most 1000');
    return { seed, scale, today: values.today, out: values.out };
};

/** Written to FILE.tmp, flushed, then renamed over FILE: a crash never leaves half a database behind. */
const writeAtomically = (file: string, text: string): void => {
    const temporary = `${file}.tmp`;
    const descriptor = openSync(temporary, 'w');
    try {
        writeSync(descriptor, text);
        fsyncSync(descriptor);
    } finally {
        closeSync(descriptor);
    }
    renameSync(temporary, file);
};

/** Runs `work`; a thrown error (bad arguments) becomes a message and exit code 2, not a stack trace. */
const orFail = <T>(work: () => T, describe: (message: string) => string): T => {
    try {
        return work();
    } catch (error) {
        return fail(describe(error instanceof Error ? error.message : String(error)), 2);
    }
};

const main = (): void => {
    const started = performance.now();
    const options = orFail(readArguments, message => `${message}\n${USAGE}`);
    const database: Database = orFail(
        () => generateDatabase(options),
        message => `cannot generate the database: ${message}`,
    );
    const problems = validateDatabase(database);
    if (problems.length) fail(`the generated database is not valid:\n  ${problems.join('\n  ')}`, 1);
    // The layout the server writes (one record per line): a file the server rewrites keeps small diffs.
    const values: Record<string, unknown> = { ...database };
    const keys = Object.keys(database);
    // The demo studio (scale 1) notes the day it was made for and what it holds: the first start over it,
    // untouched, moves it to that start's week. Benchmark databases keep their dates.
    if (options.scale === 1) {
        const demo: DemoNote = { madeFor: options.today, fingerprint: demoFingerprint(database) };
        values[notesKey] = { demo };
        keys.push(notesKey);
    }
    const text = databaseText({ keys, values });
    writeAtomically(options.out, text);

    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`wrote ${options.out} (seed ${options.seed}, scale ${options.scale}, today ${options.today})`);
    for (const name of collectionNames)
        console.log(`  ${name.padEnd(14)} ${String(database[name].length).padStart(8)}`);
    console.log(`  ${(Buffer.byteLength(text) / 1024 / 1024).toFixed(2)} MB in ${seconds} s`);
};

main();
