import { z } from 'zod';
import { id, instant } from '../fields';
import { declare, ref } from './declare';

/** A problem of one row of an imported file: its line in the file (the header is line 1), the field, an i18n key. */
export const importErrorSchema = z.object({
    row: z.number().int().min(1),
    /** The person the row is about, as the file names them. */
    name: z.string().optional(),
    field: z.string(),
    message: z.string(),
    params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});

/**
 * An import of customers from another system's CSV file, as applied: who, the file, what it did, and
 * what undoing it needs (the ids it created with the values it wrote, and the values it replaced).
 * Written by the server only (src/server/imports).
 */
export const importSchema = z.object({
    fileName: z.string().max(255),
    createdBy: id,
    createdByName: z.string(),
    counts: z.object({
        create: z.number().int().min(0),
        update: z.number().int().min(0),
        skip: z.number().int().min(0),
        errors: z.number().int().min(0),
        passes: z.number().int().min(0),
    }),
    errors: z.array(importErrorSchema),
    /** The customers and passes it made, each with the values it wrote. */
    created: z.array(
        z.object({
            collection: z.enum(['customers', 'passes']),
            id,
            values: z.record(z.string(), z.unknown()),
        }),
    ),
    /** The customers it changed: the values before, and those it wrote. */
    updated: z.array(
        z.object({
            id,
            before: z.record(z.string(), z.unknown()),
            after: z.record(z.string(), z.unknown()),
        }),
    ),
    undoneAt: instant.nullable(),
    undoneBy: id.nullable(),
});

export const imports = declare({
    // Made by POST /api/imports/customers, undone by POST /api/imports/:id/undo; never written through the API.
    schema: importSchema,
    references: [ref('createdBy', 'users'), ref('undoneBy', 'users')],
    search: ['fileName', 'createdByName'],
    idKind: 'integer',
    addedLater: true,
});
