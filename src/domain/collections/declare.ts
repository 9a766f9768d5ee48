import type { z } from 'zod';
import type { CollectionName, Role } from '../roles';

/*
 * The form of a collection's declaration, which each collection's module (users.ts, passes.ts...) fills
 * in beside its schemas: what the server adds to what a client writes, how records refer to others,
 * which keys are unique, what `q` searches, what the db.json engine indexes and what each role reads.
 */

/** A field that holds the id (or ids) of records of another collection. */
export interface Reference {
    field: string;
    collection: CollectionName;
    /** The referenced records are statuses of this list, referred to by code. */
    statusList?: 'customer' | 'attendance';
}

/** How ids are made: integers by the server, random strings (payment links), or one fixed id (the settings). */
type IdKind = 'integer' | 'random' | 'fixed';

/** Which fields a role other than admin reads, when it reads less than all of them. */
interface FieldRule {
    /** Only these. */
    only?: readonly string[];
    /** All but these. */
    except?: readonly string[];
}

export interface Declaration<
    Schema extends z.ZodObject,
    Server extends z.ZodRawShape,
    Kept extends z.ZodRawShape,
    Hidden extends z.ZodRawShape,
    Id extends IdKind,
> {
    /**
     * What a client may write. Fields the server owns (id, createdAt, and the fields in `server`) are not
     * part of it: zod strips unknown keys, so a client cannot set them.
     */
    schema: Schema;
    /** Fields the server sets: a client never writes them, but they can be read, sorted and filtered. */
    server?: Server;
    /** Fields a client writes that the server always fills in when the client leaves them out: their stored form. */
    kept?: Kept;
    /** Fields stored with the record and never answered (a user's password hash). */
    hidden?: Hidden;
    /** Fields a record holds only when they have a value (records of older files lack them). */
    sometimes?: readonly string[];
    references?: readonly Reference[];
    /** Fields, or groups of fields, whose values no two records may share (409); case and surrounding spaces do not count. */
    unique?: readonly (readonly string[])[];
    /** Fields searched by the `q` filter. */
    search?: readonly string[];
    /** Fields the db.json engine keeps an equality index on, beyond the references (which always have one). */
    indexed?: readonly string[];
    /** What roles other than admin read of its records, when less than every field. */
    readable?: Partial<Record<Exclude<Role, 'admin'>, FieldRule>>;
    idKind: Id;
    /** Databases made before it existed lack it: it starts empty. */
    addedLater?: boolean;
}

/** A declaration with every part filled in, and `serverFields` named. */
export type CollectionInfo<
    Schema extends z.ZodObject = z.ZodObject,
    Server extends z.ZodRawShape = z.ZodRawShape,
    Kept extends z.ZodRawShape = z.ZodRawShape,
    Hidden extends z.ZodRawShape = z.ZodRawShape,
    Id extends IdKind = IdKind,
> = Required<Omit<Declaration<Schema, Server, Kept, Hidden, Id>, 'readable'>> &
    Pick<Declaration<Schema, Server, Kept, Hidden, Id>, 'readable'> & {
        /** The names of the fields the server sets. */
        serverFields: string[];
    };

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the empty shape of a declaration without that part
type None = {};

export const declare = <
    Schema extends z.ZodObject,
    Id extends IdKind,
    Server extends z.ZodRawShape = None,
    Kept extends z.ZodRawShape = None,
    Hidden extends z.ZodRawShape = None,
>(
    declaration: Declaration<Schema, Server, Kept, Hidden, Id>,
): CollectionInfo<Schema, Server, Kept, Hidden, Id> => ({
    server: {} as Server,
    kept: {} as Kept,
    hidden: {} as Hidden,
    sometimes: [],
    references: [],
    unique: [],
    search: [],
    indexed: [],
    addedLater: false,
    ...declaration,
    serverFields: Object.keys(declaration.server ?? {}),
});

export const ref = (field: string, collection: CollectionName): Reference => ({ field, collection });
