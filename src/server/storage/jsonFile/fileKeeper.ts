import { sameSignature, signatureOf, writeDatabaseFile, type FileSignature } from './files';
import type { Journal } from './journal';
import type { FileState, MemoryData } from './memory';
import { editedState, RecentWrites } from './recentWrites';
import type { Unsettled } from './unsettled';

/*
 * The keeping of db.json itself, behind the db.json engine's journal: the file is rewritten from memory
 * in the background, after a quiet moment or when the journal has grown, and on a clean stop, after
 * which the journal is gone and db.json holds everything. A hand edit of db.json while the server runs
 * is noticed: an edited file that validates is reloaded with every acknowledged write of the journal laid
 * over it; one that does not is left alone (never overwritten) while the server keeps serving and
 * journaling, until the file is fixed. Apart from the engine (jsonStorage.ts), whose commit path only
 * tells this of each write: none of it waits for the file.
 */

type Log = Pick<Console, 'info' | 'warn' | 'error'>;

export interface FileKeeping {
    file: string;
    /** Quiet time after the last write before db.json is rewritten. */
    checkpointIdleMs: number;
    /** Journal size that has db.json rewritten even while writes go on. */
    checkpointJournalBytes: number;
    /** How often db.json is checked for hand edits (0: never). */
    watchIntervalMs: number;
}

/** What the keeper needs of the engine whose file it keeps. */
export interface KeptEngine {
    readonly journal: Journal;
    readonly unsettled: Unsettled;
    readonly log: Log;
    /** The database in memory as it stands. */
    memory(): MemoryData;
    /** Puts the state of a reloaded file in memory in place of what was there. */
    reload(state: FileState): void;
    closed(): boolean;
    /** Runs `work` between transactions, with none in progress. */
    exclusive<T>(work: () => Promise<T>): Promise<T>;
}

export class FileKeeper {
    /** The writes since db.json was last written whole, laid over a hand-edited file. */
    readonly recent = new RecentWrites();
    private signature: FileSignature | undefined;
    /** The signature of an edited file that could not be used: db.json is not written while it is there. */
    private refused: FileSignature | undefined;
    private rewriting: Promise<void> | undefined;
    private idleTimer: NodeJS.Timeout | undefined;
    private watchTimer: NodeJS.Timeout | undefined;
    /** Set while db.json is being looked at for a hand edit. */
    private holding = false;

    constructor(
        private readonly options: FileKeeping,
        private readonly engine: KeptEngine,
    ) {}

    /** Takes the file as it stands on disk as the engine's own, and starts watching it for hand edits. */
    start() {
        this.signature = signatureOf(this.options.file);
        this.watch();
    }

    /** A transaction was committed to memory and its line given to the journal. */
    afterWrite() {
        if (this.engine.journal.bytes >= this.options.checkpointJournalBytes) void this.rewrite();
        this.afterIdle();
    }

    /** Rewrites db.json once no write came for CHECKPOINT_IDLE_MS. */
    private afterIdle() {
        if (this.engine.closed()) return;
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
        const { journal, unsettled } = this.engine;
        if (this.rewriting || this.refused || this.holding || this.engine.closed() || journal.bytes === 0)
            return this.rewriting ?? Promise.resolve();
        const { mark, state } = unsettled.picture(this.engine.memory(), journal.mark());
        this.rewriting = (async () => {
            try {
                const replaced = await writeDatabaseFile(this.options.file, state, () =>
                    sameSignature(signatureOf(this.options.file), this.signature),
                );
                if (!replaced) return;
                this.signature = signatureOf(this.options.file);
                this.recent.rewritten();
                await journal.dropBefore(mark);
                // Lines not yet on disk when the picture was taken stay in the journal: once they are, the
                // next idle rewrite takes them too, though no write comes after them.
                if (journal.bytes > 0) void unsettled.settled.then(() => this.afterIdle());
            } catch (error) {
                this.engine.log.error(
                    `Could not rewrite ${this.options.file} (the file and the journal are as they were; every write is still safe in the journal): ${(error as Error).message}`,
                );
            } finally {
                this.rewriting = undefined;
            }
            if (journal.bytes >= this.options.checkpointJournalBytes) void this.rewrite();
        })();
        return this.rewriting;
    }

    private watch() {
        if (!this.options.watchIntervalMs) return;
        this.watchTimer = setInterval(() => {
            if (!this.rewriting && !this.engine.closed()) void this.checkFile();
        }, this.options.watchIntervalMs);
        this.watchTimer.unref();
    }

    /** Notices a hand edit (or removal) of db.json, and reloads what can be used. */
    private checkFile(): Promise<void> {
        return this.engine.exclusive(async () => {
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
        await this.engine.unsettled.settled;
        const file = this.options.file;
        const now = signatureOf(file);
        if (sameSignature(now, this.signature) || (this.refused && sameSignature(now, this.refused))) return;
        if (!now) {
            this.engine.log.warn(`${file} was removed: writing it again from memory.`);
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
            this.engine.log.error(
                `${file} was changed on disk and cannot be used: ${(error as Error).message}\n` +
                    'The server keeps serving what it had and keeps every write in the journal; it will not overwrite the file until it is valid again (fix it, or delete it to have it written again).',
            );
            return;
        }
        this.refused = undefined;
        this.engine.reload(reloaded.state);
        this.engine.log.info(reloaded.note);
        await this.writeNow();
    }

    /** Writes db.json and empties the journal at once (with no transaction running, once the last is on disk). */
    private async writeNow() {
        const { journal, unsettled } = this.engine;
        await unsettled.settled;
        const { mark, state } = unsettled.picture(this.engine.memory(), journal.mark());
        await writeDatabaseFile(this.options.file, state);
        this.signature = signatureOf(this.options.file);
        await journal.dropBefore(mark);
    }

    /**
     * Makes a change of memory that is no transaction (the database's notes) and writes db.json with it
     * at once, with no transaction running (the caller holds the engine's turn). A hand edit made
     * meanwhile is taken in first; one that cannot be used refuses the change, as the file is not written.
     */
    async writeChanged(change: () => void) {
        await this.rewriting;
        this.holding = true;
        try {
            await this.reloadIfEdited();
            if (this.refused)
                throw new Error(`${this.options.file} was changed by hand and cannot be used: fix it first`);
            change();
            await this.writeNow();
        } finally {
            this.holding = false;
        }
    }

    /** Stops the timers of the rewrites and of the watching, at the start of a clean stop. */
    stop() {
        clearInterval(this.watchTimer);
        clearTimeout(this.idleTimer);
    }

    /**
     * The end of a clean stop, with the engine closed: once what is in flight is done, writes db.json and
     * removes the journal, or closes the journal and keeps it when db.json was changed by hand (its
     * writes are replayed at the next start). Answers whether the journal was kept.
     */
    async finish(): Promise<boolean> {
        await this.rewriting;
        await this.engine.unsettled.settled;
        const edited = !sameSignature(signatureOf(this.options.file), this.signature);
        if (this.refused || edited) {
            await this.engine.journal.close(false);
            return true;
        }
        await this.writeNow();
        await this.engine.journal.close(true);
        return false;
    }
}
