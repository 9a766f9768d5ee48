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
    /** A reminder: until when a cancel is free (the studio's clock), and the page that cancels. */
    freeUntil?: string;
    cancelUrl?: string;
    /** A pass: its name, the visits it has left, and its last day. */
    passName?: string;
    visitsLeft?: number | null;
    endsOn?: string;
    /** A sign-in code for the portal. */
    code?: string;
    /** Whom a message to a guardian is about: their ward's first name. */
    wardName?: string;
    /** A penalty: forgiven (the first in 30 days) or to apply unless waived, what for and what it costs. */
    penalty?: {
        forgiven: boolean;
        offence: 'late_cancel' | 'no_show';
        /** A fee's amount in `currency`; null: the visit. */
        fee: number | null;
        /** When it applies unless the studio waives it (the studio's clock). */
        appliesAt?: string;
    };
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

/** "2 December", "2 декабря": a day as people name it. */
const formatDay = (date: string, locale: Locale): string =>
    new Intl.DateTimeFormat(tags[locale], { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
        new Date(`${date}T00:00:00Z`),
    );

const formatAmount = (amount: number, currency: string, locale: Locale) =>
    new Intl.NumberFormat(tags[locale], { style: 'currency', currency }).format(amount);

type Texts = Record<MessageKind, (facts: MessageFacts) => MessageText>;

const classOf = (facts: MessageFacts, locale: Locale) =>
    `${facts.className ?? ''}, ${facts.startsAt ? formatClassTime(facts.startsAt, locale) : ''}`;

const visitsLeftEn = (count: number) => `${count} ${count === 1 ? 'visit' : 'visits'}`;

/** "осталось 3 посещения", "остался 1 визит": Russian counts agree with their number. */
const visitsLeftRu = (count: number) => {
    const tens = count % 100;
    const ones = count % 10;
    const word =
        tens >= 11 && tens <= 14
            ? 'посещений'
            : ones === 1
              ? 'посещение'
              : ones >= 2 && ones <= 4
                ? 'посещения'
                : 'посещений';
    return `осталось ${count} ${word}`;
};

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
    seat_free: facts => ({
        subject: `${facts.studioName}: a seat came free`,
        text: `A seat came free in ${classOf(facts, 'en')}. It goes to whoever books it first: call the studio or book it.`,
    }),
    reminder: facts => ({
        subject: `${facts.studioName}: your class is soon`,
        text: `See you at ${classOf(facts, 'en')}.${facts.freeUntil ? ` Cancelling is free until ${formatClassTime(facts.freeUntil, 'en')}` : ''}${facts.cancelUrl ? `: ${facts.cancelUrl}` : '.'}`,
    }),
    low_visits: facts => ({
        subject: `${facts.studioName}: ${visitsLeftEn(facts.visitsLeft ?? 0)} left`,
        text: `Your pass ${facts.passName ?? ''} has ${visitsLeftEn(facts.visitsLeft ?? 0)} left. Ask the studio for the next one in good time.`,
    }),
    expiring: facts => ({
        subject: `${facts.studioName}: your pass ends soon`,
        text: `Your pass ${facts.passName ?? ''} ends on ${facts.endsOn ? formatDay(facts.endsOn, 'en') : ''}${facts.visitsLeft ? ` with ${visitsLeftEn(facts.visitsLeft)} left` : ''}: come and use them.`,
    }),
    class_cancelled: facts => ({
        subject: `${facts.studioName}: class cancelled`,
        text: `Sorry: ${classOf(facts, 'en')} is cancelled. Your visit is not charged.`,
    }),
    payment: facts => ({
        subject: `${facts.studioName}: payment received`,
        text: `We received your payment of ${formatAmount(facts.amount ?? 0, facts.currency ?? 'RUB', 'en')}. Thank you!`,
    }),
    penalty: facts => {
        const penalty = facts.penalty!;
        const what = penalty.offence === 'late_cancel' ? 'Your late cancel of' : 'You missed';
        const cost =
            penalty.fee === null ? 'the visit' : `a fee of ${formatAmount(penalty.fee, facts.currency ?? 'RUB', 'en')}`;
        return penalty.forgiven
            ? {
                  subject: `${facts.studioName}: forgiven this time`,
                  text: `${what} ${classOf(facts, 'en')}: it is your first in 30 days, so it costs nothing. The next one will cost ${cost}.`,
              }
            : {
                  subject: `${facts.studioName}: ${penalty.offence === 'late_cancel' ? 'a late cancel' : 'a missed class'}`,
                  text: `${what} ${classOf(facts, 'en')}: under your plan it costs ${cost}${penalty.appliesAt ? ` from ${formatClassTime(penalty.appliesAt, 'en')}` : ''}. If you had a good reason, tell the studio before then.`,
              };
    },
    sign_in: facts => ({
        subject: `${facts.studioName}: your sign-in code`,
        text: `Your code to sign in to ${facts.studioName}: ${facts.code ?? ''}. It works for ${signInCodeMinutes} minutes. If you did not ask for it, ignore this message.`,
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
    seat_free: facts => ({
        subject: `${facts.studioName}: освободилось место`,
        text: `Освободилось место на занятии ${classOf(facts, 'ru')}. Оно достанется тому, кто запишется первым: позвоните в студию или запишитесь.`,
    }),
    reminder: facts => ({
        subject: `${facts.studioName}: скоро занятие`,
        text: `Ждём вас: ${classOf(facts, 'ru')}.${facts.freeUntil ? ` Отменить без списания можно до ${formatClassTime(facts.freeUntil, 'ru')}` : ''}${facts.cancelUrl ? `: ${facts.cancelUrl}` : '.'}`,
    }),
    low_visits: facts => ({
        subject: `${facts.studioName}: ${visitsLeftRu(facts.visitsLeft ?? 0)}`,
        text: `На абонементе ${facts.passName ?? ''} ${visitsLeftRu(facts.visitsLeft ?? 0)}. Спросите в студии о следующем заранее.`,
    }),
    expiring: facts => ({
        subject: `${facts.studioName}: абонемент скоро закончится`,
        text: `Абонемент ${facts.passName ?? ''} действует до ${facts.endsOn ? formatDay(facts.endsOn, 'ru') : ''}${facts.visitsLeft ? `, на нём ${visitsLeftRu(facts.visitsLeft)}` : ''}: приходите!`,
    }),
    class_cancelled: facts => ({
        subject: `${facts.studioName}: занятие отменено`,
        text: `Извините: занятие ${classOf(facts, 'ru')} отменено. Посещение не списано.`,
    }),
    payment: facts => ({
        subject: `${facts.studioName}: оплата получена`,
        text: `Мы получили вашу оплату: ${formatAmount(facts.amount ?? 0, facts.currency ?? 'RUB', 'ru')}. Спасибо!`,
    }),
    penalty: facts => {
        const penalty = facts.penalty!;
        const what = penalty.offence === 'late_cancel' ? 'Поздняя отмена занятия' : 'Пропуск занятия';
        const cost =
            penalty.fee === null ? 'посещение' : `штраф ${formatAmount(penalty.fee, facts.currency ?? 'RUB', 'ru')}`;
        return penalty.forgiven
            ? {
                  subject: `${facts.studioName}: в этот раз прощаем`,
                  text: `${what} ${classOf(facts, 'ru')}: первый раз за 30 дней, поэтому бесплатно. В следующий раз это будет стоить: ${cost}.`,
              }
            : {
                  subject: `${facts.studioName}: ${penalty.offence === 'late_cancel' ? 'поздняя отмена' : 'пропуск занятия'}`,
                  text: `${what} ${classOf(facts, 'ru')}: по правилам вашего абонемента это стоит: ${cost}${penalty.appliesAt ? `, с ${formatClassTime(penalty.appliesAt, 'ru')}` : ''}. Если была уважительная причина, сообщите студии до этого времени.`,
              };
    },
    sign_in: facts => ({
        subject: `${facts.studioName}: код для входа`,
        text: `Ваш код для входа в ${facts.studioName}: ${facts.code ?? ''}. Он действует ${signInCodeMinutes} минут. Если вы его не запрашивали, просто не отвечайте.`,
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

/** How long a sign-in code for the portal works. */
const signInCodeMinutes = 10;

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

/** What the studio's Telegram bot says. */
export type BotReply =
    'linked' | 'link_invalid' | 'about' | 'share_phone' | 'own_phone' | 'phone_unknown' | 'code' | 'code_wait';

interface BotFacts {
    studioName: string;
    name?: string;
    code?: string;
}

const botReplies: Record<Locale, Record<BotReply, (facts: BotFacts) => string>> = {
    en: {
        linked: facts =>
            `Hello${facts.name ? `, ${facts.name}` : ''}! ${facts.studioName} will send your bookings, reminders and news about your pass here.`,
        link_invalid: facts =>
            `This link does not work any more. Ask ${facts.studioName} for a new one: it is made on your card at the desk.`,
        about: facts =>
            `This is ${facts.studioName}'s bot: it sends bookings and reminders. To receive them here and sign in to your page, share your phone number (the button below), or open the link the studio gave you.`,
        share_phone: () => 'Share my phone number',
        own_phone: () => 'Please share your own phone number: the button below does it.',
        phone_unknown: facts =>
            `${facts.studioName} has no customer with this phone number. Sign up on the studio's page, or ask at the desk.`,
        code: facts =>
            `Your code to sign in: ${facts.code ?? ''}. It works for ${signInCodeMinutes} minutes: enter it with your phone number on the sign-in page. From now on your bookings and reminders come here.`,
        code_wait: () => 'A code was sent a moment ago: use it, or ask for a new one in a minute.',
    },
    ru: {
        linked: facts =>
            `Здравствуйте${facts.name ? `, ${facts.name}` : ''}! ${facts.studioName} будет присылать сюда записи, напоминания и новости об абонементе.`,
        link_invalid: facts =>
            `Эта ссылка больше не действует. Попросите новую в ${facts.studioName}: её делают в вашей карточке.`,
        about: facts =>
            `Это бот ${facts.studioName}: он присылает записи и напоминания. Чтобы получать их здесь и входить в личный кабинет, поделитесь номером телефона (кнопка ниже) или откройте ссылку, которую вам дали в студии.`,
        share_phone: () => 'Поделиться номером телефона',
        own_phone: () => 'Поделитесь, пожалуйста, своим номером: это делает кнопка ниже.',
        phone_unknown: facts =>
            `В ${facts.studioName} нет клиента с этим номером. Зарегистрируйтесь на странице студии или спросите администратора.`,
        code: facts =>
            `Ваш код для входа: ${facts.code ?? ''}. Он действует ${signInCodeMinutes} минут: введите его вместе с номером телефона на странице входа. Теперь записи и напоминания будут приходить сюда.`,
        code_wait: () => 'Код только что отправлен: используйте его или запросите новый через минуту.',
    },
};

/** What the bot says, in `locale`. */
export const botReply = (what: BotReply, locale: Locale, facts: BotFacts): string => botReplies[locale][what](facts);
