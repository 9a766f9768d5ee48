import { z } from 'zod';
import { hexColor, slug } from '../fields';
import { statusLabelsSchema } from '../statuses';
import { declare } from './declare';

export const statusListNames = ['customer', 'attendance'] as const;

export const statusSchema = z.object({
    name: z.enum(statusListNames, { error: 'app.validation.choice' }),
    code: slug,
    // One label per language, shown in the interface's language (see statuses.ts).
    labels: statusLabelsSchema,
    color: hexColor,
    order: z.number().int().min(0).max(1000).default(0),
    isDefault: z.boolean().default(false),
    charges: z.boolean().default(false),
});

export const statuses = declare({
    schema: statusSchema,
    unique: [['name', 'code']],
    search: ['code', 'labels'],
    indexed: ['name'],
    idKind: 'integer',
});
