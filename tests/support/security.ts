import { call, type RunningServer } from './server';

/*
 * Helpers for the tests of the security review's findings (tests/api/security-*.test.ts): signing in
 * and asking who is signed in, over real HTTP.
 */

export const signIn = (server: RunningServer, email: string, password: string, headers: Record<string, string> = {}) =>
    call(server.url, '/api/auth/login', { method: 'POST', json: { email, password }, headers });

export const me = (server: RunningServer, token: string) => call(server.url, '/api/auth/me', { token });
