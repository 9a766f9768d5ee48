import type { CollectionName } from '../../domain/types';
import type { Leases } from './leases';
import type { Notes } from './notes';
import type { ListQuery, Page, PrototypePageQuery, SelectOptions, Where } from './query';
import type { Id, NewPrototypeRecord, NewRecord, RecordOf, Row } from './records';
import type { Reports } from './reports';
import type { SignInRecords } from './signIns';

/*
 * The storage boundary: everything the server reads or writes goes through these few calls, so that
 * the engine behind them (db.json in memory with a journal, or a SQL database) can be swapped without
 * touching a route. Calls ask for the records they need (by id, by an indexed field, by a range), never
 * for a whole collection, and writes happen only inside a transaction.
 *
 * The words the calls take and answer are beside this file, each in one of its own: what a read asks
 * for (query.ts), the records (records.ts), the runners' leases (leases.ts), the sums of the
 * statistics (reports.ts) and the sign-in attempts (signIns.ts). Everything is named here too, so that
 * code outside the storage imports the boundary from this one file.
 */

export type { Filter, ListQuery, Page, PrototypePageQuery, Scalar, SelectOptions, Sort, Where } from './query';
export { filtersOf, startsWithin } from './query';
export type { Id, NewPrototypeRecord, NewRecord, RecordOf, Row } from './records';
export type { Leases } from './leases';
export type { Notes } from './notes';
export type { Reports } from './reports';
export type { SignInRecords } from './signIns';

/**
 * A developer's prototype collection: any other top-level array of records in the database, records of
 * any shape under any name, served the way json-server serves them. json-server's query language works
 * over a whole collection: they are read whole, but for the pages an engine can read as json-server
 * would answer them.
 */
interface PrototypeReader {
    /** The prototype collections' names, in the database's order. */
    prototypeNames(): Promise<string[]>;
    /** Every record of one, in stored order; undefined when there is no such collection. */
    prototypeRecords(name: string): Promise<readonly Row[] | undefined>;
    getPrototype(name: string, id: Id): Promise<Row | undefined>;
    /**
     * The page json-server would answer and the number of matches, or undefined when the engine cannot
     * tell it without json-server reading the whole collection (values whose types json-server compares
     * in its own way), or has no such collection.
     */
    prototypePage(name: string, query: PrototypePageQuery): Promise<{ records: Row[]; total: number } | undefined>;
    /**
     * How many records of each prototype collection refer to a record by `field` (json-server's
     * `customerId` for customers): a string or number whose text is the id's.
     */
    prototypeReferrers(field: string, id: Id): Promise<{ collection: string; count: number }[]>;
}

/** What can be read, inside a transaction or outside one. Records answered are frozen: change them with `update`. */
export interface Reader extends PrototypeReader {
    get<C extends CollectionName>(collection: C, id: Id): Promise<RecordOf<C> | undefined>;
    getMany<C extends CollectionName>(collection: C, ids: Id[]): Promise<RecordOf<C>[]>;
    /** Every record that matches, in id order unless sorted. */
    select<C extends CollectionName>(collection: C, where?: Where, options?: SelectOptions): Promise<RecordOf<C>[]>;
    count<C extends CollectionName>(collection: C, where?: Where): Promise<number>;
    /** A page of a list with the number of records that match. */
    list<C extends CollectionName>(collection: C, query: ListQuery): Promise<Page<RecordOf<C>>>;
}

