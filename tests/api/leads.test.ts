import { readFileSync } from 'node:fs';
import type { DataProvider } from 'react-admin';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../src/domain/types';
import { expectHttpError } from '../support/crud';
import { addCustomer, freshPhone } from '../support/factories';
import { serverWithMail } from '../support/mailedServer';
import { portalClient } from '../support/portal';
import { call, demoDb, login, restClient, type DemoRole } from '../support/server';

/*
 * Leads over real HTTP with ra-data-simple-rest, on both engines: written by managers (not teachers),
 * each bad field refused with its name, the phone stored in E.164, one open lead per phone unless
 * confirmed, the statuses only the server gives, a lead won when its customer's pass is sold and paid
 * (not for nothing paid), a lead made by signing up in /my, and a trial plan sold once per person.
 */

interface Lead {
    id: number;
    name: string;
    phone: string;
    status: string;
    source: string;
    customerId: number | null;
    wonAt: string | null;
    [field: string]: unknown;
}

const trialPlan = 6; // the demo's trial plan, price 500
const paidPlan = 2; // 4 classes
const db = JSON.parse(readFileSync(demoDb, 'utf8')) as Database;
const buyer = addCustomer(db, { firstName: 'Wanda', lastName: 'Winner', phone: freshPhone(), status: 'lead' });
const triedOnce = addCustomer(db, { firstName: 'Tina', lastName: 'Trial', phone: '+79010000771' });
const sameAdult = addCustomer(db, { firstName: 'Tom', lastName: 'Trial', phone: '+79010000771' });
const ward = addCustomer(db, { firstName: 'Tim', lastName: 'Trial', phone: '+79010000771', guardianId: triedOnce.id });

const now = new Date('2026-11-29T12:00:00.000Z');
const today = '2026-11-29';
const served = serverWithMail(db, { TRUSTED_PROXY: 'loopback' }, () => now);
const { portal, codeFromMail } = portalClient(
    () => served.server,
    () => served.mailbox,
);

const clients: Partial<Record<DemoRole, DataProvider>> = {};
const as = async (role: DemoRole) =>
    (clients[role] ??= restClient(served.server.url, await login(served.server.url, role)));
const create = async (fields: Record<string, unknown>, role: DemoRole = 'manager') =>
    (await (await as(role)).create<Lead>('leads', { data: fields })).data;
const update = async (lead: Lead, fields: Record<string, unknown>) =>
    (await (await as('manager')).update<Lead>('leads', { id: lead.id, data: fields, previousData: lead })).data;
const fieldErrors = async (promise: Promise<unknown>, status = 400) =>
    ((await expectHttpError(promise, status)) as { errors?: Record<string, string> }).errors;
const sell = async (customerId: number, subscriptionId: number, extra: Record<string, unknown> = {}) =>
    call(served.server.url, '/api/passes/sell', {
        method: 'POST',
        token: await login(served.server.url, 'manager'),
        json: { customerId, subscriptionId, startsOn: today, method: 'cash', ...extra },
    });

