/*
 * Messages of one feature (settings forms, money, timetable...) live in one file of this folder,
 * English and Russian together, and are merged over the base catalogues (see index.ts). The type makes
 * the Russian half have exactly the keys of the English half. Feature files import from here, not
 * from index.ts, which imports them.
 */
type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

export interface FeatureMessages<T extends object = object> {
    en: T;
    ru: Shape<T>;
}

export const defineMessages = <T extends object>(en: T, ru: Shape<T>): FeatureMessages<T> => ({ en, ru });
