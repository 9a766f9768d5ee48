import type { messageChannels, messageKinds, notifySchema } from './schemas';
import type { Locale } from './statuses';
import type { z } from 'zod';

/*
 * Messages to customers: which channel takes one, its text in the customer's language, and when a failed
 * one is tried again. The server queues a message in the write that causes it (src/server/messages) and
 * its runner sends it; these rules are pure.
 * - Telegram first (when the customer linked a chat and takes Telegram), e-mail as the fallback (when they
 *   have an address and take e-mail); a kind they turned off, or no channel left, skips the message with
 *   the reason. Sign-in codes always go.
 * - A failed try is tried again after 1, 5, 15 and 60 minutes; the fifth failure is final.
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
    const always = kind === 'sign_in' || kind === 'test';
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

/** What a message says: its subject (for e-mail) and text. */
interface MessageText {
    subject: string;
    text: string;
}

/** What the texts speak of. */
export interface MessageFacts {
    studioName: string;
    /** The class: its title and its start on the studio's clock (YYYY-MM-DDTHH:mm). */
    className?: string;
    startsAt?: string;
    /** A place in line. */
    position?: number | null;
    /** A payment: the amount in the studio's currency. */
    amount?: number;
    currency?: string;
}

const tags: Record<Locale, string> = { en: 'en-GB', ru: 'ru-RU' };

/** "Sat 28 November, 19:00", "сб, 28 ноября, 19:00": a class's start as the studio's clock shows it. */
const formatClassTime = (startsAt: string, locale: Locale): string =>
    new Intl.DateTimeFormat(tags[locale], {
        weekday: 'short',
        day: 'numeric',
        month: 'long',
        hour: '2-digit',
        minute: '2-digit',
        timeZone: 'UTC',
    }).format(new Date(`${startsAt}:00Z`));

const formatAmount = (amount: number, currency: string, locale: Locale) =>
    new Intl.NumberFormat(tags[locale], { style: 'currency', currency }).format(amount);

type Texts = Record<
    Exclude<MessageKind, 'sign_in' | 'seat_free' | 'reminder' | 'low_visits' | 'expiring' | 'penalty'>,
    (facts: MessageFacts) => MessageText
>;

const classOf = (facts: MessageFacts, locale: Locale) =>
    `${facts.className ?? ''}, ${facts.startsAt ? formatClassTime(facts.startsAt, locale) : ''}`;

const english: Texts = {
    booked: facts =>
        facts.position
            ? {
                  subject: `${facts.studioName}: you are in line`,
                  text: `You are number ${facts.position} in line for ${classOf(facts, 'en')}. We will write when a seat is yours.`,
              }
            : {
                  subject: `${facts.studioName}: you are booked`,
                  text: `You have a seat in ${classOf(facts, 'en')}. See you there!`,
              },
    promoted: facts => ({
        subject: `${facts.studioName}: a seat is yours`,
        text: `A seat came free and is yours: ${classOf(facts, 'en')}. If you cannot come, please cancel.`,
    }),
    class_cancelled: facts => ({
        subject: `${facts.studioName}: class cancelled`,
        text: `Sorry: ${classOf(facts, 'en')} is cancelled. Your visit is not charged.`,
    }),
    payment: facts => ({
        subject: `${facts.studioName}: payment received`,
        text: `We received your payment of ${formatAmount(facts.amount ?? 0, facts.currency ?? 'RUB', 'en')}. Thank you!`,
    }),
    test: facts => ({
        subject: `${facts.studioName}: a test message`,
        text: `This is a test message from ${facts.studioName}: messages reach you this way.`,
    }),
};

const russian: Texts = {
    booked: facts =>
        facts.position
            ? {
                  subject: `${facts.studioName}: вы в очереди`,
                  text: `Вы ${facts.position}-й в очереди на занятие: ${classOf(facts, 'ru')}. Напишем, когда место освободится.`,
              }
            : {
                  subject: `${facts.studioName}: вы записаны`,
                  text: `Вы записаны на занятие: ${classOf(facts, 'ru')}. Ждём вас!`,
              },
    promoted: facts => ({
        subject: `${facts.studioName}: место ваше`,
        text: `Освободилось место, и оно ваше: ${classOf(facts, 'ru')}. Если не сможете прийти, отмените запись.`,
    }),
    class_cancelled: facts => ({
        subject: `${facts.studioName}: занятие отменено`,
        text: `Извините: занятие ${classOf(facts, 'ru')} отменено. Посещение не списано.`,
    }),
    payment: facts => ({
        subject: `${facts.studioName}: оплата получена`,
        text: `Мы получили вашу оплату: ${formatAmount(facts.amount ?? 0, facts.currency ?? 'RUB', 'ru')}. Спасибо!`,
    }),
    test: facts => ({
        subject: `${facts.studioName}: проверочное сообщение`,
        text: `Это проверочное сообщение от ${facts.studioName}: так до вас доходят сообщения.`,
    }),
};

const texts: Record<Locale, Texts> = { en: english, ru: russian };

/** The kinds this version writes texts for. */
export type WrittenKind = keyof Texts;

/** A message of `kind` in `locale`. */
export const messageText = (kind: WrittenKind, locale: Locale, facts: MessageFacts): MessageText =>
    texts[locale][kind](facts);
