import { z } from 'zod';
import { hexColor, optionalText, requiredText } from '../fields';
import { declare } from './declare';

export const directionSchema = z.object({
    name: requiredText(80),
    color: hexColor,
    description: optionalText(),
    active: z.boolean().default(true),
});

export const directions = declare({
    schema: directionSchema,
    unique: [['name']],
    search: ['name', 'description'],
    idKind: 'integer',
});
