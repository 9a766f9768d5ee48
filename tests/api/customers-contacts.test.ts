import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { instantAt } from '../../src/domain/time';
import type { Customer, Database } from '../../src/domain/types';
import { addCustomer, freshPhone } from '../support/factories';
import { serverWithMail } from '../support/mailedServer';
import { portalClient } from '../support/portal';
import { call, demoDb, login, tokenPayload } from '../support/server';

/*
 * How the studio reaches a customer, on both engines: a phone, an e-mail or a guardian will do. A
 * customer known by e-mail only is added, found, edited, written to and signs in to the portal by e-mail;
 * a ward needs no phone of their own, and one given their guardian's phone is not a second customer with
 * the same phone (a stranger with it still is).
 */

const zone = 'Europe/Moscow';
const db = JSON.parse(readFileSync(demoDb, 'utf8')) as Database;
// A customer the studio knows by e-mail only, as an older import or the desk may have left them.
const mailOnly = addCustomer(db, {
    firstName: 'Mila',
    lastName: 'Mailonly',
    phone: null as unknown as string,
    email: 'mila.mailonly@example.test',
    locale: 'en',
});

let now = new Date(instantAt('2031-03-10T12:00', zone));
const served = serverWithMail(db, {}, () => now);
const { portal, askCode } = portalClient(
    () => served.server,
    () => served.mailbox,
    () => (now = new Date(now.getTime() + 61_000)),
);

let token = '';
beforeAll(async () => {
    token = await login(served.server.url, 'manager');
});
const api = (path: string, init: Parameters<typeof call>[2] = {}) =>
    call(served.server.url, `/api${path}`, { token, ...init });
const addNew = (body: Record<string, unknown>) =>
    api('/customers', { method: 'POST', json: { status: 'active', ...body } });

describe('a customer with an e-mail and no phone', () => {
    it('is added, read, found by the search and edited', async () => {
        const added = await addNew({ firstName: 'Eva', lastName: 'Postova', email: 'eva.postova@example.test' });
        expect(added.status, added.text).toBe(201);
        expect(added.body).toMatchObject({ phone: null, email: 'eva.postova@example.test' });
        const id = added.body.id as number;
        const found = await api(`/customers?filter=${encodeURIComponent(JSON.stringify({ q: 'postova' }))}`);
        expect(found.status, found.text).toBe(200);
        expect((found.body as unknown as Customer[]).map(customer => customer.id)).toEqual([id]);
        // The search by a phone's digits and the list sorted by phone pass over a customer without one.
        const byDigits = await api(`/customers?filter=${encodeURIComponent(JSON.stringify({ q: '901 555' }))}`);
        expect(byDigits.status, byDigits.text).toBe(200);
        const sorted = await api('/customers?sort=["phone","ASC"]&range=[0,9]');
        expect(sorted.status, sorted.text).toBe(200);
        const samePhone = await api(`/customers?filter=${encodeURIComponent(JSON.stringify({ phoneDigits: '' }))}`);
        expect(samePhone.status, samePhone.text).toBe(200);
        const edited = await api(`/customers/${id}`, {
            method: 'PUT',
            json: { ...(added.body as object), notes: 'Prefers e-mail' },
        });
        expect(edited.status, edited.text).toBe(200);
        expect(edited.body).toMatchObject({ phone: null, notes: 'Prefers e-mail' });
    });

    it('needs a phone or an e-mail: with neither it is refused naming the phone', async () => {
        const refused = await addNew({ firstName: 'Nil', lastName: 'Contactless', phone: '', email: '' });
        expect(refused.status).toBe(400);
        expect(refused.body.errors).toEqual({ phone: 'app.validation.contact' });
        const emptied = await api(`/customers/${mailOnly.id}`, {
            method: 'PUT',
            json: { ...mailOnly, email: null },
        });
        expect(emptied.status).toBe(400);
        expect(emptied.body.errors).toEqual({ phone: 'app.validation.contact' });
    });

    it('signs in to the portal by e-mail', async () => {
        const code = await askCode(mailOnly.email!, mailOnly.email!);
        const verified = await portal('/auth/verify', undefined, {
            method: 'POST',
            json: { login: mailOnly.email, code },
        });
        expect(verified.status, verified.text).toBe(200);
        expect(tokenPayload(verified.body.token as unknown as string).sub).toBe(String(mailOnly.id));
        const me = await portal('/me', verified.body.token as unknown as string);
        expect(me.status, me.text).toBe(200);
        expect(me.body.customer).toMatchObject({ id: mailOnly.id, phone: null });
    });
});

describe('a ward', () => {
    const familyPhone = freshPhone();
    let guardianId = 0;
    beforeAll(async () => {
        const guardian = await addNew({ firstName: 'Olga', lastName: 'Parentova', phone: familyPhone });
        expect(guardian.status, guardian.text).toBe(201);
        guardianId = guardian.body.id as number;
    });

    it('needs no phone of their own', async () => {
        const ward = await addNew({ firstName: 'Masha', lastName: 'Parentova', guardianId });
        expect(ward.status, ward.text).toBe(201);
        expect(ward.body).toMatchObject({ phone: null, email: null, guardianId });
    });

    it("given the guardian's phone is not a duplicate of the guardian, nor of a brother with it", async () => {
        const ward = await addNew({ firstName: 'Petya', lastName: 'Parentova', phone: familyPhone, guardianId });
        expect(ward.status, ward.text).toBe(201);
        const brother = await addNew({ firstName: 'Vanya', lastName: 'Parentova', phone: familyPhone, guardianId });
        expect(brother.status, brother.text).toBe(201);
        // Someone else with the family's phone is still the desk's slip to look at.
        const stranger = await addNew({ firstName: 'Oleg', lastName: 'Strangerov', phone: familyPhone });
        expect(stranger.status).toBe(409);
        expect(stranger.body.errors).toEqual({ phone: 'app.validation.duplicate_phone' });
    });
});
