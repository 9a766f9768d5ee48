import { collectionNames } from '../../domain/collections';
import type { CollectionName } from '../../domain/types';
import { tables } from './postgres/tables';

/*
 * The database's own notes: a few named values the server keeps about the database itself (how far its
 * clock is moved from real time), beside the collections and never one of them, so that neither the API
 * nor json-server nor the prototype routes ever serve them, and every process on the database reads the
 * same. db.json keeps them under one top-level key whose name no collection can take; PostgreSQL in a
 * table of their own (migration 028).
 */

export interface Notes {
    /** The note's value, or undefined when there is none. */
    read(name: string): Promise<unknown>;
    /** Sets the note (undefined removes it), durable once the promise resolves. */
    write(name: string, value: unknown): Promise<void>;
    /**
     * The latest instant at which, as the records tell, something happened (a record made, changed, paid,
     * sent...: `recordedInstants`), ISO text; undefined for a database with none.
     */
    latestRecorded(): Promise<string | undefined>;
}

/** db.json's key for the notes: prototype names start with a letter, so no collection can ever take it. */
export const notesKey = '_notes';

/** Reads a note of a db.json's top-level values (undefined when there is none). */
export const noteIn =
    (values: Record<string, unknown>) =>
    (name: string): unknown => {
        const notes = values[notesKey];
        return notes !== null && typeof notes === 'object' && !Array.isArray(notes) && Object.hasOwn(notes, name)
            ? (notes as Record<string, unknown>)[name]
            : undefined;
    };

/**
 * Instants that say when something happened, by their names' form: `createdAt` on every record, a
 * customer's `consentAt`, and every instant named as done (`updatedAt`, `paidAt`, `undoneAt`...). Instants still to
 * come (a message's `sendAt`, a link's `expiresAt`, a job's `runAt`, a lease) are not: they are
 * rightly later than the clock.
 */
const happened = /^(createdAt|consentAt)$|(edAt|paidAt|sentAt|lostAt|madeAt|doneAt|heldAt|setAt)$/;

/** Every field of every collection whose instant records when something happened. */
export const recordedInstants: readonly { collection: CollectionName; field: string }[] = collectionNames.flatMap(
    collection =>
        tables[collection]
            .filter(column => column.kind === 'instant' && happened.test(column.name))
            .map(column => ({ collection, field: column.name })),
);

/** The later of two ISO instants, by the time they name (texts may differ in their seconds' digits). */
export const laterInstant = (a: string | undefined, b: unknown): string | undefined => {
    if (typeof b !== 'string') return a;
    const time = Date.parse(b);
    if (Number.isNaN(time)) return a;
    return a === undefined || time > Date.parse(a) ? b : a;
};
