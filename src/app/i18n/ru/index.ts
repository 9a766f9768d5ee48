import raRussian from 'ra-language-russian';
import { mergeTranslations, type TranslationMessages } from 'react-admin';
import { englishMessages } from '../en';
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

/** The app's own Russian messages, merged as ../en merges the English ones. */
export const appRussian: TranslationMessages = mergeTranslations(
    resourceMessages,
    commonMessages,
    statisticsMessages,
    settingsMessages,
    moneyMessages,
    timetableMessages,
    historyMessages,
    validationMessages,
    prototypeMessages,
    payPeriodMessages,
    noticeMessages,
);

/*
 * English underneath, so that a key react-admin's Russian texts lack shows in English, never as a raw
 * key (the app's own keys cannot be missing: each file is checked against its English twin). The English
 * catalogue is in the app's first chunk anyway.
 */
export const russianMessages: TranslationMessages = mergeTranslations(englishMessages, raRussian, appRussian);
