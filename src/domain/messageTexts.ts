import type { messageKinds } from './schemas';
import { membershipTexts } from './membershipTexts';
import { privacyTexts } from './privacyTexts';
import type { Locale } from './statuses';

/*
 * What each message to a customer says, in English and Russian. Names the texts cannot decline (the
 * studio's, a class's, a plan's) stand where Russian needs no case: the studio's name opens a text as its
 * sender ("Студия «Пульс»: код для входа — …"), a class follows a colon, a plan is quoted. A class's time
 * is said once, and a notice about a seat says where to cancel it.
 */

type MessageKind = (typeof messageKinds)[number];

/** What a message says: its subject (for e-mail) and text. */
export interface MessageText {
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
    /** The customers' portal (`https://studio.example.com/my`), when the server knows its public address. */
    portalUrl?: string;
    /** A pass: its name, the visits it has left, and its last day. */
    passName?: string;
    visitsLeft?: number | null;
    endsOn?: string;
    /** A sign-in code for the portal. */
    code?: string;
    /** Whom a message to a guardian is about: their ward's first name. */
    wardName?: string;
    /** A penalty: forgiven (the first in 30 days), to apply unless waived, or waived; what for and what it costs. */
    penalty?: {
        forgiven: boolean;
        /** The studio waived it: it costs nothing after all. */
        waived?: boolean;
        offence: 'late_cancel' | 'no_show';
        /** A fee's amount in `currency`; null: the visit. */
        fee: number | null;
        /** When it applies unless the studio waives it (the studio's clock). */
        appliesAt?: string;
    };
    /** A membership's charge: its plan, the card, the day it is charged, the next try, the link that pays it. */
    membership?: {
        planName: string;
        cardTitle?: string | null;
        /** The day of the charge (a notice), or of the next try (a decline for money). */
        chargeOn?: string;
        /** A decline for the card: the link that pays the period with a new card. */
        payUrl?: string;
        /** Why it ended: not paid, or cancelled. */
        endReason?: 'unpaid' | 'cancelled';
        /** A saved card's last valid day. */
        expiresOn?: string;
        /** The price before a new one (a proposed price, or the first charge at a higher one). */
        previousAmount?: number;
    };
}

/** How long a sign-in code for the portal works. */
export const signInCodeMinutes = 10;

const tags: Record<Locale, string> = { en: 'en-GB', ru: 'ru-RU' };

