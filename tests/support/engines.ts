import { readFileSync } from 'node:fs';
import { parseDatabaseText } from '../../src/server/storage/jsonFile/files';
import { importDatabase } from '../../src/server/storage/postgres/transfer';
import type { PostgresCluster } from './postgres';
import { call, demoDb, type DemoRole, login, type RunningServer } from './server';

/*
 * Helpers for the tests that run the db.json and the PostgreSQL engines side by side.
 */

/** A new database in the cluster, loaded from a db.json file as `npm run db:import` loads it; its URL. */
export const importedDatabase = async (cluster: PostgresCluster, file = demoDb): Promise<string> => {
    const url = await cluster.createDatabase();
    await importDatabase(url, parseDatabaseText(file, readFileSync(file, 'utf8')), { info: () => undefined });
    return url;
};

/** A server and a token per demo role. */
export interface Signed {
    server: RunningServer;
    tokens: Record<DemoRole, string>;
}

export const signIn = async (server: RunningServer): Promise<Signed> => {
    const [admin, manager, teacher] = await Promise.all(
        (['admin', 'manager', 'teacher'] as const).map(role => login(server.url, role)),
    );
    return { server, tokens: { admin, manager, teacher } };
};

/** An answer as compared: its status, its paging headers (the server's own address left out) and its body. */
export interface Answer {
    status: number;
    range: string | null;
    total: string | null;
    link: string | null;
    body: unknown;
}

export const answerOf = async (
    signed: Signed,
    role: DemoRole | null,
    path: string,
    method = 'GET',
    json?: unknown,
): Promise<Answer> => {
    const { status, headers, body } = await call(signed.server.url, path, {
        method,
        token: role ? signed.tokens[role] : undefined,
        json,
    });
    return {
        status,
        range: headers.get('Content-Range'),
        total: headers.get('X-Total-Count'),
        link: headers.get('Link')?.replaceAll(signed.server.url, '') ?? null,
        body,
    };
};

const isoInstant = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;

/**
 * An answer with what legitimately differs between two servers fed the same requests taken out:
 *
 * - An instant written during the test run (`createdAt` of a new record, `paidAt` of a payment taken
 *   now, a link's `expiresAt`, an audit entry's time) is the clock of the write, which two servers read
 *   a few milliseconds apart: any ISO instant at or after `since` becomes "<written now>", unless the
 *   loaded database holds it (`loaded`: a demo link's expiry may lie ahead); those are compared as they are.
 * - A key whose value is null is dropped, so that a missing key and a null one are the same: a db.json
 *   record simply lacks an optional field (a payment's `correctsId`, an event's `slotAt`) where a
 *   PostgreSQL row has the column and reads back null. Both mean "not set" to every client.
 * - `renames` maps texts the servers generate at random (payment link ids) of the second server to the
 *   first's, wherever they appear, inside texts too (a link's id, a payment's `paymentLinkId`, an audit
 *   entry's `recordId` and `endpoint`).
 * - The built-in test provider's payment and refund ids (`test_` or `test_refund_` and random hex digits,
 *   kept in a payment's note) become "test_<reference>": they are random on every payment, whatever the engine.
 *
 * Everything else, the order of lists included, is kept as it is.
 */
export const normalised = (
    value: unknown,
    since: string,
    renames: Map<string, string> = new Map(),
    loaded: Set<string> = new Set(),
): unknown => {
    if (Array.isArray(value)) return value.map(item => normalised(item, since, renames, loaded));
    if (value && typeof value === 'object') {
        return Object.fromEntries(
            Object.entries(value)
                .filter(([, field]) => field !== null && field !== undefined)
                .map(([key, field]) => [key, normalised(field, since, renames, loaded)]),
        );
    }
    if (typeof value === 'string') {
        if (isoInstant.test(value) && value >= since && !loaded.has(value)) return '<written now>';
        let text = value.replace(/\btest_(refund_)?[0-9a-f]{12,}\b/g, 'test_<reference>');
        for (const [from, to] of renames) text = text.replaceAll(from, to);
        return text;
    }
    return value;
};

/** Every text of a database that reads as an ISO instant. */
export const instantsOf = (database: object): Set<string> =>
    new Set(
        JSON.stringify(database)
            .match(/"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z"/g)
            ?.map(text => text.slice(1, -1)) ?? [],
    );

/** A short text of a value for a failure message. */
export const abbreviated = (value: unknown, length = 400): string => {
    const text = JSON.stringify(value) ?? 'undefined';
    return text.length > length ? `${text.slice(0, length)}… (${text.length} chars)` : text;
};

/** The first place two normalised values differ, as a path and both values there; undefined when equal. */
export const firstDifference = (
    a: unknown,
    b: unknown,
    path = '',
): { path: string; json: unknown; postgres: unknown } | undefined => {
    if (Array.isArray(a) && Array.isArray(b)) {
        for (let index = 0; index < Math.max(a.length, b.length); index++) {
            const found = firstDifference(a[index], b[index], `${path}[${index}]`);
            if (found)
                return index < a.length && index < b.length
                    ? found
                    : { path: `${path}.length`, json: a.length, postgres: b.length };
        }
        return undefined;
    }
    if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
        for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
            const found = firstDifference(
                (a as Record<string, unknown>)[key],
                (b as Record<string, unknown>)[key],
                `${path}.${key}`,
            );
            if (found) return found;
        }
        return undefined;
    }
    return Object.is(a, b) ? undefined : { path: path || '(whole)', json: a, postgres: b };
};
