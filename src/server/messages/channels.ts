import nodemailer from 'nodemailer';
import type { MessageChannel } from '../../domain/messages';
import type { Customer } from '../../domain/types';

/*
 * The channels this server can send through, from its settings: e-mail over SMTP (SMTP_URL, smtp:// or
 * smtps:// with the user and password in it, from MAIL_FROM). A channel that is not set up is absent, and
 * messages for it go by another or are kept as skipped.
 */

/** What a channel is given to send: the message and its recipient as stored now. */
export interface Outgoing {
    customer: Customer;
    subject: string;
    text: string;
}

export interface Channel {
    /** Whether it can reach this customer at all (an address, a linked chat). */
    reaches(customer: Customer): boolean;
    /** Sends, or throws with the reason the other side gave. */
    send(message: Outgoing): Promise<void>;
    close(): void;
}

export type Channels = Partial<Record<MessageChannel, Channel>>;

type ServerEnv = Record<string, string | undefined>;

/** A send the other side refused for good (an address that does not exist): trying again will not help. */
export class PermanentFailure extends Error {}

/** E-mail over SMTP: nodemailer with the URL as given (its pool, its timeouts); a 5xx answer is final. */
const emailChannel = (url: string, from: string): Channel => {
    const transport = nodemailer.createTransport(url);
    return {
        reaches: customer => !!customer.email,
        send: async ({ customer, subject, text }) => {
            try {
                await transport.sendMail({ from, to: customer.email ?? undefined, subject, text });
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
