import type { MessageFacts, MessageText } from './messageTexts';
import type { Locale } from './statuses';

/*
 * What the studio tells a person about their personal data, in English and Russian: that their request
 * to erase it was taken, and by when the studio erases it (`endsOn`, a day).
 */

type Texts = Record<'erasure_request', (facts: MessageFacts) => MessageText>;

const tags: Record<Locale, string> = { en: 'en-GB', ru: 'ru-RU' };

/** "29 December 2026", "29 декабря 2026 г.". */
const formatDay = (date: string | undefined, locale: Locale): string =>
    date
        ? new Intl.DateTimeFormat(tags[locale], {
              day: 'numeric',
              month: 'long',
              year: 'numeric',
              timeZone: 'UTC',
          }).format(new Date(`${date}T00:00:00Z`))
        : '';

export const privacyTexts: Record<Locale, Texts> = {
    en: {
        erasure_request: facts => ({
            subject: `${facts.studioName}: your request to erase your data`,
            text: `We have received your request to erase your personal data. The studio will erase it by ${formatDay(facts.endsOn, 'en')}. Records of payments and visits are kept without your name, as the tax law requires, and you will no longer be able to sign in.`,
        }),
    },
    ru: {
        erasure_request: facts => ({
            subject: `${facts.studioName}: запрос на удаление данных`,
            text: `Мы получили ваш запрос на удаление персональных данных. Студия удалит их до ${formatDay(facts.endsOn, 'ru')}. Записи об оплатах и посещениях сохранятся без вашего имени, как требует налоговое законодательство, а войти в личный кабинет будет уже нельзя.`,
        }),
    },
};
