import type { RecentSignIns } from '../../domain/signInLimits';

/*
 * The sign-in attempts the limits count, kept by the storage so that every server process on one
 * database sees them. Apart from the reads and transactions (types.ts): they are not records of a
 * collection, and each engine keeps them by code of its own (jsonFile/signInRecords.ts,
 * postgres/pgSignInRecords.ts).
 */

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
