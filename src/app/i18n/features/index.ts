/*
 * Messages of one feature (settings forms, money, timetable...) live beside each other in one file of
 * this folder, English and Russian together, and are merged over the base catalogues. The type makes
 * the Russian half have exactly the keys of the English half.
 */
type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

export interface FeatureMessages<T extends object = object> {
    en: T;
    ru: Shape<T>;
}

export const defineMessages = <T extends object>(en: T, ru: Shape<T>): FeatureMessages<T> => ({ en, ru });

/** Every feature's messages; a feature adds its import here. */
export const featureMessages: FeatureMessages[] = [];
