import { z } from 'zod';
import { id, isoDate, optional, optionalText, startsBeforeEnd, timeOfDay } from '../fields';
import { declare, ref } from './declare';

export const slotSchema = z.object({
    weekday: z.number().int().min(1, 'app.validation.weekday').max(7, 'app.validation.weekday'),
    startTime: timeOfDay,
    durationMinutes: z
        .number()
        .int('app.validation.integer')
        .min(5, 'app.validation.duration')
        .max(600, 'app.validation.duration'),
});

export const scheduleSchema = z
    .object({
        title: optionalText(120),
        courseId: id,
        teacherId: id,
        studioId: id,
        slots: z.array(slotSchema).min(1, 'app.validation.slots').max(21),
        startsOn: isoDate,
        endsOn: optional(isoDate),
        capacity: z.number().int('app.validation.integer').min(1, 'app.validation.min_one').max(10_000),
        customerIds: z.array(id).max(10_000).default([]),
        active: z.boolean().default(true),
        /** Customers may book its classes themselves; when not, only staff book them. */
        bookable: z.boolean().default(true),
    })
    .refine(startsBeforeEnd, { message: 'app.validation.ends_before_start', path: ['endsOn'] });

export const schedules = declare({
    schema: scheduleSchema,
    references: [
        ref('courseId', 'courses'),
        ref('teacherId', 'users'),
        ref('studioId', 'studios'),
        ref('customerIds', 'customers'),
    ],
    search: ['title'],
    idKind: 'integer',
});
