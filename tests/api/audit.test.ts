import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { hiddenValue } from '../../src/domain/audit';
import { addDays, studioToday } from '../../src/domain/time';
import type { AuditEntry, Pass, PaymentLink, StudioEvent } from '../../src/domain/types';
import {
    call,
    demoAccounts,
    type DemoRole,
    restClient,
    serverForEveryRole,
    storedDatabase,
    engine,
} from '../support/server';
import { freshPhone } from '../support/factories';
import { beginPayment, checkoutId, settledView, testCards } from '../support/payOnline';

/*
 * The audit trail: every change made through the API leaves an entry, written in the same transaction,
 * saying who made it, through which endpoint, and the fields before and after. Only admins read it,
 * nobody writes it, and secrets never enter it.
 */

const served = serverForEveryRole();
const { tokens } = served;
const today = studioToday('Europe/Moscow', new Date());

const request = (method: string, path: string, role: DemoRole, json?: unknown) =>
    call(served.server.url, `/api${path}`, { method, token: tokens[role], json });
const admin = () => restClient(served.server.url, tokens.admin);
const stored = () => storedDatabase(served.server);

/** The trail of one customer, pass or class, oldest first, as the History panels ask for it. */
const historyOf = async (filter: Record<string, unknown>): Promise<AuditEntry[]> => {
    const { data } = await admin().getList('auditEntries', {
        filter,
        sort: { field: 'id', order: 'ASC' },
        pagination: { page: 1, perPage: 100 },
    });
    return data as unknown as AuditEntry[];
};

const newCustomer = async (lastName: string): Promise<number> => {
    const { status, body } = await request('POST', '/customers', 'manager', {
        firstName: 'Audit',
        lastName,
        phone: freshPhone(),
        status: 'active',
    });
    expect(status).toBe(201);
    return body.id as number;
};

const manager = { userId: 2, role: 'manager' };

