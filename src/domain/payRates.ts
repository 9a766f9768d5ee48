import { z } from 'zod';
import { id, isoDate, money } from './fields';

/*
 * The shape of a teacher's pay: a list of rates, each from a date, for every class, a direction or a
 * course. How a class is paid by them is in pay.ts.
 */

/**
 * How a teacher is paid for a class: not at all; a sum per class held; a sum per visit (per charging
 * mark); or a base per class held with a bonus per visit above a number of visits.
 */
export const payKinds = ['none', 'per_event', 'per_attendee', 'base_bonus'] as const;

/**
 * One pay rate of a teacher, in force from a date (null: from the beginning) until a later rate of the
 * same reach takes over; its reach is every class of the teacher, or those of one direction or one course.
 */
export const payRateSchema = z
    .object({
        from: isoDate.nullable().default(null),
        kind: z.enum(payKinds, { error: 'app.validation.choice' }),
        /** Per class (per_event), per visit (per_attendee), or the base per class (base_bonus). */
        amount: money,
        /** base_bonus: per visit above `threshold`. */
        bonus: money.default(0),
        threshold: z.number().int('app.validation.integer').min(0, 'app.validation.not_negative').max(1000).default(0),
        /** At least this for a class held, whatever the rule gives. */
        minimum: money.default(0),
        directionId: id.nullable().default(null),
        courseId: id.nullable().default(null),
    })
    .refine(rate => rate.directionId === null || rate.courseId === null, {
        message: 'app.validation.pay_reach',
        path: ['courseId'],
    });

const noPay = {
    from: null,
    kind: 'none' as const,
    amount: 0,
    bonus: 0,
    threshold: 0,
    minimum: 0,
    directionId: null,
    courseId: null,
};

/**
 * A teacher's pay: rates with the dates they apply from, so that a new rate never changes what past
 * classes paid. A database written before rates had dates holds one rule ({kind, amount}): it is read as
 * the first rate, from the beginning, and pays every past class as it did.
 */
export const payRates = z.preprocess(
    value =>
        value !== null && typeof value === 'object' && !Array.isArray(value) ? [{ ...value, from: null }] : value,
    z
        .array(payRateSchema)
        .max(100, 'app.validation.pay_rates')
        .refine(
            rates => rates.some(rate => rate.from === null && rate.directionId === null && rate.courseId === null),
            { message: 'app.validation.pay_first' },
        )
        .refine(
            rates =>
                new Set(rates.map(rate => `${rate.from} ${rate.directionId} ${rate.courseId}`)).size === rates.length,
            { message: 'app.validation.pay_twice' },
        )
        .default([noPay]),
);
