/*
 * What both engines do to the records they hold and answer: ids compared as the API writes them, and
 * records frozen so that no caller changes one in place.
 */

/** Freezes a record and what it holds, so that nothing changes a stored record but a write. */
export const freezeRecord = <T>(value: T): T => {
    if (value && typeof value === 'object' && !Object.isFrozen(value)) {
        Object.freeze(value);
        for (const inner of Object.values(value)) freezeRecord(inner);
    }
    return value;
};

/** How a record is found by id: integer ids as numbers (no text made per lookup), so "5" and 5 find the same record. */
export type IdKey = string | number;
export const idKey = (id: unknown): IdKey => {
    if (typeof id === 'number') return id;
    const text = String(id);
    const number = Number(text);
    return Number.isSafeInteger(number) && String(number) === text ? number : text;
};
