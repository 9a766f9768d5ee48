import type { z } from 'zod';
import { collectionNames, collections, type Reference } from './collections';
import { isPrototype, isPrototypeId, prototypeRecordProblem } from './prototypes';
import type { CollectionName } from './types';

export type FieldErrors = Record<string, string>;

/** A message the app translates: a catalogue key such as `app.validation.phone`, never a sentence. */
const isMessageKey = (message: string) => /^[a-z_]+(\.[a-z_]+)+$/.test(message);

/** What zod says of a value that is not there at all ("... received undefined"), when it does not report the input. */
const missingInput = /received (undefined|null)$/;

/**
 * The app's message for one zod issue. A missing value is "required"; otherwise the schemas name their
 * own keys, and what zod says by itself (a wrong type, an unknown choice) is English text no one should
 * read: "invalid".
 */
export const issueMessage = (issue: z.core.$ZodIssue): string => {
    // Whatever a schema says of a wrong value, a value not given at all is simply required.
    if (
        issue.code === 'invalid_type' &&
        (issue.input === undefined || issue.input === null || missingInput.test(issue.message))
    )
        return 'ra.validation.required';
    return isMessageKey(issue.message) ? issue.message : 'app.validation.invalid';
};

/** zod issues as `{ "pay.amount": "app.validation.not_negative" }`: the first message for each field. */
const fieldErrors = (error: z.ZodError): FieldErrors => {
    const errors: FieldErrors = {};
    for (const issue of error.issues) {
        const field = issue.path.length ? issue.path.join('.') : '_';
        errors[field] ??= issueMessage(issue);
    }
    return errors;
};

type ValidationResult<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };

/** The message of a text holding the NUL character. */
export const nulMessage = 'app.validation.nul_character';

/** Whether a value holds the NUL character in any of its texts, its keys included, however deep. */
export const holdsNul = (value: unknown): boolean => {
    if (typeof value === 'string') return value.includes('\u0000');
    if (Array.isArray(value)) return value.some(holdsNul);
    if (value && typeof value === 'object')
        return Object.entries(value).some(([key, field]) => key.includes('\u0000') || holdsNul(field));
    return false;
};

/** Every text of a value that holds the NUL character, by its path: `{ "labels.en": nulMessage }`. */
const nulTexts = (value: unknown, path: (string | number)[] = [], errors: FieldErrors = {}): FieldErrors => {
    if (typeof value === 'string' && value.includes('\u0000'))
        errors[path.length ? path.join('.') : '_'] ??= nulMessage;
    else if (Array.isArray(value)) value.forEach((item, index) => nulTexts(item, [...path, index], errors));
    else if (value && typeof value === 'object')
        for (const [key, field] of Object.entries(value)) nulTexts(field, [...path, key], errors);
    return errors;
};

/**
 * The value read by its schema, or the fields at fault. Every text of every schema also refuses the NUL
 * character: no one types it, and PostgreSQL cannot store it, so the db.json engine refuses it alike.
 */
export const validate = <S extends z.ZodType>(schema: S, input: unknown): ValidationResult<z.output<S>> => {
    // With the input on each issue, a missing value tells from a wrong one.
    const result = schema.safeParse(input, { reportInput: true });
    if (!result.success) return { ok: false, errors: fieldErrors(result.error) };
    const errors = nulTexts(result.data);
    return Object.keys(errors).length ? { ok: false, errors } : { ok: true, value: result.data };
};

const referencedIds = (record: Record<string, unknown>, reference: Reference): unknown[] => {
    const value = record[reference.field];
    if (value === null || value === undefined) return [];
    return Array.isArray(value) ? value : [value];
};

/**
 * Checks a whole database as loaded from disk: every collection present, every record valid for its
 * schema, ids unique, every reference pointing at a record that exists. Answers the problems found,
 * at most `limit` of them; an empty list means the database is sound.
 */
export const validateDatabase = (data: unknown, limit = 20): string[] => {
    const problems: string[] = [];
    const add = (problem: string) => problems.length < limit && problems.push(problem);
    if (!data || typeof data !== 'object' || Array.isArray(data)) return ['the file does not hold a JSON object'];
    const db = data as Record<string, unknown>;
    const ids = new Map<CollectionName, Set<unknown>>();
    const codes = { customer: new Set<string>(), attendance: new Set<string>() };

    for (const name of collectionNames) {
        const records = db[name];
        if (!Array.isArray(records)) {
            add(`collection "${name}" is missing or not a list`);
            continue;
        }
        const seen = new Set<unknown>();
        ids.set(name, seen);
        records.forEach((record: Record<string, unknown>, index) => {
            const where = `${name}[${index}]`;
            if (!record || typeof record !== 'object') return add(`${where} is not an object`);
            const idValid =
                collections[name].idKind === 'integer'
                    ? Number.isInteger(record.id) && (record.id as number) > 0
                    : typeof record.id === 'string' && record.id.length > 0;
            if (!idValid) add(`${where} has an invalid id`);
            if (seen.has(record.id)) add(`${where} repeats id ${String(record.id)}`);
            seen.add(record.id);
            if (typeof record.createdAt !== 'string') add(`${where} has no createdAt`);
            const result = collections[name].schema.safeParse(record);
            if (!result.success) {
                const [field, message] = Object.entries(fieldErrors(result.error))[0];
                add(`${where} (id ${String(record.id)}): ${field} ${message}`);
            }
            if (name === 'users' && typeof record.passwordHash !== 'string') add(`${where} has no passwordHash`);
            if (
                name === 'users' &&
                record.tokenVersion !== undefined &&
                !(Number.isInteger(record.tokenVersion) && (record.tokenVersion as number) >= 0)
            ) {
                add(`${where} has an invalid tokenVersion`);
            }
            if (
                name === 'users' &&
                record.revokedSessions !== undefined &&
                !(
                    Array.isArray(record.revokedSessions) &&
                    record.revokedSessions.every(
                        session => typeof session?.sid === 'string' && typeof session?.until === 'string',
                    )
                )
            ) {
                add(`${where} has invalid revokedSessions`);
            }
            if (name === 'statuses') codes[record.name as 'customer' | 'attendance']?.add(record.code as string);
        });
    }
    if (problems.length) return problems;

    for (const name of collectionNames) {
        for (const record of db[name] as Record<string, unknown>[]) {
            for (const reference of collections[name].references) {
                for (const value of referencedIds(record, reference)) {
                    const exists = reference.statusList
                        ? codes[reference.statusList].has(value as string)
                        : ids.get(reference.collection)?.has(value);
                    if (!exists)
                        add(
                            `${name} ${String(record.id)}: ${reference.field} points at missing ${reference.collection} ${String(value)}`,
                        );
                }
            }
        }
    }
    const configs = db.configs as { id: unknown }[];
    if (!configs.some(config => config.id === 'general')) add('configs has no "general" record');
    for (const [name, value] of Object.entries(db)) {
        if (!isPrototype(name, value)) continue;
        // A prototype's records may hold anything, but each needs an id of its own to be read, changed or deleted.
        const seen = new Set<unknown>();
        (value as Record<string, unknown>[]).forEach((record, index) => {
            // 5 and "5" are one record's address: /api/rooms/5.
            const key = String(record.id);
            if (!isPrototypeId(record.id)) add(`${name}[${index}] has no id (a positive whole number or a text)`);
            else if (seen.has(key)) add(`${name}[${index}] repeats id ${key}`);
            seen.add(key);
            const problem = prototypeRecordProblem(record);
            if (problem) add(`${name}[${index}] (id ${key}): ${problem.message} (${problem.field})`);
        });
    }
    return problems;
};

export { referencedIds };
