import nodemailer from 'nodemailer';
import type { MessageChannel } from '../../domain/messages';

/*
 * The channels this server can send through, from its settings: e-mail over SMTP (SMTP_URL, smtp:// or
 * smtps:// with the user and password in it, from MAIL_FROM). A channel that is not set up is absent, and
 * messages for it go by another or are kept as skipped.
 */

/** Where a message goes: a customer's addresses as stored now, or an address typed for a test. */
interface Recipient {
    email?: string | null;
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

export type Channels = Partial<Record<MessageChannel, Channel>>;

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
    return channels;
};
