import { isStudioCollection } from './roles';

/*
 * Prototype collections: any top-level array of records in db.json that is not one of the studio's
 * collections. A developer adds one (in the file, or by POSTing its first record) and has an API and a
 * screen at once, as with json-server; these are the rules for what counts as one and what it may be called.
 */

/** A simple name: a letter, then letters, digits, `_` or `-`; it is a URL segment in the API and in the app. */
export const prototypeNamePattern = /^[A-Za-z][A-Za-z0-9_-]{0,39}$/;

/** An array of JSON objects: the shape of a collection json-server can serve. */
const isRecordList = (value: unknown): value is Record<string, unknown>[] =>
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

/** How deep a prototype record may nest objects and arrays, the record itself being the first level. */
export const maxPrototypeDepth = 32;
/** How large a prototype record may be, as JSON in UTF-8. */
export const maxPrototypeBytes = 64 * 1024;

interface PrototypeRecordProblem {
    limit: 'depth' | 'size';
    /** The top-level field that nests too deep, or `record` for the record as a whole. */
    field: string;
    message: string;
}

/**
 * The field of `record` holding a value nested deeper than `maxPrototypeDepth`, or undefined. It walks
 * with a stack of its own and stops one level past the limit, so a record nested a million levels deep
 * costs no more than one nested 33.
 */
const tooDeepField = (record: Record<string, unknown>): string | undefined => {
    const stack: { value: unknown; depth: number; field: string }[] = Object.entries(record).map(([field, value]) => ({
        value,
        depth: 2,
        field,
    }));
    for (let next = stack.pop(); next; next = stack.pop()) {
        const { value, depth, field } = next;
        if (value === null || typeof value !== 'object') continue;
        if (depth > maxPrototypeDepth) return field;
        for (const inner of Object.values(value)) stack.push({ value: inner, depth: depth + 1, field });
    }
    return undefined;
};

/**
 * Why a prototype record cannot be stored (undefined when it can): nested more than 32 levels deep, or
 * more than 64 kB of JSON. A prototype holds what a developer sends, so these bounds keep one record
 * from being more than the server, its journal and the screens can carry.
 */
export const prototypeRecordProblem = (record: Record<string, unknown>): PrototypeRecordProblem | undefined => {
    const deep = tooDeepField(record);
    if (deep !== undefined)
        return {
            limit: 'depth',
            field: deep,
            message: `A prototype record may nest at most ${maxPrototypeDepth} levels deep`,
        };
    const bytes = new TextEncoder().encode(JSON.stringify(record)).length;
    if (bytes > maxPrototypeBytes)
        return {
            limit: 'size',
            field: 'record',
            message: `A prototype record may be at most ${maxPrototypeBytes / 1024} kB of JSON (this one is ${Math.ceil(bytes / 1024)} kB)`,
        };
    return undefined;
};

/**
 * A prototype record's field refers to a record as json-server links them (`customerId` to customer 5):
 * a string or a number whose text is the id's, so 5 and "5" alike.
 */
export const refersTo = (value: unknown, id: unknown): boolean =>
    (typeof value === 'string' || typeof value === 'number') && String(value) === String(id);
