import { replayOnto, type AppliedChange, type FileState, type MemoryData } from './memory';

/*
 * Transactions the db.json engine has applied to memory while their journal lines are still being
 * written. The disk may yet refuse them: then they are taken back, latest first, so that memory never
 * holds what the disk does not; and a picture of the database written into db.json leaves them out.
 */
export class Unsettled {
    private entries: { change: AppliedChange; bytes: number }[] = [];
    /** Resolves once the last transaction added is on disk, or was refused. */
    settled: Promise<unknown> = Promise.resolve();

    /** A transaction applied to memory, its journal line's size, and the promise that the line is on disk. */
    add(change: AppliedChange, bytes: number, durable: Promise<void>): Promise<void> {
        this.entries.push({ change, bytes });
        const done = durable.then(() => {
            this.entries.shift();
        });
        this.settled = done.catch(() => undefined);
        return done;
    }

    /** Takes every one of them back from memory, latest first; answers how many there were. */
    takeBack(memory: MemoryData): number {
        const count = this.entries.length;
        for (const { change } of this.entries.reverse()) memory.revert(change);
        this.entries = [];
        return count;
    }

    /**
     * The records on disk now, with the journal's position after them (`journalMark` being its end):
     * memory without the transactions whose lines are still being written.
     */
    picture(memory: MemoryData, journalMark: number): { mark: number; state: FileState } {
        const state = memory.snapshot();
        const pending = this.entries.flatMap(({ change }) => change.undo).reverse();
        if (pending.length) replayOnto(state, pending);
        return { mark: journalMark - this.entries.reduce((sum, { bytes }) => sum + bytes, 0), state };
    }
}
