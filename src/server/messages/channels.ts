import { Bot, GrammyError } from 'grammy';
import nodemailer from 'nodemailer';

/*
 * The channels this server can send through, from its settings: e-mail over SMTP (SMTP_URL, smtp:// or
 * smtps:// with the user and password in it, from MAIL_FROM), and Telegram through a bot
 * (TELEGRAM_BOT_TOKEN, with TELEGRAM_API_ROOT for another Bot API server). A channel that is not set up
 * is absent, and messages for it go by another or are kept as skipped.
 */

/** Where a message goes: a customer's addresses as stored now, or an address typed for a test. */
interface Recipient {
    email?: string | null;
    /** A linked Telegram chat. */
    telegramChatId?: string | null;
}

/** What a channel is given to send. */
interface Outgoing {
    to: Recipient;
    subject: string;
    text: string;
}

interface Channel {
    /** Whether it can reach this recipient at all (an address, a linked chat). */
    reaches(recipient: Recipient): boolean;
    /** Who messages come from, as customers see it (MAIL_FROM); nothing secret. */
    sender: string;
    /** Sends, or throws with the reason the other side gave. */
    send(message: Outgoing): Promise<void>;
    close(): void;
}

/** The Telegram channel: its bot too, which links chats and answers them (telegram.ts). */
export interface TelegramChannel extends Channel {
    bot: Bot;
}

export interface Channels {
    email?: Channel;
    telegram?: TelegramChannel;
}

/** The chat cannot be reached (the user blocked the bot, the chat is gone): another channel may take it. */
export class Unreachable extends Error {}

/** The other side asks to wait (Telegram's 429): the message is tried again after `seconds`, not counted as a failure. */
export class RetryLater extends Error {
    constructor(
        message: string,
        readonly seconds: number,
    ) {
        super(message);
    }
}

type ServerEnv = Record<string, string | undefined>;

/** A send the other side refused for good (an address that does not exist): trying again will not help. */
export class PermanentFailure extends Error {}

/**
 * E-mail over SMTP: nodemailer with the URL as given, its connections kept open and reused (a pool,
 * unless the URL says otherwise); a 5xx answer is final.
 */
const emailChannel = (url: string, from: string): Channel => {
    const transport = nodemailer.createTransport(
        /[?&]pool=/.test(url) ? url : `${url}${url.includes('?') ? '&' : '?'}pool=true`,
    );
    return {
        reaches: recipient => !!recipient.email,
        sender: from,
        send: async ({ to, subject, text }) => {
            try {
                await transport.sendMail({ from, to: to.email ?? undefined, subject, text });
            } catch (error) {
                const code = (error as { responseCode?: number }).responseCode ?? 0;
                if (code >= 500 && code < 600) throw new PermanentFailure((error as Error).message);
                throw error;
            }
        },
        close: () => transport.close(),
    };
};

/**
 * Telegram through a bot over the Bot API (grammY): the message's subject as its first line. 403 (blocked
 * by the user, deactivated) and a chat not found make the chat unreachable; 429 asks to retry after its
 * retry_after.
 */
const telegramChannel = (token: string, apiRoot: string | undefined): TelegramChannel => {
    const bot = new Bot(token, { client: apiRoot ? { apiRoot: apiRoot.replace(/\/+$/, '') } : {} });
    return {
        bot,
        reaches: recipient => !!recipient.telegramChatId,
        get sender() {
            return bot.isInited() ? `@${bot.botInfo.username}` : 'Telegram';
        },
        send: async ({ to, subject, text }) => {
            try {
                await bot.api.sendMessage(to.telegramChatId ?? '', `${subject}\n\n${text}`);
            } catch (error) {
                if (!(error instanceof GrammyError)) throw error;
                if (error.error_code === 403 || (error.error_code === 400 && /chat not found/i.test(error.description)))
                    throw new Unreachable(error.description);
                if (error.error_code === 429)
                    throw new RetryLater(error.description, error.parameters.retry_after ?? 5);
                if (error.error_code >= 400 && error.error_code < 500) throw new PermanentFailure(error.description);
                throw error;
            }
        },
        close: () => undefined,
    };
};

/** A problem with the channels' settings, said in one line before the server starts. */
export class ChannelSetupError extends Error {}

/** The channels the environment sets up. */
export const channelsFrom = (env: ServerEnv): Channels => {
    const channels: Channels = {};
    if (env.SMTP_URL) {
        if (!/^smtps?:\/\//.test(env.SMTP_URL))
            throw new ChannelSetupError('SMTP_URL must start with smtp:// or smtps:// (smtp://user:password@host:587)');
        if (!env.MAIL_FROM)
            throw new ChannelSetupError('SMTP_URL is set without MAIL_FROM: set the address messages come from');
        channels.email = emailChannel(env.SMTP_URL, env.MAIL_FROM);
    }
    if (env.TELEGRAM_BOT_TOKEN) {
        if (!/^\d+:[\w-]+$/.test(env.TELEGRAM_BOT_TOKEN))
            throw new ChannelSetupError('TELEGRAM_BOT_TOKEN is not a bot token (123456:ABC-DEF..., from @BotFather)');
        if (env.TELEGRAM_API_ROOT && !/^https?:\/\//.test(env.TELEGRAM_API_ROOT))
            throw new ChannelSetupError('TELEGRAM_API_ROOT must start with http:// or https://');
        channels.telegram = telegramChannel(env.TELEGRAM_BOT_TOKEN, env.TELEGRAM_API_ROOT);
    }
    return channels;
};
