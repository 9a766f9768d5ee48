import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { describe, expect, it } from 'vitest';
import { formatFullDate, formatShortDate, formatTime, weekStartsOn } from '../../src/app/i18n/dates';
import { appEnglish, englishMessages } from '../../src/app/i18n/en';
import { appRussian, russianMessages } from '../../src/app/i18n/ru';
import { themeLabel, themeNames } from '../../src/app/themes';
import { fieldLabelKey } from '../../src/resources/history/auditText';
import { collectionNames, readableFields } from '../../src/domain/collections';
import { payKinds } from '../../src/domain/payRates';
import * as schemas from '../../src/domain/schemas';
import { roles } from '../../src/domain/roles';
import { flatten } from '../support/catalogues';

const english = flatten(englishMessages);
const russian = flatten(russianMessages);
const root = join(import.meta.dirname, '../..');

/** Every complete `app.*` key quoted in the TypeScript sources of a folder. */
const keysUsedIn = (folder: string): string[] =>
    readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
        .filter(file => /\.tsx?$/.test(file))
        .flatMap(file => [
            ...readFileSync(join(root, folder, file), 'utf8').matchAll(
                /['"`](app\.[a-z_]+(?:\.[A-Za-z0-9_/]+)+)['"`]/g,
            ),
        ])
        .map(match => match[1]);

const translator = (locale: 'en' | 'ru') =>
    polyglotI18nProvider(() => (locale === 'ru' ? russianMessages : englishMessages), locale);

describe('the catalogues', () => {
    it('have the same app keys in English and Russian, none of them empty', () => {
        const appKeys = flatten(appEnglish);
        expect([...flatten(appRussian).keys()].sort()).toEqual([...appKeys.keys()].sort());
        for (const [key, text] of [...appKeys, ...flatten(appRussian)]) expect(text.trim(), key).not.toBe('');
    });

    it('give every feature the same keys in English and Russian, none of them empty', async () => {
        const folder = join(root, 'src/app/i18n');
        const files = (language: string) => readdirSync(join(folder, language)).filter(file => file !== 'index.ts');
        expect(files('ru').sort()).toEqual(files('en').sort());
        for (const file of files('en')) {
            const catalogue = async (language: string) =>
                Object.values((await import(join(folder, language, file))) as Record<string, object>);
            const [en, ru] = [
                (await catalogue('en')).map(m => flatten(m)),
                (await catalogue('ru')).map(m => flatten(m)),
            ];
            expect(
                ru.map(messages => [...messages.keys()].sort()),
                file,
            ).toEqual(en.map(messages => [...messages.keys()].sort()));
            for (const [key, text] of [...en, ...ru].flatMap(messages => [...messages]))
                expect(text.trim(), `${file} ${key}`).not.toBe('');
        }
    });

    it('leave no English key without a Russian text', () => {
        expect([...english.keys()].filter(key => !russian.has(key))).toEqual([]);
    });

    it('hold every app key the domain and the server use, e.g. the validation messages', () => {
        // The portal's own refusals (app.portal.*) are in its catalogue: tests/unit/portal-i18n.test.ts.
        const used = new Set(
            [...keysUsedIn('src/domain'), ...keysUsedIn('src/server')].filter(key => !key.startsWith('app.portal.')),
        );
        expect(used).toContain('app.validation.date');
        expect(used).toContain('app.validation.unknown_parameter');
        expect([...used].filter(key => !english.has(key))).toEqual([]);
        expect([...used].filter(key => !russian.has(key))).toEqual([]);
    });

    it('name every resource with its fields and menu entry, and every collection that can refer to a record', () => {
        const resources = [
            'customers',
            'events',
            'schedules',
            'attendances',
            'passes',
            'payments',
            'paymentLinks',
            'statuses',
            'configs',
        ];
        const settings = ['users', 'courses', 'studios', 'directions', 'subscriptions'];
        for (const resource of [...resources, ...settings.map(name => `settings/${name}`)]) {
            for (const key of ['name', 'fields.id', 'fields.createdAt', 'fields.q']) {
                expect(russian.has(`resources.${resource}.${key}`), `${resource} ${key}`).toBe(true);
            }
        }
        // The menu names entries by collection: app.menu.users for /settings/users.
        for (const name of [...resources, ...settings]) expect(russian.has(`app.menu.${name}`), name).toBe(true);
        for (const collection of collectionNames)
            expect(english.has(`app.collections.${collection}`), collection).toBe(true);
    });

    it('label every field of every collection in both languages, as the history of changes names them', () => {
        const unlabelled = collectionNames
            .filter(collection => collection !== 'auditEntries')
            .flatMap(collection => readableFields(collection).map(field => fieldLabelKey(collection, field)))
            .filter(key => !english.has(key) || !russian.has(key));
        expect(unlabelled).toEqual([]);
    });

    it('label every value of the domain enumerations and every theme', () => {
        const enumerations: Record<string, readonly string[]> = {
            'app.roles': roles,
            'app.pay_kinds': payKinds,
            'app.levels': schemas.courseLevels,
            'resources.events.statuses': schemas.eventStatuses,
            'app.payment_kinds': schemas.paymentKinds,
            'app.payment_methods': schemas.paymentMethods,
            'resources.paymentLinks.statuses': schemas.paymentLinkStatuses,
            'app.status_lists': schemas.statusListNames,
            'app.locales': schemas.locales,
        };
        for (const [prefix, values] of Object.entries(enumerations)) {
            const labelled = [...english.keys()]
                .filter(key => key.startsWith(`${prefix}.`))
                .map(key => key.slice(prefix.length + 1));
            expect(labelled.sort(), prefix).toEqual([...values].sort());
        }
        for (const name of themeNames) expect(russian.has(themeLabel(name)), name).toBe(true);
    });
});

describe('Russian', () => {
    const { translate } = translator('ru');

    it('names resources in the menu in the nominative plural', () => {
        expect(translate('app.menu.customers')).toBe('Клиенты');
        expect(translate('app.menu.passes')).toBe('Абонементы');
        expect(translate('app.menu.studios')).toBe('Залы');
        expect(translate('app.menu.groups.money')).toBe('Деньги');
    });

    it('counts resource names in polyglot order one | few | many', () => {
        expect(
            [1, 2, 5, 21, 11, 104].map(smart_count => translate('resources.customers.name', { smart_count })),
        ).toEqual(['Клиент', 'Клиента', 'Клиентов', 'Клиент', 'Клиентов', 'Клиента']);
        expect(translate('app.collections.passes', { smart_count: 3 })).toBe('3 абонемента');
        for (const [key, text] of flatten(appRussian)) {
            if (/^resources\.[^.]+\.name$|^app\.collections\./.test(key))
                expect(text.split(' |||| '), key).toHaveLength(3);
        }
    });

    it('reads react-admin texts in Russian and the seed error screen', () => {
        expect(translate('ra.action.delete')).toBe('Удалить');
        expect(translate('app.error.title')).toBe('Произошла ошибка');
        expect(translate('app.error.home')).toBe('Вернуться на главную страницу');
        expect(translate('app.error.not_found', { path: '/nowhere' })).toBe('Страница не найдена: /nowhere');
    });
});

describe('English', () => {
    const { translate } = translator('en');

    it('counts resource names and reads the seed messages', () => {
        expect(translate('resources.customers.name', { smart_count: 1 })).toBe('Customer');
        expect(translate('resources.customers.name', { smart_count: 2 })).toBe('Customers');
        expect(translate('app.error.not_found', { path: '/nowhere' })).toBe('Page not found: /nowhere');
        expect(translate('app.error.retry')).toBe('Try to return to the page');
        expect(translate('app.conflict.in_use', { referrers: '2 passes' })).toBe(
            'This record is used by 2 passes and cannot be deleted.',
        );
    });
});

describe('dates', () => {
    it('format Russian dates and times as the seed does', () => {
        expect(formatFullDate('2026-11-23', 'ru')).toBe('понедельник, 23 ноября 2026 г.');
        expect(formatShortDate('2026-11-23', 'ru')).toBe('23.11.2026');
        expect(formatTime('2026-11-23T09:05', 'ru')).toBe('9:05');
        expect(formatTime('2026-11-23T21:40', 'ru')).toBe('21:40');
        expect(weekStartsOn('ru')).toBe(1);
    });

    it('format English dates and times as en-US', () => {
        expect(formatFullDate('2026-11-23', 'en')).toBe('Monday, November 23, 2026');
        expect(formatShortDate('2026-11-23T23:30', 'en')).toBe('11/23/2026');
        expect(formatTime('2026-11-23T21:40', 'en')).toBe('9:40 PM');
    });

    it('show wall-clock strings as written and instants in the given time zone', () => {
        expect(formatTime('2026-11-23T00:15', 'ru', 'America/New_York')).toBe('0:15');
        expect(formatShortDate('2026-11-22T22:30:00Z', 'ru', 'Europe/Moscow')).toBe('23.11.2026');
        expect(formatTime(new Date(Date.UTC(2026, 10, 23, 6, 5)), 'ru', 'Europe/Moscow')).toBe('9:05');
        expect(formatShortDate('', 'ru')).toBe('');
        expect(formatShortDate('not a date', 'en')).toBe('');
    });
});
