import { payRate } from '../../src/domain/pay';
import { describe, expect, it } from 'vitest';
import {
    attendanceSchema,
    configSchema,
    courseSchema,
    customerSchema,
    directionSchema,
    eventSchema,
    passSchema,
    paymentLinkSchema,
    paymentSchema,
    scheduleSchema,
    slotSchema,
    statusSchema,
    studioSchema,
    subscriptionSchema,
    userCreateSchema,
    userSchema,
} from '../../src/domain/schemas';
import { validate, validateDatabase } from '../../src/domain/validation';
import { migrateDatabaseRecords, migrateStatusRecord, statusLabel } from '../../src/domain/statuses';
import type { Status } from '../../src/domain/types';
import { schemaValidator } from '../../src/app/forms';
import { englishMessages } from '../../src/app/i18n/en';
import { russianMessages } from '../../src/app/i18n/ru';
import { generateDatabase } from '../../src/scripts/demo';
import type { z } from 'zod';

const accepts = (schema: z.ZodType, input: unknown) => {
    const result = validate(schema, input);
    expect(result.ok, JSON.stringify(result)).toBe(true);
    return result.ok ? (result.value as Record<string, unknown>) : {};
};
const refuses = (schema: z.ZodType, input: unknown, field: string, message?: string) => {
    const result = validate(schema, input);
    expect(result.ok).toBe(false);
    if (!result.ok) {
        expect(result.errors).toHaveProperty([field]);
        if (message) expect(result.errors[field]).toBe(message);
    }
};

describe('users', () => {
    const user = { name: 'Anna', email: 'Anna@Studio.Test ', role: 'teacher', password: 'secret-123' };
    it('accepts a user, lower-cases the email and fills the defaults', () => {
        expect(accepts(userCreateSchema, user)).toMatchObject({
            email: 'anna@studio.test',
            active: true,
            pay: [payRate({ kind: 'none', amount: 0 })],
        });
    });
    it('refuses a bad email, an unknown role, a short password and a negative pay', () => {
        refuses(userCreateSchema, { ...user, email: 'anna' }, 'email', 'ra.validation.email');
        refuses(userCreateSchema, { ...user, role: 'owner' }, 'role', 'app.validation.choice');
        refuses(userCreateSchema, { ...user, password: 'short' }, 'password', 'app.validation.password_length');
        refuses(
            userCreateSchema,
            { ...user, pay: { kind: 'per_event', amount: -1 } },
            'pay.0.amount',
            'app.validation.not_negative',
        );
        refuses(userCreateSchema, { ...user, pay: [] }, 'pay', 'app.validation.pay_first');
        refuses(userCreateSchema, { ...user, password: undefined }, 'password');
    });
    it('on edit the password may be left out, and a cleared phone becomes null', () => {
        expect(accepts(userSchema, { ...user, password: undefined, phone: '' })).toMatchObject({ phone: null });
    });
});

describe('catalogue', () => {
    it('directions need a name and a #rrggbb colour', () => {
        accepts(directionSchema, { name: 'Йога', color: '#12ab3C' });
        refuses(directionSchema, { name: ' ', color: '#12ab3C' }, 'name', 'ra.validation.required');
        refuses(directionSchema, { name: 'Йога', color: 'red' }, 'color', 'app.validation.color');
    });
    it('studios need a whole capacity of at least one', () => {
        accepts(studioSchema, { name: 'Hall', capacity: 12 });
        refuses(studioSchema, { name: 'Hall', capacity: 0 }, 'capacity', 'app.validation.min_one');
        refuses(studioSchema, { name: 'Hall', capacity: 2.5 }, 'capacity', 'app.validation.integer');
    });
    it('courses default to 60 minutes and refuse a level that does not exist', () => {
        expect(accepts(courseSchema, { name: 'Хатха', directionId: 1 })).toMatchObject({
            durationMinutes: 60,
            level: 'open',
        });
        refuses(courseSchema, { name: 'Хатха', directionId: 1, level: 'pro' }, 'level');
        refuses(courseSchema, { name: 'Хатха', directionId: 'one' }, 'directionId', 'app.validation.reference');
    });
    it('subscription plans: unlimited visits are null, prices have at most two decimals', () => {
        expect(accepts(subscriptionSchema, { name: 'Unlimited', price: 9000, validityDays: 30 })).toMatchObject({
            visits: null,
            directionIds: [],
            freezeDays: 0,
            trial: false,
        });
        accepts(subscriptionSchema, { name: '8 занятий', price: 5600.5, visits: 8, validityDays: 30 });
        refuses(subscriptionSchema, { name: 'x', price: 10.123, validityDays: 30 }, 'price', 'app.validation.cents');
        refuses(subscriptionSchema, { name: 'x', price: -5, validityDays: 30 }, 'price', 'app.validation.not_negative');
        refuses(
            subscriptionSchema,
            { name: 'x', price: 5, visits: 0, validityDays: 30 },
            'visits',
            'app.validation.min_one',
        );
        refuses(subscriptionSchema, { name: 'x', price: 5, validityDays: 0 }, 'validityDays');
    });
});

