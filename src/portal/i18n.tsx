import { createContext, useContext } from 'react';
import { portalMessages as english } from '../app/i18n/en/portal';

/*
 * The portal's translations, polyglot's way without polyglot: nested catalogues read by dotted keys,
 * `%{name}` filled in, and `smart_count` choosing among the forms separated by ` |||| ` (English one |
 * other, Russian one | few | many, by Intl.PluralRules). English is built in; the Russian catalogue is a
 * chunk of its own, fetched when Russian is chosen.
 */

export type Locale = 'en' | 'ru';
export const locales: { locale: Locale; name: string }[] = [
    { locale: 'en', name: 'English' },
    { locale: 'ru', name: 'Русский' },
];

type Messages = { [key: string]: string | Messages };
export type Translate = (key: string, values?: Record<string, string | number>) => string;

export const isLocale = (value: unknown): value is Locale => value === 'en' || value === 'ru';

const catalogues: Partial<Record<Locale, Messages>> = { en: english };

/** The catalogue of a locale, fetched once. */
export const loadLocale = async (locale: Locale): Promise<void> => {
    if (!catalogues[locale]) catalogues[locale] = (await import('../app/i18n/ru/portal')).portalMessages;
};

export const isLoaded = (locale: Locale) => catalogues[locale] !== undefined;

const lookup = (messages: Messages | undefined, key: string): string | undefined => {
    let node: string | Messages | undefined = messages;
    for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
    return typeof node === 'string' ? node : undefined;
};

const pluralForm = (locale: Locale, count: number): number => {
    const category = new Intl.PluralRules(locale).select(count);
    if (locale === 'ru') return category === 'one' ? 0 : category === 'few' ? 1 : 2;
    return category === 'one' ? 0 : 1;
};

/** Whether a key has a text: a refusal the portal has no words for is said in general terms instead. */
export const hasText = (key: string) => lookup(english, key) !== undefined;

/** The translator of a locale; a key with no text is returned as it is, as polyglot does. */
export const translator =
    (locale: Locale): Translate =>
    (key, values = {}) => {
        let text = lookup(catalogues[locale], key) ?? lookup(english, key) ?? key;
        if (typeof values.smart_count === 'number' && text.includes('||||')) {
            const forms = text.split('||||').map(form => form.trim());
            text = forms[Math.min(pluralForm(locale, values.smart_count), forms.length - 1)];
        }
        return text.replace(/%\{(\w+)\}/g, (whole, name: string) =>
            values[name] === undefined ? whole : String(values[name]),
        );
    };

/** A place in a line in words: "2nd", "2-й". */
export const ordinal = (t: Translate, locale: Locale, n: number) =>
    t(`app.portal.ordinal.${new Intl.PluralRules(locale, { type: 'ordinal' }).select(n)}`, { n });

export interface I18n {
    locale: Locale;
    t: Translate;
    setLocale: (locale: Locale) => void;
}

export const I18nContext = createContext<I18n>({ locale: 'en', t: translator('en'), setLocale: () => {} });

export const useI18n = () => useContext(I18nContext);
