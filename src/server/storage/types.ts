import type { IncomeShare, Period } from '../../domain/income';
import type { EarnedShares } from '../../domain/earned';
import type { RecentSignIns } from '../../domain/signInLimits';
import type { CollectionName, Database, Identifier } from '../../domain/types';

/*
 * The storage boundary: everything the server reads or writes goes through these few calls, so that
 * the engine behind them (db.json in memory with a journal, or a SQL database) can be swapped without
 * touching a route. Calls ask for the records they need (by id, by an indexed field, by a range), never
 * for a whole collection, and writes happen only inside a transaction.
 */

/** A value a filter compares with: what JSON query parameters can carry. */
export type Scalar = string | number | boolean | null;

/**
 * One condition on a field. `equals` matches any of the values (a list field such as directionIds
 * matches when it holds any of them); `excludes` matches none of them; `gte`/`lte` bound the field;
 * `caseless` compares trimmed strings without regard to letter case (unique names and emails).
 */
export type Filter =
    | { field: string; kind: 'equals'; values: Scalar[]; caseless?: boolean }
    | { field: string; kind: 'excludes'; values: Scalar[] }
    | { field: string; kind: 'gte' | 'lte'; value: string | number }
    /** A phone field holding the same number, however written: `number` is its phoneNumberKey (src/domain/search.ts). */
    | { field: string; kind: 'samePhone'; number: string };

/** Shorthand for equality filters: `{customerId: 5}` or `{eventId: [1, 2, 3]}`. */
export type Where = Filter[] | Record<string, Scalar | Scalar[]>;

export interface Sort {
    field: string;
    order: 'ASC' | 'DESC';
}

/** Both bounds included, counted from 0, as in simple-rest's `range=[0,24]`. */
interface Range {
    start: number;
    end: number;
}

/** A list request of ra-data-simple-rest, already checked: filters, free-text search, sort and a page. */
export interface ListQuery {
    filters: Filter[];
    search?: string;
    /** The fields `search` looks in, when fewer than the collection's search fields: those the asker may read. */
    searchFields?: string[];
    sort: Sort;
    range: Range;
}

export interface Page<R> {
    records: R[];
    total: number;
}

export type Row = Record<string, unknown> & { id: Identifier | string };
export type RecordOf<C extends CollectionName> = Database[C][number];
/** A record to insert: the engine gives integer ids and `createdAt` when they are missing. */
export type NewRecord<C extends CollectionName> = Omit<RecordOf<C>, 'id' | 'createdAt'> & {
    id?: RecordOf<C>['id'];
    createdAt?: string;
};
export type Id = Identifier | string;

export interface SelectOptions {
    sort?: Sort;
    limit?: number;
}

/**
 * A page of a prototype collection in json-server's words that an engine may read by itself: equality
 * on top-level fields (a record matches when its field, as text, is one of the values; a field no
 * record has is ignored), a sort by top-level fields (json-server's, stable: ties keep stored order),
 * and the slice [start, end) of the matches.
 */
export interface PrototypePageQuery {
    equals: { field: string; values: string[] }[];
    sort: { field: string; descending: boolean }[];
    start: number;
    end: number;
}

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

/** A record of a prototype to store: without an id, it gets the collection's next one. */
export type NewPrototypeRecord = Record<string, unknown> & { id?: Id };

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

/**
 * The sums the income statistics and the dashboard are made of, made by the engine where the records
 * are: PostgreSQL adds up a year of visits itself and answers a few rows; the db.json engine adds up
 * the records it holds in memory. Both follow the domain's rules (src/domain/income.ts) to the cent.
 */
export interface Reports {
    /** Income in cents paid in each span between consecutive instants of `boundaries` (ascending ISO instants). */
    incomeBetween(boundaries: string[]): Promise<number[]>;
    /** Income in cents paid in [start, end), by payment method and plan. */
    incomeShares(start: string, end: string): Promise<IncomeShare[]>;
    /** What the charged visits of the classes of a period (and its days of unlimited passes) earned. */
    earned(period: Period): Promise<EarnedShares>;
    /** How many marks with one of `statuses` the classes starting on the days of a period have. */
    marks(period: Period, statuses: string[]): Promise<number>;
    /**
     * The passes active on `date` (isActiveOn in src/domain/passes.ts): how many, and those running out
     * (ending by `endingBy`, or with at most `visitsLeft` visits left), soonest end first, then oldest:
     * how many, and the first `limit`.
     */
    activePasses(
        date: string,
        runningOut: { endingBy: string; visitsLeft: number; limit: number },
    ): Promise<ActivePasses>;
}

interface ActivePasses {
    active: number;
    runningOut: number;
    firstRunningOut: RecordOf<'passes'>[];
}

/**
 * Sign-in attempts: failures by account (the email tried) and address, and the addresses each account
 * signed in from; the portal's tries by key, and what its sign-ups keep until their code. Shared by
 * every server process on one database (PostgreSQL keeps them in a table;
 * the db.json engine, run by one process, in memory). Each engine forgets failures older than
 * `failureMemoryMs` and successes older than `knownAddressMs` (src/domain/signInLimits.ts) as it goes.
 */
