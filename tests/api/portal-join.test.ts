import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { instantAt } from '../../src/domain/time';
import type { Customer, Database } from '../../src/domain/types';
import { addCustomer, freshPhone } from '../support/factories';
import { serverWithMail } from '../support/mailedServer';
import { outboxDesk } from '../support/outbox';
import { portalClient } from '../support/portal';
import { demoDb } from '../support/server';

/*
 * Signing up in the portal, on both engines, with codes read from mail a real SMTP server received: the
 * answer is the same 202 whether the phone or the e-mail typed is a customer's or not, a code goes to the
 * contact (the customer's own channel, or the e-mail typed), and the code's verify makes the new lead or
 * signs the existing customer in, their card as it was. Every try from one address counts.
 */

const zone = 'Europe/Moscow';
const db = JSON.parse(readFileSync(demoDb, 'utf8')) as Database;
const vera = addCustomer(db, {
    firstName: 'Vera',
    lastName: 'Joined',
    phone: freshPhone(),
    email: 'vera.joined@example.test',
    locale: 'en',
    consentAt: null,
});

let now = new Date(instantAt('2031-08-10T12:00', zone));
const served = serverWithMail(db, { TRUSTED_PROXY: 'loopback' }, () => now);
const { as } = outboxDesk(() => served.server);
const { portal, codeFromMail } = portalClient(
    () => served.server,
    () => served.mailbox,
);

let addresses = 0;
/** An address of its own for each test, so that the per-address limits of one never touch another. */
const newAddress = () => `10.40.${Math.floor(++addresses / 250)}.${addresses % 250}`;

const join = (fields: Record<string, unknown>, address: string) =>
    portal('/auth/join', undefined, {
        method: 'POST',
        json: { consent: true, locale: 'en', ...fields },
        headers: { 'X-Forwarded-For': address },
    });
const verify = (login: string, code: string, address: string) =>
    portal('/auth/verify', undefined, {
        method: 'POST',
        json: { login, code },
        headers: { 'X-Forwarded-For': address },
    });
const customersWith = async (email: string) =>
    (await as('admin', `/customers?filter=${encodeURIComponent(JSON.stringify({ q: email }))}`))
        .body as unknown as Customer[];

