import { closeSync, fsyncSync, openSync, readFileSync } from 'node:fs';
import { open, rename, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';
import jsonServer, { type JsonServerRouter } from 'json-server';
import type { Database } from '../domain/types';
import { validateDatabase } from '../domain/validation';

export class DatabaseFileError extends Error {}

/** Reads and checks DB_FILE; a file that cannot be read or is not sound stops the server, untouched. */
export const readDatabaseFile = (file: string): Database => {
    let text: string;
    try {
        text = readFileSync(file, 'utf8');
    } catch (error) {
        throw new DatabaseFileError(`Cannot read the database file ${file}: ${(error as Error).message}`);
    }
    let data: unknown;
    try {
        data = JSON.parse(text);
    } catch (error) {
        throw new DatabaseFileError(`The database file ${file} is not valid JSON: ${(error as Error).message}`);
    }
    const problems = validateDatabase(data);
    if (problems.length) {
        throw new DatabaseFileError(`The database file ${file} is not valid:\n  - ${problems.join('\n  - ')}`);
    }
    return data as Database;
};

const fsyncDirectory = (path: string) => {
    try {
        const fd = openSync(path, 'r');
        try {
            fsyncSync(fd);
        } finally {
            closeSync(fd);
        }
    } catch {
        // Some file systems cannot sync a directory; the rename itself is still atomic.
    }
};

/** Writes a temporary file beside `file`, flushes it to disk and renames it over `file`. */
export const writeFileAtomic = async (file: string, text: string): Promise<void> => {
    const temporary = `${file}.${process.pid}.tmp`;
    const handle = await open(temporary, 'w', 0o600);
    try {
        await handle.writeFile(text, 'utf8');
        await handle.sync();
    } catch (error) {
        await handle.close();
        await unlink(temporary).catch(() => undefined);
        throw error;
    }
    await handle.close();
    await rename(temporary, file);
    fsyncDirectory(dirname(file));
};

interface Waiter {
    resolve: () => void;
    reject: (error: Error) => void;
}

/**
 * The database in memory (json-server's lowdb) and its file. Every change is made synchronously in
 * memory and then `persist()`ed: the promise resolves once a snapshot taken after the change is on
 * disk. Changes that arrive while a write is running share the next write (group commit), so
 * answers are never sent before their data is durable and the file is never written twice at once.
 */
export class Store {
    readonly router: JsonServerRouter;
    private waiting: Waiter[] = [];
    private writing = false;

    constructor(readonly file: string) {
        this.router = jsonServer.router(readDatabaseFile(file), { foreignKeySuffix: '_never_' });
    }

    get data(): Database {
        return this.router.db.getState() as Database;
    }

    persist(): Promise<void> {
        return new Promise((resolve, reject) => {
            this.waiting.push({ resolve, reject });
            this.writeNext();
        });
    }

    private writeNext() {
        if (this.writing || this.waiting.length === 0) return;
        const batch = this.waiting;
        this.waiting = [];
        this.writing = true;
        // Compact: a third faster to serialise and write than indented JSON on a large database.
        const text = JSON.stringify(this.data);
        writeFileAtomic(this.file, text)
            .then(
                () => batch.forEach(waiter => waiter.resolve()),
                (error: Error) => this.rollBack(batch, error),
            )
            .finally(() => {
                this.writing = false;
                this.writeNext();
            });
    }

    /**
     * A failed write leaves memory ahead of the file: every change not yet on disk is refused and
     * memory goes back to the last good file, so nothing is acknowledged that is not stored.
     */
    private rollBack(batch: Waiter[], error: Error) {
        const refused = [...batch, ...this.waiting];
        this.waiting = [];
        console.error(`Could not write ${this.file}: ${error.message}`);
        try {
            this.router.db.setState(readDatabaseFile(this.file));
        } catch (reloadError) {
            console.error((reloadError as Error).message);
        }
        refused.forEach(waiter => waiter.reject(error));
    }
}
