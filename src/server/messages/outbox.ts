import { channelsFor, messageText, outOfQuietHours, type MessageFacts, type WrittenKind } from '../../domain/messages';
import { classTitle } from '../../domain/timetable';
import { instantAt, localDateTimeAt } from '../../domain/time';
import type { Config, Customer, Identifier, Message, StudioEvent } from '../../domain/types';
import type { NewRecord, Reader, Transaction } from '../storage/types';
import { studioConfig } from '../rules/studio';
import { portalAddress } from './site';

/*
 * The outbox: a message is queued inside the transaction of the change that causes it, so that it is sent
 * if and only if the change is kept. Its dedupeKey makes a second queueing of the same message a no-op
 * (a retried request, a promotion seen twice); the job runner (runner.ts) sends what is due. Notices
 * due in the studio's quiet hours wait for their end (or go the evening before the class they speak of).
 */

interface Queued {
    customerId: Identifier;
    kind: WrittenKind;
    /** What makes it the same message: `promoted:<booking id>`. */
    dedupeKey: string;
    /** What the text speaks of, beyond the studio's name. */
    facts?: Omit<MessageFacts, 'studioName'>;
    /** The booking it is about, when its cancel withdraws it (a reminder). */
    bookingId?: Identifier;
    /** When it is due: now, unless told (both moved out of the quiet hours). */
    sendAt?: Date;
    /** The studio's clock by which it is useless (a class's start): quiet hours never hold it past that. */
    usefulUntil?: string;
    now: Date;
}

/**
 * Whether each kind sells (an offer, a nudge with an offer, a referral offer): those go only to a recipient
 * with an unrevoked marketing consent, skipped otherwise. Service messages (codes, bookings, reminders,
 * notices) need none, and no kind sells yet.
 */
export const sellingKinds: Readonly<Record<Message['kind'], boolean>> = {
    sign_in: false,
    booked: false,
    promoted: false,
    seat_free: false,
    reminder: false,
    class_cancelled: false,
    low_visits: false,
    expiring: false,
    payment: false,
    penalty: false,
    // It asks for the consent, and sells nothing itself: a service message.
    offers_question: false,
    charge_notice: false,
    charge_declined: false,
    membership_ended: false,
    card_expiring: false,
    membership_price: false,
    erasure_request: false,
    test: false,
};

/** Kinds that go whatever the hour: a code someone waits for, a test staff are looking at. */
const urgentKinds: readonly Message['kind'][] = ['sign_in', 'test'];

/** The channels a message of `kind` may take to this customer as stored now, in order; or why none. */
export const customerChannels = (customer: Customer, kind: Message['kind']) =>
    channelsFor({ email: customer.email, notify: customer.notify, telegram: customer.telegramLinked === true }, kind);

type Studio = Pick<Config, 'defaultLocale' | 'studioName' | 'timezone' | 'quietHours'> &
    Partial<Pick<Config, 'currency'>>;

/** When a message goes: when due, moved out of the studio's quiet hours unless it is urgent. */
const sendingTime = (config: Studio, message: Omit<Queued, 'customerId'>): string => {
    const due = message.sendAt ?? message.now;
    if (urgentKinds.includes(message.kind)) return due.toISOString();
    const local = outOfQuietHours(
        localDateTimeAt(due, config.timezone),
        config.quietHours,
        localDateTimeAt(message.now, config.timezone),
        message.usefulUntil,
    );
    const at = instantAt(local, config.timezone);
    // Outside the quiet hours it keeps its own second; moved, it goes at the minute named.
    return local === localDateTimeAt(due, config.timezone) ? due.toISOString() : at;
};

/** Who reads a customer's messages: their guardian when they have one (a child's go to the parent), else they. */
export const recipientOf = async (reader: Pick<Reader, 'get'>, customer: Customer): Promise<Customer> =>
    (customer.guardianId != null && (await reader.get('customers', customer.guardianId))) || customer;

/**
 * The message as stored, in the recipient's language and by the channel their choices allow (or
 * skipped, with why). `about` is the customer it speaks of when that is the recipient's ward.
 */
export const messageRecord = (
    customer: Customer,
    config: Studio,
    message: Omit<Queued, 'customerId'>,
    about: Customer = customer,
): NewRecord<'messages'> => {
    const locale = customer.locale ?? config.defaultLocale;
    const choice = customerChannels(customer, message.kind);
    const portalUrl = portalAddress();
    const { subject, text } = messageText(message.kind, locale, {
        studioName: config.studioName,
        // Amounts are in the studio's currency unless the message says otherwise.
        ...(config.currency ? { currency: config.currency } : {}),
        ...(portalUrl ? { portalUrl } : {}),
        ...message.facts,
        ...(about.id !== customer.id ? { wardName: about.firstName } : {}),
    });
    return {
        customerId: customer.id,
        channel: 'channels' in choice ? choice.channels[0] : null,
        kind: message.kind,
        bookingId: message.bookingId ?? null,
        dedupeKey: message.dedupeKey,
        locale,
        subject,
        text,
        status: 'channels' in choice ? 'queued' : 'skipped',
        attempts: 0,
        sendAt: sendingTime(config, message),
        sentAt: null,
        error: 'skipped' in choice ? choice.skipped : null,
        leaseUntil: null,
    };
};

/**
 * Queues a message in `tx`, or leaves the one queued with the same key; a customer's choices may skip it
 * at once. Answers whether it queued one.
 */
export const queueMessage = async (
    tx: Transaction,
    message: Queued,
    sells: Readonly<Record<Message['kind'], boolean>> = sellingKinds,
): Promise<boolean> => {
    if ((await tx.count('messages', { dedupeKey: message.dedupeKey })) > 0) return false;
    const [about, config] = await Promise.all([tx.get('customers', message.customerId), studioConfig(tx)]);
    if (!about) return false;
    const recipient = await recipientOf(tx, about);
    const record = messageRecord(recipient, config, message, about);
    const consented =
        !sells[message.kind] ||
        (await tx.count('consents', { customerId: recipient.id, kind: 'marketing', revokedAt: null })) > 0;
    // Kept, not dropped: the outbox shows staff that an offer was not sent, and why.
    await tx.insert(
        'messages',
        consented ? record : { ...record, channel: null, status: 'skipped', error: 'no_consent' },
    );
    return true;
};

/** Withdraws what is still queued about a booking (its reminder), in the write that ends it. */
export const withdrawMessages = async (tx: Transaction, bookingId: Identifier): Promise<void> => {
    for (const message of await tx.select('messages', { bookingId, status: 'queued' }))
        await tx.update('messages', { ...message, status: 'withdrawn', leaseUntil: null });
};

/** What a message about a class says of it: its title and start. */
export const classFacts = async (reader: Pick<Reader, 'get'>, event: StudioEvent) => ({
    className: classTitle((await reader.get('courses', event.courseId))?.name, event.title),
    startsAt: event.startsAt,
});
