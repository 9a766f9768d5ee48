import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, engine, removeDir, startServerProcess, type RunningServer } from '../support/server';
import { freshPhone } from '../support/factories';

/*
 * The portal's sign-in limits on PostgreSQL hold across server processes and a restart: two processes on
 * one database, behind a trusted proxy on loopback so that X-Forwarded-For names the client, count one
 * address's sign-ups, codes and wrong codes together, and a process started again still counts them.
 */

describe.skipIf(engine !== 'postgres')('two server processes on one PostgreSQL database', () => {
    let first: RunningServer;
    let second: RunningServer;
    const env = { TRUSTED_PROXY: 'loopback' };
    const on = (index: number) => (index % 2 ? second : first);
    const from = (address: string) => ({ 'X-Forwarded-For': address });
    const join = (server: RunningServer, address: string, n: number) =>
        call(server.url, '/api/portal/auth/join', {
            method: 'POST',
            json: {
                firstName: 'Two',
                lastName: `Processes ${n}`,
                phone: freshPhone(),
                email: `two${n}@example.test`,
                consent: true,
            },
            headers: from(address),
        });

    beforeAll(async () => {
        first = await startServerProcess({ env });
        // Over the same file: the same database.
        second = await startServerProcess({ dbFile: first.dbFile, env });
    });

    afterAll(async () => {
        await Promise.all([first?.stop(), second?.stop()]);
        if (first) removeDir(first.dir);
    });

    it('count one address’s sign-ups together, and a restart forgets none', async () => {
        for (let n = 0; n < 10; n++) expect((await join(on(n), '10.60.0.1', n)).status).toBe(202);
        for (const server of [first, second]) expect((await join(server, '10.60.0.1', 10)).status).toBe(429);
        expect((await join(first, '10.60.0.2', 11)).status).toBe(202);
        await first.stop();
        first = await startServerProcess({ dbFile: second.dbFile, env });
        expect((await join(first, '10.60.0.1', 12)).status).toBe(429);
    });

    it('count one login’s codes from one address together, and one address’s wrong codes', async () => {
        const login = { login: 'two.codes@example.test' };
        const ask = (server: RunningServer) =>
            call(server.url, '/api/portal/auth/code', { method: 'POST', json: login, headers: from('10.61.0.1') });
        expect((await ask(first)).status).toBe(202);
        expect((await ask(second)).status).toBe(429);
        for (let n = 0; n < 30; n++) {
            const wrong = await call(on(n).url, '/api/portal/auth/verify', {
                method: 'POST',
                json: { login: `wrong${n}@example.test`, code: '000000' },
                headers: from('10.61.0.2'),
            });
            expect(wrong.status).toBe(400);
        }
        for (const server of [first, second]) {
            const refused = await call(server.url, '/api/portal/auth/verify', {
                method: 'POST',
                json: { login: 'wrong.more@example.test', code: '000000' },
                headers: from('10.61.0.2'),
            });
            expect(refused.status).toBe(429);
        }
    });
});
