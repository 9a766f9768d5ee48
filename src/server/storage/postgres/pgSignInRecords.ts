import type pg from 'pg';
import { failureMemoryMs, knownAddressCount, knownAddressMs, type RecentSignIns } from '../../../domain/signInLimits';
import type { SignInRecords } from '../types';

/*
 * Sign-in attempts in the database (migrations 005 and 025), so that every server process on it counts the same
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

    // The portal's tries and its sign-ups waiting for a code (migration 025).
    async attempted(key, at) {
        await pool.query(
            `WITH pruned AS (DELETE FROM sign_in_attempts WHERE "at" < $3)
             INSERT INTO sign_in_attempts ("key", "at") VALUES ($1, $2)`,
            [key, at, at - failureMemoryMs],
        );
    },

    async attempts(key, since) {
        const { rows } = await pool.query(
            `SELECT array_agg("at" ORDER BY "at") AS times FROM sign_in_attempts WHERE "key" = $1 AND "at" >= $2`,
            [key, since],
        );
        return numbers((rows[0] as Record<string, unknown>).times);
    },

    async keep(key, value, until) {
        await pool.query(
            `WITH pruned AS (DELETE FROM sign_in_kept WHERE "until" < $4 AND "key" <> $1)
             INSERT INTO sign_in_kept ("key", "value", "until") VALUES ($1, $2, $3)
             ON CONFLICT ("key") DO UPDATE SET "value" = EXCLUDED."value", "until" = EXCLUDED."until"`,
            [key, JSON.stringify(value), until, until - failureMemoryMs],
        );
    },

    async kept(key, now) {
        const { rows } = await pool.query(`SELECT "value" FROM sign_in_kept WHERE "key" = $1 AND "until" > $2`, [
            key,
            now,
        ]);
        return (rows[0] as { value: Record<string, unknown> } | undefined)?.value;
    },

    async forget(key) {
        await pool.query(`DELETE FROM sign_in_kept WHERE "key" = $1`, [key]);
    },
});
