import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { instantAt } from '../../src/domain/time';
import type { Customer, Database, Message } from '../../src/domain/types';
import { addCustomer, addEvent, addPass, freshPhone } from '../support/factories';
import { call, demoDb, engine, removeDir, startServer, type RunningServer } from '../support/server';
import { outboxDesk } from '../support/outbox';
import { startMailbox, type Mailbox } from '../support/smtp';
import { startTelegram, type TelegramStandIn } from '../support/telegram';

/*
 * Telegram, on both engines, against a local stand-in of the Bot API and a real SMTP server: staff make a
 * one-time link on the card, the customer's /start links the chat (the bot answers in their language and
 * offers to share the phone number), and messages then go by Telegram first; a chat that blocked the bot
 * is marked unreachable and the message goes by e-mail at once; a flood limit (429) is waited out for the
 * time Telegram names. On PostgreSQL two servers on one database poll the bot one at a time.
 */

const zone = 'Europe/Moscow';
const at = (local: string) => new Date(instantAt(local, zone));

const db = JSON.parse(readFileSync(demoDb, 'utf8')) as Database;
const course = db.courses[0];
const withPass = (lastName: string, fields: Partial<Customer> = {}) => {
    const customer = addCustomer(db, {
        firstName: lastName,
        lastName: 'Telegram',
        phone: freshPhone(),
        email: `${lastName.toLowerCase()}.telegram@example.test`,
        ...fields,
    });
    addPass(db, { customerId: customer.id, startsOn: '2031-07-01', endsOn: '2031-08-31', visitsTotal: 8 });
    return customer;
};
const anna = withPass('Anna');
const ben = withPass('Ben', { locale: 'en' });
const cleo = withPass('Cleo', { locale: 'en' });
// Known to the studio by her phone only: she signs in to the portal through the bot.
const dora = withPass('Dora', { locale: 'en', email: null });
const classes = [20, 21, 22, 23].map(day =>
    addEvent(db, `2031-07-${day}T18:00`, { courseId: course.id, capacity: 10, title: `Flow ${day}` }),
);

let telegram: TelegramStandIn;
let mailbox: Mailbox;
let server: RunningServer;
let now = at('2031-07-15T12:00');

const start = (env: Record<string, string> = {}) =>
    startServer({
        db,
        env: {
            SMTP_URL: mailbox.url,
            MAIL_FROM: 'Studio <studio@example.test>',
            TELEGRAM_BOT_TOKEN: telegram.token,
            TELEGRAM_API_ROOT: telegram.url,
            TELEGRAM_POLL_SECONDS: '1',
            MESSAGES_EVERY_MS: '50',
            ...env,
        },
        clock: () => now,
    });

beforeAll(async () => {
    telegram = await startTelegram();
    mailbox = await startMailbox();
    server = await start();
});

afterAll(async () => {
    await server?.stop();
    if (server) removeDir(server.dir);
    await telegram?.stop();
    await mailbox?.stop();
});

const { as, book } = outboxDesk(() => server);

const bookedMessage = (customerId: number, eventId: number) =>
    vi.waitFor(
        async () => {
            const messages = (
                await as(
                    'manager',
                    `/messages?filter=${encodeURIComponent(JSON.stringify({ customerId, kind: 'booked' }))}&sort=["id","ASC"]`,
                )
            ).body as unknown as Message[];
            const message = messages.find(found => found.dedupeKey.startsWith(`booked:${eventId}:`));
            expect(message?.status).not.toBe('queued');
            return message!;
        },
        { timeout: 10_000, interval: 100 },
    );

/** Staff make the link on the card; the customer opens it in the chat `chatId`. */
const link = async (customer: Customer, chatId: number, languageCode = 'en') => {
    const made = await as('manager', `/customers/${customer.id}/telegram-link`, { method: 'POST' });
    expect(made.status, made.text).toBe(200);
    const token = String(made.body.token);
    expect(made.body.url).toBe(`https://t.me/${telegram.username}?start=${token}`);
    telegram.userSays(chatId, `/start ${token}`, { first_name: customer.firstName, language_code: languageCode });
    return token;
};

