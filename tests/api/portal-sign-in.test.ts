import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { instantAt } from '../../src/domain/time';
import type { Customer, Database } from '../../src/domain/types';
import { addCustomer, freshPhone } from '../support/factories';
import { serverWithMail } from '../support/mailedServer';
import { outboxDesk } from '../support/outbox';
import { portalClient } from '../support/portal';
import { demoDb, tokenPayload } from '../support/server';

/*
 * Signing in to the portal, on both engines, with codes read from mail that a real SMTP server received:
 * the code by e-mail or phone (typed any common way), the same answer for a login nobody has, a family's
 * shared phone (the adults to choose from, never the child), five wrong tries spending a code, the limits
 * on asking, a staff-made link spent once by a POST, the portal token's own audience, and signing out on
 * one device or all. Sign-up has its own file (portal-join.test.ts).
 */

const zone = 'Europe/Moscow';
const db = JSON.parse(readFileSync(demoDb, 'utf8')) as Database;
const person = (firstName: string, fields: Partial<Customer> = {}) =>
    addCustomer(db, {
        firstName,
        lastName: 'Portal',
        phone: freshPhone(),
        email: `${firstName.toLowerCase()}.portal@example.test`,
        locale: 'en',
        ...fields,
    });
const olga = person('Olga');
const lock = person('Lock');
const limit = person('Limit');
const linked = person('Linked');
const ending = person('Ending');
// A family on one phone: two adults and a child who is their ward.
const familyPhone = freshPhone();
const mum = person('Mum', { phone: familyPhone });
const dad = person('Dad', { phone: familyPhone });
const kid = person('Kid', { phone: familyPhone, guardianId: mum.id, email: 'kid.portal@example.test' });
// A phone only one customer has, typed as people type it in Russia.
const solo = person('Solo');
const soloTyped = `8 (${solo.phone!.slice(3, 6)}) ${solo.phone!.slice(7)}`;

let now = new Date(instantAt('2031-07-15T12:00', zone));
const served = serverWithMail(db, { PUBLIC_URL: 'https://studio.example.test' }, () => now);

const { as } = outboxDesk(() => served.server);
const { portal, askCode, codeFromMail, signIn } = portalClient(
    () => served.server,
    () => served.mailbox,
    () => (now = new Date(now.getTime() + 61_000)),
);

