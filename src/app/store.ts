import { localStorageStore, type Store } from 'react-admin';
import { themeStoreKey } from './themes';

/** What a person chose for this browser, not for their account: kept when react-admin resets its store. */
const keptOnReset = [themeStoreKey, 'locale'];

/**
 * react-admin's store in localStorage. Signing out resets it (list filters, columns, what was last
 * opened), but the chosen theme and language stay: the next person at the desk finds the screen as it was.
 */
export const keepingChoices = (base: Store): Store => ({
    ...base,
    reset: () => {
        const kept = keptOnReset.map(key => [key, base.getItem(key)] as const);
        base.reset();
        for (const [key, value] of kept) if (value !== undefined) base.setItem(key, value);
    },
});

export const store = keepingChoices(localStorageStore());
