import raEnglish from 'ra-language-english';
import { mergeTranslations, type TranslationMessages } from 'react-admin';
import { bookingMessages } from './bookings';
import { commonMessages } from './common';
import { historyMessages } from './history';
import { moneyMessages } from './money';
import { noticeMessages } from './notices';
import { payPeriodMessages } from './payPeriods';
import { prototypeMessages } from './prototypes';
import { resourceMessages } from './resources';
import { settingsMessages } from './settings';
import { statisticsMessages } from './statistics';
import { timetableMessages } from './timetable';
import { validationMessages } from './validation';

/** Texts a resource keeps in its own folder: src/resources/{name}/i18n/en.ts, its `messages`. */
const resourceFolderMessages = Object.values(
    import.meta.glob<{ messages: TranslationMessages }>('../../../resources/*/i18n/en.ts', { eager: true }),
).map(folder => folder.messages);

/** The app's own English messages, every feature's together; a new feature file adds its import here and in ../ru. */
export const appEnglish: TranslationMessages = mergeTranslations(
    resourceMessages,
    commonMessages,
    statisticsMessages,
    settingsMessages,
    moneyMessages,
    timetableMessages,
    bookingMessages,
    historyMessages,
    validationMessages,
    prototypeMessages,
    payPeriodMessages,
    noticeMessages,
    ...resourceFolderMessages,
);

/** react-admin's own English texts with the app's over them. */
export const englishMessages: TranslationMessages = mergeTranslations(raEnglish, appEnglish);
