import { z } from 'zod';
import { id, optionalText, requiredText } from '../fields';
import { declare, ref } from './declare';

export const courseLevels = ['beginner', 'intermediate', 'advanced', 'open'] as const;

export const courseSchema = z.object({
    name: requiredText(120),
    directionId: id,
    level: z.enum(courseLevels, { error: 'app.validation.choice' }).default('open'),
    durationMinutes: z
        .number()
        .int('app.validation.integer')
        .min(5, 'app.validation.duration')
        .max(600, 'app.validation.duration')
        .default(60),
    description: optionalText(),
    active: z.boolean().default(true),
});

export const courses = declare({
    schema: courseSchema,
    references: [ref('directionId', 'directions')],
    search: ['name', 'description'],
    idKind: 'integer',
});
