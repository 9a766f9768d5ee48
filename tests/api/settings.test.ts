import { describe, expect, it } from 'vitest';
import { call, serverForEveryRole, storedDatabase } from '../support/server';

const served = serverForEveryRole();
const { tokens } = served;

type Role = keyof typeof tokens;
const api = (role: Role, path: string, init: RequestInit & { json?: unknown } = {}) =>
    call(served.server.url, `/api${path}`, { ...init, token: tokens[role] });
const post = (role: Role, path: string, json: unknown) => api(role, path, { method: 'POST', json });
const put = (role: Role, path: string, json: unknown) => api(role, path, { method: 'PUT', json });
const del = (role: Role, path: string) => api(role, path, { method: 'DELETE' });

let sequence = 0;
const unique = (prefix: string) => `${prefix} ${Date.now()} ${++sequence}`;

/** A fresh record of each settings collection, valid for its schema. */
const samples: Record<string, () => Record<string, unknown>> = {
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

const catalogue = ['directions', 'studios', 'courses', 'subscriptions'];

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

describe('the catalogue', () => {
    it('refuses to delete a direction in use, naming what uses it, and lets it be deactivated instead', async () => {
        const refused = await del('admin', '/directions/1');
        expect(refused.status).toBe(409);
        const referrers = refused.body.referrers as { collection: string; count: number }[];
        expect(referrers.find(referrer => referrer.collection === 'courses')?.count).toBeGreaterThan(0);
        expect((await put('admin', '/directions/1', { active: false })).body.active).toBe(false);
        expect((await api('admin', '/directions/1')).status).toBe(200);
    });

    it('keeps plan rules: unlimited visits, directions that exist', async () => {
        const unlimited = await post('admin', '/subscriptions', {
            ...samples.subscriptions(),
            visits: null,
            directionIds: [],
        });
        expect(unlimited.status).toBe(201);
        expect(unlimited.body).toMatchObject({ visits: null, directionIds: [], trial: false, active: true });
        const unknown = await post('admin', '/subscriptions', { ...samples.subscriptions(), directionIds: [99999] });
        expect(unknown.body.errors).toEqual({ directionIds: 'app.validation.reference' });
        const negative = await post('admin', '/subscriptions', {
            ...samples.subscriptions(),
            freezeDays: -1,
            validityDays: 0,
        });
        expect(negative.body.errors).toMatchObject({
            freezeDays: 'app.validation.not_negative',
            validityDays: 'app.validation.min_one',
        });
    });

    it('filters the plans by a direction: those for it and those for every direction, not those for others', async () => {
        const direction = (await post('admin', '/directions', samples.directions())).body.id as number;
        const mine = (await post('admin', '/subscriptions', { ...samples.subscriptions(), directionIds: [direction] }))
            .body.id;
        const forAll = (await post('admin', '/subscriptions', { ...samples.subscriptions(), directionIds: [] })).body
            .id;
        const other = (await post('admin', '/subscriptions', { ...samples.subscriptions(), directionIds: [1] })).body
            .id;
        for (const role of ['admin', 'manager'] as const) {
            const { status, body } = await api(
                role,
                `/subscriptions?range=[0,999]&filter=${encodeURIComponent(JSON.stringify({ directionIds: direction }))}`,
            );
            expect(status).toBe(200);
            const plans = body as unknown as { id: number; directionIds: number[] }[];
            expect(plans.map(plan => plan.id)).toEqual(expect.arrayContaining([mine, forAll]));
            expect(plans.map(plan => plan.id)).not.toContain(other);
            expect(plans.every(plan => plan.directionIds.length === 0 || plan.directionIds.includes(direction))).toBe(
                true,
            );
        }
    });

    it('refuses a second direction or studio of the same name', async () => {
        const { body } = await api('admin', '/directions/2');
        expect(
            (await post('admin', '/directions', { name: String(body.name).toUpperCase(), color: '#000000' })).body
                .errors,
        ).toEqual({ name: 'app.validation.unique' });
    });
});

describe('status lists', () => {
    const list = async (name: string) =>
        (
            await api(
                'admin',
                `/statuses?filter=${encodeURIComponent(JSON.stringify({ name }))}&sort=${encodeURIComponent('["order","ASC"]')}`,
            )
        ).body as unknown as {
            id: number;
            code: string;
            order: number;
            isDefault: boolean;
        }[];

    it('rewrites the order of a whole list in one request, durably', async () => {
        const before = await list('attendance');
        const reversed = before.map(status => status.id).reverse();
        const answer = await post('admin', '/statuses/reorder', { name: 'attendance', ids: reversed });
        expect(answer.status).toBe(200);
        expect((await list('attendance')).map(status => status.id)).toEqual(reversed);
        const onDisk = await storedDatabase(served.server);
        expect(reversed.map(id => onDisk.statuses.find(status => status.id === id)?.order)).toEqual(
            reversed.map((_, index) => index),
        );
        // The customer list is untouched.
        expect((await list('customer')).map(status => status.code)).toEqual([
            'lead',
            'trial',
            'active',
            'paused',
            'left',
        ]);
    });

    it('refuses an order that leaves out, repeats or borrows a status, and changes nothing', async () => {
        const ids = (await list('attendance')).map(status => status.id);
        const customerId = (await list('customer'))[0].id;
        for (const wrong of [ids.slice(1), [...ids, ids[0]], [...ids.slice(1), customerId]]) {
            const refused = await post('admin', '/statuses/reorder', { name: 'attendance', ids: wrong });
            expect(refused.status).toBe(400);
            expect(refused.body.errors).toEqual({ ids: 'app.settings.reorder_mismatch' });
        }
        expect((await list('attendance')).map(status => status.id)).toEqual(ids);
    });

    it('lets only an admin reorder', async () => {
        const ids = (await list('customer')).map(status => status.id);
        expect((await post('manager', '/statuses/reorder', { name: 'customer', ids })).status).toBe(403);
        expect((await post('teacher', '/statuses/reorder', { name: 'customer', ids })).status).toBe(403);
    });

    it('keeps exactly one default per list', async () => {
        const statuses = await list('attendance');
        const other = statuses.find(status => !status.isDefault)!;
        expect((await put('admin', `/statuses/${other.id}`, { isDefault: true })).status).toBe(200);
        const after = await list('attendance');
        expect(after.filter(status => status.isDefault).map(status => status.id)).toEqual([other.id]);
        expect((await put('admin', `/statuses/${other.id}`, { isDefault: false })).body.errors).toEqual({
            isDefault: 'app.validation.one_default',
        });
        expect((await del('admin', `/statuses/${other.id}`)).status).toBe(409);
        expect((await list('customer')).filter(status => status.isDefault)).toHaveLength(1);
    });

    it('refuses to delete a status in use or to change its code, but lets its label change', async () => {
        const active = (await list('customer')).find(status => status.code === 'paused')!;
        const refused = await del('admin', `/statuses/${active.id}`);
        expect(refused.status).toBe(409);
        expect(refused.body.referrers).toEqual([expect.objectContaining({ collection: 'customers', field: 'status' })]);
        expect((await put('admin', `/statuses/${active.id}`, { code: 'on-hold' })).body.errors).toEqual({
            code: 'app.settings.code_in_use',
        });
        expect((await put('admin', `/statuses/${active.id}`, { name: 'attendance' })).body.errors).toEqual({
            name: 'app.settings.status_list_fixed',
        });
        expect((await put('admin', `/statuses/${active.id}`, { labels: { en: 'On hold' } })).body).toMatchObject({
            code: 'paused',
            labels: { en: 'On hold' },
            name: 'customer',
        });
    });

    it('refuses a code already used in the same list', async () => {
        const refused = await post('admin', '/statuses', {
            name: 'attendance',
            code: 'late',
            labels: { en: 'Late again' },
            color: '#000000',
        });
        expect(refused.status).toBe(409);
        expect(refused.body.errors).toEqual({ code: 'app.validation.unique' });
    });
});

describe('general settings', () => {
    it('accepts a real time zone and currency, and refuses made-up ones on their fields', async () => {
        const changed = await put('admin', '/configs/general', { timezone: 'Asia/Almaty', currency: 'KZT' });
        expect(changed.body).toMatchObject({ timezone: 'Asia/Almaty', currency: 'KZT' });
        const refused = await put('admin', '/configs/general', {
            timezone: 'Mars/Olympus',
            currency: 'XYZ',
            paymentLinkTtlHours: 0,
        });
        expect(refused.status).toBe(400);
        expect(refused.body.errors).toEqual({
            timezone: 'app.validation.timezone',
            currency: 'app.validation.currency',
            paymentLinkTtlHours: 'app.validation.min_one',
        });
        expect((await api('admin', '/configs/general')).body.timezone).toBe('Asia/Almaty');
    });

    it('is one record: it cannot be created or deleted', async () => {
        expect((await post('admin', '/configs', { studioName: 'Second' })).status).toBe(405);
        expect((await del('admin', '/configs/general')).status).toBe(405);
    });
});
