import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { englishMessages } from '../../src/app/i18n/en';
import { portalMessages as portalEnglish } from '../../src/app/i18n/en/portal';
import { russianMessages } from '../../src/app/i18n/ru';
import { portalMessages as portalRussian } from '../../src/app/i18n/ru/portal';
import { loadLocale, ordinal, translator } from '../../src/portal/i18n';
import { flatten } from '../support/catalogues';

/*
 * The portal's catalogue: the texts of the app's messages it copies read as the app's do, every key the
 * portal's API answers with has words in both languages, and its translator counts and fills in as
 * polyglot does.
 */

const root = join(import.meta.dirname, '../..');

/** The message keys quoted in the server's rooms the portal talks to: its own and signing in. */
const portalRouteKeys = () =>
    ['src/server/portal', 'src/server/signIn']
        .flatMap(folder => readdirSync(join(root, folder)).map(file => join(root, folder, file)))
        .filter(file => file.endsWith('.ts'))
        .flatMap(file => [
            ...readFileSync(file, 'utf8').matchAll(/['"`]((?:app|ra)\.[a-z_]+(?:\.[A-Za-z0-9_]+)+)['"`]/g),
        ])
        .map(match => match[1]);

describe("the portal's catalogue", () => {
    it("copies the app's messages word for word, in both languages", () => {
        for (const [portal, app] of [
            [portalEnglish, englishMessages],
            [portalRussian, russianMessages],
        ] as const) {
            const appTexts = flatten(app);
            const copies = [...flatten(portal)].filter(([key]) => !key.startsWith('app.portal.'));
            expect(copies.length).toBeGreaterThan(10);
            for (const [key, text] of copies) expect(text, key).toBe(appTexts.get(key));
        }
    });

    it("has words for every key the portal's API answers with", () => {
        const used = new Set([
            ...portalRouteKeys(),
            // The contract's refusals, whichever route answers them.
            'ra.validation.required',
            'app.validation.phone',
            'app.money.errors.freeze_too_long',
            'app.money.errors.already_frozen',
        ]);
        expect(used).toContain('app.portal.wrong_code');
        for (const portal of [portalEnglish, portalRussian]) {
            const keys = flatten(portal);
            expect([...used].filter(key => !keys.has(key))).toEqual([]);
        }
    });
});

describe("the portal's translator", () => {
    it('fills in values and chooses English forms by count', () => {
        const t = translator('en');
        expect(t('app.portal.classes.seats_left', { smart_count: 1 })).toBe('1 seat left');
        expect(t('app.portal.classes.seats_left', { smart_count: 3 })).toBe('3 seats left');
        expect(t('app.portal.pause.will_end', { date: 'May 2', before: 'May 1' })).toBe(
            'The pass will end on May 2 instead of May 1.',
        );
        expect(t('app.portal.nowhere')).toBe('app.portal.nowhere');
        expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101].map(n => ordinal(t, 'en', n))).toEqual([
            '1st',
            '2nd',
            '3rd',
            '4th',
            '11th',
            '12th',
            '13th',
            '21st',
            '22nd',
            '101st',
        ]);
    });

    it('reads Russian, fetched when chosen, with its three forms', async () => {
        await loadLocale('ru');
        const t = translator('ru');
        expect(
            [1, 2, 5, 11, 21, 22, 25].map(smart_count => t('app.portal.classes.seats_left', { smart_count })),
        ).toEqual([
            'Осталось 1 место',
            'Осталось 2 места',
            'Осталось 5 мест',
            'Осталось 11 мест',
            'Осталось 21 место',
            'Осталось 22 места',
            'Осталось 25 мест',
        ]);
        expect(ordinal(t, 'ru', 2)).toBe('2-й');
        expect(t('ra.validation.required')).toBe('Обязательно для заполнения');
    });
});
