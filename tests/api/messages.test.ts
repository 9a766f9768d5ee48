import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instantAt } from '../../src/domain/time';
import type { Booking, Database } from '../../src/domain/types';
import { addCustomer, addEvent, addPass, freshPhone } from '../support/factories';
import { demoDb, removeDir, startServer, type RunningServer } from '../support/server';
import { outboxDesk } from '../support/outbox';
import { startMailbox, type Mailbox } from '../support/smtp';

/*
 * Messages to customers through the outbox, on both engines, to a real SMTP server the test starts: a
 * seat booked, a place in line, a seat that came free, a class cancelled and a payment each make one
 * message in the customer's language (theirs, or the studio's), queued in the write that caused it and
 * sent by the server's runner; a kind turned off, or no channel, is kept as skipped with the reason; a
 * mail server that refuses is tried again later and, after five tries, the message is failed, then sent
 * again by hand; a restart sends nothing twice; staff read the outbox and nobody writes it.
 */

const zone = 'Europe/Moscow';
const at = (local: string) => new Date(instantAt(local, zone));

const db = JSON.parse(readFileSync(demoDb, 'utf8')) as Database;
const course = db.courses[0];
const withPass = (lastName: string, fields: Partial<Database['customers'][number]> = {}) => {
    const customer = addCustomer(db, {
        firstName: 'Message',
        lastName,
        phone: freshPhone(),
        email: `${lastName.toLowerCase()}@example.test`,
        ...fields,
    });
    addPass(db, { customerId: customer.id, startsOn: '2031-07-01', endsOn: '2031-08-31', visitsTotal: 8 });
    return customer;
};
const ada = withPass('Ada', { locale: 'en' });
const boris = withPass('Boris');
const quiet = withPass('Quiet', { notify: { email: true, telegram: true, kinds: { booked: false } } });
const unreachable = withPass('Unreachable', { email: null });
const retried = withPass('Retried', { locale: 'en' });
const mistyped = withPass('Mistyped', { locale: 'en' });
const soon = addEvent(db, '2031-07-20T18:00', { courseId: course.id, capacity: 1, title: 'Morning flow' });
const cancelled = addEvent(db, '2031-07-21T18:00', { courseId: course.id, title: 'Evening calm' });
const other = addEvent(db, '2031-07-22T18:00', { courseId: course.id });

let mailbox: Mailbox;
let server: RunningServer;
let now = at('2031-07-15T12:00');

const start = (dbFile?: string) =>
    startServer({
        ...(dbFile ? { dbFile } : { db }),
        env: { SMTP_URL: mailbox.url, MAIL_FROM: 'Studio <studio@example.test>', MESSAGES_EVERY_MS: '50' },
        clock: () => now,
    });

beforeAll(async () => {
    mailbox = await startMailbox();
    server = await start();
});

afterAll(async () => {
    await server?.stop();
    if (server) removeDir(server.dir);
    await mailbox?.stop();
});

const { as, book, messagesOf, settled } = outboxDesk(() => server);

