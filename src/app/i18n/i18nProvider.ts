import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider, TranslationMessages } from 'react-admin';
import { englishMessages } from './en';

type AppLocale = 'en' | 'ru';

const availableLocales: { locale: AppLocale; name: string }[] = [
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

/** The Russian catalogue is its own chunk, fetched only when Russian is chosen or remembered. */
let russianMessages: TranslationMessages | undefined;
const loadRussian = async () => (russianMessages ??= (await import('./ru')).russianMessages);

/** Fetches the catalogue of a locale ahead, so that the app can start in it: call before the first render. */
export const preloadLocale = async (locale: AppLocale): Promise<void> => {
    if (locale === 'ru') await loadRussian();
};

/** The catalogue of a locale: at once when it is loaded, else a promise of it, which react-admin waits for. */
const messagesFor = (locale: string): TranslationMessages | Promise<TranslationMessages> =>
    locale === 'ru' ? (russianMessages ?? loadRussian()) : englishMessages;

let provider: I18nProvider | undefined;

/** The locale the app starts in: the initial one once its catalogue is loaded, English otherwise (it could not be fetched). */
const startingLocale = (): AppLocale => (initialLocale() === 'ru' && !russianMessages ? 'en' : initialLocale());

/** The app's i18n provider, made once, after `preloadLocale(initialLocale())`: react-admin needs the first locale's catalogue at once. */
export const i18nProvider = (): I18nProvider =>
    (provider ??= polyglotI18nProvider(messagesFor, startingLocale(), availableLocales, { allowMissing: true }));
