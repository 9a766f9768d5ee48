import { fileProblem, removeTemporaries, writeDatabaseFile } from './files';
import { FileKeeper } from './fileKeeper';
import { Journal, journalLine } from './journal';
import { MemoryLeases } from './leases';
import { DatabaseLock } from './lock';
import { MemoryData, type FileState } from './memory';
import { MemoryReader, MemoryTransaction } from './memoryAccess';
import { memoryNotes } from './notes';
import { readerReports } from './reports';
import { MemorySignInRecords } from './signInRecords';
import { startingState } from './startup';
import { Unsettled } from './unsettled';
import {
    StorageUnavailable,
    type Leases,
    type Notes,
    type Reports,
    type Storage,
    type StorageHealth,
    type Transaction,
} from '../types';

/*
 * The db.json engine. The database lives in memory with its indexes; each committed transaction is one
 * line appended to the journal (DB_FILE.journal) and acknowledged once that line is on disk. The
 * database file is kept from memory by fileKeeper.ts (rewritten in the background, watched for hand
 * edits), and the runners' leases are in leases.ts: this is the opening, the commit path and the stop.
 */

export interface JsonStorageOptions {
    file: string;
    /** Quiet time after the last write before db.json is rewritten. */
    checkpointIdleMs?: number;
    /** Journal size that has db.json rewritten even while writes go on. */
    checkpointJournalBytes?: number;
    /** How often db.json is checked for hand edits (0: never). */
    watchIntervalMs?: number;
    /** Called when another server took the database file over: nothing more may be written. */
    onFatal?: (error: Error) => void;
    log?: Pick<Console, 'info' | 'warn' | 'error'>;
    /** Connections to keep open (the PostgreSQL engine only). */
    poolSize?: number;
    /** The time by the database's notes (a moved clock), which records brought up to date at start are stamped with. */
    timeByNotes?: (read: (name: string) => unknown) => Date;
}

export class JsonStorage extends MemoryReader implements Storage {
    readonly reports: Reports = readerReports(this);
    readonly signIns = new MemorySignInRecords();
    readonly notes: Notes = memoryNotes({
        memory: () => this.memory,
        writeChanged: change => this.exclusive(() => this.keeper.writeChanged(change)),
    });
    private memory: MemoryData;
    private readonly journal: Journal;
    private readonly keeper: FileKeeper;
    private readonly leases = new MemoryLeases(this);
    /** Transactions run one at a time: each waits for the one before it to commit or fail. */
    private turn: Promise<unknown> = Promise.resolve();
    private closed = false;
    private readonly log: Pick<Console, 'info' | 'warn' | 'error'>;
    private readonly unsettled = new Unsettled();
    /** Counts the times the disk refused writes that memory then gave back; a transaction begun before one is refused too. */
    private refusals = 0;
    /** The disk refused the last write that was tried, and none has reached it since. */
    private diskRefusing = false;
    private lastRefusal: StorageUnavailable | undefined;
    private lock: DatabaseLock | undefined;

    private constructor(
        private readonly options: Required<Omit<JsonStorageOptions, 'log' | 'onFatal' | 'poolSize' | 'timeByNotes'>> &
            Pick<JsonStorageOptions, 'onFatal'>,
        state: FileState,
        log: Pick<Console, 'info' | 'warn' | 'error'>,
    ) {
        super(() => this.memory);
        this.memory = new MemoryData(state);
        this.log = log;
        this.journal = new Journal(`${options.file}.journal`, failure => this.takeBack(failure));
        this.keeper = new FileKeeper(options, {
            journal: this.journal,
            unsettled: this.unsettled,
            log,
            memory: () => this.memory,
            reload: reloaded => {
                this.memory = new MemoryData(reloaded);
                this.warmUp();
            },
            closed: () => this.closed,
            exclusive: work => this.exclusive(work),
        });
    }

    /** Reads db.json, replays the journal a crash left onto it, checks the result and writes it back. */
    static async open(options: JsonStorageOptions): Promise<JsonStorage> {
        const fatal = options.onFatal ?? (() => undefined);
        // Before the file or its journal is read: another server's journal is never replayed or emptied.
        const lock = DatabaseLock.take(options.file, message => fatal(new Error(message)));
        try {
            const storage = await JsonStorage.load(options);
            storage.lock = lock;
            return storage;
        } catch (error) {
            lock.release();
            throw error;
        }
    }

