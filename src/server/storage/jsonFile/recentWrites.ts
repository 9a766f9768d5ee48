import { upgradeDatabase } from '../../../domain/upgrades';
import { checkedState, parseDatabaseText, readDatabaseText } from './files';
import { replayOnto, type FileState, type Operation } from './memory';

/*
 * The writes of the last while, kept by the db.json engine for a hand edit of db.json: an edited file is
 * reloaded with them laid over it, because a copy opened in an editor before the last rewrite would
 * miss them.
 */

/** How long writes are remembered for laying over a hand-edited file. */
const recentWritesMs = 15 * 60_000;
const recentWritesLimit = 20_000;

export class RecentWrites {
    private recent: { at: number; operations: Operation[] }[] = [];
    private rewrittenAt = Date.now();
    private sincePruned = 0;

    /**
     * Keeps a transaction's operations: everything since the last rewrite of db.json, and before it the
     * last 15 minutes, at most 20,000 transactions. Pruned now and then, not at every write.
     */
    remember(operations: Operation[]) {
        const now = Date.now();
        this.recent.push({ at: now, operations });
        if (++this.sincePruned < 1024) return;
        this.sincePruned = 0;
        const before = Math.min(now - recentWritesMs, this.rewrittenAt);
        const beyondLimit = this.recent.length - recentWritesLimit;
        let stale = 0;
        while (
            stale < this.recent.length &&
            (this.recent[stale].at < before || (stale < beyondLimit && this.recent[stale].at < this.rewrittenAt))
        )
            stale++;
        if (stale) this.recent.splice(0, stale);
    }

    /** When db.json last held every write (ms since the epoch). */
    get lastRewrite(): number {
        return this.rewrittenAt;
    }

    /** db.json now holds every write so far. */
    rewritten() {
        this.rewrittenAt = Date.now();
    }

    operations(): Operation[] {
        return this.recent.flatMap(entry => entry.operations);
    }
}

/** The records the operations leave different from the file's version of them ("customers 12"). */
const differing = (state: FileState, operations: Operation[]): string[] => {
    const last = new Map<string, Operation>();
    for (const operation of operations)
        last.set(
            `${operation.collection} ${String(operation.op === 'put' ? operation.record.id : operation.id)}`,
            operation,
        );
    const differ: string[] = [];
    const filed = new Map<string, unknown>();
    for (const key of new Set([...last.values()].map(operation => operation.collection))) {
        const rows = state.values[key];
        if (Array.isArray(rows))
            for (const row of rows as { id: unknown }[]) filed.set(`${key} ${String(row.id)}`, row);
    }
    last.forEach((operation, key) => {
        const mine = operation.op === 'put' ? JSON.stringify(operation.record) : undefined;
        const theirs = filed.has(key) ? JSON.stringify(filed.get(key)) : undefined;
        if (mine !== theirs) differ.push(key);
    });
    return differ;
};

/**
 * A hand-edited db.json with the server's recent writes laid over it, checked (an error says why it
 * cannot be used), and what the console is told of it.
 */
export const editedState = (file: string, recent: RecentWrites): { state: FileState; note: string } => {
    const state = parseDatabaseText(file, readDatabaseText(file));
    const operations = recent.operations();
    const overridden = differing(state, operations);
    replayOnto(state, operations);
    // A hand-edited file may hold records in an earlier shape (a pay rule pasted from an old copy).
    upgradeDatabase(state.values);
    checkedState(file, state);
    const note =
        `${file} was changed on disk: reloaded, with the server's writes of the last ${recentWritesMs / 60_000} minutes laid over it.` +
        (overridden.length
            ? ` The file held other versions of records the server wrote meanwhile; the server's were kept: ${overridden.slice(0, 20).join(', ')}${overridden.length > 20 ? ', ...' : ''}.`
            : '');
    return { state, note };
};
