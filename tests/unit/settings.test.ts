import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { describe, expect, it } from 'vitest';
import { englishMessages } from '../../src/app/i18n/en';
import { russianMessages } from '../../src/app/i18n/ru';
import { configSchema, statusSchema, subscriptionSchema, userCreateSchema, userSchema } from '../../src/domain/schemas';
import { validate } from '../../src/domain/validation';
import { conflictMessage, isInUse, refusalMessage } from '../../src/resources/common/conflicts';
import { moved } from '../../src/resources/statuses/StatusOrder';

const translator = (locale: 'en' | 'ru') =>
    polyglotI18nProvider(l => (l === 'ru' ? russianMessages : englishMessages), locale).translate;

describe('a refused delete in words', () => {
    const referrers = [
        { collection: 'courses', field: 'directionId', count: 12 },
        { collection: 'subscriptions', field: 'directionIds', count: 1 },
    ];

    it('counts what uses the record in English', () => {
        expect(conflictMessage(translator('en'), referrers)).toBe(
            'This record is used by 12 courses, 1 plan and cannot be deleted.',
        );
    });

    it('counts it in Russian with the right plural forms', () => {
        const translate = translator('ru');
        expect(conflictMessage(translate, referrers)).toBe(
            'Эту запись нельзя удалить: она используется (12 курсов, 1 вид абонемента).',
        );
        expect(conflictMessage(translate, [{ collection: 'customers', field: 'status', count: 3 }])).toBe(
            'Эту запись нельзя удалить: она используется (3 клиента).',
        );
    });

    it('falls back to the first field error, then to the server message', () => {
        const translate = translator('en');
        const defaultRefused = {
            status: 409,
            body: {
                message: 'The default status cannot be deleted',
                errors: { isDefault: 'app.validation.one_default' },
            },
        };
        expect(refusalMessage(translate, defaultRefused)).toBe('Each status list needs exactly one default status');
        expect(isInUse(defaultRefused)).toBe(false);
        expect(refusalMessage(translate, { status: 500, body: { message: 'Internal Server Error' } })).toBe(
            'Internal Server Error',
        );
        expect(isInUse({ status: 409, body: { referrers } })).toBe(true);
    });
});

