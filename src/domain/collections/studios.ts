import { z } from 'zod';
import { hexColor, optional, optionalText, requiredText } from '../fields';
import { declare } from './declare';

export const studioSchema = z.object({
    name: requiredText(80),
    address: optionalText(300),
    capacity: z
        .number({ error: 'app.validation.number' })
        .int('app.validation.integer')
        .min(1, 'app.validation.min_one')
        .max(10_000),
    color: optional(hexColor),
    active: z.boolean().default(true),
});

export const studios = declare({
    schema: studioSchema,
    unique: [['name']],
    search: ['name', 'address'],
    idKind: 'integer',
});
