import {
    fileProblem,
    removeTemporaries,
    sameSignature,
    signatureOf,
    writeDatabaseFile,
    type FileSignature,
} from './files';
import { Journal, journalLine } from './journal';
import { DatabaseLock } from './lock';
import { MemoryData, type FileState } from './memory';
import { MemoryReader, MemoryTransaction } from './memoryAccess';
import { editedState, RecentWrites } from './recentWrites';
import { readerReports } from './reports';
import { MemorySignInRecords } from './signInRecords';
import { startingState } from './startup';
import { Unsettled } from './unsettled';
import {
    StorageUnavailable,
    type RecordOf,
    type Reports,
    type Storage,
    type StorageHealth,
    type Transaction,
} from '../types';

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
    /** Called when another server took the database file over: nothing more may be written. */
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
    private readonly unsettled = new Unsettled();
    /** Counts the times the disk refused writes that memory then gave back; a transaction begun before one is refused too. */
    private refusals = 0;
    /** The disk refused the last write that was tried, and none has reached it since. */
    private diskRefusing = false;
    private lastRefusal: StorageUnavailable | undefined;
    private lock: DatabaseLock | undefined;

    private constructor(
        private readonly options: Required<Omit<JsonStorageOptions, 'log' | 'onFatal' | 'poolSize'>> &
            Pick<JsonStorageOptions, 'onFatal'>,
        state: FileState,
        log: Pick<Console, 'info' | 'warn' | 'error'>,
    ) {
        super(() => this.memory);
        this.memory = new MemoryData(state);
        this.log = log;
        this.journal = new Journal(`${options.file}.journal`, failure => this.takeBack(failure));
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
        const { state, differsFromFile } = startingState(file, log);
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
        storage.signature = signatureOf(file);
        storage.watch();
        storage.warmUp();
        return storage;
    }

    /** In a transaction of its own: this engine runs one at a time, so no two runners take one message. */
    takeDueMessages(
        now: string,
        until: string,
        limit: number,
        kinds?: readonly RecordOf<'messages'>['kind'][],
    ): Promise<RecordOf<'messages'>[]> {
        return this.transaction(async tx => {
            const queued = await tx.select(
                'messages',
                [
                    { field: 'status', kind: 'equals', values: ['queued'] },
                    { field: 'sendAt', kind: 'lte', value: now },
                    ...(kinds ? [{ field: 'kind', kind: 'equals' as const, values: [...kinds] }] : []),
                ],
                { sort: { field: 'sendAt', order: 'ASC' } },
            );
            const free = queued.filter(message => !message.leaseUntil || message.leaseUntil <= now).slice(0, limit);
            const taken: RecordOf<'messages'>[] = [];
            for (const message of free) taken.push(await tx.update('messages', { ...message, leaseUntil: until }));
            return taken;
        });
    }

    /** Written, as their taking is: the job and a lane of this one process may both look at a message. */
    renewMessages(
        ids: RecordOf<'messages'>['id'][],
        heldUntil: string,
        until: string,
    ): Promise<RecordOf<'messages'>['id'][]> {
        return this.transaction(async tx => {
            const renewed: RecordOf<'messages'>['id'][] = [];
            for (const message of await tx.getMany('messages', ids))
                if (message.status === 'queued' && message.leaseUntil === heldUntil) {
                    await tx.update('messages', { ...message, leaseUntil: until });
                    renewed.push(message.id);
                }
            return renewed;
        });
    }

    /** Always held: the database's file lock already keeps other server processes out. */
    async holdLock(): Promise<() => Promise<void>> {
        return async () => undefined;
    }

    /** The jobs a runner of this process holds: the only process, so no write is needed to hold one. */
    private readonly heldJobs = new Set<string>();

    async takeJob(name: RecordOf<'jobs'>['name'], _now: string, until: string): Promise<RecordOf<'jobs'> | null> {
        if (this.heldJobs.has(name)) return null;
        const [job] = await this.select('jobs', { name });
        if (!job) return null;
        this.heldJobs.add(name);
        return { ...job, leaseUntil: until };
    }

    /** Held in memory until let go: nothing to write, and no other process to lose it to. */
    async renewJob(job: RecordOf<'jobs'>, until: string): Promise<RecordOf<'jobs'> | null> {
        return this.heldJobs.has(job.name) ? { ...job, leaseUntil: until } : null;
    }

    /** Writes only what is worth recording: an idle server writes nothing. */
    async finishJob(job: RecordOf<'jobs'>, done: Partial<RecordOf<'jobs'>> | null): Promise<void> {
        try {
            if (done)
                await this.transaction(async tx => {
                    const current = (await tx.get('jobs', job.id)) ?? job;
                    await tx.update('jobs', { ...current, ...done, leaseUntil: null });
                });
        } finally {
            this.heldJobs.delete(job.name);
        }
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
                this.recent.remember(operations);
            });
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

    private afterWrite() {
        if (this.journal.bytes >= this.options.checkpointJournalBytes) void this.rewrite();
        this.afterIdle();
    }

    /** Rewrites db.json once no write came for CHECKPOINT_IDLE_MS. */
    private afterIdle() {
        if (this.closed) return;
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
        const { mark, state } = this.unsettled.picture(this.memory, this.journal.mark());
        this.rewriting = (async () => {
            try {
                const replaced = await writeDatabaseFile(this.options.file, state, () =>
                    sameSignature(signatureOf(this.options.file), this.signature),
                );
                if (!replaced) return;
                this.signature = signatureOf(this.options.file);
                this.recent.rewritten();
                await this.journal.dropBefore(mark);
                // Lines not yet on disk when the picture was taken stay in the journal: once they are, the
                // next idle rewrite takes them too, though no write comes after them.
                if (this.journal.bytes > 0) void this.unsettled.settled.then(() => this.afterIdle());
            } catch (error) {
                this.log.error(
                    `Could not rewrite ${this.options.file} (the file and the journal are as they were; every write is still safe in the journal): ${(error as Error).message}`,
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
        await this.unsettled.settled;
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
        let reloaded: { state: FileState; note: string };
        try {
            reloaded = editedState(file, this.recent);
        } catch (error) {
            this.refused = now;
            this.log.error(
                `${file} was changed on disk and cannot be used: ${(error as Error).message}\n` +
                    'The server keeps serving what it had and keeps every write in the journal; it will not overwrite the file until it is valid again (fix it, or delete it to have it written again).',
            );
            return;
        }
        this.refused = undefined;
        this.memory = new MemoryData(reloaded.state);
        this.warmUp();
        this.log.info(reloaded.note);
        await this.writeNow();
    }

    /** Writes db.json and empties the journal at once (with no transaction running, once the last is on disk). */
    private async writeNow() {
        await this.unsettled.settled;
        const { mark, state } = this.unsettled.picture(this.memory, this.journal.mark());
        await writeDatabaseFile(this.options.file, state);
        this.signature = signatureOf(this.options.file);
        await this.journal.dropBefore(mark);
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
            lastRewriteAt: new Date(this.recent.lastRewrite).toISOString(),
        };
    }

    /** A clean stop: waits for what is in flight, writes db.json and removes the journal (unless db.json was edited into something unusable). */
    async close(): Promise<void> {
        clearInterval(this.watchTimer);
        clearTimeout(this.idleTimer);
        await this.exclusive(async () => {
            this.closed = true;
            await this.rewriting;
            await this.unsettled.settled;
            const edited = !sameSignature(signatureOf(this.options.file), this.signature);
            if (this.refused || edited) {
                await this.journal.close(false);
                this.lock?.release();
                this.log.warn(
                    `${this.options.file} was changed by hand and is not written; every write is kept in ${this.journal.file} and is replayed at the next start.`,
                );
                return;
            }
            await this.writeNow();
            await this.journal.close(true);
            this.lock?.release();
        });
    }
}
