import { alwaysSentKinds, type messageChannels, type messageKinds, type notifySchema } from './schemas';
import type { Locale } from './statuses';
import type { z } from 'zod';
import { texts, type MessageFacts, type MessageText } from './messageTexts';

export type { MessageFacts } from './messageTexts';
export { botReply, type BotReply } from './botReplies';

/*
 * Messages to customers: which channel takes one, its text in the customer's language, and when a failed
 * one is tried again. The server queues a message in the write that causes it (src/server/messages) and
 * its runner sends it; these rules are pure.
 * - Telegram first (when the customer linked a chat and takes Telegram), e-mail as the fallback (when they
 *   have an address and take e-mail); a kind they turned off, or no channel left, skips the message with
 *   the reason. Sign-in codes always go.
 * - A failed try is tried again after 1, 5, 15 and 60 minutes; the fifth failure is final.
 * - Quiet hours (the studio's, 22:00-09:00 unless set otherwise) move a notice to their end, or, when
 *   that is too late for the class it speaks of, to an hour before they begin on the evening before.
 */

export type MessageChannel = (typeof messageChannels)[number];
type MessageKind = (typeof messageKinds)[number];
type Notify = z.infer<typeof notifySchema>;

/**
 * Why a message was skipped, the code stored in its `error` (the interface says it in the user's words):
 * opted_out, the customer turned this kind off; no_channel, they have no channel that takes messages (no
 * linked Telegram chat, no e-mail they take); not_configured, no channel they take is set up on this
 * server (SMTP_URL). A failed message's `error` is what the other side answered.
 */
type SkipReason = 'opted_out' | 'no_channel' | 'not_configured';

interface Recipient {
    email?: string | null;
    notify?: Partial<Notify> | null;
    /** A Telegram chat is linked and reachable. */
    telegram: boolean;
}

/** The channels that may take a message of `kind` to `recipient`, in order of preference; or why none. */
export const channelsFor = (
    recipient: Recipient,
    kind: MessageKind,
): { channels: MessageChannel[] } | { skipped: SkipReason } => {
    const notify = recipient.notify ?? {};
    const always = alwaysSentKinds.includes(kind);
    if (!always && notify.kinds?.[kind] === false) return { skipped: 'opted_out' };
    const channels: MessageChannel[] = [];
    if (recipient.telegram && (always || notify.telegram !== false)) channels.push('telegram');
    if (recipient.email && (always || notify.email !== false)) channels.push('email');
    return channels.length ? { channels } : { skipped: 'no_channel' };
};

/** Tries in all, the first included. */
const maxAttempts = 5;

/** Minutes to wait after the n-th failed try (n from 1) before the next one. */
const retryMinutes = [1, 5, 15, 60];

/** When a message that failed its `attempts`-th try at `now` is tried again; null when that was the last. */
export const nextTry = (attempts: number, now: Date): Date | null =>
    attempts >= maxAttempts
        ? null
        : new Date(now.getTime() + retryMinutes[Math.min(attempts, retryMinutes.length) - 1] * 60_000);

/** The kinds this version writes texts for. */
export type WrittenKind = keyof (typeof texts)[Locale];

/** A message of `kind` in `locale`. */
export const messageText = (kind: WrittenKind, locale: Locale, facts: MessageFacts): MessageText => {
    const written = texts[locale][kind](facts);
    if (!facts.wardName) return written;
    // A guardian reads their child's messages: each says whom it is about.
    const about = locale === 'ru' ? `Для: ${facts.wardName}` : `For ${facts.wardName}`;
    return { subject: `${written.subject} (${about})`, text: `${about}. ${written.text}` };
};

/** The visits left at which a pass tells its customer they are running out: 3, or 1 for passes of 4 visits or fewer. */
export const lowVisitsAt = (visitsTotal: number | null): number | null =>
    visitsTotal === null ? null : visitsTotal <= 4 ? 1 : 3;

/** Days before its end that a pass with visits left says it ends soon. */
export const expiringDays = 5;

/** A sent sign-in code as the outbox keeps it: the digits are of no use to anyone who reads the outbox later. */
export const withoutCode = (text: string): string => text.replace(/\b\d{6}\b/g, '••••••');

/** How long before the late-cancel cut-off a reminder goes. */
export const reminderHours = 2;

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

const shiftMinutes = (local: string, minutes: number) =>
    new Date(Date.parse(`${local}:00Z`) + minutes * 60_000).toISOString().slice(0, 16);

/**
 * When a notice due at `due` goes, on the studio's clock (YYYY-MM-DDTHH:mm), out of the quiet hours
 * `quiet` ("22:00-09:00"; null or empty: none): unchanged outside them; inside, at their end, unless that
 * is not before `before` (the class it speaks of, or its cut-off), when it goes an hour before they begin
 * on the evening before (21:00 for 22:00-09:00). Never earlier than `now`.
 */
export const outOfQuietHours = (
    due: string,
    quiet: string | null | undefined,
    now: string,
    before?: string,
): string => {
    const at = due < now ? now : due;
    const match = quiet ? /^(\d\d:\d\d)-(\d\d:\d\d)$/.exec(quiet) : null;
    if (!match) return at;
    const [start, end] = [minutesOf(match[1]), minutesOf(match[2])];
    const minute = minutesOf(at.slice(11, 16));
    const inside = start <= end ? minute >= start && minute < end : minute >= start || minute < end;
    if (!inside) return at;
    // The quiet hours' end: this morning, or tomorrow's when they began this evening.
    const day =
        start > end && minute >= start
            ? shiftMinutes(`${at.slice(0, 10)}T00:00`, 24 * 60).slice(0, 10)
            : at.slice(0, 10);
    const ending = `${day}T${match[2]}`;
    if (!before || ending < before) return ending;
    // Too late for the class: the evening before it, an hour before the quiet hours begin.
    const evening = shiftMinutes(`${before.slice(0, 10)}T${match[1]}`, -24 * 60 - 60);
    return evening > now ? evening : at;
};