describe('joining', () => {
    it('answers 202 the same way for a known and an unknown contact, and a code goes to each', async () => {
        const address = newAddress();
        const newcomer = { firstName: 'Nina', lastName: 'New', phone: freshPhone(), email: 'nina.new@example.test' };
        const seen = served.mailbox.to(vera.email!).length;
        const answers = [
            await join(newcomer, address),
            await join({ ...newcomer, email: 'someone.else@example.test', phone: vera.phone }, address),
            await join({ ...newcomer, email: vera.email }, address),
        ];
        for (const answer of answers) {
            expect(answer.status, answer.text).toBe(202);
            expect(answer.body).toEqual({ sent: true, retryAfter: 60 });
        }
        expect(await codeFromMail(newcomer.email, 0)).toMatch(/^\d{6}$/);
        await expect.poll(() => served.mailbox.to(vera.email!).length - seen, { timeout: 10_000 }).toBe(2);
        // Nobody is made before the code is given.
        expect(await customersWith(newcomer.email)).toEqual([]);
        expect(served.mailbox.to('someone.else@example.test')).toEqual([]);
    });

    it('makes a lead at verify of the name, contacts and consent given when joining, signed in', async () => {
        const address = newAddress();
        const joinedAt = now.toISOString();
        const phone = freshPhone();
        const email = 'oleg.lead@example.test';
        const answer = await join({ firstName: 'Oleg', lastName: 'Lead', phone, email, locale: 'ru' }, address);
        expect(answer.status, answer.text).toBe(202);
        const code = await codeFromMail(email, 0);
        expect(served.mailbox.to(email).at(-1)!.text).toMatch(/код для входа — \d{6}/);
        now = new Date(now.getTime() + 3 * 60_000);
        const verified = await verify(email, code, address);
        expect(verified.status, verified.text).toBe(200);
        expect(verified.body.token).toEqual(expect.any(String));
        expect(verified.body.customer).toMatchObject({ firstName: 'Oleg', lastName: 'Lead', status: 'lead' });
        const id = (verified.body.customer as unknown as Customer).id;
        const card = await as('admin', `/customers/${id}`);
        expect(card.body).toMatchObject({ email, source: 'portal', locale: 'ru', consentAt: joinedAt });
        const history = await as(
            'admin',
            `/auditEntries?filter=${encodeURIComponent(JSON.stringify({ collection: 'customers', recordId: String(id) }))}`,
        );
        expect(history.body[0]).toMatchObject({ action: 'create', endpoint: 'POST /api/portal/auth/verify' });
        expect((await portal('/me', verified.body.token as unknown as string)).body.customer).toMatchObject({ id });
        // The code is spent: a second verify makes nobody else.
        expect((await verify(email, code, address)).status).toBe(400);
        expect(await customersWith(email)).toHaveLength(1);
    });

    it('signs in the customer whose phone was typed, by the code sent to them, their card as it was but for the consent', async () => {
        const address = newAddress();
        const typedEmail = 'not.vera@example.test';
        const before = (await as('admin', `/customers/${vera.id}`)).body;
        expect(before).toMatchObject({ firstName: 'Vera', lastName: 'Joined', consentAt: null });
        const seen = served.mailbox.to(vera.email!).length;
        now = new Date(now.getTime() + 2 * 60_000);
        const joinedAt = now.toISOString();
        const answer = await join(
            { firstName: 'Someone', lastName: 'Else', phone: vera.phone, email: typedEmail },
            address,
        );
        expect(answer.status, answer.text).toBe(202);
        const code = await codeFromMail(vera.email!, seen);
        const verified = await verify(typedEmail, code, address);
        expect(verified.status, verified.text).toBe(200);
        expect(verified.body.customer).toMatchObject({ id: vera.id, firstName: 'Vera', lastName: 'Joined' });
        expect((await as('admin', `/customers/${vera.id}`)).body).toEqual({ ...before, consentAt: joinedAt });
        expect(await customersWith(typedEmail)).toEqual([]);
    });

    it('refuses a wrong code, and five wrong tries spend the code', async () => {
        const address = newAddress();
        const email = 'wrong.tries@example.test';
        await join({ firstName: 'Wrong', lastName: 'Tries', phone: freshPhone(), email }, address);
        const code = await codeFromMail(email, 0);
        const wrong = code === '000000' ? '111111' : '000000';
        for (let attempt = 0; attempt < 5; attempt++) {
            const answer = await verify(email, wrong, address);
            expect(answer.status).toBe(400);
            expect(answer.body.errors).toEqual({ code: 'app.portal.wrong_code' });
        }
        expect((await verify(email, code, address)).status).toBe(400);
        expect(await customersWith(email)).toEqual([]);
    });

    it('still refuses without consent, naming the field', async () => {
        const answer = await join(
            {
                firstName: 'No',
                lastName: 'Consent',
                phone: freshPhone(),
                email: 'no.consent.join@example.test',
                consent: false,
            },
            newAddress(),
        );
        expect(answer.status).toBe(400);
        expect(answer.body.errors).toMatchObject({ consent: 'app.portal.consent_required' });
    });

    it('counts every try from one address, known contacts and mistakes alike: the eleventh in an hour waits (429)', async () => {
        const address = newAddress();
        for (let attempt = 0; attempt < 10; attempt++) {
            const fields =
                attempt % 3 === 2
                    ? { firstName: 'Bad', lastName: 'Phone', phone: 'not a phone', email: `bad${attempt}@example.test` }
                    : {
                          firstName: 'Try',
                          lastName: `${attempt}`,
                          phone: vera.phone,
                          email: `try${attempt}@example.test`,
                      };
            expect([202, 400]).toContain((await join(fields, address)).status);
        }
        const eleventh = await join(
            { firstName: 'Try', lastName: 'Again', phone: freshPhone(), email: 'try.again@example.test' },
            address,
        );
        expect(eleventh.status, eleventh.text).toBe(429);
        expect(Number(eleventh.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(eleventh.body.retryAfter).toBeGreaterThan(0);
        // Another address is not concerned.
        const other = await join(
            { firstName: 'Try', lastName: 'Elsewhere', phone: freshPhone(), email: 'try.elsewhere@example.test' },
            newAddress(),
        );
        expect(other.status).toBe(202);
        // An hour later the address may try again.
        now = new Date(now.getTime() + 60 * 60_000);
        expect(
            (
                await join(
                    { firstName: 'Try', lastName: 'Later', phone: freshPhone(), email: 'later@example.test' },
                    address,
                )
            ).status,
        ).toBe(202);
    });
});
