import { isStudioCollection } from './roles';

/*
 * Prototype collections: any top-level array of records in db.json that is not one of the studio's
 * collections. A developer adds one (in the file, or by POSTing its first record) and has an API and a
 * screen at once, as with json-server; these are the rules for what counts as one and what it may be called.
 */

/** A simple name: a letter, then letters, digits, `_` or `-`; it is a URL segment in the API and in the app. */
export const prototypeNamePattern = /^[A-Za-z][A-Za-z0-9_-]{0,39}$/;

/** An array of JSON objects: the shape of a collection json-server can serve. */
export const isRecordList = (value: unknown): value is Record<string, unknown>[] =>
    Array.isArray(value) &&
    value.every(record => record !== null && typeof record === 'object' && !Array.isArray(record));

/** A value in the database file that is a prototype collection under this name. */
export const isPrototype = (name: string, value: unknown): boolean => !isStudioCollection(name) && isRecordList(value);

/** Ids as json-server gives them: positive integers, or non-empty text. */
export const isPrototypeId = (id: unknown): boolean =>
    (Number.isSafeInteger(id) && (id as number) > 0) || (typeof id === 'string' && id.length > 0 && id.length <= 200);

/**
 * Why a name cannot be a prototype's (undefined when it can): not a simple name, or a name the API or
 * the app already uses for something else (`reserved`).
 */
export const prototypeNameProblem = (name: string, reserved: ReadonlySet<string>): string | undefined => {
    if (!prototypeNamePattern.test(name))
        return `"${name}" is not a simple name: use up to 40 letters, digits, _ and -, starting with a letter`;
    if (isStudioCollection(name) || reserved.has(name))
        return `"${name}" cannot be a collection's name: the studio's API or app uses it`;
    return undefined;
};
