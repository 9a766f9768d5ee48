import type { FeatureMessages } from './define';
import { historyMessages } from './history';
import { moneyMessages } from './money';
import { prototypeMessages } from './prototypes';
import { settingsMessages } from './settings';
import { statisticsMessages } from './statistics';
import { payPeriodMessages } from './payPeriods';
import { timetableMessages } from './timetable';
import { validationMessages } from './validation';

/** Every feature's messages, merged over the base catalogues; a feature adds its import here. */
export const featureMessages: FeatureMessages[] = [
    statisticsMessages,
    settingsMessages,
    moneyMessages,
    timetableMessages,
    historyMessages,
    validationMessages,
    prototypeMessages,
    payPeriodMessages,
];