describe('the audit trail', () => {
    it('records who sold, froze and refunded, through which endpoint, with the fields before and after', async () => {
        const customerId = await newCustomer('Sold');
        const sale = await request('POST', '/passes/sell', 'manager', {
            customerId,
            subscriptionId: 3,
            startsOn: today,
            method: 'card',
        });
        expect(sale.status).toBe(201);
        const pass = sale.body.pass as unknown as Pass;
        expect(
            (await request('POST', `/passes/${pass.id}/freeze`, 'manager', { from: today, to: addDays(today, 6) }))
                .status,
        ).toBe(200);
        expect(
            (
                await request('POST', '/payments/refund', 'manager', {
                    customerId,
                    passId: pass.id,
                    amount: 1000,
                    method: 'cash',
                })
            ).status,
        ).toBe(201);

        const history = await historyOf({ customerId });
        const managerId = (await stored()).users.find(user => user.email === demoAccounts.manager.email)?.id;
        expect(
            history.every(entry => entry.userId === managerId && entry.role === manager.role && entry.userName),
        ).toBe(true);
        expect(history.map(entry => [entry.endpoint, entry.action, entry.collection])).toEqual([
            ['POST /api/customers', 'create', 'customers'],
            // The sale's pass and payment, the pass recorded once as it was committed (pointing at its payment).
            ['POST /api/passes/sell', 'create', 'passes'],
            ['POST /api/passes/sell', 'create', 'payments'],
            [`POST /api/passes/${pass.id}/freeze`, 'update', 'passes'],
            ['POST /api/payments/refund', 'create', 'payments'],
        ]);
        expect(history[1].after).toMatchObject({
            id: pass.id,
            paymentId: sale.body.payment && (sale.body.payment as { id: number }).id,
        });
        const freeze = history[3];
        expect(freeze).toMatchObject({ recordId: String(pass.id), passId: pass.id, customerId });
        expect(freeze.before).toEqual({ frozenFrom: null, frozenTo: null, endsOn: pass.endsOn });
        expect(freeze.after).toEqual({
            frozenFrom: today,
            frozenTo: addDays(today, 6),
            endsOn: addDays(pass.endsOn, 7),
        });
        // The pass's own history holds its changes and its money, not the customer's record.
        expect((await historyOf({ passId: pass.id })).map(entry => entry.collection)).toEqual([
            'passes',
            'payments',
            'passes',
            'payments',
        ]);
    });

    it('is written with the change or not at all: a refused request leaves no entry, an accepted one is on disk', async () => {
        const customerId = await newCustomer('Refused');
        const before = (await historyOf({ customerId })).length;
        expect(
            (await request('POST', '/payments/refund', 'manager', { customerId, amount: 100, method: 'cash' })).status,
        ).toBe(400);
        expect((await request('PUT', `/customers/${customerId}`, 'manager', { firstName: '' })).status).toBe(400);
        expect(await historyOf({ customerId })).toHaveLength(before);
        expect(
            (
                await request('PUT', `/customers/${customerId}`, 'manager', {
                    firstName: 'Audited',
                    lastName: 'Refused',
                    phone: '+7 900 000-11-22',
                    status: 'active',
                })
            ).status,
        ).toBe(200);
        const onDisk = (await stored()).auditEntries.filter(entry => entry.customerId === customerId);
        expect(onDisk.at(-1)).toMatchObject({
            action: 'update',
            before: { firstName: 'Audit' },
            after: { firstName: 'Audited' },
        });
    });

    it('records the classes: a mark and a moved class appear in the class history', async () => {
        const customerId = await newCustomer('Marked');
        // A class of today or before: a later one cannot be marked yet.
        const { data: events } = await admin().getList('events', {
            filter: { status: 'planned', startsAt_lte: `${today}T23:59` },
            sort: { field: 'startsAt', order: 'ASC' },
            pagination: { page: 1, perPage: 1 },
        });
        const event = events[0] as unknown as StudioEvent;
        expect(
            (await request('POST', '/attendances', 'manager', { eventId: event.id, customerId, status: 'excused' }))
                .status,
        ).toBe(201);
        const moved = await request('PUT', `/events/${event.id}`, 'admin', { ...event, notes: 'Moved to hall B' });
        expect(moved.status, JSON.stringify(moved.body)).toBe(200);
        const history = await historyOf({ eventId: event.id });
        expect(history.map(entry => [entry.collection, entry.action])).toEqual([
            ['attendances', 'create'],
            ['events', 'update'],
        ]);
        expect(history[0]).toMatchObject({ customerId, eventId: event.id, endpoint: 'POST /api/attendances' });
        expect(history[1]).toMatchObject({ role: 'admin', after: { notes: 'Moved to hall B' } });
    });

    it('keeps passwords and their hashes out: a changed password shows as hidden', async () => {
        const created = await request('POST', '/users', 'admin', {
            name: 'Audit Teacher',
            email: 'audit.teacher@studio.test',
            role: 'teacher',
            password: 'first-secret-1',
            active: true,
            pay: { kind: 'none', amount: 0 },
        });
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        const id = created.body.id as number;
        const user = { ...created.body, password: 'second-secret-2' };
        expect((await request('PUT', `/users/${id}`, 'admin', user)).status).toBe(200);
        const history = await historyOf({ collection: 'users', recordId: String(id) });
        expect(history.map(entry => entry.action)).toEqual(['create', 'update']);
        expect(history[0].after).toMatchObject({ name: 'Audit Teacher', password: hiddenValue });
        expect(history[1].before).toMatchObject({ password: hiddenValue });
        expect(history[1].after).toMatchObject({ password: hiddenValue });
        const hash = (await stored()).users.find(record => record.id === id)?.passwordHash as string;
        const trail = JSON.stringify((await stored()).auditEntries);
        expect(trail).not.toContain('passwordHash');
        expect(trail).not.toContain(hash);
        expect(trail).not.toContain('second-secret-2');
        if (engine === 'json')
            expect(readFileSync(`${served.server.dbFile}.journal`, 'utf8')).not.toContain('second-secret-2');
    });

    it('names no user for the payment made online, and the endpoint it came through', async () => {
        const customerId = await newCustomer('Paid online');
        const link = (await request('POST', '/paymentLinks', 'manager', { customerId, subscriptionId: 3 }))
            .body as unknown as PaymentLink;
        const begun = await beginPayment(served.server.url, link.id);
        expect(begun.status).toBe(200);
        const checkout = `POST /api/public/test-checkout/${checkoutId(begun)}`;
        expect(
            (
                await call(served.server.url, `/api/public/test-checkout/${checkoutId(begun)}`, {
                    method: 'POST',
                    json: testCards.paid,
                })
            ).status,
        ).toBe(200);
        const back = await settledView(served.server.url, link.id, String(begun.body.attemptId));
        expect(back.body).toMatchObject({ status: 'paid', attempt: { status: 'succeeded' } });
        const history = await historyOf({ customerId });
        // Pressing Pay only begins the attempt; the provider's notice, which the test provider sends for
        // the card typed on its checkout page, records the payment, the pass and the paid link.
        const pressed = history.filter(entry => entry.endpoint === `POST /api/public/payment-links/${link.id}/pay`);
        expect([...new Set(pressed.map(entry => entry.collection))]).toEqual(['onlinePayments']);
        const online = history.filter(entry => entry.endpoint === checkout);
        expect([...new Set(online.map(entry => entry.collection))].sort()).toEqual([
            'onlinePayments',
            'passes',
            'paymentLinks',
            'payments',
        ]);
        expect([...pressed, ...online].every(entry => entry.userId === null && entry.userName === null)).toBe(true);
    });

    it('is read by admins only, filtered and searched on the server, and written by nobody', async () => {
        for (const role of ['manager', 'teacher'] as const)
            expect((await request('GET', '/auditEntries', role)).status).toBe(403);
        const { data, total } = await admin().getList('auditEntries', {
            filter: { q: 'passes/sell', collection: 'payments', createdAt_gte: `${addDays(today, -1)}T00:00:00.000Z` },
            sort: { field: 'createdAt', order: 'DESC' },
            pagination: { page: 1, perPage: 5 },
        });
        expect(total).toBeGreaterThan(0);
        expect(
            data.every(entry => entry.collection === 'payments' && String(entry.endpoint).includes('passes/sell')),
        ).toBe(true);
        const [entry] = data;
        expect((await request('POST', '/auditEntries', 'admin', { ...entry, id: undefined })).status).toBe(405);
        expect(
            (await request('PUT', `/auditEntries/${entry.id}`, 'admin', { ...entry, userName: 'Someone else' })).status,
        ).toBe(405);
        expect((await request('DELETE', `/auditEntries/${entry.id}`, 'admin')).status).toBe(405);
        expect((await stored()).auditEntries.find(record => record.id === entry.id)).toEqual(entry);
    });
});
