import { describe, expect, it } from 'vitest';
import { call } from '../support/server';
import { catalogue, samples, settingsServer, unique } from '../support/settings';

/*
 * The settings collections by role (what an admin, a manager and a teacher may read and write), and the
 * rules on users: passwords never answered, unique emails, resets, and an admin keeping their own role.
 */

const { served, tokens, api, post, put, del } = settingsServer();

describe('roles on the settings collections', () => {
    it.each(Object.keys(samples))('an admin lists, creates, changes and deletes %s', async collection => {
        expect((await api('admin', `/${collection}`)).status).toBe(200);
        const created = await post('admin', `/${collection}`, samples[collection]());
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        const id = created.body.id as number;
        const changed = await put(
            'admin',
            `/${collection}/${id}`,
            collection === 'statuses' ? { labels: { en: 'Renamed' } } : { name: unique('Renamed') },
        );
        expect(changed.status, JSON.stringify(changed.body)).toBe(200);
        expect((await del('admin', `/${collection}/${id}`)).status).toBe(200);
        expect((await api('admin', `/${collection}/${id}`)).status).toBe(404);
    });

    it.each(catalogue)('a manager reads %s but may not create, change or delete them', async collection => {
        const list = await api('manager', `/${collection}`);
        expect(list.status).toBe(200);
        const id = (list.body as unknown as { id: number }[])[0].id;
        expect((await api('manager', `/${collection}/${id}`)).status).toBe(200);
        expect((await post('manager', `/${collection}`, samples[collection]())).status).toBe(403);
        expect((await put('manager', `/${collection}/${id}`, { name: 'Changed by a manager' })).status).toBe(403);
        expect((await del('manager', `/${collection}/${id}`)).status).toBe(403);
        expect((await api('admin', `/${collection}/${id}`)).body.name).not.toBe('Changed by a manager');
    });

    it.each(['users', 'statuses'])('a manager reads %s for names but may not change them', async collection => {
        expect((await api('manager', `/${collection}`)).status).toBe(200);
        expect((await post('manager', `/${collection}`, samples[collection]())).status).toBe(403);
        expect((await put('manager', `/${collection}/1`, { label: 'x', name: 'x' })).status).toBe(403);
        expect((await del('manager', `/${collection}/1`)).status).toBe(403);
    });

    it('a manager may not change the general settings', async () => {
        expect((await put('manager', '/configs/general', { studioName: 'Taken over' })).status).toBe(403);
        expect((await api('admin', '/configs/general')).body.studioName).not.toBe('Taken over');
    });

    it.each([...Object.keys(samples), 'configs'])('a teacher may not write %s', async collection => {
        const id = collection === 'configs' ? 'general' : 1;
        if (collection !== 'configs')
            expect((await post('teacher', `/${collection}`, samples[collection]())).status).toBe(403);
        expect((await put('teacher', `/${collection}/${id}`, { name: 'x' })).status).toBe(403);
        expect((await del('teacher', `/${collection}/${id}`)).status).toBe(403);
    });

    it('a teacher cannot read the plans, and sees only themselves among the users', async () => {
        expect((await api('teacher', '/subscriptions')).status).toBe(403);
        const users = (await api('teacher', '/users')).body as unknown as { email: string }[];
        expect(users.map(user => user.email)).toEqual(['anna@studio.test']);
    });
});

describe('users', () => {
    it('never answers a password or its hash', async () => {
        const created = await post('admin', '/users', samples.users());
        const list = await api('admin', '/users?range=[0,99]');
        for (const user of [created.body, ...(list.body as unknown as Record<string, unknown>[])]) {
            expect(user).not.toHaveProperty('password');
            expect(user).not.toHaveProperty('passwordHash');
        }
    });

    it('needs a password of at least 8 characters on create', async () => {
        const { password: _password, ...withoutPassword } = samples.users();
        expect((await post('admin', '/users', withoutPassword)).body.errors).toMatchObject({
            password: expect.any(String),
        });
        expect((await post('admin', '/users', { ...samples.users(), password: 'short' })).body.errors).toEqual({
            password: 'app.validation.password_length',
        });
    });

    it('refuses a duplicate email, whatever its case, naming the field', async () => {
        const refused = await post('admin', '/users', { ...samples.users(), email: 'Manager@Studio.test' });
        expect(refused.status).toBe(409);
        expect(refused.body.errors).toEqual({ email: 'app.validation.unique' });
    });

    it('an admin resets a password: the new one signs in, the old one no longer does', async () => {
        const user = samples.users();
        const { body } = await post('admin', '/users', user);
        const signIn = (password: string) =>
            call(served.server.url, '/api/auth/login', { method: 'POST', json: { email: user.email, password } });
        expect((await signIn(user.password as string)).status).toBe(200);
        const reset = await put('admin', `/users/${body.id}`, { password: 'brand-new-secret' });
        expect(reset.status).toBe(200);
        expect(reset.body.name).toBe(user.name);
        expect((await signIn('brand-new-secret')).status).toBe(200);
        expect((await signIn(user.password as string)).status).toBe(401);
        // Saving the form with the password left empty keeps it.
        expect((await put('admin', `/users/${body.id}`, { password: '', phone: '+7 900 000-00-00' })).status).toBe(200);
        expect((await signIn('brand-new-secret')).status).toBe(200);
    });

    it('an admin may not remove their own admin role or deactivate themselves', async () => {
        const me = (
            (await call(served.server.url, '/api/auth/me', { token: tokens.admin })).body as unknown as {
                user: { id: number };
            }
        ).user;
        expect((await put('admin', `/users/${me.id}`, { role: 'manager' })).body.errors).toEqual({
            role: 'app.validation.own_role',
        });
        expect((await put('admin', `/users/${me.id}`, { active: false })).body.errors).toEqual({
            active: 'app.validation.own_active',
        });
        const after = await api('admin', `/users/${me.id}`);
        expect(after.body).toMatchObject({ role: 'admin', active: true });
    });
});
