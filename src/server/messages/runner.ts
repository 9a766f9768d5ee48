import { nextTry, withoutCode, type MessageChannel } from '../../domain/messages';
import type { Clock } from '../../domain/time';
import type { Customer, Message, StoredCustomer, StoredMessage } from '../../domain/types';
import { defaultLeaseMs, keepLease } from '../jobs/lease';
import type { Storage } from '../storage/types';
import { PermanentFailure, RetryLater, Unreachable, type Channels } from './channels';
import { customerChannels } from './outbox';

/*
 * The runner's sending (the job send_messages): the messages that are due are taken (no two runners take
 * one), each sent by the first channel the customer takes that is set up here and reaches them (Telegram
 * first, e-mail as the fallback), and recorded as sent. A chat that blocked the bot is marked unreachable
 * (the customer no longer counts as linked) and the next channel takes the message at once. A failure is
 * tried again later (1, 5, 15, 60 minutes) and the fifth is final (`failed`, with the reason), as is a
 * refusal for good (an address that does not exist); a channel that asks to wait (Telegram's 429) is
 * tried again after the time it names, without counting a try. A message withdrawn while it was being
 * sent stays withdrawn. The messages taken are held for a short lease that the runner renews while it
 * sends them: those of a process that died are sent by another soon after, never twice by live ones.
 */

/** Messages taken at a time. */
const batch = 20;

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 2000);

/** Records how a try went, unless the message changed meanwhile (withdrawn). */
const record = (storage: Storage, taken: Message, changes: Partial<Message>) =>
    storage.transaction(async tx => {
        const current = await tx.get('messages', taken.id);
        if (!current || current.status !== 'queued') return;
        await tx.update('messages', { ...current, ...changes, leaseUntil: null });
    });

/** A chat that cannot be reached no longer counts as linked: messages go by another channel until it is linked again. */
const markUnreachable = (storage: Storage, customerId: Customer['id']) =>
    storage.transaction(async tx => {
        const customer = await tx.get('customers', customerId);
        if (customer?.telegramLinked) await tx.update('customers', { ...customer, telegramLinked: false });
    });

/**
 * A reminder whose booking ended, or whose class was moved or deleted, since it was queued (a path that
 * did not withdraw it): it is not sent. A class moved gets a reminder of its new time from the next look.
 */
const outdated = async (storage: Storage, message: Message): Promise<boolean> => {
    if (message.kind !== 'reminder' || message.bookingId === null) return false;
    const booking = await storage.get('bookings', message.bookingId);
    const event = booking && (await storage.get('events', booking.eventId));
    return (
        !booking ||
        booking.status !== 'booked' ||
        !event ||
        event.status !== 'planned' ||
        message.dedupeKey !== `reminder:${booking.id}:${event.startsAt}`
    );
};

/** Sends one message taken at `now`. */
const deliver = async (storage: Storage, channels: Channels, message: Message, now: Date) => {
    if (await outdated(storage, message)) return record(storage, message, { status: 'withdrawn' });
    const customer = await storage.get('customers', message.customerId);
    const choice = customer ? customerChannels(customer, message.kind) : ({ skipped: 'no_channel' } as const);
    if ('skipped' in choice) return record(storage, message, { status: 'skipped', error: choice.skipped });
    // The channel chosen when it was queued first, then the others the customer takes, as set up here.
    const to = { email: customer!.email, telegramChatId: (customer as StoredCustomer).telegramChatId ?? null };
    const order = [message.channel, ...choice.channels].filter(
        (channel, index, all): channel is MessageChannel =>
            channel !== null &&
            all.indexOf(channel) === index &&
            choice.channels.includes(channel) &&
            !!channels[channel]?.reaches(to),
    );
    if (!order.length) return record(storage, message, { status: 'skipped', error: 'not_configured' });
    const attempts = message.attempts + 1;
    let unreachable: string | undefined;
    for (const channel of order) {
        try {
            // A sign-in code's text as sent is kept apart from the one staff read.
            const text = (message as StoredMessage).codeText ?? message.text;
            await channels[channel]!.send({ to, subject: message.subject, text });
            return record(storage, message, {
                status: 'sent',
                ...(message.kind === 'sign_in' ? { text: withoutCode(message.text), codeText: null } : {}),
                channel,
                attempts,
                sentAt: now.toISOString(),
                error: null,
            });
        } catch (error) {
            if (error instanceof Unreachable) {
                // Blocked: the next channel takes it now.
                unreachable = `${channel}: ${reasonOf(error)}`;
                await markUnreachable(storage, message.customerId);
                continue;
            }
            if (error instanceof RetryLater)
                return record(storage, message, {
                    channel,
                    error: reasonOf(error),
                    sendAt: new Date(now.getTime() + error.seconds * 1000).toISOString(),
                });
            // Refused for good (a mailbox that does not exist): failed now, for staff to put right and resend.
            const next = error instanceof PermanentFailure ? null : nextTry(attempts, now);
            return record(storage, message, {
                channel,
                attempts,
                error: reasonOf(error),
                ...(next ? { sendAt: next.toISOString() } : { status: 'failed' }),
            });
        }
    }
    // Every channel it could take is unreachable: failed, with the reason, for staff to see.
    return record(storage, message, { status: 'failed', attempts, error: unreachable ?? 'unreachable' });
};

interface Sending {
    /** How long the messages taken stay held by a runner that stops renewing them (JOB_LEASE_MS). */
    leaseMs?: number;
    /** Only messages of these kinds (the sign-in codes' own lane); all by default. */
    kinds?: readonly Message['kind'][];
    /** Where a lease that could not be renewed is said. */
    log?: Pick<Console, 'warn'>;
}

/**
 * Sends the messages due, a batch at a time, until none is left; answers how many were tried. Each batch
 * is held while it is sent: a message whose lease was lost meanwhile (this process stalled) is left to
 * the runner that took it.
 */
export const deliverDue = async (
    storage: Storage,
    channels: Channels,
    clock: Clock,
    { leaseMs = defaultLeaseMs, kinds, log = console }: Sending = {},
): Promise<number> => {
    let tried = 0;
    for (;;) {
        const now = clock();
        let heldUntil = new Date(now.getTime() + leaseMs).toISOString();
        const taken = await storage.takeDueMessages(now.toISOString(), heldUntil, batch, kinds);
        if (!taken.length) return tried;
        const held = new Set(taken.map(message => message.id));
        const stopRenewing = keepLease(
            async () => {
                const until = new Date(clock().getTime() + leaseMs).toISOString();
                const renewed = new Set(await storage.renewMessages([...held], heldUntil, until));
                heldUntil = until;
                for (const id of held) if (!renewed.has(id)) held.delete(id);
                return held.size > 0;
            },
            leaseMs,
            log,
        );
        try {
            for (const message of taken) {
                if (!held.has(message.id)) continue;
                await deliver(storage, channels, message, clock());
                held.delete(message.id);
            }
        } finally {
            await stopRenewing();
        }
        tried += taken.length;
        if (taken.length < batch) return tried;
    }
};