/** Reads see the transaction's own writes; nothing is visible to others until it commits. */
export interface Transaction extends Reader {
    insert<C extends CollectionName>(collection: C, record: NewRecord<C>): Promise<RecordOf<C>>;
    /**
     * Inserts records as insert() does one by one, in their order, answering them stored: for the writes of
     * thousands of records at once (an import, the audit entries of one), in as few statements as can be.
     */
    insertMany<C extends CollectionName>(collection: C, records: NewRecord<C>[]): Promise<RecordOf<C>[]>;
    /** Replaces the record with the same id; answers the stored record. */
    update<C extends CollectionName>(collection: C, record: RecordOf<C>): Promise<RecordOf<C>>;
    remove<C extends CollectionName>(collection: C, id: Id): Promise<void>;
    /** Removes records as remove() does one by one, in as few statements as can be (an import undone). */
    removeMany<C extends CollectionName>(collection: C, ids: Id[]): Promise<void>;
    /**
     * Stores a record of a prototype collection, whole (a new one gets the next id: the largest integer
     * id plus one, or a random text id when the collection's ids are text, as json-server gives them);
     * the collection is made with its first record. Answers the stored record.
     */
    putPrototype(name: string, record: NewPrototypeRecord): Promise<Row>;
    removePrototype(name: string, id: Id): Promise<void>;
    /**
     * Claims records for this transaction's writes, before reading what depends on them (a class, before
     * counting its seats): another transaction claiming one of them waits until this one ends. Claims are
     * taken in id order. The db.json engine runs one transaction at a time and has nothing to do.
     */
    claim<C extends CollectionName>(collection: C, ids: Id[]): Promise<void>;
}

export interface TransactionOptions {
    /**
     * The work claims (Transaction.claim) every record its checks depend on before reading them, and
     * needs no other isolation: PostgreSQL runs it at READ COMMITTED, where a claim waits for the other
     * transaction and then reads what it wrote, instead of failing and running again. For writes that
     * many make at once on one record: seats of one class booked by everyone when booking opens.
     */
    claimed?: boolean;
}

/** The leases of the jobs' and messages' runners are in leases.ts. */
export interface Storage extends Reader, Leases {
    readonly reports: Reports;
    readonly signIns: SignInRecords;
    /**
     * Runs `work` all-or-nothing: if it throws, nothing it wrote is kept; otherwise its writes are
     * applied together and the promise resolves once they are durable. Transactions never see each
     * other's partial writes.
     */
    transaction<T>(work: (tx: Transaction) => Promise<T>, options?: TransactionOptions): Promise<T>;
    /**
     * A transaction after which none of the values it overwrote stays in the database's own files: the
     * db.json engine writes db.json from memory and empties its journal before it answers, so that a
     * value erased is on no disk of the server's once the caller hears of it (PostgreSQL's old row
     * versions are its own to vacuum). The audit trail does not copy its changes: the work writes what
     * it means the trail to keep.
     */
    forgetting<T>(work: (tx: Transaction) => Promise<T>): Promise<T>;
    /** Finishes what is in flight, leaves the database complete on disk, and releases it. */
    close(): Promise<void>;
    /** Whether the database answers, and the engine's own state; never throws. */
    health(): Promise<StorageHealth>;
    /**
     * The db.json engine's whole database as it stood between two transactions, every write in it on
     * disk: what a backup holds (a copy of db.json would not be one, since the file lags its journal).
     * PostgreSQL has pg_dump instead.
     */
    snapshot?(): Promise<DatabaseSnapshot>;
    /**
     * The database's own notes (notes.ts), which the server reads and writes at its start: every engine
     * has them; the audited storage the routes get passes none on.
     */
    readonly notes?: Notes;
}

/** A whole database: its top-level keys in the file's order, and their values. */
export interface DatabaseSnapshot {
    keys: string[];
    values: Record<string, unknown>;
}

/** What GET /api/health tells of the database: nothing secret (no path, no address). */
export type StorageHealth =
    | {
          engine: 'db.json';
          reachable: boolean;
          /** Bytes of writes in the journal that db.json does not hold yet. */
          journalBytes: number;
          /** When db.json was last written whole (it then held every write). */
          lastRewriteAt: string;
      }
    | {
          engine: 'postgresql';
          reachable: boolean;
          pool: { total: number; idle: number; waiting: number };
      };

/**
 * A write the database itself refused as a conflict (a unique value taken, a referenced record gone)
 * when two requests raced past the server's own checks: answered as 409.
 */
export class StorageConflict extends Error {}

/**
 * A write the storage could not make durable (a full disk, a disk error): nothing of it was kept, in
 * memory or on disk. Answered as 507 for a full disk and 503 otherwise; reads go on, and the next
 * write tries the disk again.
 */
export class StorageUnavailable extends Error {
    constructor(
        message: string,
        readonly status: 503 | 507,
    ) {
        super(message);
    }
}
