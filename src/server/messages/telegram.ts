import { randomBytes, timingSafeEqual } from 'node:crypto';
import { Keyboard, type Context } from 'grammy';
import { botReply, type BotReply } from '../../domain/messages';
import { locales } from '../../domain/schemas';
import type { Locale } from '../../domain/statuses';
import type { Clock } from '../../domain/time';
import type { Identifier, StoredCustomer } from '../../domain/types';
import { e164Phone } from '../../domain/phones';
import { asJob } from '../http/audit';
import { studioConfig } from '../rules/studio';
import type { Reader, Storage, Transaction } from '../storage/types';
import type { TelegramChannel } from './channels';
import { hashOf } from './notices';

/*
 * The studio's Telegram bot: one server process at a time polls it (long polling, getUpdates, under the
 * lock `telegram`: Telegram answers 409 to a second poller), and it answers in the customer's language.
 * - Staff make a one-time link on a customer's card (POST /api/customers/:id/telegram-link): the bot's
 *   address with `?start=<token>`; opening it sends `/start <token>`, which links the chat to the
 *   customer (telegramLinked; the chat id never leaves the server) and offers "share my phone number".
 * - A link is good for 7 days and once; a new one replaces the old.
 */

/** How long a link made on the card can be opened. */
const linkDays = 7;

/** How often a process that does not hold the poller's lock looks again (another process may have stopped). */
const lockRetryMs = 30_000;

/** Makes a customer's one-time link token, `c<id>-<secret>`, keeping the hash of its secret until it ends. */
export const makeLinkToken = async (storage: Storage, customerId: Identifier, now: Date) => {
    const secret = randomBytes(18).toString('base64url');
    const until = new Date(now.getTime() + linkDays * 86_400_000).toISOString();
    const customer = await storage.transaction(async tx => {
        const found = (await tx.get('customers', customerId)) as StoredCustomer | undefined;
        if (!found) return undefined;
        return tx.update('customers', {
            ...found,
            telegramTokenHash: hashOf(secret),
            telegramTokenUntil: until,
        } as StoredCustomer);
    });
    return customer && { token: `c${customerId}-${secret}`, expiresAt: until };
};

/** The customer a `/start` token names, if it is theirs and still good: links the chat to them. */
const linkChat = async (storage: Storage, token: string, chatId: string, now: Date) => {
    const match = /^c(\d+)-([\w-]+)$/.exec(token);
    if (!match) return undefined;
    return storage.transaction(async tx => {
        const customer = (await tx.get('customers', Number(match[1]))) as StoredCustomer | undefined;
        if (!customer?.telegramTokenHash || !customer.telegramTokenUntil) return undefined;
        const given = Buffer.from(hashOf(match[2]));
        const kept = Buffer.from(customer.telegramTokenHash);
        if (given.length !== kept.length || !timingSafeEqual(given, kept)) return undefined;
        if (customer.telegramTokenUntil <= now.toISOString()) return undefined;
        const { telegramTokenHash: _hash, telegramTokenUntil: _until, ...rest } = customer;
        return tx.update('customers', { ...rest, telegramChatId: chatId, telegramLinked: true } as StoredCustomer);
    });
};

const localeOf = (code: string | undefined, fallback: Locale): Locale => {
    const language = code?.slice(0, 2);
    return (locales as readonly string[]).includes(language ?? '') ? (language as Locale) : fallback;
};

/**
 * How a phone number shared with the bot signs in (the sign-in room's, handed in where the server starts:
 * messages know no sign-in): whom the number signs in, and a new code for them, which the bot answers in
 * the chat itself.
 */
export interface PhoneSignIn {
    candidatesOf(reader: Reader, login: { phone: string }): Promise<StoredCustomer[]>;
    giveCode(
        tx: Transaction,
        customers: StoredCustomer[],
        now: Date,
        send: false,
    ): Promise<{ code: string; given: StoredCustomer[] }>;
}

