import { describe, expect, it } from 'vitest';
import {
    configSchema,
    customerSchema,
    paymentLinkSchema,
    paymentSchema,
    scheduleSchema,
    slotSchema,
    statusSchema,
    userCreateSchema,
} from '../../src/domain/schemas';
import { validate, validateDatabase } from '../../src/domain/validation';
import { migrateDatabaseRecords, migrateStatusRecord, statusLabel } from '../../src/domain/statuses';
import type { Status } from '../../src/domain/types';
import { schemaValidator } from '../../src/app/forms';
import { englishMessages } from '../../src/app/i18n/en';
import { russianMessages } from '../../src/app/i18n/ru';
import { generateDatabase } from '../../src/scripts/demo';
import type { z } from 'zod';
import { accepts, refuses } from '../support/schemas';

/*
 * The schemas of the settings, status labels in both languages (and their migration from one label), and
 * validation messages that are the app's keys.
 */

describe('settings', () => {
    it('statuses have a slug code, a colour and a list name', () => {
        expect(
            accepts(statusSchema, {
                name: 'attendance',
                code: 'late',
                labels: { en: 'Late' },
                color: '#ffae1f',
                charges: true,
            }),
        ).toMatchObject({ isDefault: false, order: 0 });
        refuses(statusSchema, { name: 'payments', code: 'x', labels: { en: 'X' }, color: '#000000' }, 'name');
    });
    it('configs need a real ISO 4217 currency, an IANA time zone and a country', () => {
        const config = {
            studioName: 'Pulse',
            currency: 'RUB',
            timezone: 'Europe/Moscow',
            country: 'RU',
            defaultLocale: 'ru',
            paymentLinkTtlHours: 72,
            expiringPassDays: 7,
            lowVisitsThreshold: 1,
        };
        accepts(configSchema, config);
        accepts(configSchema, { ...config, currency: 'EUR', timezone: 'America/New_York' });
        refuses(configSchema, { ...config, currency: 'ABC' }, 'currency', 'app.validation.currency');
        refuses(configSchema, { ...config, timezone: 'Moscow' }, 'timezone', 'app.validation.timezone');
        refuses(configSchema, { ...config, defaultLocale: 'de' }, 'defaultLocale');
        refuses(configSchema, { ...config, country: 'Russia' }, 'country', 'app.validation.country');
        refuses(configSchema, { ...config, country: 'ZZ' }, 'country', 'app.validation.country');
        refuses(configSchema, { ...config, paymentLinkTtlHours: 0 }, 'paymentLinkTtlHours');
    });
});

