import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { collections } from '../../src/domain/collections';
import type { PersonalDataExport } from '../../src/domain/api/privacy';
import { instantAt } from '../../src/domain/time';
import type { Customer, Database } from '../../src/domain/types';
import { addEvent, freshPhone } from '../support/factories';
import { serverWithMail } from '../support/mailedServer';
import { outboxDesk } from '../support/outbox';
import { portalClient } from '../support/portal';
import { demoDb, engine, restClient, login } from '../support/server';

/*
 * Personal data over real HTTP, on both engines: a person's export (admins, and the customer in the
 * portal, wards included, no token or hash inside), erasure refused while something is open and with a
 * wrong confirmation, the erased card anonymous and read only with the money records and totals kept, the
 * audit trail's values erased, and the customer's request from the portal as a task for the admins.
 */

const zone = 'Europe/Moscow';
const db = JSON.parse(readFileSync(demoDb, 'utf8')) as Database;
const ahead = addEvent(db, '2026-12-02T19:00');
const alsoAhead = addEvent(db, '2026-12-03T19:00', { capacity: 1 });

const now = new Date(instantAt('2026-11-29T12:00', zone));
const served = serverWithMail(db, { TRUSTED_PROXY: 'loopback' }, () => now);
const { as, messagesOf } = outboxDesk(() => served.server);
const { portal, signIn } = portalClient(
    () => served.server,
    () => served.mailbox,
);

const hiddenNames = new Set(Object.values(collections).flatMap(info => Object.keys(info.hidden)));
/** The keys of a JSON value, however deep, that hold a value: the trail's "[hidden]" marker says only that one changed. */
const keysOf = (value: unknown): string[] =>
    Array.isArray(value)
        ? value.flatMap(keysOf)
        : value && typeof value === 'object'
          ? Object.entries(value).flatMap(([key, inner]) => [
                ...(inner == null || inner === '[hidden]' ? [] : [key]),
                ...keysOf(inner),
            ])
          : [];

let people = 0;
/** A new customer made at the desk (so that their values are in the journal, as a real one's are). */
const newCustomer = async (fields: Partial<Customer> = {}): Promise<Customer> => {
    people += 1;
    const made = await as('manager', '/customers', {
        method: 'POST',
        json: {
            firstName: `Evdokia${people}`,
            lastName: `Zabyvaeva${people}`,
            phone: freshPhone(),
            email: `evdokia${people}.zabyvaeva@example.test`,
            birthDate: '1990-04-05',
            notes: `Prefers the back row ${people}`,
            status: 'active',
            ...fields,
        },
    });
    expect(made.status, made.text).toBe(201);
    return made.body as unknown as Customer;
};

const sell = async (customerId: number, amount?: number) => {
    const sold = await as('manager', '/passes/sell', {
        method: 'POST',
        json: { customerId, subscriptionId: 3, startsOn: '2026-11-29', method: 'cash', amount },
    });
    expect(sold.status, sold.text).toBe(201);
    return sold.body as unknown as { pass: { id: number } };
};

const erase = (id: number, confirm: string, role: 'admin' | 'manager' = 'admin') =>
    as(role, `/customers/${id}/erase`, { method: 'POST', json: { confirm } });

const blockersOf = (answer: Awaited<ReturnType<typeof erase>>) =>
    (answer.body.blockers as { kind: string }[]).map(blocker => blocker.kind).sort();

