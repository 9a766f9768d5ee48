import { expect } from 'vitest';
import type { z } from 'zod';
import { validate } from '../../src/domain/validation';

/*
 * Helpers for the unit tests of the record schemas (tests/unit/schemas-*.test.ts): that a schema accepts
 * an input (and what it makes of it), or refuses it on a field, with a message.
 */

export const accepts = (schema: z.ZodType, input: unknown) => {
    const result = validate(schema, input);
    expect(result.ok, JSON.stringify(result)).toBe(true);
    return result.ok ? (result.value as Record<string, unknown>) : {};
};
export const refuses = (schema: z.ZodType, input: unknown, field: string, message?: string) => {
    const result = validate(schema, input);
    expect(result.ok).toBe(false);
    if (!result.ok) {
        expect(result.errors).toHaveProperty([field]);
        if (message) expect(result.errors[field]).toBe(message);
    }
};
