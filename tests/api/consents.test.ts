import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { defaultConsentTexts, type Consent } from '../../src/domain/consents';
import { instantAt } from '../../src/domain/time';
import type { Config, Customer, Database } from '../../src/domain/types';
import { addCustomer, freshPhone } from '../support/factories';
import { serverWithMail } from '../support/mailedServer';
import { outboxDesk } from '../support/outbox';
import { portalClient } from '../support/portal';
import { demoDb } from '../support/server';

/*
 * Consents as records over real HTTP, on both engines: given at sign-up in the portal (personal data
 * required, marketing only when ticked), at the desk with a new customer, marketing revoked in one tap and
 * given again as a new record; records never changed or deleted; read by managers and admins, not by
 * teachers; the studio's texts versioned when their words change; the counts the dashboard shows.
 */

const zone = 'Europe/Moscow';
const db = JSON.parse(readFileSync(demoDb, 'utf8')) as Database;
const known = addCustomer(db, {
    firstName: 'Kira',
    lastName: 'Known',
    phone: freshPhone(),
    email: 'kira.known@example.test',
    locale: 'ru',
    consentAt: null,
});

let now = new Date(instantAt('2026-11-29T12:00', zone));
const served = serverWithMail(db, { TRUSTED_PROXY: 'loopback' }, () => now);
const { as } = outboxDesk(() => served.server);
const { portal, codeFromMail } = portalClient(
    () => served.server,
    () => served.mailbox,
);

let addresses = 0;
const newAddress = () => `10.46.${Math.floor(++addresses / 250)}.${addresses % 250}`;
const query = (filter: object) =>
    `filter=${encodeURIComponent(JSON.stringify(filter))}&sort=${encodeURIComponent('["id","ASC"]')}`;
const consentsOf = async (customerId: number) =>
    (await as('manager', `/consents?${query({ customerId })}`)).body as unknown as Consent[];

/** Joins in the portal and gives the code: answers the portal session and the customer it signs in. */
const joinAndVerify = async (fields: Record<string, unknown>, codeTo: string) => {
    const address = newAddress();
    const headers = { 'X-Forwarded-For': address };
    const seen = served.mailbox.to(codeTo).length;
    const joined = await portal('/auth/join', undefined, {
        method: 'POST',
        json: { consent: true, locale: 'en', ...fields },
        headers,
    });
    expect(joined.status, joined.text).toBe(202);
    expect(joined.body).toEqual({ sent: true, retryAfter: 60 });
    const code = await codeFromMail(codeTo, seen);
    const verified = await portal('/auth/verify', undefined, {
        method: 'POST',
        json: { login: fields.email, code },
        headers,
    });
    expect(verified.status, verified.text).toBe(200);
    return {
        token: verified.body.token as unknown as string,
        customer: verified.body.customer as unknown as Customer,
        address,
    };
};

