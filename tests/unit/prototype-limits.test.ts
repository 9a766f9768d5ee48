import { describe, expect, it } from 'vitest';
import { maxPrototypeBytes, maxPrototypeDepth, prototypeRecordProblem } from '../../src/domain/prototypes';
import { validateDatabase } from '../../src/domain/validation';
import { demo } from '../support/prototypes';

/** A value `levels` objects and arrays deep: nested(1) is `{"a": inner}`, nested(2) `{"a": [inner]}`. */
const nested = (levels: number, inner: unknown = 1): unknown => {
    let value: unknown = inner;
    for (let level = 0; level < levels; level++) value = level % 2 ? [value] : { a: value };
    return value;
};

describe('the limits of a prototype record', () => {
    it('takes records up to 32 levels deep, counting the record itself, arrays and objects alike', () => {
        expect(prototypeRecordProblem({ id: 1, title: 'x' })).toBeUndefined();
        expect(prototypeRecordProblem({ id: 1, deep: nested(maxPrototypeDepth - 1) })).toBeUndefined();
        expect(prototypeRecordProblem({ id: 1, deep: nested(maxPrototypeDepth) })).toEqual({
            limit: 'depth',
            field: 'deep',
            message: 'A prototype record may nest at most 32 levels deep',
        });
        // Scalars do not add a level.
        expect(prototypeRecordProblem({ id: 1, deep: nested(maxPrototypeDepth - 1, 'text') })).toBeUndefined();
    });

    it('names the field that is too deep among others', () => {
        const record = { id: 1, flat: { a: 1 }, list: [[1]], tree: nested(40), after: 'x' };
        expect(prototypeRecordProblem(record)?.field).toBe('tree');
    });

    it('checks a record a million levels deep without running out of stack', () => {
        const deep = JSON.parse('['.repeat(1_000_000) + ']'.repeat(1_000_000)) as unknown;
        expect(prototypeRecordProblem({ deep })?.message).toMatch(/at most 32 levels deep/);
    });

    it('takes records up to 64 kB of JSON, counted in UTF-8 bytes', () => {
        const overhead = JSON.stringify({ id: 1, text: '' }).length;
        expect(prototypeRecordProblem({ id: 1, text: 'x'.repeat(maxPrototypeBytes - overhead) })).toBeUndefined();
        const over = prototypeRecordProblem({ id: 1, text: 'x'.repeat(maxPrototypeBytes - overhead + 1) });
        expect(over).toEqual({
            limit: 'size',
            field: 'record',
            message: expect.stringMatching(/at most 64 kB/) as unknown,
        });
        // Two bytes a letter in UTF-8: half as many Cyrillic letters fill the record.
        expect(prototypeRecordProblem({ id: 1, text: 'ж'.repeat(maxPrototypeBytes / 2) })?.field).toBe('record');
    });

    it('refuses a database file holding a prototype record past the limits, naming the record', () => {
        const db = {
            ...demo(),
            rooms: [{ id: 1 }, { id: 2, deep: nested(5000) }, { id: 3, text: 'x'.repeat(70_000) }],
        };
        expect(validateDatabase(db)).toEqual([
            'rooms[1] (id 2): A prototype record may nest at most 32 levels deep (deep)',
            expect.stringMatching(/^rooms\[2\] \(id 3\): A prototype record may be at most 64 kB of JSON/) as unknown,
        ]);
    });
});
