import type pg from 'pg';
import { failureMemoryMs, knownAddressCount, knownAddressMs, type RecentSignIns } from '../../../domain/signInLimits';
import type { SignInRecords } from '../types';

/*
 * Sign-in attempts in the database (migration 005), so that every server process on it counts the same
 * failures. Each statement is one round trip that also drops what has aged out. Outside the requests'
 * transactions: a count a moment behind another process's failure is good enough for a limit.
 */

const numbers = (values: unknown): number[] => ((values as unknown[] | null) ?? []).map(Number);

export const pgSignInRecords = (pool: pg.Pool): SignInRecords => ({
    async failed(account, address, at) {
        await pool.query(
            `WITH pruned AS (DELETE FROM sign_in_failures WHERE "at" < $4)
             INSERT INTO sign_in_failures ("account", "address", "at") VALUES ($1, $2, $3)`,
            [account, address, at, at - failureMemoryMs],
        );
    },

    async succeeded(account, address, at) {
        await pool.query(
            `WITH cleared AS (
                 UPDATE sign_in_failures SET "cleared" = true WHERE "account" = $1 AND "address" = $2 AND NOT "cleared"
             ), pruned AS (
                 DELETE FROM sign_in_addresses WHERE "at" < $4 AND NOT ("account" = $1 AND "address" = $2)
             )
             INSERT INTO sign_in_addresses ("account", "address", "at") VALUES ($1, $2, $3)
             ON CONFLICT ("account", "address") DO UPDATE SET "at" = EXCLUDED."at"`,
            [account, address, at, at - knownAddressMs],
        );
    },

    async recent({ account, address, since, accountSince, knownSince }): Promise<RecentSignIns> {
        const { rows } = await pool.query(
            `SELECT
                 (SELECT array_agg("at" ORDER BY "at") FROM sign_in_failures
                   WHERE "account" = $1 AND "address" = $2 AND NOT "cleared" AND "at" >= $3) AS pair,
                 (SELECT count(*) FROM sign_in_failures WHERE "account" = $1 AND "at" >= $4) AS account,
                 (SELECT array_agg(latest) FROM (
                     SELECT max("at") AS latest FROM sign_in_failures
                      WHERE "address" = $2 AND NOT "cleared" AND "at" >= $3 GROUP BY "account") AS tried) AS tried,
                 (SELECT array_agg("address" ORDER BY "at" DESC) FROM (
                     SELECT "address", "at" FROM sign_in_addresses WHERE "account" = $1 AND "at" >= $5
                      ORDER BY "at" DESC LIMIT $6) AS latest) AS known`,
            [account, address, since, accountSince, knownSince, knownAddressCount],
        );
        const row = rows[0] as Record<string, unknown>;
        return {
            pair: numbers(row.pair),
            account: Number(row.account),
            addressAccounts: numbers(row.tried),
            known: (row.known as string[] | null) ?? [],
        };
    },
});