describe('consents', () => {
    it('are recorded at sign-up: personal data always, marketing only when ticked, in the language joined in', async () => {
        const joinedAt = now.toISOString();
        const email = 'pia.portal@example.test';
        const { customer, address } = await joinAndVerify(
            { firstName: 'Pia', lastName: 'Portal', phone: freshPhone(), email },
            email,
        );
        const given = await consentsOf(customer.id);
        expect(given).toEqual([
            expect.objectContaining({
                customerId: customer.id,
                kind: 'personal_data',
                textVersion: 1,
                text: expect.stringContaining('my consent to process my personal data'),
                at: joinedAt,
                source: 'portal',
                ip: address,
                revokedAt: null,
            }),
        ]);
        expect(given[0].text).not.toContain('%{studio}');
        const ticked = 'mark.marketing@example.test';
        const second = await joinAndVerify(
            {
                firstName: 'Mark',
                lastName: 'Offers',
                phone: freshPhone(),
                email: ticked,
                marketing: true,
                locale: 'ru',
            },
            ticked,
        );
        const kinds = (await consentsOf(second.customer.id)).map(({ kind, source }) => [kind, source]);
        expect(kinds).toEqual([
            ['personal_data', 'portal'],
            ['marketing', 'portal'],
        ]);
        expect((await consentsOf(second.customer.id))[1].text).toContain('предложения');
    });

    it('answer a known contact as an unknown one (202 and a code), and record the found customer’s consents at verify', async () => {
        expect(await consentsOf(known.id)).toEqual([]);
        const { customer } = await joinAndVerify(
            { firstName: 'Kira', lastName: 'Known', phone: freshPhone(), email: known.email, marketing: true },
            known.email!,
        );
        expect(customer.id).toBe(known.id);
        expect((await consentsOf(known.id)).map(consent => consent.kind)).toEqual(['personal_data', 'marketing']);
        // Nobody else was made of the sign-up.
        const same = (await as('admin', `/customers?${query({ q: known.email })}`)).body as unknown as Customer[];
        expect(same.map(one => one.id)).toEqual([known.id]);
    });

    it('refuse a sign-up without personal data consent, naming the field', async () => {
        const answer = await portal('/auth/join', undefined, {
            method: 'POST',
            json: {
                firstName: 'No',
                lastName: 'Consent',
                phone: freshPhone(),
                email: 'no@example.test',
                marketing: true,
            },
            headers: { 'X-Forwarded-For': newAddress() },
        });
        expect(answer.status).toBe(400);
        expect(answer.body.errors).toMatchObject({ consent: 'app.portal.consent_required' });
    });

    it('are recorded with the desk’s new customer, and refused with a consent that is not personal data’s', async () => {
        const base = { firstName: 'Dana', lastName: 'Desk', phone: freshPhone(), status: 'active' };
        const made = await as('manager', '/customers', {
            method: 'POST',
            json: { ...base, consents: { personalData: true, marketing: false } },
        });
        expect(made.status, made.text).toBe(201);
        expect(made.body).toMatchObject({ consentAt: now.toISOString() });
        expect(made.body).not.toHaveProperty('consents');
        const id = made.body.id as unknown as number;
        expect(await consentsOf(id)).toEqual([
            expect.objectContaining({ kind: 'personal_data', source: 'desk', at: now.toISOString(), ip: null }),
        ]);
        const refused = await as('manager', '/customers', {
            method: 'POST',
            json: { ...base, phone: freshPhone(), consents: { personalData: false, marketing: true } },
        });
        expect(refused.status).toBe(400);
        expect(refused.body.errors).toMatchObject({ 'consents.personalData': 'app.consents.personal_data_required' });
        // A customer made without the part (an integration, a ward) has none recorded.
        const plain = await as('manager', '/customers', { method: 'POST', json: { ...base, phone: freshPhone() } });
        expect(plain.status, plain.text).toBe(201);
        expect(await consentsOf(plain.body.id as unknown as number)).toEqual([]);
    });

    it('let a customer revoke marketing in one tap and give it again as a new record', async () => {
        const email = 'rita.revoke@example.test';
        const { token, customer } = await joinAndVerify(
            { firstName: 'Rita', lastName: 'Revoke', phone: freshPhone(), email, marketing: true },
            email,
        );
        now = new Date(now.getTime() + 60 * 60_000);
        const revoked = await portal('/consents/marketing/revoke', token, { method: 'POST' });
        expect(revoked.status, revoked.text).toBe(200);
        const marketing = (await consentsOf(customer.id)).filter(consent => consent.kind === 'marketing');
        expect(marketing).toEqual([expect.objectContaining({ revokedAt: now.toISOString() })]);
        now = new Date(now.getTime() + 60 * 60_000);
        const again = await portal('/consents/marketing', token, {
            method: 'POST',
            headers: { 'X-Forwarded-For': '10.46.99.1' },
        });
        expect(again.status, again.text).toBe(200);
        const answer = again.body as unknown as { consents: Consent[]; marketingText: string };
        expect(answer.marketingText).toContain('may send me offers');
        expect(answer.consents.filter(consent => consent.kind === 'marketing')).toEqual([
            expect.objectContaining({ at: now.toISOString(), revokedAt: null, source: 'portal', ip: '10.46.99.1' }),
            expect.objectContaining({ revokedAt: expect.any(String) }),
        ]);
        // Saying yes twice keeps one consent in force.
        await portal('/consents/marketing', token, { method: 'POST' });
        const inForce = (await consentsOf(customer.id)).filter(one => one.kind === 'marketing' && !one.revokedAt);
        expect(inForce).toHaveLength(1);
        // Another customer's token sees only their own.
        expect((await portal('/consents', token)).body.consents).toHaveLength(3);
    });

    it('are never changed or deleted through the list protocol, and teachers do not read them', async () => {
        const [consent] = await consentsOf(known.id);
        for (const method of ['PUT', 'DELETE']) {
            const answer = await as('admin', `/consents/${consent.id}`, {
                method,
                json: { ...consent, revokedAt: now.toISOString() },
            });
            expect(answer.status, `${method} ${answer.text}`).toBe(405);
        }
        expect((await consentsOf(known.id))[0]).toEqual(consent);
        expect((await as('teacher', '/consents')).status).toBe(403);
        expect((await as('teacher', '/consents/counts')).status).toBe(403);
    });

    it('are recorded at the desk for an existing customer, the studio’s current words, autopay refused', async () => {
        const desk = addressless();
        const made = await as('manager', '/consents', {
            method: 'POST',
            json: { customerId: desk, kind: 'marketing' },
        });
        expect(made.status, made.text).toBe(201);
        expect(made.body).toMatchObject({ kind: 'marketing', source: 'desk', textVersion: 1, revokedAt: null });
        const twice = await as('manager', '/consents', {
            method: 'POST',
            json: { customerId: desk, kind: 'marketing' },
        });
        expect(twice.status).toBe(409);
        const autopay = await as('manager', '/consents', {
            method: 'POST',
            json: { customerId: desk, kind: 'autopay' },
        });
        expect(autopay.status).toBe(400);
        expect(autopay.body.errors).toMatchObject({ kind: 'app.consents.autopay_at_desk' });
    });

    it('take the studio’s texts, whose changed words raise the version whatever version is sent', async () => {
        const config = (await as('admin', '/configs/general')).body as unknown as Config;
        const texts = {
            ...defaultConsentTexts,
            marketing: { version: 1, en: 'Offers from %{studio}: yes.', ru: 'Предложения от %{studio}: да.' },
        };
        const saved = await as('admin', '/configs/general', {
            method: 'PUT',
            json: { ...config, consentTexts: texts },
        });
        expect(saved.status, saved.text).toBe(200);
        expect(saved.body.consentTexts).toMatchObject({
            marketing: { version: 2, en: 'Offers from %{studio}: yes.' },
            personal_data: { version: 1 },
        });
        // The same words again keep their version; the settings saved without the texts keep them.
        const again = await as('admin', '/configs/general', {
            method: 'PUT',
            json: { ...config, consentTexts: texts },
        });
        expect(again.body.consentTexts).toMatchObject({ marketing: { version: 2 } });
        const without = await as('admin', '/configs/general', {
            method: 'PUT',
            json: { ...config, consentTexts: null },
        });
        expect(without.body.consentTexts).toMatchObject({ marketing: { version: 2 } });
        const made = await as('manager', '/consents', {
            method: 'POST',
            json: { customerId: addressless(), kind: 'marketing' },
        });
        expect(made.body).toMatchObject({ textVersion: 2 });
        expect([`Offers from ${config.studioName}: yes.`, `Предложения от ${config.studioName}: да.`]).toContain(
            made.body.text,
        );
    });

    it('are counted for the dashboard: customers with personal data consent and with marketing in force', async () => {
        const counts = (await as('manager', '/consents/counts')).body as unknown as Record<string, number>;
        const all = (await as('admin', '/consents?range=[0,999]')).body as unknown as Consent[];
        const holders = (kind: string) =>
            new Set(all.filter(one => one.kind === kind && !one.revokedAt).map(one => one.customerId)).size;
        expect(counts).toEqual({ personalData: holders('personal_data'), marketing: holders('marketing') });
        expect(counts.marketing).toBeGreaterThanOrEqual(3);
    });
});

/** A demo customer who gave no marketing consent, a different one each time. */
let spare = 0;
const addressless = () => {
    const marketing = new Set(db.consents.filter(one => one.kind === 'marketing').map(one => one.customerId));
    const customer = db.customers.filter(one => one.guardianId == null && !marketing.has(one.id))[spare++];
    return customer.id;
};