export interface SignInRecords {
    /** A failed sign-in to `account` from `address` at `at` (milliseconds since the epoch). */
    failed(account: string, address: string, at: number): Promise<void>;
    /** A successful one: the pair's failures stop counting for the pair and the address (they still count for the account), and the address is remembered. */
    succeeded(account: string, address: string, at: number): Promise<void>;
    /** What the rules need about an attempt: failures since `since` (the account's since `accountSince`), addresses that signed in since `knownSince`. */
    recent(query: {
        account: string;
        address: string;
        since: number;
        accountSince: number;
        knownSince: number;
    }): Promise<RecentSignIns>;
    /** A try counted against `key` (the portal's limits: a limit's name and what it counts, such as an address). */
    attempted(key: string, at: number): Promise<void>;
    /** The times of `key`'s tries since `since`, oldest first (kept as long as failures). */
    attempts(key: string, since: number): Promise<number[]>;
    /** Keeps `value` under `key` until `until`, in place of what was there (a sign-up waiting for its code). */
    keep(key: string, value: Record<string, unknown>, until: number): Promise<void>;
    /** What is kept under `key` and has not ended at `now`. */
    kept(key: string, now: number): Promise<Record<string, unknown> | undefined>;
    forget(key: string): Promise<void>;
}

export interface Storage extends Reader {
    readonly reports: Reports;
    readonly signIns: SignInRecords;
    /**
     * Runs `work` all-or-nothing: if it throws, nothing it wrote is kept; otherwise its writes are
     * applied together and the promise resolves once they are durable. Transactions never see each
     * other's partial writes.
     */
    transaction<T>(work: (tx: Transaction) => Promise<T>, options?: TransactionOptions): Promise<T>;
    /**
     * Takes up to `limit` queued messages due at `now` (soonest first; only of `kinds` when given) that no
     * runner holds, or whose lease ended, holds them until `until` and answers them: two runners, in one
     * process or in two, never take the same message (PostgreSQL: FOR UPDATE SKIP LOCKED). A lease in a
     * db.json file was left by a process that is gone (one process per file): it is let go at start. Not
     * written to the audit trail.
     */
    takeDueMessages(
        now: string,
        until: string,
        limit: number,
        kinds?: readonly RecordOf<'messages'>['kind'][],
    ): Promise<RecordOf<'messages'>[]>;
    /**
     * Moves the lease of the messages among `ids` that are still queued and held until `heldUntil` (the
     * lease their runner holds) to `until`, and answers their ids: the others were recorded meanwhile, or
     * taken by another runner once the lease ran out.
     */
    renewMessages(
        ids: RecordOf<'messages'>['id'][],
        heldUntil: string,
        until: string,
    ): Promise<RecordOf<'messages'>['id'][]>;
    /**
     * Takes the job named, unless another runner holds it (and its lease has not ended), holding it until
     * `until`: two runners never run one job at once (PostgreSQL: FOR UPDATE SKIP LOCKED; db.json has one
     * process, and holds it in memory, writing nothing). Answers its record, or null when it is held.
     */
    takeJob(name: RecordOf<'jobs'>['name'], now: string, until: string): Promise<RecordOf<'jobs'> | null>;
    /**
     * Moves the lease of a job this runner holds (`job` as taken or last renewed) to `until`: answers the
     * job as now held, or null when its lease ran out and another runner took it.
     */
    renewJob(job: RecordOf<'jobs'>, until: string): Promise<RecordOf<'jobs'> | null>;
    /**
     * Lets go of a job taken (`job` as last renewed), recording how it went (`done`), or nothing when it
     * did nothing worth recording; a lease another runner took since is left to it.
     */
    finishJob(job: RecordOf<'jobs'>, done: Partial<RecordOf<'jobs'>> | null): Promise<void>;
    /**
     * Holds the lock named, which one server process at a time holds (PostgreSQL: an advisory lock on a
     * connection of its own; db.json has one process): answers the function that releases it, or null when
     * another process holds it. `onLost` is told when the lock is lost (its connection dropped).
     */
    holdLock(name: string, onLost: () => void): Promise<(() => Promise<void>) | null>;
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

/** Events starting on the studio dates `from` to `to`: startsAt is a local `YYYY-MM-DDTHH:mm`, so the last day ends at 23:59. */
export const startsWithin = (from: string, to: string): Filter[] => [
    { field: 'startsAt', kind: 'gte', value: from },
    { field: 'startsAt', kind: 'lte', value: `${to}T23:59` },
];

/** Turns the `Where` shorthand into filters. */
export const filtersOf = (where: Where | undefined): Filter[] => {
    if (!where) return [];
    if (Array.isArray(where)) return where;
    return Object.entries(where).map(([field, value]) => ({
        field,
        kind: 'equals' as const,
        values: Array.isArray(value) ? value : [value],
    }));
};