describe('messages to customers', () => {
    it('tell a customer of their seat by e-mail, in their own language, from the studio', async () => {
        await book(soon.id, ada.id);
        const mail = await mailbox.waitFor(ada.email!, /you are booked/);
        expect(mail.subject).toBe('Студия «Пульс»: you are booked');
        expect(mail.text).toMatch(/Morning flow, Sun 20 July.* 18:00/);
        expect(mail.from?.value).toEqual([{ name: 'Studio', address: 'studio@example.test' }]);
        await settled(ada.id, 'booked', messages =>
            expect(messages).toMatchObject([
                { channel: 'email', status: 'sent', attempts: 1, locale: 'en', error: null, sentAt: now.toISOString() },
            ]),
        );
    });

    it('tell the one in line their place, in the studio’s language, and that the seat is theirs once it is', async () => {
        await book(soon.id, boris.id, true);
        const line = await mailbox.waitFor(boris.email!, /в очереди/);
        expect(line.text).toMatch(/^Вы 1-й в очереди на занятие: .*Morning flow, вс, 20 июля/);

        const adas = (await messagesOf(ada.id)).length;
        const seat = (
            (await as('manager', `/bookings?filter=${encodeURIComponent(JSON.stringify({ eventId: soon.id }))}`))
                .body as unknown as Booking[]
        ).find(booking => booking.customerId === ada.id)!;
        expect((await as('manager', `/bookings/${seat.id}/cancel`, { method: 'POST' })).status).toBe(200);
        const promoted = await mailbox.waitFor(boris.email!, /место ваше/);
        expect(promoted.text).toMatch(/Освободилось место, и оно ваше: .*Morning flow/);
        // Cancelling tells nobody else.
        expect(await messagesOf(ada.id)).toHaveLength(adas);
    });

    it('tell everyone booked when the studio cancels a class', async () => {
        await book(cancelled.id, ada.id);
        await book(cancelled.id, boris.id);
        const event = (await as('manager', `/events/${cancelled.id}`)).body;
        expect(
            (await as('manager', `/events/${cancelled.id}`, { method: 'PUT', json: { ...event, status: 'cancelled' } }))
                .status,
        ).toBe(200);
        expect((await mailbox.waitFor(ada.email!, /class cancelled/)).text).toMatch(/Evening calm.*is cancelled/);
        expect((await mailbox.waitFor(boris.email!, /занятие отменено/)).text).toMatch(/Evening calm/);
    });

    it('tell a customer their payment was received', async () => {
        const sold = await as('manager', '/passes/sell', {
            method: 'POST',
            json: { customerId: ada.id, subscriptionId: 3, startsOn: '2031-07-15', method: 'cash' },
        });
        expect(sold.status, sold.text).toBe(201);
        expect((await mailbox.waitFor(ada.email!, /payment received/)).text).toMatch(/RUB\s?5,200\.00|5,200/);
    });

    it('keep a message the customer turned off, or has no channel for, as skipped with the reason', async () => {
        await book(other.id, quiet.id);
        await book(other.id, unreachable.id);
        await settled(quiet.id, 'booked', messages =>
            expect(messages).toMatchObject([{ status: 'skipped', channel: null, error: 'opted_out' }]),
        );
        await settled(unreachable.id, 'booked', messages =>
            expect(messages).toMatchObject([{ status: 'skipped', channel: null, error: 'no_channel' }]),
        );
        expect(mailbox.to(quiet.email!)).toEqual([]);
    });

    it('try a refused mail again later, fail it after five tries, and send it when staff resend it', async () => {
        mailbox.refusing = true;
        await book(other.id, retried.id);
        await settled(retried.id, 'booked', messages =>
            expect(messages).toMatchObject([{ status: 'queued', attempts: 1, error: expect.stringMatching(/451/) }]),
        );
        // Each try waits longer: 1, 5, 15 and 60 minutes.
        for (const [minutes, attempts] of [
            [1, 2],
            [5, 3],
            [15, 4],
            [60, 5],
        ]) {
            now = new Date(now.getTime() + minutes * 60_000);
            await settled(retried.id, 'booked', messages => expect(messages[0].attempts).toBe(attempts));
        }
        await settled(retried.id, 'booked', messages =>
            expect(messages).toMatchObject([{ status: 'failed', attempts: 5, error: expect.stringMatching(/451/) }]),
        );
        expect(mailbox.to(retried.email!)).toEqual([]);

        mailbox.refusing = false;
        const [failed] = (await messagesOf(retried.id)).filter(message => message.kind === 'booked');
        expect((await as('teacher', `/messages/${failed.id}/resend`, { method: 'POST' })).status).toBe(403);
        const resent = await as('manager', `/messages/${failed.id}/resend`, { method: 'POST' });
        expect(resent.body).toMatchObject({ status: 'queued', attempts: 0, error: null });
        await mailbox.waitFor(retried.email!, /you are booked/);
        await settled(retried.id, 'booked', messages =>
            expect(messages).toMatchObject([{ status: 'sent', attempts: 1 }]),
        );
        expect((await as('manager', `/messages/${failed.id}/resend`, { method: 'POST' })).status).toBe(409);
    });

    it('fail at once when the mail server says the address does not exist', async () => {
        mailbox.unknown.add(mistyped.email!);
        await book(other.id, mistyped.id);
        await settled(mistyped.id, 'booked', messages =>
            expect(messages).toMatchObject([{ status: 'failed', attempts: 1, error: expect.stringMatching(/550/) }]),
        );
        mailbox.unknown.clear();
    });

    it('are sent once: a restart sends nothing again', async () => {
        const before = mailbox.mails.length;
        const dbFile = server.dbFile;
        await server.stop();
        server = await start(dbFile);
        await new Promise(done => setTimeout(done, 500));
        expect(mailbox.mails.length).toBe(before);
    });

    it('are set up as the settings say: the channel, its sender and last failure, and a test message sent at once', async () => {
        const setup = await as('manager', '/settings/messages');
        expect(setup.body).toEqual({
            channels: [
                { channel: 'telegram', configured: false, sender: null, lastFailure: null },
                {
                    channel: 'email',
                    configured: true,
                    sender: 'Studio <studio@example.test>',
                    lastFailure: { at: expect.any(String), error: expect.stringMatching(/550/) },
                },
            ],
        });
        expect(setup.text).not.toContain(mailbox.url);
        expect((await as('teacher', '/settings/messages')).status).toBe(403);

        const test = { channel: 'email', to: 'owner@example.test' };
        expect((await as('manager', '/settings/messages/test', { method: 'POST', json: test })).status).toBe(403);
        expect((await as('admin', '/settings/messages/test', { method: 'POST', json: test })).body).toEqual({
            sent: true,
        });
        expect((await mailbox.waitFor('owner@example.test', /проверочное/)).subject).toBe(
            'Студия «Пульс»: проверочное сообщение',
        );
        const telegram = await as('admin', '/settings/messages/test', {
            method: 'POST',
            json: { channel: 'telegram', to: 'owner@example.test' },
        });
        expect(telegram).toMatchObject({
            status: 409,
            body: { errors: { channel: 'app.messages.errors.not_configured' } },
        });
        mailbox.unknown.add('nobody@example.test');
        const refused = await as('admin', '/settings/messages/test', {
            method: 'POST',
            json: { channel: 'email', to: 'nobody@example.test' },
        });
        expect(refused.status).toBe(502);
        expect(refused.body.message).toMatch(/550/);
        mailbox.unknown.clear();
    });

    it('are read by managers and admins, and written by nobody', async () => {
        expect((await as('teacher', '/messages')).status).toBe(403);
        expect((await as('admin', '/messages')).status).toBe(200);
        const [message] = await messagesOf(ada.id);
        for (const [method, path] of [
            ['POST', '/messages'],
            ['PUT', `/messages/${message.id}`],
            ['PATCH', `/messages/${message.id}`],
            ['DELETE', `/messages/${message.id}`],
        ])
            expect(
                (await as('admin', path, { method, json: method === 'DELETE' ? undefined : { text: 'x' } })).status,
            ).toBe(405);
        // Deliveries are not changes anyone made: the audit trail has none.
        const trail = await as(
            'admin',
            `/auditEntries?filter=${encodeURIComponent(JSON.stringify({ collection: 'messages' }))}`,
        );
        expect(trail.body).toEqual([]);
    });
});
