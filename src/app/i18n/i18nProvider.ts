import polyglotI18nProvider from 'ra-i18n-polyglot';
import { englishMessages } from './en';
import { russianMessages } from './ru';

export type AppLocale = 'en' | 'ru';

export const availableLocales: { locale: AppLocale; name: string }[] = [
    { locale: 'en', name: 'English' },
    { locale: 'ru', name: 'Русский' },
];

const isAppLocale = (value: unknown): value is AppLocale => value === 'en' || value === 'ru';

/** The locale react-admin's localStorageStore remembered (`RaStore.locale`, as JSON), if any. */
const storedLocale = (): AppLocale | undefined => {
    if (typeof localStorage === 'undefined') return undefined;
    try {
        const value: unknown = JSON.parse(localStorage.getItem('RaStore.locale') ?? 'null');
        return isAppLocale(value) ? value : undefined;
    } catch {
        // A store written by something else, or storage the browser refuses: fall back to the browser.
        return undefined;
    }
};

const browserLocale = (): AppLocale | undefined => {
    if (typeof navigator === 'undefined' || typeof navigator.language !== 'string') return undefined;
    return navigator.language.toLowerCase().startsWith('ru') ? 'ru' : undefined;
};

/** The user's last choice, else the browser's language when it is Russian, else English. */
export const initialLocale = (): AppLocale => storedLocale() ?? browserLocale() ?? 'en';

export const messagesFor = (locale: string) => (locale === 'ru' ? russianMessages : englishMessages);

export const i18nProvider = polyglotI18nProvider(messagesFor, initialLocale(), availableLocales, { allowMissing: true });
