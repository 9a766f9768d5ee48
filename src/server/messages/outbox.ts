import { channelsFor, messageText, type MessageFacts, type WrittenKind } from '../../domain/messages';
import { classTitle } from '../../domain/timetable';
import type { Config, Customer, Identifier, Message, StudioEvent } from '../../domain/types';
import type { NewRecord, Transaction } from '../storage/types';
import { studioConfig } from '../rules/studio';

/*
 * The outbox: a message is queued inside the transaction of the change that causes it, so that it is sent
 * if and only if the change is kept. Its dedupeKey makes a second queueing of the same message a no-op
 * (a retried request, a promotion seen twice); the job runner (runner.ts) sends what is due.
 */

interface Queued {
    customerId: Identifier;
    kind: WrittenKind;
    /** What makes it the same message: `promoted:<booking id>`. */
    dedupeKey: string;
    /** What the text speaks of, beyond the studio's name. */
    facts?: Omit<MessageFacts, 'studioName'>;
    /** When it is due: now, unless told. */
    sendAt?: Date;
    now: Date;
}

/** The channels a message of `kind` may take to this customer as stored now, in order; or why none. */
export const customerChannels = (customer: Customer, kind: Message['kind']) =>
    channelsFor({ email: customer.email, notify: customer.notify, telegram: false }, kind);

/** The message as stored, in the customer's language and by the channel their choices allow (or skipped, with why). */
export const messageRecord = (
    customer: Customer,
    config: Pick<Config, 'defaultLocale' | 'studioName'>,
    message: Omit<Queued, 'customerId'>,
): NewRecord<'messages'> => {
    const locale = customer.locale ?? config.defaultLocale;
    const choice = customerChannels(customer, message.kind);
    const { subject, text } = messageText(message.kind, locale, { studioName: config.studioName, ...message.facts });
    return {
        customerId: customer.id,
        channel: 'channels' in choice ? choice.channels[0] : null,
        kind: message.kind,
        dedupeKey: message.dedupeKey,
        locale,
        subject,
        text,
        status: 'channels' in choice ? 'queued' : 'skipped',
        attempts: 0,
        sendAt: (message.sendAt ?? message.now).toISOString(),
        sentAt: null,
        error: 'skipped' in choice ? choice.skipped : null,
        leaseUntil: null,
    };
};

/** Queues a message in `tx`, or leaves the one queued with the same key; a customer's choices may skip it at once. */
export const queueMessage = async (tx: Transaction, message: Queued): Promise<void> => {
    if ((await tx.count('messages', { dedupeKey: message.dedupeKey })) > 0) return;
    const [customer, config] = await Promise.all([tx.get('customers', message.customerId), studioConfig(tx)]);
    if (customer) await tx.insert('messages', messageRecord(customer, config, message));
};

/** What a message about a class says of it: its title and start. */
export const classFacts = async (tx: Transaction, event: StudioEvent) => ({
    className: classTitle((await tx.get('courses', event.courseId))?.name, event.title),
    startsAt: event.startsAt,
});
