import { closeSync, existsSync, fsyncSync, openSync, readdirSync, readFileSync, statSync, unlinkSync } from 'node:fs';
import { open, rename, unlink, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { crc32 } from 'node:zlib';
import { collectionsAddedLater } from '../../../domain/collections';
import { migrateDatabaseRecords } from '../../../domain/statuses';
import { validateDatabase } from '../../../domain/validation';
import { rememberChecked } from './checked';
import type { FileState } from './memory';
import { StorageUnavailable } from '../types';

/*
 * The database file itself: reading it, and writing it atomically (a temporary file beside it, flushed,
 * then renamed over it) in small pieces so that writing a large database never holds up requests.
 */

export class DatabaseFileError extends Error {}

const codeOf = (error: unknown): string | undefined => (error as NodeJS.ErrnoException).code;

/** A failed write of the disk, as the API answers it: 507 for a full disk, 503 for any other disk error. */
export const diskFailure = (error: unknown, file: string): StorageUnavailable => {
    const code = codeOf(error);
    if (code === 'ENOSPC' || code === 'EDQUOT')
        return new StorageUnavailable(
            `The disk holding ${file} is full: nothing was saved. Reads go on; writes resume once space is freed.`,
            507,
        );
    return new StorageUnavailable(
        `The disk holding ${file} could not be written (${code ?? (error as Error).message}): nothing was saved. Reads go on; the next write tries again.`,
        503,
    );
};

/** Why the server cannot use a file or its folder at start-up, in one line a person can act on. */
export const fileProblem = (error: unknown, file: string, doing: string): DatabaseFileError => {
    const folder = dirname(file);
    switch (codeOf(error)) {
        case 'EROFS':
            return new DatabaseFileError(
                `${folder} is on a read-only file system, so the server cannot ${doing}: point DB_FILE at a writable folder.`,
            );
        case 'EACCES':
        case 'EPERM':
            return new DatabaseFileError(
                `The server (user id ${process.getuid?.() ?? '?'}) is not allowed to ${doing} in ${folder}: give it the folder and DB_FILE, or run it as their owner.`,
            );
        case 'ENOENT':
            return new DatabaseFileError(
                existsSync(folder)
                    ? `There is no database file ${file}: make one with npm run seed -- --out ${file}, or point DB_FILE at yours.`
                    : `The folder ${folder} does not exist: create it, or point DB_FILE at a file in a folder that does.`,
            );
        case 'ENOSPC':
        case 'EDQUOT':
            return new DatabaseFileError(`The disk holding ${folder} is full, so the server cannot ${doing}.`);
        default:
            return new DatabaseFileError(`The server cannot ${doing} (${file}): ${(error as Error).message}`);
    }
};

/**
 * Writes all of `data` at `position` (or at the file's own position when null). A write may take fewer
 * bytes than asked (a disk filling up): the rest is written again, so a short write is never taken for
 * a whole one; a disk that takes nothing more fails with its error.
 */
export const writeFully = async (handle: FileHandle, data: Buffer, position: number | null) => {
    let offset = 0;
    while (offset < data.length) {
        const { bytesWritten } = await handle.write(
            data,
            offset,
            data.length - offset,
            position === null ? null : position + offset,
        );
        if (bytesWritten <= 0) throw Object.assign(new Error('the disk took no more bytes'), { code: 'EIO' });
        offset += bytesWritten;
    }
};

export const fsyncDirectory = (file: string) => {
    try {
        const fd = openSync(dirname(file), 'r');
        try {
            fsyncSync(fd);
        } finally {
            closeSync(fd);
        }
    } catch {
        // Some file systems cannot sync a directory; the rename itself is still atomic.
    }
};

/** What tells one version of the file from another without reading it. */
export interface FileSignature {
    ino: number;
    size: number;
    mtimeMs: number;
}

export const signatureOf = (file: string): FileSignature | undefined => {
    try {
        const { ino, size, mtimeMs } = statSync(file);
        return { ino, size, mtimeMs };
    } catch {
        return undefined;
    }
};

export const sameSignature = (a: FileSignature | undefined, b: FileSignature | undefined) =>
    a !== undefined && b !== undefined && a.ino === b.ino && a.size === b.size && a.mtimeMs === b.mtimeMs;

/** Parses the file's text; not its content's validity, which the caller checks after the journal is replayed. */
export const parseDatabaseText = (file: string, text: string): FileState => {
    let data: unknown;
    try {
        data = JSON.parse(text);
    } catch (error) {
        throw new DatabaseFileError(
            `The database file ${file} is not valid JSON (${(error as Error).message}); it was left as it is: fix it, or point DB_FILE at another file.`,
        );
    }
    if (!data || typeof data !== 'object' || Array.isArray(data))
        throw new DatabaseFileError(`The database file ${file} does not hold a JSON object`);
    const values = data as Record<string, unknown>;
    // A database made before a collection existed starts that collection empty; the next rewrite adds it to the file.
    for (const name of collectionsAddedLater) values[name] ??= [];
    // Records of an older shape (a status's single label) are read in the present one.
    migrateDatabaseRecords(values);
    return { keys: Object.keys(values), values };
};

export const readDatabaseBytes = (file: string): Buffer => {
    try {
        return readFileSync(file);
    } catch (error) {
        throw fileProblem(error, file, 'read the database file');
    }
};

export const readDatabaseText = (file: string): string => readDatabaseBytes(file).toString('utf8');

/** Records per piece: a piece takes a few milliseconds to turn into text. */
const recordsPerPiece = 2000;

/** The file's text, piece by piece: one record per line, so the file stays readable and diffs stay small. */
export function* databasePieces(state: FileState): Generator<string> {
    yield '{';
    for (const [position, key] of state.keys.entries()) {
        const value = state.values[key];
        const separator = position === 0 ? '' : ',';
        if (!Array.isArray(value) || value.length === 0) {
            yield `${separator}\n  ${JSON.stringify(key)}: ${JSON.stringify(value ?? null)}`;
            continue;
        }
        yield `${separator}\n  ${JSON.stringify(key)}: [`;
        for (let start = 0; start < value.length; start += recordsPerPiece) {
            const lines = value.slice(start, start + recordsPerPiece).map(record => `\n    ${JSON.stringify(record)}`);
            yield (start === 0 ? '' : ',') + lines.join(',');
        }
        yield '\n  ]';
    }
    yield '\n}\n';
}

/** The whole text of a database file, as the server writes it. */
export const databaseText = (state: FileState): string => [...databasePieces(state)].join('');

const pieceBytes = 1 << 20;

/**
 * Writes the state to a temporary file beside `file`, flushes it, and renames it over `file` unless
 * `stillOurs` says the file was changed by someone else meanwhile (then nothing is replaced and the
 * answer is false). Each piece is written with an await, so other work runs between pieces. A file
 * written from memory holds checked records: that is noted beside it, to spare the next start a check.
 */
export const writeDatabaseFile = async (
    file: string,
    state: FileState,
    stillOurs: () => boolean = () => true,
): Promise<boolean> => {
    const temporary = `${file}.${process.pid}.tmp`;
    // The rewritten file keeps the permissions the studio gave it.
    const handle = await open(temporary, 'w', existsSync(file) ? statSync(file).mode & 0o777 : 0o600);
    let replaced = false;
    try {
        let buffered: string[] = [];
        let size = 0;
        let bytes = 0;
        let checksum = 0;
        const flush = async () => {
            const data = Buffer.from(buffered.join(''), 'utf8');
            checksum = crc32(data, checksum);
            bytes += data.length;
            await writeFully(handle, data, null);
            buffered = [];
            size = 0;
        };
        for (const piece of databasePieces(state)) {
            buffered.push(piece);
            size += piece.length;
            if (size >= pieceBytes) await flush();
        }
        await flush();
        await handle.sync();
        await handle.close();
        if (stillOurs()) {
            await rename(temporary, file);
            fsyncDirectory(file);
            replaced = true;
            rememberChecked(file, bytes, checksum);
        }
    } finally {
        await handle.close().catch(() => undefined);
        if (!replaced) await unlink(temporary).catch(() => undefined);
    }
    return replaced;
};

/** Left over by a crash during a rewrite: never complete, never needed. */
export const removeTemporaries = (file: string) => {
    const name = basename(file);
    for (const entry of readdirSync(dirname(file))) {
        if (entry.startsWith(`${name}.`) && entry.endsWith('.tmp')) unlinkSync(join(dirname(file), entry));
    }
};

/** The state, when it holds a valid database; else an error naming every problem. */
export const checkedState = (file: string, state: FileState): FileState => {
    const problems = validateDatabase(state.values);
    if (problems.length)
        throw new DatabaseFileError(
            `The database file ${file} is not valid (it was left as it is: fix it, or point DB_FILE at another file):\n  - ${problems.join('\n  - ')}`,
        );
    return state;
};
