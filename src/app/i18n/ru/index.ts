import raRussian from 'ra-language-russian';
import { mergeTranslations, type TranslationMessages } from 'react-admin';
import { englishMessages } from '../en';
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

/**
 * Texts a resource keeps in its own folder: src/resources/{name}/i18n/ru.ts, its `messages`, checked
 * against its English twin as the files here are.
 */
const resourceFolderMessages = Object.values(
    import.meta.glob<{ messages: TranslationMessages }>('../../../resources/*/i18n/ru.ts', { eager: true }),
).map(folder => folder.messages);

/** The app's own Russian messages, merged as ../en merges the English ones. */
export const appRussian: TranslationMessages = mergeTranslations(
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

/*
 * English underneath, so that a key react-admin's Russian texts lack shows in English, never as a raw
 * key (the app's own keys cannot be missing: each file is checked against its English twin). The English
 * catalogue is in the app's first chunk anyway.
 */
export const russianMessages: TranslationMessages = mergeTranslations(englishMessages, raRussian, appRussian);