describe('status labels in both languages', () => {
    const status = { name: 'customer', code: 'paused', color: '#5d87ff' };

    it('need a label in at least one language', () => {
        expect(accepts(statusSchema, { ...status, labels: { ru: 'Пауза' } })).toMatchObject({
            labels: { ru: 'Пауза' },
        });
        expect(accepts(statusSchema, { ...status, labels: { en: 'Paused', ru: 'Пауза' } })).toMatchObject({
            labels: { en: 'Paused', ru: 'Пауза' },
        });
        refuses(statusSchema, { ...status, labels: { en: ' ', ru: '' } }, 'labels.en', 'app.validation.label_required');
        refuses(statusSchema, status, 'labels', 'ra.validation.required');
        refuses(
            statusSchema,
            { ...status, labels: { en: 'Paused', ru: 'Пау\u0000за' } },
            'labels.ru',
            'app.validation.nul_character',
        );
    });

    it('read in the interface language, else the other one, else as the code', () => {
        expect(statusLabel({ code: 'paused', labels: { en: 'Paused', ru: 'Пауза' } }, 'ru')).toBe('Пауза');
        expect(statusLabel({ code: 'paused', labels: { en: 'Paused', ru: 'Пауза' } }, 'en')).toBe('Paused');
        expect(statusLabel({ code: 'paused', labels: { ru: 'Пауза', en: null } }, 'en')).toBe('Пауза');
        expect(statusLabel({ code: 'paused', labels: { en: 'Paused' } }, 'ru')).toBe('Paused');
        expect(statusLabel({ code: 'paused', labels: {} }, 'ru')).toBe('paused');
    });

    it('a stored single label becomes the label in the studio language', () => {
        const old = {
            id: 4,
            ...status,
            label: 'Пауза',
            order: 3,
            isDefault: false,
            charges: false,
            createdAt: '2026-01-01T00:00:00.000Z',
        };
        const { label: _label, ...rest } = old;
        expect(migrateStatusRecord(old, 'ru')).toEqual({ ...rest, labels: { ru: 'Пауза' } });
        expect(migrateStatusRecord(old, 'en')).toEqual({ ...rest, labels: { en: 'Пауза' } });
        const current = { ...rest, labels: { en: 'Paused' } };
        expect(migrateStatusRecord(current, 'ru')).toBe(current);

        const database: Record<string, unknown> = {
            configs: [{ id: 'general', defaultLocale: 'ru' }],
            statuses: [old, current],
        };
        migrateDatabaseRecords(database);
        expect(database.statuses).toEqual([{ ...rest, labels: { ru: 'Пауза' } }, current]);
        const english: Record<string, unknown> = { configs: [], statuses: [old] };
        migrateDatabaseRecords(english);
        expect(english.statuses).toEqual([{ ...rest, labels: { en: 'Пауза' } }]);
    });

    it('the migrated demo database validates', () => {
        const database = generateDatabase() as unknown as Record<string, unknown>;
        const statuses = database.statuses as Record<string, unknown>[];
        // The demo database as an older version wrote it: one label each, in Russian.
        database.statuses = statuses.map(({ labels, ...rest }) => ({ ...rest, label: (labels as { ru: string }).ru }));
        expect(validateDatabase(database)[0]).toMatch(/statuses\[0\].*labels ra.validation.required/);
        migrateDatabaseRecords(database);
        expect(validateDatabase(database)).toEqual([]);
        expect((database.statuses as Status[])[2].labels).toEqual({ ru: 'Занимается' });
    });
});

describe('validation messages are the app keys, never zod text', () => {
    it('a missing value is required and a wrong type invalid', () => {
        expect(
            validate(customerSchema, {
                firstName: 'Anna',
                lastName: 'P',
                phone: '+7 900 000-00-00',
                status: 'lead',
                birthDate: 5,
            }),
        ).toEqual({
            ok: false,
            errors: { birthDate: 'app.validation.invalid' },
        });
        expect(validate(paymentLinkSchema, {})).toEqual({
            ok: false,
            errors: { customerId: 'ra.validation.required', subscriptionId: 'ra.validation.required' },
        });
        expect(validate(slotSchema, { weekday: 'Monday', startTime: '10:00', durationMinutes: 60 })).toEqual({
            ok: false,
            errors: { weekday: 'app.validation.invalid' },
        });
    });

    it('every message of a form validator is a key the catalogues translate, in English and in Russian', () => {
        const messages: string[] = [];
        const collect = (errors: unknown) => {
            if (typeof errors === 'string') messages.push(errors);
            else if (errors && typeof errors === 'object') Object.values(errors).forEach(collect);
        };
        const inputs: [z.ZodType, unknown][] = [
            [customerSchema, {}],
            [customerSchema, { firstName: 1, lastName: [], phone: {}, email: 5, status: null, birthDate: 'x' }],
            [scheduleSchema, { slots: [{ weekday: 'x' }] }],
            [statusSchema, { labels: {} }],
            [userCreateSchema, { pay: { kind: 'weekly' } }],
            [paymentSchema, { amount: 'ten' }],
            [configSchema, { currency: 5 }],
        ];
        for (const [schema, input] of inputs) collect(schemaValidator(schema)(input));
        expect(messages.length).toBeGreaterThan(10);
        const translated = (catalogue: object, key: string) =>
            key
                .split('.')
                .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue);
        for (const message of new Set(messages)) {
            expect(message, message).toMatch(/^[a-z_]+(\.[a-z_]+)+$/);
            expect(typeof translated(englishMessages, message), `${message} in English`).toBe('string');
            expect(typeof translated(russianMessages, message), `${message} in Russian`).toBe('string');
        }
    });
});
