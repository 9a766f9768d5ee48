// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { localStorageStore } from 'react-admin';
import { keepingChoices } from '../../src/app/store';

/* Signing out resets react-admin's store; the theme and the language a person chose stay. */

describe('the store when signing out', () => {
    it('forgets list settings and keeps the chosen theme and language', () => {
        const store = keepingChoices(localStorageStore());
        store.setItem('themeName', 'dark');
        store.setItem('locale', 'ru');
        store.setItem('customers.listParams', { page: 3 });
        store.reset();
        expect(store.getItem('themeName')).toBe('dark');
        expect(store.getItem('locale')).toBe('ru');
        expect(store.getItem('customers.listParams')).toBeUndefined();
    });
});
