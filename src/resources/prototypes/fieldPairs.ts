import type { Validator } from 'react-admin';

/*
 * The first record of an empty prototype collection, typed in as "field name / value" pairs: there are
 * no records to guess a form from.
 */

interface FieldPair {
    name?: string | null;
    value?: string | null;
}

interface FieldPairs {
    fields?: FieldPair[] | null;
}

/**
 * A value as JSON would read it when it is a JSON literal (42, 1.5, true, false, null, "quoted"),
 * else the text as typed: "Blue room" stays text, "12" becomes a number. Objects and arrays stay text,
 * so that a stray bracket never changes the shape of a record.
 */
export const parseValue = (text: string): unknown => {
    try {
        const value: unknown = JSON.parse(text);
        if (value === null || typeof value === 'number' || typeof value === 'boolean' || typeof value === 'string')
            return value;
    } catch {
        // Not JSON at all: plain text.
    }
    return text;
};

/** The record the pairs describe. An empty value is empty text; the server assigns the id. */
export const recordFromPairs = ({ fields }: FieldPairs): Record<string, unknown> =>
    Object.fromEntries((fields ?? []).map(({ name, value }) => [(name ?? '').trim(), parseValue(value ?? '')]));

/** A field's name: given, not `id` (the server's), and not another field's. */
export const validateFieldName: Validator = (value: unknown, values: FieldPairs) => {
    const name = typeof value === 'string' ? value.trim() : '';
    if (!name) return 'app.prototypes.validation.name_required';
    if (name === 'id') return 'app.prototypes.validation.id_reserved';
    const names = (values.fields ?? []).map(pair => (pair.name ?? '').trim());
    if (names.indexOf(name) !== names.lastIndexOf(name)) return 'app.prototypes.validation.name_repeated';
    return undefined;
};
