import type { AskOffersAnswer, AskOffersRefusal } from '../../domain/api/askOffers';
import type { MessageChannel } from '../../domain/messages';
import type { Customer, Identifier, Message, StoredCustomer } from '../../domain/types';
import { conflict, notFound } from '../http/errors';
import { customerChannels, queueMessage, recipientOf, type Channels } from '../messages';
import type { Transaction } from '../storage/types';
import { marketingConsent } from './rules';

/*
 * The one "may we send you offers?" message staff may send an existing customer: a service message (it
 * asks, it sells nothing) with a one-tap yes on the portal's Privacy page. Asking again and again would be
 * the very pestering the consent is about, so it goes only to one who has not agreed already, was not
 * asked in the last 90 days, and whom a message can reach now.
 */

/** Days after one question before the next may go. */
export const askAgainDays = 90;

const kind = 'offers_question' satisfies Message['kind'];

const refusalTexts: Record<AskOffersRefusal, string> = {
    consented: 'This customer takes offers by message already',
    asked: `This customer was asked about offers in the last ${askAgainDays} days`,
    opted_out: 'This customer turned these messages off',
    no_channel: 'No message can reach this customer: no e-mail they take and no linked Telegram',
    not_configured: 'The channel this customer takes is not set up on this server (SMTP_URL, TELEGRAM_BOT_TOKEN)',
};

const refused = (reason: AskOffersRefusal, details: Record<string, unknown> = {}) =>
    conflict(refusalTexts[reason], { customerId: `app.consents.ask.refused.${reason}` }, { reason, ...details });

/** The channel a message would take to `recipient` now, as their choices and this server's channels stand. */
const channelTo = (recipient: Customer, channels: Channels): MessageChannel => {
    const choice = customerChannels(recipient, kind);
    if ('skipped' in choice) throw refused(choice.skipped);
    const to = { email: recipient.email, telegramChatId: (recipient as StoredCustomer).telegramChatId ?? null };
    const channel = choice.channels.find(one => channels[one]?.reaches(to));
    if (!channel) throw refused('not_configured');
    return channel;
};

/**
 * Queues the question to whoever reads the customer's messages (a ward's guardian, whose consent is the one
 * that lets offers reach them), or refuses with the reason.
 */
export const askOffers = async (
    tx: Transaction,
    customerId: Identifier,
    now: Date,
    channels: Channels,
): Promise<AskOffersAnswer> => {
    const customer = (await tx.get('customers', customerId)) as Customer | undefined;
    if (!customer) throw notFound(`customers ${customerId} does not exist`);
    const recipient = await recipientOf(tx, customer);
    if (await marketingConsent(tx, recipient.id)) throw refused('consented');
    const since = new Date(now.getTime() - askAgainDays * 86_400_000).toISOString();
    const earlier = (await tx.select('messages', { customerId: recipient.id, kind })).sort((a, b) => b.id - a.id);
    // A question that never went (no channel, given up after its tries) asked nothing.
    const asked = earlier.find(
        message => (message.status === 'queued' || message.status === 'sent') && message.sendAt > since,
    );
    if (asked) throw refused('asked', { askedAt: asked.sendAt });
    const channel = channelTo(recipient, channels);
    // Each question's key names the one before it: two desks asking at once queue one question, not two.
    const dedupeKey = `${kind}:${recipient.id}:${earlier.length ? `after-${earlier[0].id}` : 'first'}`;
    if (!(await queueMessage(tx, { customerId: recipient.id, kind, dedupeKey, now }))) throw refused('asked');
    return { channel, recipientId: recipient.id };
};
