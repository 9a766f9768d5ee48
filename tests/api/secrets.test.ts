import { describe, expect, it } from 'vitest';
import { collectionNames } from '../../src/domain/collections';
import { call, serverForEveryRole } from '../support/server';

const served = serverForEveryRole();
const { tokens } = served;

const leaks = (text: string) => /passwordHash|scrypt\$/.test(text);

describe('password hashes never leave the server', () => {
    it.each(['admin', 'manager', 'teacher'] as const)('in any list or record answered to %s', async role => {
        const answers: string[] = [];
        for (const collection of collectionNames) {
            const list = await call(served.server.url, `/api/${collection}?range=[0,999]`, { token: tokens[role] });
            answers.push(list.text);
            if (list.status === 200) {
                const records = list.body as unknown as { id: string | number }[];
                for (const record of records.slice(0, 5))
                    answers.push(
                        (await call(served.server.url, `/api/${collection}/${record.id}`, { token: tokens[role] }))
                            .text,
                    );
                const ids = JSON.stringify({ id: records.slice(0, 5).map(record => record.id) });
                answers.push(
                    (
                        await call(served.server.url, `/api/${collection}?filter=${encodeURIComponent(ids)}`, {
                            token: tokens[role],
                        })
                    ).text,
                );
            }
        }
        answers.push((await call(served.server.url, '/api/auth/me', { token: tokens[role] })).text);
        answers.push(
            (
                await call(served.server.url, `/api/users?filter=${encodeURIComponent('{"q":"scrypt"}')}`, {
                    token: tokens[role],
                })
            ).text,
        );
        expect(answers.length).toBeGreaterThan(collectionNames.length);
        for (const answer of answers) expect(leaks(answer), answer.slice(0, 200)).toBe(false);
    });

    it('in the answers to sign-in, create, update and delete of users', async () => {
        const login = await call(served.server.url, '/api/auth/login', {
            method: 'POST',
            json: { email: 'admin@studio.test', password: 'studio-admin' },
        });
        const created = await call(served.server.url, '/api/users', {
            method: 'POST',
            token: tokens.admin,
            json: {
                name: 'New Teacher',
                email: 'new.teacher@studio.test',
                role: 'teacher',
                password: 'first-password',
            },
        });
        expect(created.status).toBe(201);
        const id = (created.body as unknown as { id: number }).id;
        const updated = await call(served.server.url, `/api/users/${id}`, {
            method: 'PUT',
            token: tokens.admin,
            json: { password: 'second-password' },
        });
        expect(updated.status).toBe(200);
        const signedIn = await call(served.server.url, '/api/auth/login', {
            method: 'POST',
            json: { email: 'new.teacher@studio.test', password: 'second-password' },
        });
        expect(signedIn.status).toBe(200);
        const deleted = await call(served.server.url, `/api/users/${id}`, { method: 'DELETE', token: tokens.admin });
        expect(deleted.status).toBe(200);
        for (const answer of [login, created, updated, signedIn, deleted]) expect(leaks(answer.text)).toBe(false);
        expect(created.body).not.toHaveProperty('password');
    });
});