describe('a person’s data', () => {
    it('is exported for admins and for the customer, with their wards, and no token or hash inside', async () => {
        const guardian = await newCustomer();
        const ward = await newCustomer({ phone: null, email: null, guardianId: guardian.id });
        await sell(ward.id);
        const lead = await as('manager', '/leads', {
            method: 'POST',
            json: {
                name: `${guardian.firstName} ${guardian.lastName}`,
                phone: guardian.phone,
                customerId: guardian.id,
            },
        });
        expect(lead.status, lead.text).toBe(201);
        const exported = await as('admin', `/customers/${guardian.id}/export`);
        expect(exported.status, exported.text).toBe(200);
        expect(exported.headers.get('content-disposition')).toBe(
            `attachment; filename="customer-${guardian.id}-2026-11-29.json"`,
        );
        const body = exported.body as unknown as PersonalDataExport;
        expect(body.person.customer).toMatchObject({ id: guardian.id, email: guardian.email, notes: guardian.notes });
        expect(body.wards.map(one => one.customer.id)).toEqual([ward.id]);
        expect(body.wards[0].passes).toHaveLength(1);
        expect(body.wards[0].payments).toEqual([expect.objectContaining({ customerId: ward.id, amount: 5200 })]);
        expect(body.person.auditEntries.some(entry => entry.action === 'create')).toBe(true);
        expect(body.person.leads).toEqual([expect.objectContaining({ id: lead.body.id, phone: guardian.phone })]);
        expect(keysOf(body).filter(key => hiddenNames.has(key))).toEqual([]);

        // The customer's own, in the portal: the same person with the same wards.
        const token = await signIn(guardian.email!, guardian.email!);
        const own = await portal('/me/export', token);
        expect(own.status, own.text).toBe(200);
        const mine = own.body as unknown as PersonalDataExport;
        expect(mine.person.customer.id).toBe(guardian.id);
        expect(mine.wards.map(one => one.customer.id)).toEqual([ward.id]);
        expect(mine.person.messages.length).toBeGreaterThan(0);
        expect(keysOf(mine).filter(key => hiddenNames.has(key))).toEqual([]);

        for (const role of ['manager', 'teacher'] as const)
            expect((await as(role, `/customers/${guardian.id}/export`)).status).toBe(403);
        expect((await as('admin', '/customers/999999/export')).status).toBe(404);
    });

    it('is not erased while something is open, each reason named, nor with a wrong confirmation', async () => {
        const customer = await newCustomer();
        const ward = await newCustomer({ phone: null, email: null, guardianId: customer.id });
        const { pass } = await sell(customer.id, 2000);
        const booked = await as('manager', '/bookings', {
            method: 'POST',
            json: { eventId: ahead.id, customerId: customer.id },
        });
        expect(booked.status, booked.text).toBe(201);
        // The one seat of the other class is taken: the customer waits in line for it.
        await as('manager', '/bookings', {
            method: 'POST',
            json: { eventId: alsoAhead.id, customerId: ward.id, force: true },
        });
        const waiting = await as('manager', '/bookings', {
            method: 'POST',
            json: { eventId: alsoAhead.id, customerId: customer.id, waitlist: true },
        });
        expect(waiting.status, waiting.text).toBe(201);
        const link = await as('manager', '/paymentLinks', {
            method: 'POST',
            json: { customerId: customer.id, subscriptionId: 1 },
        });
        expect(link.status, link.text).toBe(201);

        const blocked = await erase(customer.id, customer.lastName);
        expect(blocked.status, blocked.text).toBe(409);
        expect(blocked.body).toMatchObject({ reason: 'erase_blocked', errors: { id: 'app.privacy.erase.blocked' } });
        expect(blockersOf(blocked)).toEqual(['booking', 'debt', 'payment_in_progress', 'waitlist', 'ward']);
        expect(blocked.body.blockers).toContainEqual({ kind: 'debt', amount: 3200 });
        expect(blocked.body.blockers).toContainEqual({ kind: 'ward', ids: [ward.id] });

        // A customer whose membership runs: the demo's.
        const running = db.memberships.find(one => one.status === 'active')!;
        const owner = db.customers.find(one => one.id === running.customerId)!;
        const membership = await erase(owner.id, owner.lastName);
        expect(membership.status, membership.text).toBe(409);
        expect(blockersOf(membership)).toContain('membership');

        // Each settled in turn: paid, cancelled, the ward erased first.
        expect(
            (await as('manager', `/passes/${pass.id}/pay`, { method: 'POST', json: { amount: 3200, method: 'cash' } }))
                .status,
        ).toBe(201);
        for (const booking of [booked, waiting])
            expect(
                (await as('manager', `/bookings/${booking.body.id}/cancel`, { method: 'POST', json: {} })).status,
            ).toBe(200);
        expect((await as('manager', `/paymentLinks/${link.body.id}/cancel`, { method: 'POST' })).status).toBe(200);
        const wardFirst = await erase(customer.id, customer.lastName);
        expect(blockersOf(wardFirst)).toEqual(['ward']);
        const wardBooking = (
            await as(
                'manager',
                `/bookings?filter=${encodeURIComponent(JSON.stringify({ customerId: ward.id, status: 'booked' }))}`,
            )
        ).body as unknown as { id: number }[];
        for (const booking of wardBooking)
            await as('manager', `/bookings/${booking.id}/cancel`, { method: 'POST', json: {} });
        expect((await erase(ward.id, ward.lastName)).status).toBe(200);

        // Nothing open: only the confirmation stands between, and managers may not.
        const unconfirmed = await erase(customer.id, 'Someone else');
        expect(unconfirmed.status, unconfirmed.text).toBe(400);
        expect(unconfirmed.body.errors).toEqual({ confirm: 'app.privacy.erase.confirm_mismatch' });
        expect((await erase(customer.id, customer.lastName, 'manager')).status).toBe(403);
        expect((await erase(customer.id, ` ${customer.lastName.toUpperCase()} `)).status).toBe(200);
        const again = await erase(customer.id, customer.lastName);
        expect(again.status).toBe(409);
        expect(again.body.errors).toEqual({ status: 'app.privacy.erase.already' });
        expect((await erase(999999, 'Nobody')).status).toBe(404);
    });

    it('leaves an anonymous, read-only card with its money and visits, and erases the trail’s values', async () => {
        const customer = await newCustomer();
        const phone = freshPhone();
        const changed = await as('manager', `/customers/${customer.id}`, {
            method: 'PUT',
            json: { ...customer, phone },
        });
        expect(changed.status, `${changed.status} ${changed.text}`).toBe(200);
        const { pass } = await sell(customer.id);
        const lead = await as('manager', '/leads', {
            method: 'POST',
            json: {
                name: `${customer.firstName} ${customer.lastName}`,
                phone,
                email: customer.email,
                customerId: customer.id,
            },
        });
        expect(lead.status, lead.text).toBe(201);
        // They book and cancel a class in the portal: entries they made themselves.
        const token = await signIn(customer.email!, customer.email!);
        const booked = await portal('/bookings', token, { method: 'POST', json: { eventId: ahead.id } });
        expect(booked.status, booked.text).toBe(201);
        const bookingId = (booked.body.booking as { id: number }).id;
        expect((await portal(`/bookings/${bookingId}/cancel`, token, { method: 'POST', json: {} })).status).toBe(200);
        const income = async () =>
            (await as('admin', '/statistics/incomes?from=2026-11-01&to=2026-11-30&interval=month')).body;
        const before = await income();

        const erased = await erase(customer.id, customer.lastName);
        expect(erased.status, erased.text).toBe(200);
        expect(erased.body).toMatchObject({
            id: customer.id,
            firstName: 'Удалён клиент',
            lastName: `#${customer.id}`,
            phone: null,
            email: null,
            birthDate: null,
            notes: null,
            status: 'erased',
            telegramLinked: false,
            erasedAt: now.toISOString(),
        });
        const rest = restClient(served.server.url, await login(served.server.url, 'admin'));
        expect((await rest.getOne('customers', { id: customer.id })).data).toMatchObject({
            status: 'erased',
            email: null,
        });
        const statuses = (
            await rest.getList('statuses', {
                filter: { name: 'customer' },
                pagination: { page: 1, perPage: 50 },
                sort: { field: 'id', order: 'ASC' },
            })
        ).data;
        expect(statuses).toContainEqual(
            expect.objectContaining({ code: 'erased', labels: { en: 'Erased', ru: 'Удалён' } }),
        );

        // The erased status is the erasure's: not changed or deleted in the settings.
        const erasedRecord = statuses.find(status => status.code === 'erased')!;
        const renamed = await as('admin', `/statuses/${erasedRecord.id}`, {
            method: 'PUT',
            json: { ...erasedRecord, isDefault: true },
        });
        expect([renamed.status, renamed.body.errors]).toEqual([409, { code: 'app.privacy.status_reserved' }]);
        expect((await as('admin', `/statuses/${erasedRecord.id}`, { method: 'DELETE' })).status).toBe(409);

        // Money and visits kept, the totals as they were.
        expect((await rest.getOne('passes', { id: pass.id })).data).toMatchObject({ customerId: customer.id });
        expect(await income()).toEqual(before);

        // Read only: no edit, sale, booking or link.
        const refusedEdit = await as('admin', `/customers/${customer.id}`, {
            method: 'PUT',
            json: { ...erased.body, notes: 'back again' },
        });
        expect(refusedEdit.status).toBe(409);
        expect(refusedEdit.body.errors).toEqual({ status: 'app.privacy.erased' });
        const sale = await as('manager', '/passes/sell', {
            method: 'POST',
            json: { customerId: customer.id, subscriptionId: 3, startsOn: '2026-11-29', method: 'cash' },
        });
        expect([sale.status, sale.body.errors]).toEqual([409, { status: 'app.privacy.erased' }]);
        const booking = await as('manager', '/bookings', {
            method: 'POST',
            json: { eventId: ahead.id, customerId: customer.id, force: true },
        });
        expect([booking.status, booking.body.errors]).toEqual([409, { status: 'app.privacy.erased' }]);
        const link = await as('manager', '/paymentLinks', {
            method: 'POST',
            json: { customerId: customer.id, subscriptionId: 1 },
        });
        expect([link.status, link.body.errors]).toEqual([409, { status: 'app.privacy.erased' }]);
        // Nobody gives a card the erased status by hand.
        const byHand = await as('manager', '/customers', {
            method: 'POST',
            json: { firstName: 'Hand', lastName: 'Made', phone: freshPhone(), status: 'erased' },
        });
        expect([byHand.status, byHand.body.errors]).toEqual([400, { status: 'app.privacy.status_reserved' }]);

        // Their lead is gone (a lead is its name and phone); the portal session ended; the messages to them
        // and the trail keep nothing of who they were.
        expect((await as('manager', `/leads/${lead.body.id}`)).status).toBe(404);
        expect((await portal('/me', token)).status).toBe(401);
        const messages = await messagesOf(customer.id);
        expect(messages.length).toBeGreaterThan(0);
        for (const message of messages) expect([message.subject, message.text]).toEqual(['[erased]', '[erased]']);
        const trail = (
            await rest.getList('auditEntries', {
                filter: { customerId: customer.id },
                pagination: { page: 1, perPage: 200 },
                sort: { field: 'id', order: 'ASC' },
            })
        ).data;
        const text = JSON.stringify(trail);
        for (const value of [customer.firstName, customer.lastName, customer.email!, customer.notes!, phone.slice(-5)])
            expect(text).not.toContain(value);
        expect(trail.some(entry => entry.byCustomerId === customer.id && entry.userName === '[erased]')).toBe(true);
        expect(trail.at(-1)).toMatchObject({
            action: 'erase',
            collection: 'customers',
            recordId: String(customer.id),
            userName: expect.any(String),
            role: 'admin',
            before: null,
            after: null,
        });
        expect(engine).toMatch(/json|postgres/);
    });

    it('is asked to be erased from /my: a task for the admins due in 30 days, and a message that it was taken', async () => {
        const customer = await newCustomer();
        const token = await signIn(customer.email!, customer.email!);
        const asked = await portal('/me/erase', token, { method: 'POST' });
        expect(asked.status, asked.text).toBe(202);
        expect(asked.body).toEqual({
            requestedAt: now.toISOString(),
            dueAt: new Date(now.getTime() + 30 * 86_400_000).toISOString(),
            taskId: expect.any(Number),
        });
        const again = await portal('/me/erase', token, { method: 'POST' });
        expect(again.body).toEqual(asked.body);
        const privacy = await portal('/consents', token);
        expect(privacy.body.erasureRequest).toEqual({ requestedAt: asked.body.requestedAt, dueAt: asked.body.dueAt });

        const task = (await as('admin', `/tasks/${asked.body.taskId}`)).body;
        expect(task).toMatchObject({
            customerId: customer.id,
            source: 'erasure',
            assigneeRole: 'admin',
            status: 'open',
            dueAt: asked.body.dueAt,
        });
        const [message] = await messagesOf(customer.id, 'erasure_request');
        expect(message).toMatchObject({ locale: 'ru', channel: 'email' });
        expect(message.text).toContain('29 декабря');

        // The admin erases: the request is answered.
        expect((await erase(customer.id, customer.lastName)).status).toBe(200);
        expect((await as('admin', `/tasks/${asked.body.taskId}`)).body).toMatchObject({ status: 'done', doneBy: 1 });
    });
});