describe('a sign-in code', () => {
    it('comes by e-mail and signs the customer in for 90 days with a portal token', async () => {
        const code = await askCode('OLGA.portal@example.test ', olga.email!);
        expect(served.mailbox.to(olga.email!).at(-1)!.text).toMatch(
            /code to sign in .*: \d{6}\. It works for 10 minutes/,
        );
        const verified = await portal('/auth/verify', undefined, {
            method: 'POST',
            json: { login: olga.email, code },
        });
        expect(verified.status, verified.text).toBe(200);
        expect(verified.body.customer).toMatchObject({ id: olga.id, firstName: 'Olga', balanceDue: 0 });
        const payload = tokenPayload(verified.body.token as unknown as string);
        expect(payload).toMatchObject({ aud: 'portal', sub: String(olga.id) });
        expect((payload.exp as number) - (payload.iat as number)).toBe(90 * 86_400);
        const me = await portal('/me', verified.body.token as unknown as string);
        expect(me.status, me.text).toBe(200);
        expect(me.body.customer).toMatchObject({ id: olga.id, email: olga.email });
        expect(me.body.wards).toEqual([]);
        expect(me.body.calendarUrl).toMatch(
            /^https:\/\/studio\.example\.test\/api\/portal\/calendar\/\d+-[\w-]+\.ics$/,
        );
    });

    it('works once: the same code again is refused', async () => {
        const code = await askCode(olga.email!, olga.email!);
        const first = await portal('/auth/verify', undefined, { method: 'POST', json: { login: olga.email, code } });
        expect(first.status).toBe(200);
        const again = await portal('/auth/verify', undefined, { method: 'POST', json: { login: olga.email, code } });
        expect(again.status).toBe(400);
        expect(again.body.errors).toEqual({ code: 'app.portal.wrong_code' });
    });

    it('is never kept readable: the outbox shows it masked once sent, and the card never shows its hash', async () => {
        const messages = await as(
            'admin',
            `/messages?filter=${encodeURIComponent(JSON.stringify({ customerId: olga.id, kind: 'sign_in' }))}`,
        );
        const sent = (messages.body as unknown as { status: string; text: string }[]).filter(
            message => message.status === 'sent',
        );
        expect(sent.length).toBeGreaterThan(0);
        for (const message of sent) expect(message.text).not.toMatch(/\d{6}/);
        const card = await as('admin', `/customers/${olga.id}`);
        expect(card.text).not.toMatch(/signInCode|portalVersion|calendarToken/);
    });

    it('comes for a phone typed with 8 and brackets', async () => {
        const token = await signIn(soloTyped, solo.email!);
        expect(tokenPayload(token).sub).toBe(String(solo.id));
    });

    it('is asked for the same way whether anyone has the login or not, and nothing is sent for nobody', async () => {
        const before = served.mailbox.mails.length;
        const nobody = await portal('/auth/code', undefined, {
            method: 'POST',
            json: { login: 'nobody.portal@example.test' },
        });
        expect(nobody.status).toBe(202);
        expect(nobody.body).toEqual({ sent: true, retryAfter: 60 });
        const wrong = await portal('/auth/verify', undefined, {
            method: 'POST',
            json: { login: 'nobody.portal@example.test', code: '123456' },
        });
        expect(wrong.status).toBe(400);
        expect(wrong.body.errors).toEqual({ code: 'app.portal.wrong_code' });
        await new Promise(done => setTimeout(done, 300));
        expect(served.mailbox.mails.length).toBe(before);
    });

    it('refuses a login that is neither an e-mail nor a phone', async () => {
        const answer = await portal('/auth/code', undefined, { method: 'POST', json: { login: 'hello' } });
        expect(answer.status).toBe(400);
        expect(answer.body.errors).toEqual({ login: 'app.portal.login_invalid' });
    });

    it('is spent by five wrong tries: the right code after them no longer works', async () => {
        const code = await askCode(lock.email!, lock.email!);
        const wrong = code === '000000' ? '111111' : '000000';
        for (let attempt = 0; attempt < 5; attempt++) {
            const answer = await portal('/auth/verify', undefined, {
                method: 'POST',
                json: { login: lock.email, code: wrong },
            });
            expect(answer.status).toBe(400);
        }
        const right = await portal('/auth/verify', undefined, { method: 'POST', json: { login: lock.email, code } });
        expect(right.status).toBe(400);
        expect(right.body.errors).toEqual({ code: 'app.portal.wrong_code' });
    });

    it('is sent once a minute and five times an hour to one login (429 with the wait)', async () => {
        await askCode(limit.email!, limit.email!);
        const soon = await portal('/auth/code', undefined, { method: 'POST', json: { login: limit.email } });
        expect(soon.status).toBe(429);
        expect(Number(soon.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(soon.body.retryAfter).toBeGreaterThan(0);
        for (let sent = 1; sent < 5; sent++) {
            now = new Date(now.getTime() + 61_000);
            await askCode(limit.email!, limit.email!);
        }
        now = new Date(now.getTime() + 61_000);
        const sixth = await portal('/auth/code', undefined, { method: 'POST', json: { login: limit.email } });
        expect(sixth.status).toBe(429);
        // An hour after the first, one may go again.
        now = new Date(now.getTime() + 60 * 60_000);
        await askCode(limit.email!, limit.email!);
    });
});

describe('a phone shared by a family', () => {
    it('sends the code to the adults, never to the child, and asks which adult signs in', async () => {
        const mumSeen = served.mailbox.to(mum.email!).length;
        const dadSeen = served.mailbox.to(dad.email!).length;
        const asked = await portal('/auth/code', undefined, { method: 'POST', json: { login: familyPhone } });
        expect(asked.status).toBe(202);
        const code = await codeFromMail(mum.email!, mumSeen);
        expect(await codeFromMail(dad.email!, dadSeen)).toBe(code);
        expect(served.mailbox.to(kid.email!)).toEqual([]);
        const choose = await portal('/auth/verify', undefined, {
            method: 'POST',
            json: { login: familyPhone, code },
        });
        expect(choose.status, choose.text).toBe(200);
        expect(choose.body.token).toBeUndefined();
        expect(choose.body.choose).toEqual(
            expect.arrayContaining([
                { id: mum.id, firstName: 'Mum', lastName: 'Portal' },
                { id: dad.id, firstName: 'Dad', lastName: 'Portal' },
            ]),
        );
        expect(choose.body.choose).toHaveLength(2);
        const child = await portal('/auth/verify', undefined, {
            method: 'POST',
            json: { login: familyPhone, code, customerId: kid.id },
        });
        expect(child.status).toBe(400);
        const chosen = await portal('/auth/verify', undefined, {
            method: 'POST',
            json: { login: familyPhone, code, customerId: mum.id },
        });
        expect(chosen.status, chosen.text).toBe(200);
        expect(chosen.body.customer).toMatchObject({ id: mum.id });
        const me = await portal('/me', chosen.body.token as unknown as string);
        expect(me.body.wards).toEqual([expect.objectContaining({ id: kid.id, guardianId: mum.id })]);
    });
});

describe('a sign-in link made by staff', () => {
    let url = '';

    it('is made on the card by managers and admins only, for 24 hours', async () => {
        const teacher = await as('teacher', `/customers/${linked.id}/sign-in-link`, { method: 'POST' });
        expect(teacher.status).toBe(403);
        const made = await as('manager', `/customers/${linked.id}/sign-in-link`, { method: 'POST' });
        expect(made.status, made.text).toBe(200);
        url = made.body.url as unknown as string;
        expect(url).toMatch(new RegExp(`^https://studio\\.example\\.test/my/link/${linked.id}-[\\w-]+$`));
        expect(Date.parse(made.body.expiresAt as unknown as string) - now.getTime()).toBe(24 * 3_600_000);
        const card = await as('admin', `/customers/${linked.id}`);
        expect(card.text).not.toMatch(/signInLink/);
    });

    it('opens nothing on a GET of its page, signs in by the POST once, and is spent', async () => {
        const token = url.split('/my/link/')[1];
        // What a mail scanner or a link preview does: the page is fetched, and nothing is spent.
        await fetch(`${served.server.url}/my/link/${token}`);
        await fetch(`${served.server.url}/api/portal/auth/link?token=${token}`);
        const spent = await portal('/auth/link', undefined, { method: 'POST', json: { token } });
        expect(spent.status, spent.text).toBe(200);
        expect(spent.body.customer).toMatchObject({ id: linked.id });
        const again = await portal('/auth/link', undefined, { method: 'POST', json: { token } });
        expect(again.status).toBe(404);
        expect(again.body.errors).toEqual({ token: 'app.portal.link_invalid' });
    });

    it('no longer works after 24 hours', async () => {
        const made = await as('admin', `/customers/${linked.id}/sign-in-link`, { method: 'POST' });
        const token = (made.body.url as unknown as string).split('/my/link/')[1];
        now = new Date(now.getTime() + 24 * 3_600_000 + 1000);
        const late = await portal('/auth/link', undefined, { method: 'POST', json: { token } });
        expect(late.status).toBe(404);
    });
});

describe('portal sessions', () => {
    it('open only the portal, and a staff token opens none of it', async () => {
        const token = await signIn(olga.email!, olga.email!);
        for (const path of ['/api/customers', '/api/auth/me', '/api/bookings'])
            expect(
                (await fetch(`${served.server.url}${path}`, { headers: { Authorization: `Bearer ${token}` } })).status,
            ).toBe(401);
        const staffToken = (
            await fetch(`${served.server.url}/api/auth/login`, {
                method: 'POST',
                headers: { 'Content-Type': 'application/json' },
                body: JSON.stringify({ email: 'admin@studio.test', password: 'admin123' }),
            }).then(answer => answer.json())
        ).token as string;
        for (const path of ['/me', '/classes', '/passes', '/bookings'])
            expect((await portal(path, staffToken)).status).toBe(401);
        expect((await portal('/me', undefined)).status).toBe(401);
        expect((await portal('/no-such-thing', token)).status).toBe(404);
    });

    it('end on this device only, or on every device', async () => {
        const phone = await signIn(olga.email!, olga.email!);
        const laptop = await signIn(olga.email!, olga.email!);
        expect((await portal('/logout', phone, { method: 'POST' })).status).toBe(204);
        expect((await portal('/me', phone)).status).toBe(401);
        expect((await portal('/me', laptop)).status).toBe(200);
        const tablet = await signIn(olga.email!, olga.email!);
        expect((await portal('/logout-everywhere', laptop, { method: 'POST' })).status).toBe(204);
        expect((await portal('/me', laptop)).status).toBe(401);
        expect((await portal('/me', tablet)).status).toBe(401);
        expect((await portal('/me', await signIn(olga.email!, olga.email!))).status).toBe(200);
    });

    it('expire after PORTAL_SESSION_DAYS', async () => {
        const token = await signIn(ending.email!, ending.email!);
        now = new Date(now.getTime() + 89 * 86_400_000);
        expect((await portal('/me', token)).status).toBe(200);
        now = new Date(now.getTime() + 2 * 86_400_000);
        expect((await portal('/me', token)).status).toBe(401);
    });
});
