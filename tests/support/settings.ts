import { call, serverForEveryRole } from './server';

/*
 * Helpers for the tests of the settings collections (tests/api/settings-*.test.ts): a server signed in as
 * every demo role, calls to its API as one of them, and a fresh valid record of each settings collection.
 */

/** A server on the demo database for the calling test file, and its API called as a demo role. */
export const settingsServer = () => {
    const served = serverForEveryRole();
    type Role = keyof typeof served.tokens;
    const api = (role: Role, path: string, init: RequestInit & { json?: unknown } = {}) =>
        call(served.server.url, `/api${path}`, { ...init, token: served.tokens[role] });
    const post = (role: Role, path: string, json: unknown) => api(role, path, { method: 'POST', json });
    const put = (role: Role, path: string, json: unknown) => api(role, path, { method: 'PUT', json });
    const del = (role: Role, path: string) => api(role, path, { method: 'DELETE' });
    return { served, tokens: served.tokens, api, post, put, del };
};

let sequence = 0;
export const unique = (prefix: string) => `${prefix} ${Date.now()} ${++sequence}`;

/** A fresh record of each settings collection, valid for its schema. */
export const samples: Record<string, () => Record<string, unknown>> = {
    users: () => ({
        name: unique('Test user'),
        email: `user${Date.now()}${++sequence}@studio.test`,
        role: 'teacher',
        password: 'long-enough-1',
        pay: { kind: 'per_event', amount: 1500 },
    }),
    directions: () => ({ name: unique('Direction'), color: '#123456' }),
    studios: () => ({ name: unique('Studio'), capacity: 12 }),
    courses: () => ({ name: unique('Course'), directionId: 1, level: 'beginner', durationMinutes: 90 }),
    subscriptions: () => ({
        name: unique('Plan'),
        price: 4200,
        visits: 8,
        validityDays: 30,
        directionIds: [1],
        freezeDays: 7,
    }),
    statuses: () => ({
        name: 'customer',
        code: `c${Date.now().toString(36)}${++sequence}`,
        labels: { en: 'Test' },
        color: '#abcdef',
    }),
};

export const catalogue = ['directions', 'studios', 'courses', 'subscriptions'];