const format = (local: string, locale: Locale, options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(tags[locale], { ...options, timeZone: 'UTC' }).format(new Date(`${local}:00Z`));

const dayParts = { weekday: 'short', day: 'numeric', month: 'long' } as const;
const timeParts = { hour: '2-digit', minute: '2-digit' } as const;

/** "Sat 28 November at 19:00", "сб, 28 ноября в 19:00": a moment as the studio's clock shows it. */
const formatClassTime = (local: string, locale: Locale): string => format(local, locale, { ...dayParts, ...timeParts });

/** "2 December", "2 декабря": a day as people name it. */
const formatDay = (date: string, locale: Locale): string =>
    format(`${date}T00:00`, locale, { day: 'numeric', month: 'long' });

const formatAmount = (amount: number, currency: string, locale: Locale) =>
    new Intl.NumberFormat(tags[locale], { style: 'currency', currency }).format(amount);

/**
 * "Yoga, Sat 28 November at 19:00": the class and its start. A title that names the time already (a
 * group's "Mon/Wed 19:00") is followed by the day alone, so the time is said once.
 */
const classOf = (facts: MessageFacts, locale: Locale) => {
    const name = facts.className ?? '';
    if (!facts.startsAt) return name;
    const time = format(facts.startsAt, locale, timeParts);
    return `${name}, ${name.includes(time) ? format(facts.startsAt, locale, dayParts) : formatClassTime(facts.startsAt, locale)}`;
};

/** Until when a cancel is free: the time alone when it is on the class's day ("07:00 that day"). */
const cutOffOf = (facts: MessageFacts, locale: Locale) => {
    const until = facts.freeUntil ?? '';
    if (until.slice(0, 10) !== facts.startsAt?.slice(0, 10)) return formatClassTime(until, locale);
    const time = format(until, locale, timeParts);
    return locale === 'ru' ? `${time} того же дня` : `${time} that day`;
};

/** A plan's name in the language's quotes: "8 classes", «8 занятий»; one quoted already stays as it is. */
const quoted = (name: string | undefined, locale: Locale) => {
    const bare = (name ?? '').trim();
    if (/^[«"“„].*[»"”“]$/.test(bare)) return bare;
    return locale === 'ru' ? `«${bare}»` : `"${bare}"`;
};

/** ": <link>" after a sentence that asks for an action, or "." when there is no link to give. */
const linkOrStop = (url: string | undefined) => (url ? `: ${url}` : '.');

/** The portal's page of the customer's bookings, where a seat or a place in line is cancelled. */
const bookingsPage = (facts: MessageFacts) => facts.portalUrl && `${facts.portalUrl}/bookings`;

/** The portal's Privacy page, opened to the one-tap yes to offers by message. */
const offersPage = (facts: MessageFacts) => facts.portalUrl && `${facts.portalUrl}/privacy?offers=yes`;

const visitsLeftEn = (count: number) => `${count} ${count === 1 ? 'visit' : 'visits'}`;

/** "осталось 3 посещения", "осталось 1 посещение": Russian counts agree with their number. */
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

type Texts = Record<MessageKind, (facts: MessageFacts) => MessageText>;

const english: Texts = {
    ...membershipTexts.en,
    ...privacyTexts.en,
    booked: facts =>
        facts.position
            ? {
                  subject: `${facts.studioName}: you are in line`,
                  text: `You are number ${facts.position} in line for ${classOf(facts, 'en')}. We will write when a seat is yours.${facts.portalUrl ? ` To leave the line: ${bookingsPage(facts)}` : ''}`,
              }
            : {
                  subject: `${facts.studioName}: you are booked`,
                  text: `You have a seat in ${classOf(facts, 'en')}. See you there! If your plans change, please cancel${linkOrStop(bookingsPage(facts))}`,
              },
    promoted: facts => ({
        subject: `${facts.studioName}: a seat is yours`,
        text: `A seat came free and is yours: ${classOf(facts, 'en')}. If you cannot come, please cancel${linkOrStop(bookingsPage(facts))}`,
    }),
    seat_free: facts => ({
        subject: `${facts.studioName}: a seat came free`,
        text: `A seat came free in ${classOf(facts, 'en')}. It goes to whoever books it first: call the studio or book it${linkOrStop(facts.portalUrl)}`,
    }),
    reminder: facts => ({
        subject: `${facts.studioName}: your class is soon`,
        text: `See you at ${classOf(facts, 'en')}.${facts.freeUntil ? ` Cancelling is free until ${cutOffOf(facts, 'en')}${linkOrStop(facts.cancelUrl)}` : facts.cancelUrl ? ` To cancel: ${facts.cancelUrl}` : ''}`,
    }),
    low_visits: facts => ({
        subject: `${facts.studioName}: ${visitsLeftEn(facts.visitsLeft ?? 0)} left`,
        text: `Your pass ${quoted(facts.passName, 'en')} has ${visitsLeftEn(facts.visitsLeft ?? 0)} left. Ask the studio for the next one in good time.`,
    }),
    expiring: facts => ({
        subject: `${facts.studioName}: your pass ends soon`,
        text: `Your pass ${quoted(facts.passName, 'en')} ends on ${facts.endsOn ? formatDay(facts.endsOn, 'en') : ''}${facts.visitsLeft ? ` with ${visitsLeftEn(facts.visitsLeft)} left` : ''}: come and use them.`,
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
        if (penalty.waived)
            return {
                subject: `${facts.studioName}: penalty waived`,
                text: `Good news: the studio waived the penalty for ${penalty.offence === 'late_cancel' ? 'your late cancel of' : 'missing'} ${classOf(facts, 'en')}. It costs nothing: ${penalty.fee === null ? 'you keep the visit' : 'no fee is owed'}.`,
            };
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
    offers_question: facts => ({
        subject: `${facts.studioName}: may we send you offers?`,
        text: `May we write to you about our offers, new classes and discounts? ${facts.portalUrl ? `If yes, one tap: ${offersPage(facts)}` : 'If yes, say so in your profile on our site for customers, under Privacy.'} If not, ignore this message: we will not ask again soon.`,
    }),
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
    ...membershipTexts.ru,
    ...privacyTexts.ru,
    booked: facts =>
        facts.position
            ? {
                  subject: `${facts.studioName}: вы в очереди`,
                  text: `Вы ${facts.position}-й в очереди на занятие: ${classOf(facts, 'ru')}. Напишем, когда место освободится.${facts.portalUrl ? ` Выйти из очереди: ${bookingsPage(facts)}` : ''}`,
              }
            : {
                  subject: `${facts.studioName}: вы записаны`,
                  text: `Вы записаны на занятие: ${classOf(facts, 'ru')}. Ждём вас! Если планы изменятся, отмените запись${linkOrStop(bookingsPage(facts))}`,
              },
    promoted: facts => ({
        subject: `${facts.studioName}: место ваше`,
        text: `Освободилось место, и оно ваше: ${classOf(facts, 'ru')}. Если не сможете прийти, отмените запись${linkOrStop(bookingsPage(facts))}`,
    }),
    seat_free: facts => ({
        subject: `${facts.studioName}: освободилось место`,
        text: `Освободилось место на занятии: ${classOf(facts, 'ru')}. Оно достанется тому, кто запишется первым: позвоните в студию или запишитесь${linkOrStop(facts.portalUrl)}`,
    }),
    reminder: facts => ({
        subject: `${facts.studioName}: скоро занятие`,
        text: `Ждём вас: ${classOf(facts, 'ru')}.${facts.freeUntil ? ` Отменить без списания можно до ${cutOffOf(facts, 'ru')}${linkOrStop(facts.cancelUrl)}` : facts.cancelUrl ? ` Отменить запись: ${facts.cancelUrl}` : ''}`,
    }),
    low_visits: facts => ({
        subject: `${facts.studioName}: ${visitsLeftRu(facts.visitsLeft ?? 0)}`,
        text: `На абонементе ${quoted(facts.passName, 'ru')} ${visitsLeftRu(facts.visitsLeft ?? 0)}. Спросите в студии о следующем заранее.`,
    }),
    expiring: facts => ({
        subject: `${facts.studioName}: абонемент скоро закончится`,
        text: `Абонемент ${quoted(facts.passName, 'ru')} действует до ${facts.endsOn ? formatDay(facts.endsOn, 'ru') : ''}${facts.visitsLeft ? `, на нём ${visitsLeftRu(facts.visitsLeft)}` : ''}: приходите!`,
    }),
    class_cancelled: facts => ({
        subject: `${facts.studioName}: занятие отменено`,
        text: `Занятие отменено: ${classOf(facts, 'ru')}. Извините! Посещение не списано.`,
    }),
    payment: facts => ({
        subject: `${facts.studioName}: оплата получена`,
        text: `Мы получили вашу оплату: ${formatAmount(facts.amount ?? 0, facts.currency ?? 'RUB', 'ru')}. Спасибо!`,
    }),
    penalty: facts => {
        const penalty = facts.penalty!;
        if (penalty.waived)
            return {
                subject: `${facts.studioName}: штраф отменён`,
                text: `Студия отменила штраф за ${penalty.offence === 'late_cancel' ? 'позднюю отмену занятия' : 'пропуск занятия'}: ${classOf(facts, 'ru')}. ${penalty.fee === null ? 'Посещение не спишется.' : 'Платить ничего не нужно.'}`,
            };
        const what = penalty.offence === 'late_cancel' ? 'Поздняя отмена занятия' : 'Пропуск занятия';
        const cost =
            penalty.fee === null ? 'посещение' : `штраф ${formatAmount(penalty.fee, facts.currency ?? 'RUB', 'ru')}`;
        return penalty.forgiven
            ? {
                  subject: `${facts.studioName}: в этот раз прощаем`,
                  text: `${what}: ${classOf(facts, 'ru')}. Это первый раз за 30 дней, поэтому бесплатно. В следующий раз это будет стоить: ${cost}.`,
              }
            : {
                  subject: `${facts.studioName}: ${penalty.offence === 'late_cancel' ? 'поздняя отмена' : 'пропуск занятия'}`,
                  text: `${what}: ${classOf(facts, 'ru')}. По правилам вашего абонемента это стоит: ${cost}${penalty.appliesAt ? `, с ${formatClassTime(penalty.appliesAt, 'ru')}` : ''}. Если была уважительная причина, сообщите студии до этого времени.`,
              };
    },
    offers_question: facts => ({
        subject: `${facts.studioName}: можно присылать вам предложения?`,
        text: `Можно писать вам о наших предложениях, новых занятиях и скидках? ${facts.portalUrl ? `Если да, достаточно одного нажатия: ${offersPage(facts)}` : 'Если да, отметьте это в профиле на нашем сайте для клиентов, в разделе «Конфиденциальность и согласия».'} Если нет, просто не отвечайте: скоро мы не спросим снова.`,
    }),
    sign_in: facts => ({
        subject: `${facts.studioName}: код для входа`,
        text: `${facts.studioName}: код для входа — ${facts.code ?? ''}. Он действует ${signInCodeMinutes} минут. Если вы его не запрашивали, просто не отвечайте.`,
    }),
    test: facts => ({
        subject: `${facts.studioName}: проверочное сообщение`,
        text: `${facts.studioName}: это проверочное сообщение. Так до вас доходят сообщения.`,
    }),
};

export const texts: Record<Locale, Texts> = { en: english, ru: russian };