    private static async load(options: JsonStorageOptions): Promise<JsonStorage> {
        const file = options.file;
        const log = options.log ?? console;
        const { state, differsFromFile } = startingState(file, log, options.timeByNotes);
        const storage = new JsonStorage(
            {
                file,
                checkpointIdleMs: options.checkpointIdleMs ?? 2000,
                checkpointJournalBytes: options.checkpointJournalBytes ?? 16 * 1024 * 1024,
                watchIntervalMs: options.watchIntervalMs ?? 1000,
                onFatal: options.onFatal,
            },
            state,
            log,
        );
        try {
            removeTemporaries(file);
            if (differsFromFile) await writeDatabaseFile(file, storage.memory.snapshot());
            await storage.journal.start();
        } catch (error) {
            throw fileProblem(error, file, 'write the database file and its journal');
        }
        storage.keeper.start();
        storage.warmUp();
        return storage;
    }

    takeDueMessages(...args: Parameters<Leases['takeDueMessages']>) {
        return this.leases.takeDueMessages(...args);
    }

    renewMessages(...args: Parameters<Leases['renewMessages']>) {
        return this.leases.renewMessages(...args);
    }

    holdLock() {
        return this.leases.holdLock();
    }

    takeJob(...args: Parameters<Leases['takeJob']>) {
        return this.leases.takeJob(...args);
    }

    renewJob(...args: Parameters<Leases['renewJob']>) {
        return this.leases.renewJob(...args);
    }

    finishJob(...args: Parameters<Leases['finishJob']>) {
        return this.leases.finishJob(...args);
    }

    /** One at a time, in the order asked: claims (options.claimed) have nothing to add. */
    transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
        const committed = this.turn.then(async () => {
            if (this.closed) throw new Error('The database is closed');
            const refusals = this.refusals;
            const tx = new MemoryTransaction(() => this.memory);
            const result = await work(tx);
            const operations = tx.operations();
            if (!operations.length) return { result, durable: Promise.resolve() };
            // It read writes that the disk refused since: refused with them.
            if (refusals !== this.refusals && this.lastRefusal) throw this.lastRefusal;
            // Made first: a record that cannot be written down never reaches memory.
            const line = journalLine(operations);
            const change = this.memory.apply(operations);
            const durable = this.unsettled.add(change, line.length, this.journal.append(line)).then(() => {
                this.diskRefusing = false;
                this.keeper.recent.remember(operations);
            });
            this.keeper.afterWrite();
            return { result, durable };
        });
        this.turn = committed.catch(() => undefined);
        // The next transaction may start at once; this one is answered when its line is on disk.
        return committed.then(async ({ result, durable }) => {
            await durable;
            return result;
        });
    }

    /** The transaction, then db.json written from memory and the journal emptied, before it answers. */
    async forgetting<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
        const result = await this.transaction(work);
        await this.exclusive(() => this.keeper.writeChanged(() => undefined));
        return result;
    }

    /**
     * The disk refused the journal's last lines: every transaction not yet on disk is taken back from
     * memory, latest first, so that memory never holds what the disk does not. Called before their
     * requests hear of it; transactions under way when it happens are refused at their commit.
     */
    private takeBack(failure: StorageUnavailable) {
        const count = this.unsettled.takeBack(this.memory);
        this.refusals++;
        this.diskRefusing = true;
        this.lastRefusal = failure;
        this.log.error(`${failure.message} (${count} writes refused and taken back)`);
    }

    /** Runs `work` between transactions, with none in progress. */
    private exclusive<T>(work: () => Promise<T>): Promise<T> {
        const done = this.turn.then(work);
        this.turn = done.catch(() => undefined);
        return done;
    }

    /** Makes the indexes and freezes the records after start-up, a piece per turn of the event loop, so requests are served meanwhile. */
    private warmUp() {
        const next = () => {
            if (!this.closed && this.memory.warmUp()) setTimeout(next, 0).unref();
        };
        setTimeout(next, 0).unref();
    }

    /** Taken between transactions, once every one before is on disk: records are never changed in place, so the picture stays as it was. */
    snapshot(): Promise<FileState> {
        return this.exclusive(async () => {
            if (this.closed) throw new Error('The database is closed');
            await this.unsettled.settled;
            return this.unsettled.picture(this.memory, this.journal.mark()).state;
        });
    }

    /** Reachable while it is open and the disk takes its writes (the last one tried reached it). */
    async health(): Promise<StorageHealth> {
        return {
            engine: 'db.json',
            reachable: !this.closed && !this.diskRefusing,
            journalBytes: this.journal.bytes,
            lastRewriteAt: new Date(this.keeper.recent.lastRewrite).toISOString(),
        };
    }

    /** A clean stop: waits for what is in flight, writes db.json and removes the journal (unless db.json was edited into something unusable). */
    async close(): Promise<void> {
        this.keeper.stop();
        await this.exclusive(async () => {
            this.closed = true;
            const journalKept = await this.keeper.finish();
            this.lock?.release();
            if (journalKept)
                this.log.warn(
                    `${this.options.file} was changed by hand and is not written; every write is kept in ${this.journal.file} and is replayed at the next start.`,
                );
        });
    }
}
