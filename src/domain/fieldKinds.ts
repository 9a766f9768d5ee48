import type { z } from 'zod';
import { id, instant, isoDate, localDateTime, money, nonZeroMoney, positiveMoney, signedMoney } from './fields';

/*
 * What kind of value a field of a declared collection holds, read from its zod schema: a storage engine
 * that types its columns (PostgreSQL) derives them from here instead of declaring them again. The
 * field types of fields.ts are known by identity (a date is text to zod); the rest by zod's own type.
 */

export type FieldKind =
    | 'integer'
    | 'money' // two decimals at most
    | 'boolean'
    | 'text'
    | 'date' // YYYY-MM-DD
    | 'instant' // ISO 8601 UTC
    | 'localDateTime' // YYYY-MM-DDTHH:mm in the studio's zone
    | 'ids' // a list of integer ids
    | 'json'; // an object or a list of objects

interface FieldType {
    kind: FieldKind;
    /** The field may be null or missing in a stored record. */
    nullable: boolean;
}

const known = new Map<z.ZodType, FieldKind>([
    [isoDate, 'date'],
    [instant, 'instant'],
    [localDateTime, 'localDateTime'],
    [money, 'money'],
    [positiveMoney, 'money'],
    [signedMoney, 'money'],
    [nonZeroMoney, 'money'],
    [id, 'integer'],
]);

interface Definition {
    type: string;
    innerType?: z.ZodType;
    in?: z.ZodType;
    out?: z.ZodType;
    element?: z.ZodType;
    checks?: { _zod: { def: { format?: string } } }[];
}

const definitionOf = (schema: z.ZodType): Definition => (schema as unknown as { def: Definition }).def;

/** The kind of value a field's schema holds, and whether a stored record may lack it. */
export const fieldTypeOf = (schema: z.ZodType, field = 'field'): FieldType => {
    let nullable = false;
    for (let current = schema; ;) {
        const kind = known.get(current);
        if (kind) return { kind, nullable };
        const definition = definitionOf(current);
        switch (definition.type) {
            case 'optional':
            case 'nullable':
                nullable = true;
                current = definition.innerType!;
                continue;
            case 'default':
            case 'prefault':
            case 'readonly':
                current = definition.innerType!;
                continue;
            case 'pipe':
                // z.preprocess is a transform piped into the schema that checks; a .pipe() checks the input first.
                current = definitionOf(definition.in!).type === 'transform' ? definition.out! : definition.in!;
                continue;
            case 'string':
            case 'enum':
            case 'literal':
                return { kind: 'text', nullable };
            case 'boolean':
                return { kind: 'boolean', nullable };
            case 'number': {
                const whole = (definition.checks ?? []).some(check =>
                    ['safeint', 'int32', 'uint32'].includes(check._zod.def.format ?? ''),
                );
                if (whole) return { kind: 'integer', nullable };
                throw new Error(
                    `${field}: a number that may have decimals must be declared as money (src/domain/fields.ts)`,
                );
            }
            case 'array':
                return { kind: known.get(definition.element!) === 'integer' ? 'ids' : 'json', nullable };
            case 'object':
            case 'record':
            case 'unknown':
                return { kind: 'json', nullable };
            default:
                throw new Error(`${field}: no stored kind for a zod ${definition.type}`);
        }
    }
};
