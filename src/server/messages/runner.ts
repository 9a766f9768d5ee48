import { nextTry, type MessageChannel } from '../../domain/messages';
import type { Clock } from '../../domain/time';
import type { Message } from '../../domain/types';
import type { Storage } from '../storage/types';
import { PermanentFailure, type Channels } from './channels';
import { customerChannels } from './outbox';

/*
 * The job runner's sending: the messages that are due are taken (no two runners take one), each sent by
 * the first channel the customer takes that is set up here and reaches them (the one chosen when it was
 * queued first), and recorded as sent; a failure is tried again later (1, 5, 15, 60 minutes), and the
 * fifth is final (`failed`, with the reason), as is a refusal for good (an address that does not exist).
 * A message withdrawn while it was being sent stays withdrawn.
 */

/** How long a runner holds the messages it took: one that stopped meanwhile leaves them to the next. */
const holdMs = 2 * 60_000;
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

/** Sends one message taken at `now`. */
const deliver = async (storage: Storage, channels: Channels, message: Message, now: Date) => {
    const customer = await storage.get('customers', message.customerId);
    const choice = customer ? customerChannels(customer, message.kind) : ({ skipped: 'no_channel' } as const);
    if ('skipped' in choice) return record(storage, message, { status: 'skipped', error: choice.skipped });
    // The channel chosen when it was queued first, then the others the customer takes, as set up here.
    const order = [message.channel, ...choice.channels].filter(
        (channel, index, all): channel is MessageChannel =>
            channel !== null && all.indexOf(channel) === index && choice.channels.includes(channel),
    );
    const to = { email: customer!.email };
    const channel = order.find(name => channels[name]?.reaches(to));
    if (!channel) return record(storage, message, { status: 'skipped', error: 'not_configured' });
    const attempts = message.attempts + 1;
    try {
        await channels[channel]!.send({ to, subject: message.subject, text: message.text });
        await record(storage, message, { status: 'sent', channel, attempts, sentAt: now.toISOString(), error: null });
    } catch (error) {
        // Refused for good (a mailbox that does not exist): failed now, for staff to put right and resend.
        const next = error instanceof PermanentFailure ? null : nextTry(attempts, now);
        await record(storage, message, {
            channel,
            attempts,
            error: reasonOf(error),
            ...(next ? { sendAt: next.toISOString() } : { status: 'failed' }),
        });
    }
};

/** Sends the messages due at `now`, a batch at a time, until none is left; answers how many were tried. */
const deliverDue = async (storage: Storage, channels: Channels, now: Date): Promise<number> => {
    let tried = 0;
    for (;;) {
        const taken = await storage.takeDueMessages(
            now.toISOString(),
            new Date(now.getTime() + holdMs).toISOString(),
            batch,
        );
        for (const message of taken) await deliver(storage, channels, message, now);
        tried += taken.length;
        if (taken.length < batch) return tried;
    }
};

/**
 * Sends what is due at start and then every `intervalMs`, one round at a time, at the time `clock` tells;
 * a failed round (a lost database) is logged and tried again at the next. Answers the function that
 * stops it, which waits for the round under way (a message in hand is finished).
 */
export const startMessageRunner = (
    storage: Storage,
    channels: Channels,
    intervalMs: number,
    clock: Clock,
    log: Pick<Console, 'error'> = console,
): (() => Promise<void>) => {
    let running: Promise<void> | undefined;
    let stopped = false;
    const round = () => {
        if (running || stopped) return;
        running = deliverDue(storage, channels, clock())
            .then(() => undefined)
            .catch((error: unknown) => log.error(`Sending messages failed: ${reasonOf(error)}`))
            .finally(() => (running = undefined));
    };
    round();
    const timer = setInterval(round, intervalMs);
    timer.unref();
    return async () => {
        stopped = true;
        clearInterval(timer);
        await running;
        for (const channel of Object.values(channels)) channel?.close();
    };
};
