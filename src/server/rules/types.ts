import type { z } from 'zod';
import type { CollectionName, StoredRecordOf, User } from '../../domain/types';
import type { Filter, Reader, Row, Scalar, Transaction } from '../storage/types';

export interface WriteContext {
    tx: Transaction;
    /** Who writes. */
    user: User;
    /** The server's clock when the request came: what "today" and "now" mean to the rules. */
    now: Date;
}

/**
 * A record of the collection `C` as a write rule sees it: its declared fields typed, and as a Row for
 * what is checked elsewhere. A record being written may still lack what the server sets; one read back
 * (`before`) has them all. Without a collection (the generic routes' view), a plain Row.
 */
type Incoming<C extends CollectionName> = [C] extends [never] ? Row : Partial<StoredRecordOf<C>> & Row;
type Kept<C extends CollectionName> = [C] extends [never] ? Row : StoredRecordOf<C> & Row;

/**
 * Rules a plain write of a collection brings along (charging a visit when an attendance is marked,
 * say). Each runs inside the write's transaction after the record is validated: it may change related
 * records through `tx`, which commit together with the record, and it refuses the whole write by
 * throwing an ApiError.
 */
export interface WriteRules<C extends CollectionName = never> {
    /**
     * Plain writes the collection never takes, whoever asks, each with the reason and where to go
     * instead: records that only business endpoints make or change (the payments ledger). Refused with
     * 405 before the body is read.
     */
    refused?: Partial<Record<'create' | 'update' | 'delete', string>>;
    /** What a client may send to create a record, when it differs from what may be stored (a password). */
    createSchema?: z.ZodObject;
    /** Turns the validated input into what is stored, before the transaction: for slow work such as hashing a password. */
    prepare?(input: Incoming<C>): Promise<Row>;
    /** Answers the record to store (the server gives it its id and createdAt). */
    create?(record: Incoming<C>, context: WriteContext): Promise<Record<string, unknown>>;
    /** `create` claims what it depends on first (TransactionOptions.claimed in storage/types.ts): a seat of a class. */
    createClaims?: boolean;
    /** The refusal of any change to a record kept read only (an erased card), before its body is read. */
    readOnly?(before: Kept<C>): Error | undefined;
    /** Answers the record to store in place of `before`. */
    update?(record: Incoming<C>, before: Kept<C>, context: WriteContext): Promise<Row>;
    delete?(record: Kept<C>, context: WriteContext): Promise<void>;
    /** Runs after the record is written (or removed), in the same transaction: for what depends on the stored result. */
    after?(record: Kept<C> | null, before: Kept<C> | null, context: WriteContext): Promise<void>;
}

/**
 * A filter a list accepts beyond the collection's fields, computed by the server over other records
 * (a customer with a debt) at `now`, the server's clock when the request came: answers the filters on
 * the collection's own fields that mean the same.
 */
export type ComputedFilter = (values: Scalar[], reader: Reader, now: Date) => Promise<Filter[]>;

/** What the server knows of where it runs. */
export interface Site {
    /** The address customers reach it at (PUBLIC_URL), when it has one. */
    publicUrl?: string;
}

/**
 * Read-only fields the server adds to the records it answers with, in lists and alone (a customer's
 * active pass and debts), computed over the records of one page at `now`, the server's clock when the
 * request came.
 */
export type ListFields = (
    page: Row[],
    reader: Reader,
    site: Site,
    now: Date,
) => Promise<(record: Row) => Record<string, unknown>>;