describe('customers and money', () => {
    const customer = { firstName: 'Ivan', lastName: 'Petrov', phone: '+7 916 123-45-67', status: 'active' };
    it('customers need a name, a phone and a status code', () => {
        accepts(customerSchema, customer);
        refuses(customerSchema, { ...customer, phone: 'call me' }, 'phone', 'app.validation.phone');
        refuses(customerSchema, { ...customer, birthDate: '2001-02-30' }, 'birthDate', 'app.validation.date');
        refuses(customerSchema, { ...customer, lastName: undefined }, 'lastName', 'ra.validation.required');
    });
    it('passes end on or after their start and freeze as a whole range', () => {
        const pass = {
            customerId: 1,
            subscriptionId: 1,
            name: '8',
            price: 100,
            visitsTotal: 8,
            startsOn: '2026-01-01',
            endsOn: '2026-01-30',
        };
        accepts(passSchema, pass);
        refuses(passSchema, { ...pass, endsOn: '2025-12-31' }, 'endsOn', 'app.validation.ends_before_start');
        refuses(passSchema, { ...pass, frozenFrom: '2026-01-05' }, 'frozenTo', 'app.validation.freeze_range');
        refuses(passSchema, { ...pass, frozenFrom: '2026-01-09', frozenTo: '2026-01-05' }, 'frozenTo');
    });
    it('payments are positive amounts with a known method', () => {
        expect(accepts(paymentSchema, { customerId: 1, amount: 500, method: 'cash' })).toMatchObject({
            kind: 'payment',
        });
        refuses(paymentSchema, { customerId: 1, amount: 0, method: 'cash' }, 'amount', 'app.validation.positive');
        refuses(paymentSchema, { customerId: 1, amount: 5, method: 'barter' }, 'method');
        refuses(
            paymentSchema,
            { customerId: 1, amount: 5, method: 'card', paidAt: 'yesterday' },
            'paidAt',
            'app.validation.instant',
        );
    });
    it('payment links need a customer and a plan; the amount is optional', () => {
        accepts(paymentLinkSchema, { customerId: 1, subscriptionId: 2 });
        refuses(paymentLinkSchema, { customerId: 1 }, 'subscriptionId');
    });
});

describe('timetable', () => {
    const schedule = {
        courseId: 1,
        teacherId: 3,
        studioId: 1,
        slots: [{ weekday: 1, startTime: '19:00', durationMinutes: 60 }],
        startsOn: '2026-09-01',
        capacity: 12,
    };
    it('schedules need at least one slot with a weekday from 1 (Monday) to 7', () => {
        expect(accepts(scheduleSchema, schedule)).toMatchObject({ customerIds: [], active: true });
        refuses(scheduleSchema, { ...schedule, slots: [] }, 'slots', 'app.validation.slots');
        refuses(
            scheduleSchema,
            { ...schedule, slots: [{ weekday: 8, startTime: '19:00', durationMinutes: 60 }] },
            'slots.0.weekday',
            'app.validation.weekday',
        );
        refuses(
            scheduleSchema,
            { ...schedule, slots: [{ weekday: 2, startTime: '25:00', durationMinutes: 60 }] },
            'slots.0.startTime',
            'app.validation.time',
        );
        refuses(scheduleSchema, { ...schedule, endsOn: '2026-08-01' }, 'endsOn', 'app.validation.ends_before_start');
    });
    it('events start at a local date-time and have a known status', () => {
        const event = {
            courseId: 1,
            teacherId: 3,
            studioId: 1,
            startsAt: '2026-11-23T19:00',
            durationMinutes: 60,
            capacity: 10,
        };
        expect(accepts(eventSchema, event)).toMatchObject({ status: 'planned' });
        refuses(eventSchema, { ...event, startsAt: '2026-11-23 19:00' }, 'startsAt', 'app.validation.date_time');
        refuses(eventSchema, { ...event, status: 'maybe' }, 'status');
    });
    it('attendances are an event, a customer and a status code; the server owns the rest', () => {
        const value = accepts(attendanceSchema, {
            eventId: 1,
            customerId: 2,
            status: 'attended',
            charged: true,
            passId: 5,
        });
        expect(value).toEqual({ eventId: 1, customerId: 2, status: 'attended' });
        refuses(
            attendanceSchema,
            { eventId: 1, customerId: 2, status: 'Not A Code!' },
            'status',
            'app.validation.slug',
        );
    });
});

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
    it('configs need a real ISO 4217 currency and an IANA time zone', () => {
        const config = {
            studioName: 'Pulse',
            currency: 'RUB',
            timezone: 'Europe/Moscow',
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
