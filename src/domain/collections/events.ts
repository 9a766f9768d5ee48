import { z } from 'zod';
import { id, localDateTime, optional, optionalText } from '../fields';
import { declare, ref } from './declare';

export const eventStatuses = ['planned', 'done', 'cancelled'] as const;

export const eventSchema = z.object({
    scheduleId: optional(id),
    title: optionalText(120),
    courseId: id,
    teacherId: id,
    studioId: id,
    startsAt: localDateTime,
    durationMinutes: z
        .number()
        .int('app.validation.integer')
        .min(5, 'app.validation.duration')
        .max(600, 'app.validation.duration'),
    capacity: z.number().int('app.validation.integer').min(1, 'app.validation.min_one').max(10_000),
    status: z.enum(eventStatuses, { error: 'app.validation.choice' }).default('planned'),
    notes: optionalText(),
    /** Customers may book it themselves; when not, only staff book it. */
    bookable: z.boolean().default(true),
});

export const events = declare({
    schema: eventSchema,
    // The slot (local date-time) a generated event was made for, kept when the event is moved.
    server: { slotAt: localDateTime.nullish() },
    sometimes: ['slotAt'],
    references: [
        ref('scheduleId', 'schedules'),
        ref('courseId', 'courses'),
        ref('teacherId', 'users'),
        ref('studioId', 'studios'),
    ],
    search: ['title', 'notes'],
    idKind: 'integer',
});
