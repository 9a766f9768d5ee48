/*
 * Helpers for the unit tests of compileLike (tests/unit/like-*.test.ts): what RegExp, as json-server uses
 * it, says of a pattern.
 */

/** What json-server answers for `field_like=pattern`. */
export const regexpSays = (pattern: string, text: string) => new RegExp(pattern, 'i').test(text);

export const regexpRejects = (pattern: string) => {
    try {
        new RegExp(pattern, 'i');
        return false;
    } catch {
        return true;
    }
};