describe('leads', () => {
    it('are written by managers with the phone in E.164 and the defaults; teachers may not touch them', async () => {
        const lead = await create({ name: ' Lena Lead ', phone: '8 (901) 000-01-01', childName: 'Lisa' });
        expect(lead).toMatchObject({
            name: 'Lena Lead',
            phone: '+79010000101',
            childName: 'Lisa',
            email: null,
            source: 'other',
            status: 'new',
            customerId: null,
            wonAt: null,
        });
        expect(Date.parse(lead.createdAt as string)).not.toBeNaN();
        const read = (await (await as('admin')).getOne<Lead>('leads', { id: lead.id })).data;
        expect(read).toEqual(lead);
        const teacher = await as('teacher');
        await expectHttpError(teacher.getList('leads', { pagination: { page: 1, perPage: 5 } }), 403);
        await expectHttpError(teacher.create('leads', { data: { name: 'No', phone: freshPhone() } }), 403);
    });

    it('refuse each bad field with 400 naming it', async () => {
        const good = { name: 'Bad Input', phone: freshPhone() };
        expect(await fieldErrors(create({ ...good, name: ' ' }))).toEqual({ name: 'ra.validation.required' });
        expect(await fieldErrors(create({ ...good, phone: 'call me' }))).toEqual({ phone: 'app.validation.phone' });
        expect(await fieldErrors(create({ ...good, phone: '+7 000 00' }))).toEqual({ phone: 'app.validation.phone' });
        expect(await fieldErrors(create({ ...good, source: 'tv' }))).toEqual({ source: 'app.validation.choice' });
        expect(await fieldErrors(create({ ...good, email: 'nope' }))).toEqual({ email: 'ra.validation.email' });
        expect(await fieldErrors(create({ ...good, utm: { source: 'x'.repeat(101) } }))).toEqual({
            'utm.source': 'app.validation.too_long',
        });
        expect(await fieldErrors(create({ ...good, status: 'lost' }))).toEqual({
            lostReason: 'ra.validation.required',
        });
        expect(await fieldErrors(create({ ...good, ownerId: 99999 }))).toHaveProperty('ownerId');
        expect(await fieldErrors(create({ ...good, customerId: 99999 }))).toHaveProperty('customerId');
        const list = await (
            await as('manager')
        ).getList('leads', {
            pagination: { page: 1, perPage: 50 },
            sort: { field: 'id', order: 'ASC' },
            filter: { q: 'Bad Input' },
        });
        expect(list.total).toBe(0);
    });

    it('take new, contacted and lost from staff; trial and won statuses are the server’s', async () => {
        const lead = await create({ name: 'Stan Status', phone: freshPhone(), source: 'phone' });
        for (const status of ['won', 'trial_booked', 'trial_done'])
            expect(await fieldErrors(update(lead, { status }))).toEqual({
                status: 'app.leads.errors.status_by_server',
            });
        expect(await fieldErrors(create({ name: 'Won', phone: freshPhone(), status: 'won' }))).toEqual({
            status: 'app.leads.errors.status_by_server',
        });
        const contacted = await update(lead, { status: 'contacted' });
        expect(await fieldErrors(update(contacted, { status: 'lost' }))).toEqual({
            lostReason: 'ra.validation.required',
        });
        const lost = await update(contacted, { status: 'lost', lostReason: 'Too far away' });
        expect(lost).toMatchObject({ status: 'lost', lostReason: 'Too far away' });
        expect(await update(lost, { status: 'new' })).toMatchObject({ status: 'new', source: 'phone' });
    });

    it('are one open lead per phone unless the request confirms it, and the confirmation is not stored', async () => {
        const phone = freshPhone();
        const first = await create({ name: 'Dora Double', phone });
        const refused = await expectHttpError(create({ name: 'Dora Again', phone: phone.replace('+7', '8') }), 409);
        expect(refused).toMatchObject({
            errors: { phone: 'app.leads.errors.duplicate' },
            duplicates: [{ id: first.id, name: 'Dora Double' }],
        });
        const second = await create({ name: 'Dora Again', phone, confirmDuplicate: true });
        expect(second).not.toHaveProperty('confirmDuplicate');
        expect(second.phone).toBe(first.phone);
        // A lost lead is no longer worked on: a new one for the same person is welcome.
        const other = freshPhone();
        const gone = await create({ name: 'Gus Gone', phone: other, status: 'lost', lostReason: 'Moved' });
        expect(await create({ name: 'Gus Back', phone: other })).toMatchObject({ status: 'new' });
        expect(gone.status).toBe('lost');
    });

    it('are searched by name, phone, child’s name and filtered by status and source, sorted by name', async () => {
        await create({ name: 'Yuri Search', phone: '+7 901 000-09-91', childName: 'Yana', source: 'walk_in' });
        await create({ name: 'Xena Search', phone: '+7 901 000-09-92', source: 'walk_in', status: 'contacted' });
        const list = async (filter: Record<string, unknown>) =>
            (
                await (
                    await as('manager')
                ).getList<Lead>('leads', {
                    pagination: { page: 1, perPage: 50 },
                    sort: { field: 'name', order: 'ASC' },
                    filter,
                })
            ).data.map(lead => lead.name);
        expect(await list({ q: 'search' })).toEqual(['Xena Search', 'Yuri Search']);
        expect(await list({ q: 'Yana' })).toEqual(['Yuri Search']);
        expect(await list({ q: '0000992' })).toEqual(['Xena Search']);
        expect(await list({ source: 'walk_in', status: 'contacted' })).toEqual(['Xena Search']);
    });

    it('are won when their customer’s pass is sold and paid, not when nothing is paid; a won lead keeps all but notes and owner', async () => {
        const lead = await create({
            name: 'Wanda Winner',
            phone: buyer.phone,
            customerId: buyer.id,
            source: 'trial_page',
            utm: { source: 'vk', campaign: 'autumn' },
        });
        const unpaid = await sell(buyer.id, paidPlan, { amount: 0 });
        expect(unpaid.status, unpaid.text).toBe(201);
        expect((await (await as('manager')).getOne<Lead>('leads', { id: lead.id })).data).toMatchObject({
            status: 'new',
            wonAt: null,
        });
        const paid = await sell(buyer.id, paidPlan);
        expect(paid.status, paid.text).toBe(201);
        const won = (await (await as('manager')).getOne<Lead>('leads', { id: lead.id })).data;
        expect(won).toMatchObject({ status: 'won', wonAt: now.toISOString() });
        expect(await fieldErrors(update(won, { name: 'Someone else' }), 409)).toEqual({ name: 'app.leads.errors.won' });
        expect(await fieldErrors(update(won, { status: 'new' }), 409)).toEqual({ status: 'app.leads.errors.won' });
        const manager = (
            await (
                await as('admin')
            ).getList('users', {
                pagination: { page: 1, perPage: 50 },
                sort: { field: 'id', order: 'ASC' },
                filter: { role: 'manager' },
            })
        ).data[0];
        expect(await update(won, { notes: 'Bought 4 classes', ownerId: manager.id })).toMatchObject({
            status: 'won',
            notes: 'Bought 4 classes',
            ownerId: manager.id,
        });
    });

    it('are made by signing up in /my: from the portal, new, with the new customer', async () => {
        const email = 'pavel.portal@example.test';
        const phone = freshPhone();
        const headers = { 'X-Forwarded-For': '10.49.0.1' };
        const seen = served.mailbox.to(email).length;
        const joined = await portal('/auth/join', undefined, {
            method: 'POST',
            json: { firstName: 'Pavel', lastName: 'Portal', phone, email, consent: true, locale: 'en' },
            headers,
        });
        expect(joined.status, joined.text).toBe(202);
        const code = await codeFromMail(email, seen);
        const verified = await portal('/auth/verify', undefined, {
            method: 'POST',
            json: { login: email, code },
            headers,
        });
        expect(verified.status, verified.text).toBe(200);
        const customerId = (verified.body.customer as unknown as { id: number }).id;
        const { data } = await (
            await as('manager')
        ).getList<Lead>('leads', {
            pagination: { page: 1, perPage: 5 },
            sort: { field: 'id', order: 'ASC' },
            filter: { customerId },
        });
        expect(data).toEqual([
            expect.objectContaining({
                name: 'Pavel Portal',
                phone: phone.replace(/[^+\d]/g, ''),
                email,
                source: 'portal',
                status: 'new',
                customerId,
            }),
        ]);
    });

    it('a trial plan is sold once per person at the desk: again 409, unless staff force it', async () => {
        const first = await sell(triedOnce.id, trialPlan);
        expect(first.status, first.text).toBe(201);
        const again = await sell(triedOnce.id, trialPlan);
        expect(again.status, again.text).toBe(409);
        expect(again.body).toMatchObject({ errors: { subscriptionId: 'app.money.errors.trial_used' } });
        const forced = await sell(triedOnce.id, trialPlan, { force: true });
        expect(forced.status, forced.text).toBe(201);
    });

    it('a trial is refused to another card of the same phone, at the desk and by a payment link; a ward is judged alone', async () => {
        // Tina's trial of the test before: Tom has her phone.
        const desk = await sell(sameAdult.id, trialPlan);
        expect(desk.status, desk.text).toBe(409);
        expect(desk.body).toMatchObject({ errors: { subscriptionId: 'app.money.errors.trial_used' } });
        const link = await expectHttpError(
            (await as('manager')).create('paymentLinks', {
                data: { customerId: sameAdult.id, purpose: 'sale', subscriptionId: trialPlan },
            }),
            409,
        );
        expect(link).toMatchObject({ errors: { subscriptionId: 'app.money.errors.trial_used' } });
        // Tim, Tina's ward on her phone, has had no trial of his own.
        const wards = await sell(ward.id, trialPlan);
        expect(wards.status, wards.text).toBe(201);
        const paid = await sell(sameAdult.id, paidPlan);
        expect(paid.status, paid.text).toBe(201);
    });
});
