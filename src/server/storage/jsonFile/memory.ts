import { collectionNames } from '../../../domain/collections';
import { isPrototype } from '../../../domain/prototypes';
import { Collection, indexedFields } from './memoryCollection';
import { freezeRecord, idKey, type IdKey } from '../records';
import type { CollectionName } from '../../../domain/types';
import type { Row } from '../types';

export type { Selection } from './memoryCollection';

/*
 * The db.json engine's memory: each collection a Map by id (in file order, so the file stays diffable),
 * an equality index on every field that lists and features filter on, and sorted indexes made on first
 * use for sorts and ranges and kept up to date on every write. Queries start from the smallest
 * candidate set an index gives and test the rest of the conditions on those only.
 */

/** A change of one record: the whole record to store, or its removal. */
export type Operation =
    { op: 'put'; collection: string; record: Row } | { op: 'delete'; collection: string; id: Row['id'] };

/** What takes an applied transaction back: the operations restoring each record, and the collections it made. */
export interface AppliedChange {
    undo: Operation[];
    created: string[];
}

/** The state of a db.json file: the studio's collections and, kept as they are, any other top-level values. */
export interface FileState {
    /** The top-level keys in file order. */
    keys: string[];
    values: Record<string, unknown>;
}

export class MemoryData {
    private readonly collections = new Map<string, Collection>();
    readonly keys: string[];
    /** Top-level values that are no collection (settings a developer keeps in the file): kept as they are. */
    readonly extras: Record<string, unknown> = {};
    /** The developer's prototype collections, in file order (their records live in `collections` too). */
    readonly prototypes: string[] = [];

    constructor(state: FileState) {
        this.keys = [...state.keys, ...collectionNames.filter(name => !state.keys.includes(name))];
        for (const key of this.keys) {
            const value = state.values[key];
            if ((collectionNames as string[]).includes(key)) {
                // Records are frozen as they are handed out, not all at start-up.
                this.collections.set(
                    key,
                    new Collection(key, (value as Row[] | undefined) ?? [], indexedFields(key as CollectionName)),
                );
            } else if (isPrototype(key, value)) {
                this.collections.set(key, new Collection(key, value as Row[], []));
                this.prototypes.push(key);
            } else this.extras[key] = value;
        }
    }

    collection(name: string): Collection {
        const collection = this.collections.get(name);
        if (!collection) throw new Error(`No collection ${name}`);
        return collection;
    }

    /** A prototype collection, if there is one by this name. */
    prototype(name: string): Collection | undefined {
        return this.prototypes.includes(name) ? this.collections.get(name) : undefined;
    }

    /** A prototype collection made by its first record (POST /api/<new name>). */
    private addPrototype(name: string): Collection {
        if ((collectionNames as string[]).includes(name) || Object.hasOwn(this.extras, name))
            throw new Error(`${name} cannot be a prototype collection`);
        const collection = new Collection(name, [], []);
        this.collections.set(name, collection);
        this.keys.push(name);
        this.prototypes.push(name);
        return collection;
    }

    get(collection: string, id: unknown): Row | undefined {
        const row = this.collection(collection).records.get(idKey(id));
        return row && freezeRecord(row);
    }

    /** Does one piece of the work put off at start-up; answers false once all of it is done. */
    warmUp(): boolean {
        for (const collection of this.collections.values()) if (collection.warmUp()) return true;
        return false;
    }

    nextId(collection: string): number {
        return this.collection(collection).nextId++;
    }

    /**
     * Applies a transaction's operations, all or none (a failure half-way takes back the first ones),
     * and answers what takes them back again, for a transaction the disk then refuses.
     */
    apply(operations: Operation[]): AppliedChange {
        const change: AppliedChange = { undo: [], created: [] };
        try {
            for (const operation of operations) {
                let collection = this.collections.get(operation.collection);
                if (!collection) {
                    collection = this.addPrototype(operation.collection);
                    change.created.push(operation.collection);
                }
                const id = operation.op === 'put' ? operation.record.id : operation.id;
                const before = collection.records.get(idKey(id));
                change.undo.push(
                    before
                        ? { op: 'put', collection: operation.collection, record: before }
                        : { op: 'delete', collection: operation.collection, id },
                );
                if (operation.op === 'put') collection.put(freezeRecord(operation.record));
                else collection.delete(operation.id);
            }
        } catch (error) {
            this.revert(change);
            throw error;
        }
        return change;
    }

    /** Takes back an applied change: each record as it was, and the prototype collections it made. */
    revert(change: AppliedChange) {
        for (const operation of [...change.undo].reverse()) {
            const collection = this.collection(operation.collection);
            if (operation.op === 'put') collection.put(operation.record);
            else collection.delete(operation.id);
        }
        for (const name of change.created) {
            this.collections.delete(name);
            this.keys.splice(this.keys.indexOf(name), 1);
            this.prototypes.splice(this.prototypes.indexOf(name), 1);
        }
    }

    /** The records of every collection as they are now: a consistent picture to write while writes go on (records are never changed in place). */
    snapshot(): FileState {
        const values: Record<string, unknown> = { ...this.extras };
        this.collections.forEach((collection, name) => (values[name] = [...collection.records.values()]));
        return { keys: this.keys, values };
    }
}

/** Applies journaled operations to the plain collections of a parsed file (at start-up and on reload). */
export const replayOnto = (state: FileState, operations: Operation[]) => {
    const maps = new Map<string, Map<IdKey, Row>>();
    const mapOf = (name: string) => {
        let map = maps.get(name);
        if (!map) {
            const rows = Array.isArray(state.values[name]) ? (state.values[name] as Row[]) : [];
            map = new Map(rows.map(row => [idKey(row.id), row]));
            maps.set(name, map);
        }
        return map;
    };
    for (const operation of operations) {
        if (operation.op === 'put') mapOf(operation.collection).set(idKey(operation.record.id), operation.record);
        else mapOf(operation.collection).delete(idKey(operation.id));
    }
    maps.forEach((map, name) => {
        state.values[name] = [...map.values()];
        if (!state.keys.includes(name)) state.keys.push(name);
    });
};
