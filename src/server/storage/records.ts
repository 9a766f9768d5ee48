import type { CollectionName, Database, Identifier } from '../../domain/types';

/*
 * The records both engines hold and answer: their types as the boundary names them, ids compared as
 * the API writes them, and records frozen so that no caller changes one in place. Apart from the
 * boundary's calls (types.ts), since the engines' own record handling needs these and nothing else.
 */

export type Row = Record<string, unknown> & { id: Identifier | string };
export type RecordOf<C extends CollectionName> = Database[C][number];
/** A record to insert: the engine gives integer ids and `createdAt` when they are missing. */
export type NewRecord<C extends CollectionName> = Omit<RecordOf<C>, 'id' | 'createdAt'> & {
    id?: RecordOf<C>['id'];
    createdAt?: string;
};
export type Id = Identifier | string;

/** A record of a prototype to store: without an id, it gets the collection's next one. */
export type NewPrototypeRecord = Record<string, unknown> & { id?: Id };

/** Freezes a record and what it holds, so that nothing changes a stored record but a write. */
export const freezeRecord = <T>(value: T): T => {
    if (value && typeof value === 'object' && !Object.isFrozen(value)) {
        Object.freeze(value);
        for (const inner of Object.values(value)) freezeRecord(inner);
    }
    return value;
};

/** How a record is found by id: integer ids as numbers (no text made per lookup), so "5" and 5 find the same record. */
export type IdKey = string | number;
export const idKey = (id: unknown): IdKey => {
    if (typeof id === 'number') return id;
    const text = String(id);
    const number = Number(text);
    return Number.isSafeInteger(number) && String(number) === text ? number : text;
};
