import type { z } from 'zod';
import { issueMessage } from '../domain/validation';

type Errors = Record<string, unknown>;

const setPath = (target: Errors, path: PropertyKey[], message: string) => {
    let node = target;
    path.slice(0, -1).forEach((key, index) => {
        const next = node[String(key)];
        node = (
            next && typeof next === 'object'
                ? next
                : (node[String(key)] = typeof path[index + 1] === 'number' ? [] : {})
        ) as Errors;
    });
    const last = String(path[path.length - 1] ?? '_');
    node[last] ??= message;
};

/**
 * A react-admin form `validate` from a domain schema: the same rules the server applies, with the
 * same message keys, shown on the fields before anything is sent.
 */
export const schemaValidator =
    (schema: z.ZodType) =>
    (values: unknown): Errors => {
        const result = schema.safeParse(values, { reportInput: true });
        const errors: Errors = {};
        // Only the app's own message keys reach the form, so every message shows in the interface's language.
        if (!result.success) for (const issue of result.error.issues) setPath(errors, issue.path, issueMessage(issue));
        return errors;
    };
