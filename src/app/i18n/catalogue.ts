/*
 * The app's messages live in one folder per language, one file per feature (en/money.ts, ru/money.ts...).
 * English is the reference: each Russian file declares its catalogue `satisfies Catalogue<typeof english>`
 * of its English twin, so that a key missing from Russian, or one English does not have, fails to
 * compile. The Russian files import only the English types, never its values, and the Russian folder is
 * a chunk of its own that the browser fetches only when Russian is chosen (i18nProvider.ts).
 */

/** The keys of a catalogue, with any text at each: what a translation of it must have. */
export type Catalogue<T> = { [K in keyof T]: T[K] extends string ? string : Catalogue<T[K]> };
