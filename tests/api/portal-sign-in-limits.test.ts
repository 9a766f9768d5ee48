import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { instantAt } from '../../src/domain/time';
import type { Database, Message } from '../../src/domain/types';
import { addCustomer, freshPhone } from '../support/factories';
import { serverWithMail } from '../support/mailedServer';
import { outboxDesk } from '../support/outbox';
import { portalClient } from '../support/portal';
import { demoDb } from '../support/server';

/*
 * The portal's sign-in codes against strangers, on both engines, with the clock the test moves: a
 * stranger asking for a customer's codes and guessing them from other addresses neither uses up the
 * codes the customer asks for from their own address nor spends the code the customer was sent; and
 * staff never read a code's text in the outbox, whether the message is queued, skipped or failed, while
 * the server still sends it.
 */

const zone = 'Europe/Moscow';
const db = JSON.parse(readFileSync(demoDb, 'utf8')) as Database;
const person = (firstName: string, email: string | null) =>
    addCustomer(db, { firstName, lastName: 'Limits', phone: freshPhone(), email, locale: 'en' });
const kira = person('Kira', 'kira.limits@example.test');
const lena = person('Lena', 'lena.limits@example.test');
const queued = person('Queued', 'queued.limits@example.test');
const failed = person('Failed', 'failed.limits@example.test');
const phoneOnly = person('Phoneonly', null);

let now = new Date(instantAt('2031-09-01T12:00', zone));
const served = serverWithMail(db, { TRUSTED_PROXY: 'loopback' }, () => now);
const { as, messagesOf } = outboxDesk(() => served.server);
const { portal, codeFromMail } = portalClient(
    () => served.server,
    () => served.mailbox,
);
const nextMinute = () => (now = new Date(now.getTime() + 61_000));

const from = (address: string) => ({ headers: { 'X-Forwarded-For': address } });
const askCode = (login: string, address: string) =>
    portal('/auth/code', undefined, { method: 'POST', json: { login }, ...from(address) });
const verify = (login: string, code: string, address: string) =>
    portal('/auth/verify', undefined, { method: 'POST', json: { login, code }, ...from(address) });
const otherThan = (code: string, n: number) => String((Number(code) + n) % 1_000_000).padStart(6, '0');

describe('a stranger at other addresses', () => {
    it('does not use up the codes a customer asks for from their own address', async () => {
        const stranger = '10.50.0.1';
        const before = served.mailbox.to(kira.email!).length;
        for (let asked = 1; asked <= 5; asked++) {
            nextMinute();
            expect((await askCode(kira.email!, stranger)).status).toBe(202);
            for (let guess = 0; guess < 5; guess++)
                expect((await verify(kira.email!, otherThan('123456', guess), stranger)).status).toBe(400);
            // Codes are queued after their answer: each is sent before the clock moves on, so that no
            // code is still being sent when its hold on the message runs out on the moved clock.
            await vi.waitFor(
                async () =>
                    expect(
                        (await messagesOf(kira.id, 'sign_in')).filter(({ status }) => status === 'sent'),
                    ).toHaveLength(asked),
                { timeout: 15_000 },
            );
        }
        nextMinute();
        expect((await askCode(kira.email!, stranger)).status).toBe(429);
        expect(served.mailbox.to(kira.email!).length).toBe(before + 5);
        // The customer, at home, still gets a code and signs in with it.
        const seen = served.mailbox.to(kira.email!).length;
        expect((await askCode(kira.email!, '10.50.0.2')).status).toBe(202);
        const code = await codeFromMail(kira.email!, seen);
        const verified = await verify(kira.email!, code, '10.50.0.2');
        expect(verified.status, verified.text).toBe(200);
        expect(verified.body.customer).toMatchObject({ id: kira.id });
    });

    it('never spends the code the customer was sent: their guesses are counted apart, and then refused', async () => {
        const home = '10.51.0.1';
        nextMinute();
        const seen = served.mailbox.to(lena.email!).length;
        expect((await askCode(lena.email!, home)).status).toBe(202);
        const code = await codeFromMail(lena.email!, seen);
        for (let guess = 1; guess <= 10; guess++) {
            const answer = await verify(lena.email!, otherThan(code, guess), `10.51.1.${guess}`);
            expect(answer.status).toBe(400);
            expect(answer.body.errors).toEqual({ code: 'app.portal.wrong_code' });
        }
        const eleventh = await verify(lena.email!, otherThan(code, 11), '10.51.1.11');
        expect(eleventh.status).toBe(429);
        expect(Number(eleventh.headers.get('retry-after'))).toBeGreaterThan(0);
        // The right code from elsewhere is refused too while strangers wait; at home it signs in.
        expect((await verify(lena.email!, code, '10.51.1.12')).status).toBe(429);
        const verified = await verify(lena.email!, code, home);
        expect(verified.status, verified.text).toBe(200);
        expect(verified.body.customer).toMatchObject({ id: lena.id });
    });
});

describe('the outbox', () => {
    const codeMessages = (customerId: number) => messagesOf(customerId, 'sign_in');
    const noCodeIn = async (messages: Message[]) => {
        for (const message of messages) {
            expect(message.text).not.toMatch(/\d{6}/);
            expect(message).not.toHaveProperty('codeText');
            // The record as staff read it: its text and every other field but the ids and times it carries.
            const one = await as('manager', `/messages/${message.id}`);
            const { text, error, subject } = one.body as unknown as Message;
            expect([text, error ?? '', subject].join(' ')).not.toMatch(/\b\d{6}\b/);
            expect(one.body).not.toHaveProperty('codeText');
        }
    };

    it('never shows staff a code queued for a mail server that refuses for now, and sends it once it takes mail', async () => {
        served.mailbox.refusing = true;
        nextMinute();
        expect((await askCode(queued.email!, '10.52.0.1')).status).toBe(202);
        const messages = await vi.waitFor(
            async () => {
                const list = await codeMessages(queued.id);
                expect(list).toEqual([expect.objectContaining({ status: 'queued', attempts: 1 })]);
                return list;
            },
            { timeout: 10_000 },
        );
        await noCodeIn(messages);
        served.mailbox.refusing = false;
        now = new Date(now.getTime() + 2 * 60_000);
        const code = await codeFromMail(queued.email!, 0);
        const found = await as('manager', `/messages?filter=${encodeURIComponent(JSON.stringify({ q: code }))}`);
        expect(found.body).toEqual([]);
        expect((await verify(queued.email!, code, '10.52.0.1')).status).toBe(200);
    });

    it('never shows staff a code that failed or was skipped', async () => {
        served.mailbox.unknown.add(failed.email!);
        nextMinute();
        expect((await askCode(failed.email!, '10.53.0.1')).status).toBe(202);
        expect((await askCode(phoneOnly.phone!, '10.53.0.1')).status).toBe(202);
        await vi.waitFor(
            async () => {
                expect(await codeMessages(failed.id)).toEqual([expect.objectContaining({ status: 'failed' })]);
                expect(await codeMessages(phoneOnly.id)).toEqual([expect.objectContaining({ status: 'skipped' })]);
            },
            { timeout: 10_000 },
        );
        await noCodeIn([...(await codeMessages(failed.id)), ...(await codeMessages(phoneOnly.id))]);
        const all = await as('admin', `/messages?filter=${encodeURIComponent(JSON.stringify({ kind: 'sign_in' }))}`);
        expect(all.text).not.toMatch(/\b\d{6}\b/);
    });
});
