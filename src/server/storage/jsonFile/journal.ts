import { existsSync, readFileSync } from 'node:fs';
import { open, rename, unlink, type FileHandle } from 'node:fs/promises';
import { crc32 } from 'node:zlib';
import { diskFailure, fsyncDirectory, writeFully } from './files';
import type { Operation } from './memory';
import { StorageUnavailable } from '../types';

/*
 * The append-only journal beside the database file: one line per committed transaction,
 * `<crc32 hex> <json>\n`, flushed to disk before the transaction is acknowledged. Transactions that
 * commit while a flush is running share the next one. Each line holds whole records (or removals), so
 * replaying lines onto a database file that already has some of them gives the same result: that is
 * what makes it safe to rewrite the database file while the journal keeps growing.
 */

export class JournalError extends Error {}

type Entry = ['put', string, Record<string, unknown>] | ['delete', string, unknown];

/** One transaction's journal line; made before the transaction touches memory, since a record may not turn into text. */
export const journalLine = (operations: Operation[]): Buffer => {
    const entries: Entry[] = operations.map(operation =>
        operation.op === 'put'
            ? ['put', operation.collection, operation.record]
            : ['delete', operation.collection, operation.id],
    );
    const json = JSON.stringify({ at: new Date().toISOString(), ops: entries });
    return Buffer.from(`${crc32(json).toString(16).padStart(8, '0')} ${json}\n`, 'utf8');
};

const operationsOf = (entries: Entry[]): Operation[] =>
    entries.map(([op, collection, value]) =>
        op === 'put'
            ? { op, collection, record: value as Operation & never }
            : { op, collection, id: value as string | number },
    );

/**
 * The operations of a journal file, in order. A last line cut short by a crash (no newline, or a
 * checksum that does not match) was never acknowledged and is left out; a bad line before the end
 * means the file was damaged, and nothing is guessed.
 */
export const readJournal = (file: string): { operations: Operation[]; transactions: number; tornLine: boolean } => {
    if (!existsSync(file)) return { operations: [], transactions: 0, tornLine: false };
    const lines = readFileSync(file, 'utf8').split('\n');
    const unterminated = lines.pop() ?? '';
    const operations: Operation[] = [];
    let tornLine = unterminated !== '';
    let transactions = 0;
    lines.forEach((line, index) => {
        const match = /^([0-9a-f]{8}) (.*)$/.exec(line);
        const sound = match !== null && crc32(match[2]).toString(16).padStart(8, '0') === match[1];
        if (!sound) {
            if (index === lines.length - 1 && !tornLine) {
                tornLine = true;
                return;
            }
            throw new JournalError(
                `The journal ${file} is damaged at line ${index + 1}: it was not written by this server or was changed. Nothing was changed; move it away to start without the writes it holds.`,
            );
        }
        operations.push(...operationsOf((JSON.parse(match[2]) as { ops: Entry[] }).ops));
        transactions++;
    });
    return { operations, transactions, tornLine };
};

interface Waiting {
    line: Buffer;
    resolve: () => void;
    reject: (error: Error) => void;
}

export class Journal {
    private handle: FileHandle | undefined;
    private waiting: Waiting[] = [];
    private tasks: (() => Promise<void>)[] = [];
    private running = false;
    /** Bytes flushed to the file, and bytes flushed or waiting. */
    private flushed = 0;
    private queued = 0;
    /** A write failed and the file may hold part of it past `flushed`: cut it off before writing again. */
    private torn = false;

    /**
     * `onFailure` hears of a write that failed, before anyone waiting for it does: every line waiting
     * is refused with it, so that the caller can take back what those lines held.
     */
    constructor(
        readonly file: string,
        private readonly onFailure: (error: StorageUnavailable) => void,
    ) {}

    /** Starts a new, empty journal (the database file holds everything before it). */
    async start(): Promise<void> {
        this.handle = await open(this.file, 'w+', 0o600);
        await this.handle.sync();
        fsyncDirectory(this.file);
        this.flushed = this.queued = 0;
    }

    get bytes(): number {
        return this.queued;
    }

    /** Appends one transaction's line (see `journalLine`); resolves once it is on disk. */
    append(line: Buffer): Promise<void> {
        this.queued += line.length;
        return new Promise((resolve, reject) => {
            this.waiting.push({ line, resolve, reject });
            void this.pump();
        });
    }

    /** A position in the journal: everything appended so far lies before it. */
    mark(): number {
        return this.queued;
    }

    /** Keeps only what was appended after `mark`, once the database file holds what came before it. */
    dropBefore(mark: number): Promise<void> {
        return this.run(async () => {
            const handle = this.handle as FileHandle;
            const tail = Buffer.alloc(this.flushed - mark);
            if (tail.length) await handle.read(tail, 0, tail.length, mark);
            const temporary = `${this.file}.tmp`;
            const next = await open(temporary, 'w+', 0o600);
            try {
                await writeFully(next, tail, 0);
                await next.sync();
            } catch (error) {
                await next.close();
                await unlink(temporary).catch(() => undefined);
                throw error;
            }
            await rename(temporary, this.file);
            fsyncDirectory(this.file);
            await handle.close();
            this.handle = next;
            this.flushed -= mark;
            this.queued -= mark;
            // The new file holds whole lines only.
            this.torn = false;
        });
    }

    /** Waits for everything appended to be on disk, then closes the file (and removes it when asked). */
    close(remove: boolean): Promise<void> {
        return this.run(async () => {
            await this.handle?.close();
            this.handle = undefined;
            if (remove) {
                await unlink(this.file).catch(() => undefined);
                fsyncDirectory(this.file);
            }
        });
    }

    private run(task: () => Promise<void>): Promise<void> {
        return new Promise((resolve, reject) => {
            this.tasks.push(() => task().then(resolve, reject));
            void this.pump();
        });
    }

    /** One writer: flushes what waits (all of it in one write and one sync), then runs maintenance tasks. */
    private async pump() {
        if (this.running) return;
        this.running = true;
        try {
            while (this.waiting.length || this.tasks.length) {
                if (this.waiting.length) await this.flush();
                else await (this.tasks.shift() as () => Promise<void>)();
            }
        } finally {
            this.running = false;
        }
    }

    /**
     * Every write must complete: the lines are written whole at the end of the last whole line, then
     * synced. A short write, a full disk or any disk error refuses the batch and every line waiting
     * behind it (they were made on top of it), and the file is cut back to its last whole line, now or
     * before the next write, so that a later start never replays a line nobody was told of.
     */
    private async flush() {
        const batch = this.waiting;
        this.waiting = [];
        const data = batch.length === 1 ? batch[0].line : Buffer.concat(batch.map(waiting => waiting.line));
        try {
            if (!this.handle) throw new JournalError('The journal is closed');
            if (this.torn) await this.cutBack(this.handle);
            await writeFully(this.handle, data, this.flushed);
            await this.handle.datasync();
            this.flushed += data.length;
            batch.forEach(waiting => waiting.resolve());
        } catch (error) {
            this.torn = true;
            const refused = [...batch, ...this.waiting];
            this.waiting = [];
            this.queued = this.flushed;
            const failure = error instanceof StorageUnavailable ? error : diskFailure(error, this.file);
            this.onFailure(failure);
            refused.forEach(waiting => waiting.reject(failure));
            if (this.handle) await this.cutBack(this.handle).catch(() => undefined);
        }
    }

    private async cutBack(handle: FileHandle) {
        await handle.truncate(this.flushed);
        await handle.datasync();
        this.torn = false;
    }
}
