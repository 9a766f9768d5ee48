import { payRate } from '../../src/domain/pay';
import { describe, expect, it } from 'vitest';
import {
    attendanceSchema,
    courseSchema,
    customerSchema,
    directionSchema,
    eventSchema,
    passSchema,
    paymentLinkSchema,
    paymentSchema,
    scheduleSchema,
    studioSchema,
    subscriptionSchema,
    userCreateSchema,
    userSchema,
} from '../../src/domain/schemas';
import { accepts, refuses } from '../support/schemas';

/*
 * The schemas of the records: users, the catalogue, customers and money, and the timetable.
 */

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

describe('the NUL character', () => {
    // PostgreSQL cannot store it in a text, so every text of every schema refuses it, on both engines.
    it('is refused in any text of a record, however deep, naming the field', () => {
        const customer = { firstName: 'Ivan', lastName: 'Petrov', phone: '+7 916 123-45-67', status: 'active' };
        const nul = 'app.validation.nul_character';
        refuses(customerSchema, { ...customer, firstName: 'a\u0000b' }, 'firstName', nul);
        refuses(customerSchema, { ...customer, notes: '\u0000' }, 'notes', nul);
        refuses(directionSchema, { name: 'Yoga', color: '#123456', description: 'x\u0000' }, 'description', nul);
        refuses(
            userCreateSchema,
            { name: 'Anna', email: 'anna@studio.test', role: 'teacher', password: 'secret-12\u0000' },
            'password',
            nul,
        );
        accepts(customerSchema, { ...customer, firstName: 'Ünïcode 😀', notes: 'a\\u0000b' });
    });
});