/** The bot's handlers: `/start <token>` links, a shared contact is thanked, anything else is told what the bot is. */
const handleUpdates = (
    storage: Storage,
    channel: TelegramChannel,
    signIn: PhoneSignIn,
    clock: Clock,
    log: Pick<Console, 'error'>,
) => {
    const { bot } = channel;
    const reply = async (
        ctx: Context,
        locale: Locale,
        what: BotReply,
        facts: { name?: string; code?: string } = {},
    ) => {
        const config = await studioConfig(storage);
        const text = botReply(what, locale, { studioName: config.studioName, ...facts });
        // Sharing the phone number signs in: offered whenever the bot does not know the chat yet, or just linked it.
        if (!['linked', 'about', 'own_phone', 'phone_unknown'].includes(what)) return void (await ctx.reply(text));
        const share = new Keyboard().requestContact(botReply('share_phone', locale, { studioName: config.studioName }));
        await ctx.reply(text, { reply_markup: share.oneTime().resized() });
    };
    bot.command('start', ctx =>
        asJob('telegram', async () => {
            const config = await studioConfig(storage);
            const spoken = localeOf(ctx.from?.language_code, config.defaultLocale);
            const linked = ctx.match
                ? await linkChat(storage, ctx.match.trim(), String(ctx.chat.id), clock())
                : undefined;
            if (!linked) return reply(ctx, spoken, ctx.match ? 'link_invalid' : 'about');
            await reply(ctx, linked.locale ?? config.defaultLocale, 'linked', { name: linked.firstName });
        }),
    );
    // A shared phone number signs in: the chat is linked to whom the number signs in, and the code comes here.
    bot.on('message:contact', ctx =>
        asJob('telegram', async () => {
            const config = await studioConfig(storage);
            const spoken = localeOf(ctx.from?.language_code, config.defaultLocale);
            const contact = ctx.message.contact;
            if (!ctx.from || contact.user_id !== ctx.from.id) return reply(ctx, spoken, 'own_phone');
            const phone = e164Phone(`+${contact.phone_number.replace(/^\+/, '')}`, config.country);
            const candidates = phone ? await signIn.candidatesOf(storage, { phone }) : [];
            if (!candidates.length) return reply(ctx, spoken, 'phone_unknown');
            const chatId = String(ctx.chat.id);
            const { code, given } = await storage.transaction(async tx => {
                for (const candidate of candidates) {
                    const stored = (await tx.get('customers', candidate.id)) as StoredCustomer;
                    await tx.update('customers', {
                        ...stored,
                        telegramChatId: chatId,
                        telegramLinked: true,
                    } as StoredCustomer);
                }
                return signIn.giveCode(tx, candidates, clock(), false);
            });
            if (!given.length) return reply(ctx, spoken, 'code_wait');
            await reply(ctx, given[0].locale ?? spoken, 'code', { code });
        }),
    );
    bot.on('message', async ctx => {
        const config = await studioConfig(storage);
        await reply(ctx, localeOf(ctx.from?.language_code, config.defaultLocale), 'about');
    });
    bot.catch(error =>
        log.error(`The Telegram bot could not answer: ${(error.error as Error)?.message ?? error.message}`),
    );
};

/**
 * Polls the bot while this process holds the lock `telegram`, and looks for the lock again every 30 s
 * while another process holds it. Answers the function that stops it, which ends the poll under way.
 */
export const startTelegramBot = (
    storage: Storage,
    channel: TelegramChannel,
    signIn: PhoneSignIn,
    clock: Clock,
    log: Pick<Console, 'error' | 'warn'>,
    pollSeconds = 30,
): (() => Promise<void>) => {
    const { bot } = channel;
    handleUpdates(storage, channel, signIn, clock, log);
    let stopped = false;
    let wake: (() => void) | undefined;
    const pause = (ms: number) =>
        new Promise<void>(done => {
            const timer = setTimeout(done, ms);
            wake = () => {
                clearTimeout(timer);
                done();
            };
        });
    const polling = (async () => {
        while (!stopped) {
            let release: (() => Promise<void>) | null = null;
            let failed = false;
            try {
                release = await storage.holdLock('telegram', () => {
                    log.error('The Telegram poller lost its lock: it stops and takes it again.');
                    void bot.stop().catch(() => undefined);
                });
                if (release && !stopped)
                    await bot.start({
                        timeout: pollSeconds,
                        allowed_updates: ['message'],
                        drop_pending_updates: false,
                    });
            } catch (error) {
                failed = true;
                log.error(`The Telegram bot stopped polling: ${(error as Error).message}`);
            } finally {
                await release?.();
            }
            // A refusal (a wrong token) is tried again a minute later, not every few seconds.
            if (!stopped) await pause(failed ? 60_000 : release ? 5000 : lockRetryMs);
        }
    })();
    return async () => {
        stopped = true;
        wake?.();
        if (bot.isRunning()) await bot.stop().catch(() => undefined);
        await polling;
    };
};
