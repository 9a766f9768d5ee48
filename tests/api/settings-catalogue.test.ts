import { describe, expect, it } from 'vitest';
import { storedDatabase } from '../support/server';
import { samples, settingsServer } from '../support/settings';

/*
 * The catalogue (directions, studios, plans), the status lists (their order, default and codes) and the
 * general settings, as an admin changes them.
 */

const { served, api, post, put, del } = settingsServer();

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
