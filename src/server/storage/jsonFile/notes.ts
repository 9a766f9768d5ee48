import { laterInstant, noteIn, notesKey, recordedInstants, type Notes } from '../notes';
import type { MemoryData } from './memory';

/*
 * The db.json engine's notes: one top-level object of the file, `"_notes": {...}`, on a line of its own
 * (first written at the file's end). It is no collection (an object, under a name no collection can
 * have), so it is kept as the file's other values are, in backups too, and never served. A note is
 * written with db.json itself, at once: notes change at a start, not with every write, so they need no
 * line of the journal.
 */

interface NotedEngine {
    memory(): MemoryData;
    /** Runs the change of memory between transactions and writes db.json with it. */
    writeChanged(change: () => void): Promise<void>;
}

const isNotes = (value: unknown): value is Record<string, unknown> =>
    value !== null && typeof value === 'object' && !Array.isArray(value);

export const memoryNotes = (engine: NotedEngine): Notes => ({
    async read(name) {
        return noteIn(engine.memory().extras)(name);
    },

    write(name, value) {
        return engine.writeChanged(() => {
            const memory = engine.memory();
            const current = memory.extras[notesKey];
            const notes: Record<string, unknown> = isNotes(current) ? { ...current } : {};
            if (value === undefined) delete notes[name];
            else notes[name] = value;
            if (Object.keys(notes).length) {
                memory.extras[notesKey] = notes;
                if (!memory.keys.includes(notesKey)) memory.keys.push(notesKey);
            } else {
                delete memory.extras[notesKey];
                if (memory.keys.includes(notesKey)) memory.keys.splice(memory.keys.indexOf(notesKey), 1);
            }
        });
    },

    /** Read from memory, record by record: at a start, once. */
    async latestRecorded() {
        const memory = engine.memory();
        let latest: string | undefined;
        for (const { collection, field } of recordedInstants)
            for (const record of memory.collection(collection).records.values())
                latest = laterInstant(latest, (record as Record<string, unknown>)[field]);
        return latest;
    },
});
