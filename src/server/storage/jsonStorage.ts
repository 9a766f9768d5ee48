import { crc32 } from 'node:zlib';
import { upgradeDatabase } from '../../domain/upgrades';
import { alreadyChecked, rememberChecked } from './checked';
import {
    checkedState,
    DatabaseFileError,
    parseDatabaseText,
    readDatabaseBytes,
    readDatabaseText,
    removeTemporaries,
    sameSignature,
    signatureOf,
    writeDatabaseFile,
    type FileSignature,
} from './files';
import { Journal, JournalError, readJournal } from './journal';
import { MemoryData, replayOnto, type FileState, type Operation } from './memory';
import { MemoryReader, MemoryTransaction } from './memoryAccess';
import { differing, RecentWrites, recentWritesMs } from './recentWrites';
import { readerReports } from './reports';
import { MemorySignInRecords } from './signInRecords';
import type { Reports, Storage, Transaction } from './types';

/*
 * The db.json engine. The database lives in memory with its indexes; each committed transaction is one
 * line appended to the journal (DB_FILE.journal) and acknowledged once that line is on disk. The
 * database file is rewritten from memory in the background, after a quiet moment or when the journal
 * has grown, and on a clean stop, after which the journal is gone and db.json holds everything.
 *
 * A hand edit of db.json while the server runs is noticed: an edited file that validates is reloaded
 * with every acknowledged write of the journal laid over it; one that does not is left alone (never
 * overwritten) while the server keeps serving and journaling, until the file is fixed.
 */

export interface JsonStorageOptions {
    file: string;
    /** Quiet time after the last write before db.json is rewritten. */
    checkpointIdleMs?: number;
    /** Journal size that has db.json rewritten even while writes go on. */
    checkpointJournalBytes?: number;
    /** How often db.json is checked for hand edits (0: never). */
    watchIntervalMs?: number;
    /** Called when the journal cannot be written: nothing more can be acknowledged. */
    onFatal?: (error: Error) => void;
    log?: Pick<Console, 'info' | 'warn' | 'error'>;
    /** Connections to keep open (the PostgreSQL engine only). */
    poolSize?: number;
}

export class JsonStorage extends MemoryReader implements Storage {
    readonly reports: Reports = readerReports(this);
    readonly signIns = new MemorySignInRecords();
    private memory: MemoryData;
    private readonly journal: Journal;
    /** Transactions run one at a time: each waits for the one before it to commit or fail. */
    private turn: Promise<unknown> = Promise.resolve();
    private signature: FileSignature | undefined;
    /** The signature of an edited file that could not be used: db.json is not written while it is there. */
    private refused: FileSignature | undefined;
    private rewriting: Promise<void> | undefined;
    private idleTimer: NodeJS.Timeout | undefined;
    private watchTimer: NodeJS.Timeout | undefined;
    private closed = false;
    /** Set while db.json is being looked at for a hand edit. */
    private holding = false;
    private readonly recent = new RecentWrites();
    private readonly log: Pick<Console, 'info' | 'warn' | 'error'>;

    private constructor(
        private readonly options: Required<Omit<JsonStorageOptions, 'log' | 'onFatal' | 'poolSize'>> &
            Pick<JsonStorageOptions, 'onFatal'>,
        state: FileState,
        log: Pick<Console, 'info' | 'warn' | 'error'>,
    ) {
        super(() => this.memory);
        this.memory = new MemoryData(state);
        this.log = log;
        this.journal = new Journal(`${options.file}.journal`, error => this.fail(error));
    }

