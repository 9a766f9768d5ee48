import { z } from 'zod';
import { id, instant, locales } from '../fields';
import { declare, ref } from './declare';

// Messages to customers (src/domain/messages.ts): the channels, what a message is about, and how it went.
export const messageChannels = ['telegram', 'email'] as const;
export const messageKinds = [
    'sign_in',
    'booked',
    'promoted',
    'seat_free',
    'reminder',
    'class_cancelled',
    'low_visits',
    'expiring',
    'payment',
    'penalty',
    'offers_question',
    'charge_notice',
    'charge_declined',
    'membership_ended',
    'card_expiring',
    'membership_price',
    'erasure_request',
    'test',
] as const;
export const messageStatuses = ['queued', 'sent', 'failed', 'skipped', 'withdrawn'] as const;
/**
 * Kinds no choice of the customer's turns off: a sign-in code, a test staff are looking at, and what the
 * law asks to tell before a saved card is charged (the charge ahead, a decline and its next try).
 */
export const alwaysSentKinds: readonly (typeof messageKinds)[number][] = [
    'sign_in',
    'test',
    // The answer to a request the person made: it goes whatever they turned off.
    'erasure_request',
    'charge_notice',
    'charge_declined',
    'membership_price',
];

/** A message in the outbox, as the server writes it: never by a client. */
export const messageSchema = z.object({
    /** The recipient (a ward's messages go to their guardian). */
    customerId: id,
    /** How it goes, or went; null when no channel could take it. */
    channel: z.enum(messageChannels).nullable(),
    kind: z.enum(messageKinds),
    /** The booking it is about (a reminder, withdrawn when the booking is cancelled); not a reference: it outlives it. */
    bookingId: id.nullable(),
    /** What makes it the same message: the same key is never queued twice. */
    dedupeKey: z.string().min(1).max(200),
    locale: z.enum(locales),
    subject: z.string().max(300),
    text: z.string().max(4000),
    status: z.enum(messageStatuses),
    attempts: z.number().int().min(0),
    /** When it is due (quiet hours move it); a failed try moves it later. */
    sendAt: instant,
    sentAt: instant.nullable(),
    /** Why it failed or was skipped. */
    error: z.string().max(2000).nullable(),
});

export const messages = declare({
    // The outbox: queued by the server in the write that causes a message, sent by its job runner; staff
    // read them and resend a failed one (POST /api/messages/:id/resend), nobody writes them.
    schema: messageSchema,
    // Taken by a runner until then (two server processes never send one message twice).
    server: { leaseUntil: instant.nullable() },
    // A sign-in code's text as sent, code and all, which nobody reads: `text` keeps it masked.
    hidden: { codeText: z.string().nullable().optional() },
    sometimes: ['codeText'],
    references: [ref('customerId', 'customers')],
    unique: [['dedupeKey']],
    search: ['subject', 'text'],
    indexed: ['status', 'kind', 'channel', 'dedupeKey', 'bookingId'],
    idKind: 'integer',
    addedLater: true,
});
