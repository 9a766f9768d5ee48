import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Consent } from '../../src/domain/consents';
import { instantAt } from '../../src/domain/time';
import type { Customer, Database } from '../../src/domain/types';
import { addCustomer, freshPhone } from '../support/factories';
import { serverWithMail } from '../support/mailedServer';
import { outboxDesk } from '../support/outbox';
import { demoDb } from '../support/server';

/*
 * The one "may we send you offers?" message the desk may send an existing customer, over real HTTP on
 * both engines: queued once by the customer's channel with a one-tap link into the portal's Privacy page,
 * in their language; refused (409, with the reason) a second time within 90 days, to a customer who takes
 * offers already, and to one no message reaches; asked by managers and admins, not teachers.
 */

const zone = 'Europe/Moscow';
const db = JSON.parse(readFileSync(demoDb, 'utf8')) as Database;
const customer = (firstName: string, fields: Partial<Customer>) =>
    addCustomer(db, { firstName, lastName: 'Asked', phone: freshPhone(), ...fields });
const olga = customer('Olga', { email: 'olga.asked@example.test', locale: 'ru' });
const mark = customer('Mark', { email: 'mark.asked@example.test', locale: 'en' });
const nomail = customer('Nina', { email: null });
const quiet = customer('Quinn', {
    email: 'quinn.asked@example.test',
    notify: { email: false, telegram: true, kinds: {} },
});
const consented = customer('Carl', { email: 'carl.asked@example.test' });
const teacherAsks = customer('Tess', { email: 'tess.asked@example.test' });
const twice = customer('Tom', { email: 'tom.asked@example.test' });
const parent = customer('Polina', { email: 'polina.asked@example.test' });
const child = customer('Dasha', { email: null, guardianId: parent.id });

let now = new Date(instantAt('2026-11-29T12:00', zone));
const served = serverWithMail(db, { PUBLIC_URL: 'https://studio.example.test' }, () => now);
const { as, messagesOf, settled } = outboxDesk(() => served.server);

const ask = (customerId: number, role: 'manager' | 'admin' | 'teacher' = 'manager') =>
    as(role, `/customers/${customerId}/ask-offers`, { method: 'POST', json: {} });

const refusal = (answer: Awaited<ReturnType<typeof ask>>) => ({
    status: answer.status,
    reason: answer.body.reason,
    errors: answer.body.errors,
});

describe('asking a customer whether they take offers by message', () => {
    it('queues one service message by their channel, in their language, with the one-tap link to the Privacy page', async () => {
        const answer = await ask(olga.id);
        expect(answer.status, answer.text).toBe(200);
        expect(answer.body).toEqual({ channel: 'email', recipientId: olga.id });
        const [message] = await settled(olga.id, 'offers_question', messages =>
            expect(messages.map(one => one.status)).toEqual(['sent']),
        );
        expect(message).toMatchObject({ channel: 'email', locale: 'ru', error: null });
        expect(message.subject).toContain('предложения');
        expect(message.text).toContain('https://studio.example.test/my/privacy?offers=yes');
        const mail = served.mailbox.to(olga.email!);
        expect(mail.at(-1)?.text).toContain('https://studio.example.test/my/privacy?offers=yes');

        const english = await ask(mark.id, 'admin');
        expect(english.status, english.text).toBe(200);
        const [sent] = await messagesOf(mark.id, 'offers_question');
        expect(sent.subject).toMatch(/^.+: may we send you offers\?$/);
        expect(sent.text).toMatch(
            /^May we write to you about our offers.*one tap: https:\/\/studio\.example\.test\/my\/privacy\?offers=yes/,
        );
    });

    it('is refused a second time within 90 days, and may go again after them', async () => {
        const again = await ask(olga.id);
        expect(refusal(again)).toEqual({
            status: 409,
            reason: 'asked',
            errors: { customerId: 'app.consents.ask.refused.asked' },
        });
        expect(again.body.message).toBe('This customer was asked about offers in the last 90 days');
        const start = now;
        now = new Date(start.getTime() + 89 * 86_400_000);
        expect((await ask(olga.id)).status).toBe(409);
        now = new Date(start.getTime() + 91 * 86_400_000);
        const later = await ask(olga.id);
        expect(later.status, later.text).toBe(200);
        expect(await messagesOf(olga.id, 'offers_question')).toHaveLength(2);
        now = start;
    });

    it('asked from two desks at once, goes once', async () => {
        const answers = await Promise.all([ask(twice.id), ask(twice.id, 'admin')]);
        expect(answers.map(answer => answer.status).sort()).toEqual([200, 409]);
        expect(await messagesOf(twice.id, 'offers_question')).toHaveLength(1);
    });

    it('is refused to a customer who takes offers already', async () => {
        const given = await as('manager', '/consents', {
            method: 'POST',
            json: { customerId: consented.id, kind: 'marketing' },
        });
        expect(given.status, given.text).toBe(201);
        const answer = await ask(consented.id);
        expect(refusal(answer)).toEqual({
            status: 409,
            reason: 'consented',
            errors: { customerId: 'app.consents.ask.refused.consented' },
        });
        expect(await messagesOf(consented.id, 'offers_question')).toEqual([]);
    });

    it('is refused, saying why, when no message can reach the customer', async () => {
        expect(refusal(await ask(nomail.id))).toEqual({
            status: 409,
            reason: 'no_channel',
            errors: { customerId: 'app.consents.ask.refused.no_channel' },
        });
        // E-mail turned off and no Telegram linked: nothing takes it either.
        expect(refusal(await ask(quiet.id))).toMatchObject({ status: 409, reason: 'no_channel' });
        expect(await messagesOf(nomail.id, 'offers_question')).toEqual([]);
        expect(await messagesOf(quiet.id, 'offers_question')).toEqual([]);
    });

    it('goes to a ward’s guardian, who reads their messages and whose consent lets offers reach them', async () => {
        const answer = await ask(child.id);
        expect(answer.status, answer.text).toBe(200);
        expect(answer.body).toEqual({ channel: 'email', recipientId: parent.id });
        const [message] = await messagesOf(parent.id, 'offers_question');
        expect(message.text).toContain('/my/privacy?offers=yes');
        // One question to the parent, whichever card it was sent from.
        expect(refusal(await ask(parent.id))).toMatchObject({ status: 409, reason: 'asked' });
        const given = await as('manager', '/consents', {
            method: 'POST',
            json: { customerId: parent.id, kind: 'marketing' },
        });
        expect(given.status, given.text).toBe(201);
        expect(refusal(await ask(child.id))).toMatchObject({ status: 409, reason: 'consented' });
    });

    it('is for managers and admins: a teacher is refused, an unknown customer is not found', async () => {
        const answer = await ask(teacherAsks.id, 'teacher');
        expect(answer.status, answer.text).toBe(403);
        expect(await messagesOf(teacherAsks.id, 'offers_question')).toEqual([]);
        expect((await ask(9_999_999)).status).toBe(404);
    });

    it('is refused once the customer agrees, however long ago the last question went', async () => {
        const consents = async () =>
            (await as('manager', `/consents?filter=${encodeURIComponent(JSON.stringify({ customerId: mark.id }))}`))
                .body as unknown as Consent[];
        expect(await consents()).toEqual([]);
        now = new Date(now.getTime() + 100 * 86_400_000);
        const given = await as('manager', '/consents', {
            method: 'POST',
            json: { customerId: mark.id, kind: 'marketing' },
        });
        expect(given.status, given.text).toBe(201);
        expect(refusal(await ask(mark.id))).toMatchObject({ status: 409, reason: 'consented' });
    });
});