    /** Reads db.json, replays the journal a crash left onto it, checks the result and writes it back. */
    static async open(options: JsonStorageOptions): Promise<JsonStorage> {
        const file = options.file;
        const log = options.log ?? console;
        const bytes = readDatabaseBytes(file);
        const checked = alreadyChecked(file, bytes);
        const state = parseDatabaseText(file, bytes.toString('utf8'));
        const journalFile = `${file}.journal`;
        let replayed = { operations: [] as Operation[], transactions: 0, tornLine: false };
        try {
            replayed = readJournal(journalFile);
        } catch (error) {
            if (error instanceof JournalError) throw new DatabaseFileError(error.message);
            throw error;
        }
        replayOnto(state, replayed.operations);
        const upgraded = upgradeDatabase(state.values);
        const storage = new JsonStorage(
            {
                file,
                checkpointIdleMs: options.checkpointIdleMs ?? 2000,
                checkpointJournalBytes: options.checkpointJournalBytes ?? 16 * 1024 * 1024,
                watchIntervalMs: options.watchIntervalMs ?? 1000,
                onFatal: options.onFatal,
            },
            // Journal lines are the server's own checked writes, guarded by their checksums.
            checked ? state : checkedState(file, state),
            log,
        );
        if (!checked && !replayed.transactions && !upgraded) rememberChecked(file, bytes.length, crc32(bytes));
        removeTemporaries(file);
        if (replayed.transactions) {
            log.info(
                `Replayed ${replayed.transactions} journaled writes onto ${file}${replayed.tornLine ? ' (an incomplete last line, never acknowledged, was left out)' : ''}.`,
            );
        }
        if (upgraded)
            log.info(
                `Brought ${upgraded} records of ${file} written by an earlier version to the current shape (a teacher's pay rule became their first dated rate).`,
            );
        if (replayed.transactions || upgraded) await writeDatabaseFile(file, storage.memory.snapshot());
        await storage.journal.start();
        storage.signature = signatureOf(file);
        storage.watch();
        storage.warmUp();
        return storage;
    }

    transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
        const committed = this.turn.then(async () => {
            if (this.closed) throw new Error('The database is closed');
            const tx = new MemoryTransaction(() => this.memory);
            const result = await work(tx);
            const operations = tx.operations();
            if (!operations.length) return { result, durable: Promise.resolve() };
            this.memory.apply(operations);
            this.recent.remember(operations);
            const durable = this.journal.append(operations);
            this.afterWrite();
            return { result, durable };
        });
        this.turn = committed.catch(() => undefined);
        // The next transaction may start at once; this one is answered when its line is on disk.
        return committed.then(async ({ result, durable }) => {
            await durable;
            return result;
        });
    }

    /** Runs `work` between transactions, with none in progress. */
    private exclusive<T>(work: () => Promise<T>): Promise<T> {
        const done = this.turn.then(work);
        this.turn = done.catch(() => undefined);
        return done;
    }

    private afterWrite() {
        if (this.journal.bytes >= this.options.checkpointJournalBytes) void this.rewrite();
        clearTimeout(this.idleTimer);
        this.idleTimer = setTimeout(() => void this.rewrite(), this.options.checkpointIdleMs);
        this.idleTimer.unref();
    }

    /**
     * Writes db.json from memory and drops the journal lines it now holds. The picture written is the
     * memory at one instant (records are never changed in place), taken together with the journal's
     * position, so that every line after that position is kept.
     */
    private rewrite(): Promise<void> {
        if (this.rewriting || this.refused || this.holding || this.closed || this.journal.bytes === 0)
            return this.rewriting ?? Promise.resolve();
        const mark = this.journal.mark();
        const state = this.memory.snapshot();
        this.rewriting = (async () => {
            try {
                const replaced = await writeDatabaseFile(this.options.file, state, () =>
                    sameSignature(signatureOf(this.options.file), this.signature),
                );
                if (!replaced) return;
                this.signature = signatureOf(this.options.file);
                this.recent.rewritten();
                await this.journal.dropBefore(mark);
            } catch (error) {
                this.log.error(
                    `Could not rewrite ${this.options.file} (every write is still safe in the journal): ${(error as Error).message}`,
                );
            } finally {
                this.rewriting = undefined;
            }
            if (this.journal.bytes >= this.options.checkpointJournalBytes) void this.rewrite();
        })();
        return this.rewriting;
    }

    /** Makes the indexes and freezes the records after start-up, a piece per turn of the event loop, so requests are served meanwhile. */
    private warmUp() {
        const next = () => {
            if (!this.closed && this.memory.warmUp()) setTimeout(next, 0).unref();
        };
        setTimeout(next, 0).unref();
    }

    private watch() {
        if (!this.options.watchIntervalMs) return;
        this.watchTimer = setInterval(() => {
            if (!this.rewriting && !this.closed) void this.checkFile();
        }, this.options.watchIntervalMs);
        this.watchTimer.unref();
    }

    /** Notices a hand edit (or removal) of db.json, and reloads what can be used. */
    private checkFile(): Promise<void> {
        return this.exclusive(async () => {
            // No background rewrite may start from the old memory while the file is looked at and reloaded.
            this.holding = true;
            try {
                await this.reloadIfEdited();
            } finally {
                this.holding = false;
            }
        });
    }

    /** Reloads db.json if someone else changed it, or says why it cannot be used. */
    private async reloadIfEdited() {
        await this.rewriting;
        const file = this.options.file;
        const now = signatureOf(file);
        if (sameSignature(now, this.signature) || (this.refused && sameSignature(now, this.refused))) return;
        if (!now) {
            this.log.warn(`${file} was removed: writing it again from memory.`);
            this.signature = undefined;
            this.refused = undefined;
            await this.writeNow();
            return;
        }
        let state: FileState;
        let overridden: string[];
        try {
            state = parseDatabaseText(file, readDatabaseText(file));
            const operations = this.recent.operations();
            overridden = differing(state, operations);
            replayOnto(state, operations);
            // A hand-edited file may hold records in an earlier shape (a pay rule pasted from an old copy).
            upgradeDatabase(state.values);
            checkedState(file, state);
        } catch (error) {
            this.refused = now;
            this.log.error(
                `${file} was changed on disk and cannot be used: ${(error as Error).message}\n` +
                    'The server keeps serving what it had and keeps every write in the journal; it will not overwrite the file until it is valid again (fix it, or delete it to have it written again).',
            );
            return;
        }
        this.refused = undefined;
        this.memory = new MemoryData(state);
        this.warmUp();
        this.log.info(
            `${file} was changed on disk: reloaded, with the server's writes of the last ${recentWritesMs / 60_000} minutes laid over it.` +
                (overridden.length
                    ? ` The file held other versions of records the server wrote meanwhile; the server's were kept: ${overridden.slice(0, 20).join(', ')}${overridden.length > 20 ? ', ...' : ''}.`
                    : ''),
        );
        await this.writeNow();
    }

    /** Writes db.json and empties the journal at once (with no transaction running). */
    private async writeNow() {
        const mark = this.journal.mark();
        await writeDatabaseFile(this.options.file, this.memory.snapshot());
        this.signature = signatureOf(this.options.file);
        await this.journal.dropBefore(mark);
    }

    private fail(error: Error) {
        this.log.error(
            `Cannot write the journal ${this.journal.file}: ${error.message}. No write can be acknowledged any more.`,
        );
        this.closed = true;
        this.options.onFatal?.(error);
    }

    /** A clean stop: waits for what is in flight, writes db.json and removes the journal (unless db.json was edited into something unusable). */
    async close(): Promise<void> {
        clearInterval(this.watchTimer);
        clearTimeout(this.idleTimer);
        await this.exclusive(async () => {
            this.closed = true;
            await this.rewriting;
            const edited = !sameSignature(signatureOf(this.options.file), this.signature);
            if (this.refused || edited) {
                await this.journal.close(false);
                this.log.warn(
                    `${this.options.file} was changed by hand and is not written; every write is kept in ${this.journal.file} and is replayed at the next start.`,
                );
                return;
            }
            await this.writeNow();
            await this.journal.close(true);
        });
    }
}