describe('Telegram', () => {
    it('links a chat by the one-time link staff make on the card, answering in the customer’s language', async () => {
        expect((await as('teacher', `/customers/${anna.id}/telegram-link`, { method: 'POST' })).status).toBe(403);
        const token = await link(anna, 1001);
        // Anna's messages are in the studio's language (Russian), whatever her Telegram speaks.
        const linked = await telegram.waitForMessage(1001, /Здравствуйте, Anna!/);
        expect(JSON.stringify(linked.replyMarkup)).toMatch(/request_contact.*true/);
        expect(JSON.stringify(linked.replyMarkup)).toContain('Поделиться номером телефона');
        await vi.waitFor(async () =>
            expect((await as('manager', `/customers/${anna.id}`)).body.telegramLinked).toBe(true),
        );
        // The chat and the link's token never leave the server.
        const card = await as('admin', `/customers/${anna.id}`);
        expect(card.text).not.toMatch(/1001|telegramChatId|telegramToken/);
        // A link is used once.
        telegram.userSays(1002, `/start ${token}`, { language_code: 'en' });
        expect((await telegram.waitForMessage(1002, /does not work any more/)).text).toContain('Студия «Пульс»');
        // Staff editing the card keep the link.
        expect(
            (await as('manager', `/customers/${anna.id}`, { method: 'PUT', json: { ...card.body, notes: 'VIP' } }))
                .status,
        ).toBe(200);
        expect((await as('manager', `/customers/${anna.id}`)).body.telegramLinked).toBe(true);
    });

    it('sends a linked customer’s messages by Telegram first', async () => {
        await book(classes[0].id, anna.id);
        expect((await telegram.waitForMessage(1001, /вы записаны/)).text).toMatch(/Flow 20/);
        expect(await bookedMessage(anna.id, classes[0].id)).toMatchObject({ channel: 'telegram', status: 'sent' });
        expect(mailbox.to(anna.email!)).toEqual([]);
    });

    it('falls back to e-mail at once when the customer blocked the bot, and no longer counts the chat as linked', async () => {
        await link(ben, 2001);
        await telegram.waitForMessage(2001, /Hello, Ben!/);
        telegram.block(2001);
        await book(classes[1].id, ben.id);
        expect((await mailbox.waitFor(ben.email!, /you are booked/)).text).toMatch(/Flow 21/);
        expect(await bookedMessage(ben.id, classes[1].id)).toMatchObject({
            channel: 'email',
            status: 'sent',
            attempts: 1,
        });
        expect((await as('manager', `/customers/${ben.id}`)).body.telegramLinked).toBe(false);
        // The next message goes by e-mail without trying the chat again.
        const tries = telegram.calls.filter(call => call.method === 'sendMessage').length;
        await book(classes[2].id, ben.id);
        await mailbox.waitFor(ben.email!, /Flow 22/);
        expect(telegram.calls.filter(call => call.method === 'sendMessage').length).toBe(tries);
    });

    it('waits as long as Telegram asks when it says too many requests, without counting a failed try', async () => {
        await link(cleo, 3001);
        await telegram.waitForMessage(3001, /Hello, Cleo!/);
        telegram.rateLimitOnce(3001, 30);
        await book(classes[1].id, cleo.id);
        const waiting = await vi.waitFor(
            async () => {
                const [message] = (
                    (
                        await as(
                            'manager',
                            `/messages?filter=${encodeURIComponent(JSON.stringify({ customerId: cleo.id, kind: 'booked' }))}`,
                        )
                    ).body as unknown as Message[]
                ).filter(found => found.error);
                expect(message).toBeDefined();
                return message;
            },
            { timeout: 10_000, interval: 100 },
        );
        expect(waiting).toMatchObject({ status: 'queued', attempts: 0, channel: 'telegram' });
        expect(waiting.error).toMatch(/Too Many Requests/);
        expect(Date.parse(waiting.sendAt) - now.getTime()).toBe(30_000);
        now = new Date(now.getTime() + 30_000);
        await telegram.waitForMessage(3001, /Flow 21/);
        expect(await bookedMessage(cleo.id, classes[1].id)).toMatchObject({
            channel: 'telegram',
            status: 'sent',
            attempts: 1,
        });
    });

    it('says in the settings that Telegram is set up, from which bot, and sends a test to a linked customer', async () => {
        const setup = await as('manager', '/settings/messages');
        expect(setup.body.channels).toContainEqual(
            expect.objectContaining({ channel: 'telegram', configured: true, sender: `@${telegram.username}` }),
        );
        expect(setup.text).not.toContain(telegram.token);
        const refused = await as('admin', '/settings/messages/test', {
            method: 'POST',
            json: { channel: 'telegram', customerId: ben.id },
        });
        expect(refused.status).toBe(400);
        const sent = await as('admin', '/settings/messages/test', {
            method: 'POST',
            json: { channel: 'telegram', customerId: cleo.id },
        });
        expect(sent.status, sent.text).toBe(200);
        await telegram.waitForMessage(3001, /проверочное сообщение/);
    });

    it('signs a customer with only a phone in to the portal: sharing the number links the chat and brings a code', async () => {
        const setup = await call(server.url, '/api/portal/auth/setup');
        expect(setup.body).toMatchObject({ telegramBot: telegram.username });
        telegram.userSays(5001, 'hello', { language_code: 'en' });
        const about = await telegram.waitForMessage(5001, /share your phone number/);
        expect(JSON.stringify(about.replyMarkup)).toMatch(/request_contact.*true/);
        telegram.userSharesContact(5002, '79990001122', { language_code: 'en' });
        await telegram.waitForMessage(5002, /no customer with this phone number/);
        // Telegram sends the number without its plus.
        telegram.userSharesContact(5001, dora.phone!.replace(/\D/g, ''), { language_code: 'en' });
        const sent = await telegram.waitForMessage(5001, /Your code to sign in: \d{6}/);
        const code = /(\d{6})/.exec(sent.text)![1];
        const verified = await call(server.url, '/api/portal/auth/verify', {
            method: 'POST',
            json: { login: dora.phone, code },
        });
        expect(verified.status, verified.text).toBe(200);
        expect(verified.body.customer).toMatchObject({ id: dora.id, telegramLinked: true });
        // She links another chat herself from the portal, with the bot's deep link; her codes come there.
        const token = verified.body.token as unknown as string;
        const made = await call(server.url, '/api/portal/telegram', { method: 'POST', token, json: {} });
        expect(made.status, made.text).toBe(200);
        expect(made.body.url).toBe(`https://t.me/${telegram.username}?start=${made.body.token}`);
        telegram.userSays(5003, `/start ${made.body.token}`, { language_code: 'en' });
        await telegram.waitForMessage(5003, /Hello, Dora!/);
        now = new Date(now.getTime() + 61_000);
        const asked = await call(server.url, '/api/portal/auth/code', { method: 'POST', json: { login: dora.phone } });
        expect(asked.status).toBe(202);
        await telegram.waitForMessage(5003, /Your code to sign in to .*: \d{6}/);
    });

    it.runIf(engine === 'postgres')('is polled by one server at a time when two run on one database', async () => {
        const polls = () => telegram.calls.filter(call => call.method === 'getUpdates').length;
        /** Until the poller has asked for updates `count` more times: a second poller would have been refused meanwhile. */
        const pollsGoOn = async (count: number) => {
            const from = polls();
            await vi.waitFor(() => expect(polls()).toBeGreaterThanOrEqual(from + count), {
                timeout: 10_000,
                interval: 50,
            });
        };
        const second = await start({ DATABASE_URL: readFileSync(`${server.dbFile}.database-url`, 'utf8') });
        try {
            await pollsGoOn(2);
            const before = telegram.sent.length;
            telegram.userSays(4001, '/start', { language_code: 'en' });
            await telegram.waitForMessage(4001, /This is .*bot/);
            await pollsGoOn(2);
            expect(telegram.sent.length).toBe(before + 1);
            expect(telegram.conflicts).toBe(0);
        } finally {
            await second.stop();
            removeDir(second.dir);
        }
    });
});