describe('moving a status', () => {
    it('swaps it with its neighbour and keeps the others in place', () => {
        expect(moved([1, 2, 3, 4], 2, -1)).toEqual([1, 3, 2, 4]);
        expect(moved([1, 2, 3, 4], 0, 1)).toEqual([2, 1, 3, 4]);
    });

    it('does nothing past either end', () => {
        expect(moved([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
        expect(moved([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
    });
});

describe('the rules the settings forms check before sending', () => {
    const user = {
        name: 'Anna',
        email: ' Anna@Studio.Test ',
        role: 'teacher',
        pay: { kind: 'per_event', amount: 1500 },
    };

    it('a new user needs a password of 8 characters or more; an edit may leave it empty to keep it', () => {
        expect(validate(userCreateSchema, user)).toMatchObject({ ok: false, errors: { password: expect.any(String) } });
        expect(validate(userCreateSchema, { ...user, password: 'short' })).toEqual({
            ok: false,
            errors: { password: 'app.validation.password_length' },
        });
        const created = validate(userCreateSchema, { ...user, password: 'long enough' });
        expect(created.ok && created.value.email).toBe('anna@studio.test');
        const edited = validate(userSchema, { ...user, password: '' });
        expect(edited.ok && edited.value.password).toBeNull();
    });

    it('a teacher is paid a non-negative amount in cents at most', () => {
        expect(validate(userSchema, { ...user, pay: { kind: 'per_event', amount: -1 } })).toEqual({
            ok: false,
            errors: { 'pay.0.amount': 'app.validation.not_negative' },
        });
        expect(validate(userSchema, { ...user, pay: { kind: 'per_event', amount: 10.005 } })).toEqual({
            ok: false,
            errors: { 'pay.0.amount': 'app.validation.cents' },
        });
        expect(validate(userSchema, { ...user, pay: { kind: 'hourly', amount: 1 } })).toEqual({
            ok: false,
            errors: { 'pay.0.kind': 'app.validation.choice' },
        });
    });

    it('a plan with no visits is unlimited and with no directions covers all', () => {
        const plan = validate(subscriptionSchema, {
            name: 'Безлимит на месяц',
            price: 9000,
            visits: null,
            validityDays: 30,
        });
        expect(plan).toMatchObject({
            ok: true,
            value: { visits: null, directionIds: [], freezeDays: 0, trial: false, active: true },
        });
        expect(validate(subscriptionSchema, { name: 'Zero', price: 1, visits: 0, validityDays: 30 })).toEqual({
            ok: false,
            errors: { visits: 'app.validation.min_one' },
        });
    });

    it('a status code is a slug, and its colour #rrggbb', () => {
        expect(
            validate(statusSchema, { name: 'customer', code: 'On hold', labels: { en: 'On hold' }, color: 'red' }),
        ).toEqual({
            ok: false,
            errors: { code: 'app.validation.slug', color: 'app.validation.color' },
        });
        expect(validate(statusSchema, { name: 'visitor', code: 'x', labels: { en: 'X' }, color: '#000000' })).toEqual({
            ok: false,
            errors: { name: 'app.validation.choice' },
        });
    });

    it('the general settings take real IANA time zones and ISO 4217 currencies only', () => {
        const config = {
            studioName: 'Pulse',
            currency: 'EUR',
            timezone: 'Europe/Berlin',
            country: 'DE',
            defaultLocale: 'en',
            paymentLinkTtlHours: 72,
            expiringPassDays: 7,
            lowVisitsThreshold: 1,
        };
        expect(validate(configSchema, config).ok).toBe(true);
        expect(validate(configSchema, { ...config, timezone: 'UTC' }).ok).toBe(true);
        expect(validate(configSchema, { ...config, timezone: 'Europe/Atlantis', currency: 'EURO' })).toEqual({
            ok: false,
            errors: { timezone: 'app.validation.timezone', currency: 'app.validation.currency' },
        });
        expect(validate(configSchema, { ...config, currency: 'ABC' })).toEqual({
            ok: false,
            errors: { currency: 'app.validation.currency' },
        });
        expect(validate(configSchema, { ...config, paymentLinkTtlHours: 0, expiringPassDays: -1 })).toMatchObject({
            ok: false,
            errors: { paymentLinkTtlHours: 'app.validation.min_one', expiringPassDays: 'app.validation.not_negative' },
        });
    });
});

describe('the settings messages', () => {
    const root = join(import.meta.dirname, '../..');
    const folders = ['users', 'courses', 'studios', 'directions', 'subscriptions', 'statuses', 'configs', 'common'].map(
        name => join(root, 'src/resources', name),
    );
    const sources = [
        ...folders.flatMap(folder => readdirSync(folder).map(file => join(folder, file))),
        join(root, 'src/server/settings/routes.ts'),
        join(root, 'src/server/settings/rules.ts'),
    ];
    const used = new Set(
        sources.flatMap(file =>
            [...readFileSync(file, 'utf8').matchAll(/['"`](app\.(?:settings|plans)\.[a-z_]+)['"`]/g)].map(
                match => match[1],
            ),
        ),
    );
    const lookup = (messages: object, key: string) =>
        key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages);

    it('has every key the screens and the server use, in English and in Russian', () => {
        expect(used.size).toBeGreaterThan(10);
        for (const key of used) {
            expect(lookup(englishMessages, key), key).toEqual(expect.any(String));
            expect(lookup(russianMessages, key), key).toEqual(expect.any(String));
            expect(lookup(russianMessages, key), key).not.toBe(lookup(englishMessages, key));
        }
    });

    // react-admin's own 'Создать %{name}' reads «Создать Вид абонемента»: each page names itself instead.
    it.each([
        ['settings/users', 'Новый пользователь', 'Пользователь «Анна»'],
        ['settings/courses', 'Новый курс', 'Курс «Анна»'],
        ['settings/studios', 'Новый зал', 'Зал «Анна»'],
        ['settings/directions', 'Новое направление', 'Направление «Анна»'],
        ['settings/subscriptions', 'Новый вид абонемента', 'Вид абонемента «Анна»'],
    ])('titles the create and edit pages of %s in Russian', (resource, create, edit) => {
        const ru = translator('ru');
        expect(ru(`resources.${resource}.page.create`)).toBe(create);
        expect(ru(`resources.${resource}.page.edit`, { recordRepresentation: 'Анна' })).toBe(edit);
        expect(translator('en')(`resources.${resource}.page.create`)).toMatch(/^New [a-z ]+$/);
    });

    it('reaches both catalogues', () => {
        expect(translator('en')('app.settings.add_status')).toBe('Add status');
        expect(translator('ru')('app.settings.add_status')).toBe('Добавить статус');
    });
});
