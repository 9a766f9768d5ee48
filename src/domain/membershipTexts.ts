import type { MessageFacts, MessageText } from './messageTexts';
import type { Locale } from './statuses';

/*
 * What a membership's messages say, in English and Russian: the charge ahead (its day, amount, card and
 * where to cancel: the law asks for each), a decline (the next try, or the link that pays with a new
 * card), the end, and a saved card about to expire.
 */

type MembershipKind = 'charge_notice' | 'charge_declined' | 'membership_ended' | 'card_expiring' | 'membership_price';
type Texts = Record<MembershipKind, (facts: MessageFacts) => MessageText>;

const tags: Record<Locale, string> = { en: 'en-GB', ru: 'ru-RU' };

/** "2 December", "2 декабря". */
const formatDay = (date: string, locale: Locale): string =>
    new Intl.DateTimeFormat(tags[locale], { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
        new Date(`${date}T00:00:00Z`),
    );

const formatAmount = (amount: number, currency: string, locale: Locale) =>
    new Intl.NumberFormat(tags[locale], { style: 'currency', currency }).format(amount);

const quoted = (name: string, locale: Locale) => (locale === 'ru' ? `«${name}»` : `"${name}"`);

/** ": <link>" after a sentence that asks for an action, or "." when there is no link to give. */
const linkOrStop = (url: string | undefined) => (url ? `: ${url}` : '.');

/** The membership a text speaks of (its facts are always given with these kinds). */
const membershipOf = (facts: MessageFacts) => facts.membership ?? { planName: '' };

/** "on the card Visa •• 4242", "с карты Visa •• 4242": a card named when it is known. */
const onCard = (facts: MessageFacts, locale: Locale) => {
    const title = membershipOf(facts).cardTitle;
    if (!title) return '';
    return locale === 'ru' ? ` с карты ${title}` : ` to your card ${title}`;
};

const dayOf = (date: string | undefined, locale: Locale) => (date ? formatDay(date, locale) : '');

const amountOf = (facts: MessageFacts, locale: Locale) =>
    formatAmount(facts.amount ?? 0, facts.currency ?? 'RUB', locale);

/** " The new price (it was 3,500.00 ₽)." when the price goes up, else nothing. */
const higher = (facts: MessageFacts, locale: Locale) => {
    const previous = membershipOf(facts).previousAmount;
    if (previous === undefined || previous >= (facts.amount ?? 0)) return '';
    const was = formatAmount(previous, facts.currency ?? 'RUB', locale);
    return locale === 'ru' ? ` Это новая цена (была ${was}).` : ` This is the new price (it was ${was}).`;
};

const english: Texts = {
    charge_notice: facts => ({
        subject: `${facts.studioName}: your membership renews on ${dayOf(membershipOf(facts).chargeOn, 'en')}`,
        text: `On ${dayOf(membershipOf(facts).chargeOn, 'en')} we will charge ${amountOf(facts, 'en')}${onCard(facts, 'en')} for the next month of ${quoted(membershipOf(facts).planName, 'en')}.${higher(facts, 'en')} To cancel or change the card${linkOrStop(facts.portalUrl)}`,
    }),
    membership_price: facts => ({
        subject: `${facts.studioName}: a new price for your membership`,
        text: `From ${dayOf(membershipOf(facts).chargeOn, 'en')} the studio proposes ${amountOf(facts, 'en')} a month for ${quoted(membershipOf(facts).planName, 'en')}. It applies only if you accept it in your account; if you do not, the membership ends before that day and nothing more is charged. To accept${linkOrStop(facts.portalUrl)}`,
    }),
    charge_declined: facts => {
        const { planName, chargeOn, payUrl } = membershipOf(facts);
        const amount = amountOf(facts, 'en');
        return payUrl
            ? {
                  subject: `${facts.studioName}: your card can no longer be charged`,
                  text: `We could not charge ${amount}${onCard(facts, 'en')} for ${quoted(planName, 'en')}: the card is no longer valid. Pay this month with another card, which is then saved for the next ones: ${payUrl}`,
              }
            : {
                  subject: `${facts.studioName}: the payment did not go through`,
                  text: `We could not charge ${amount}${onCard(facts, 'en')} for ${quoted(planName, 'en')}. We will try again on ${dayOf(chargeOn, 'en')}. To cancel or change the card${linkOrStop(facts.portalUrl)}`,
              };
    },
    membership_ended: facts => ({
        subject: `${facts.studioName}: your membership has ended`,
        text:
            membershipOf(facts).endReason === 'unpaid'
                ? `Your membership ${quoted(membershipOf(facts).planName, 'en')} has ended: its month could not be paid. Bookings ahead on it are cancelled. To come again, ask the studio.`
                : `Your membership ${quoted(membershipOf(facts).planName, 'en')} has ended as asked. Nothing more will be charged. Thank you for coming!`,
    }),
    card_expiring: facts => ({
        subject: `${facts.studioName}: your saved card expires soon`,
        text: `Your card${membershipOf(facts).cardTitle ? ` ${membershipOf(facts).cardTitle}` : ''}, which pays ${quoted(membershipOf(facts).planName, 'en')}, is valid until ${dayOf(membershipOf(facts).expiresOn, 'en')}. To change it${linkOrStop(facts.portalUrl)}`,
    }),
};

const russian: Texts = {
    charge_notice: facts => ({
        subject: `${facts.studioName}: подписка продлится ${dayOf(membershipOf(facts).chargeOn, 'ru')}`,
        text: `${dayOf(membershipOf(facts).chargeOn, 'ru')} мы спишем ${amountOf(facts, 'ru')}${onCard(facts, 'ru')} за следующий месяц подписки ${quoted(membershipOf(facts).planName, 'ru')}.${higher(facts, 'ru')} Отменить подписку или сменить карту${linkOrStop(facts.portalUrl)}`,
    }),
    membership_price: facts => ({
        subject: `${facts.studioName}: новая цена подписки`,
        text: `С ${dayOf(membershipOf(facts).chargeOn, 'ru')} студия предлагает новую цену подписки ${quoted(membershipOf(facts).planName, 'ru')}: ${amountOf(facts, 'ru')} в месяц. Она начнёт действовать, только если вы примете её в личном кабинете; иначе подписка закончится до этого дня и больше ничего не спишется. Принять${linkOrStop(facts.portalUrl)}`,
    }),
    charge_declined: facts => {
        const { planName, chargeOn, payUrl } = membershipOf(facts);
        const amount = amountOf(facts, 'ru');
        return payUrl
            ? {
                  subject: `${facts.studioName}: с карты больше нельзя списать оплату`,
                  text: `Не удалось списать ${amount}${onCard(facts, 'ru')} за подписку ${quoted(planName, 'ru')}: карта больше не действует. Оплатите этот месяц другой картой, она сохранится для следующих: ${payUrl}`,
              }
            : {
                  subject: `${facts.studioName}: оплата не прошла`,
                  text: `Не удалось списать ${amount}${onCard(facts, 'ru')} за подписку ${quoted(planName, 'ru')}. Попробуем снова ${dayOf(chargeOn, 'ru')}. Отменить подписку или сменить карту${linkOrStop(facts.portalUrl)}`,
              };
    },
    membership_ended: facts => ({
        subject: `${facts.studioName}: подписка закончилась`,
        text:
            membershipOf(facts).endReason === 'unpaid'
                ? `Подписка ${quoted(membershipOf(facts).planName, 'ru')} закончилась: месяц не удалось оплатить. Записи по ней на будущие занятия отменены. Чтобы снова ходить, обратитесь в студию.`
                : `Подписка ${quoted(membershipOf(facts).planName, 'ru')} закончилась, как вы просили. Больше ничего не спишется. Спасибо, что были с нами!`,
    }),
    card_expiring: facts => ({
        subject: `${facts.studioName}: сохранённая карта скоро истечёт`,
        text: `Карта${membershipOf(facts).cardTitle ? ` ${membershipOf(facts).cardTitle}` : ''}, с которой оплачивается подписка ${quoted(membershipOf(facts).planName, 'ru')}, действует до ${dayOf(membershipOf(facts).expiresOn, 'ru')}. Сменить карту${linkOrStop(facts.portalUrl)}`,
    }),
};

export const membershipTexts: Record<Locale, Texts> = { en: english, ru: russian };
