import { z } from 'zod';
import { id, instant, isoDate, localDateTime, signedMoney } from '../fields';
import { payRateSchema } from '../payRates';
import { declare, ref } from './declare';
import { eventStatuses } from './events';

/** A class as its pay remembers it. */
export const paidClassSummarySchema = z.object({
    id,
    startsAt: localDateTime,
    courseId: id,
    studioId: id,
    status: z.enum(eventStatuses),
    scheduleId: id.nullable(),
    title: z.string().nullable(),
});

/** A class's pay as stored when its period was closed. */
export const closedLineSchema = z.object({
    event: paidClassSummarySchema,
    visits: z.number().int().min(0),
    marks: z.number().int().min(0),
    pay: signedMoney,
    rate: payRateSchema.nullable(),
});

/** What a change to a class of a closed period did to its pay, paid on the day of the change. */
export const payAdjustmentSchema = z.object({
    event: paidClassSummarySchema,
    /** The change in pay, and in visits. */
    pay: signedMoney,
    visits: z.number().int(),
    /** The studio's day of the change: the period that pays it is the one this day falls in. */
    on: isoDate,
    /** Who made the change: null when the server did (a class closed by itself). */
    userId: id.nullable(),
    userName: z.string(),
    at: instant,
});

/** A teacher's closed period, as stored; written by the server only. */
export const payPeriodSchema = z.object({
    teacherId: id,
    startsOn: isoDate,
    endsOn: isoDate,
    /** Classes held, visits and pay when it was closed (its classes and the adjustments dated in it). */
    classes: z.number().int().min(0),
    visits: z.number().int().min(0),
    total: signedMoney,
    lines: z.array(closedLineSchema),
    /** The changes made to its classes after it was closed. */
    adjustments: z.array(payAdjustmentSchema),
    /** The day of its latest adjustment: a period asking for adjustments finds the closed periods that have some. */
    adjustedOn: isoDate.nullable(),
    closedBy: id,
    closedByName: z.string(),
    reopenedAt: instant.nullable(),
    reopenedBy: id.nullable(),
    reopenedByName: z.string().nullable(),
});

export const payPeriods = declare({
    // Closed by the pay endpoints only (POST /api/teachers/:id/pay/close, /api/payPeriods/:id/reopen).
    schema: payPeriodSchema,
    references: [ref('teacherId', 'users')],
    search: ['closedByName'],
    // Closed periods with adjustments in a period, for the studio's pay.
    indexed: ['adjustedOn'],
    idKind: 'integer',
    addedLater: true,
});
