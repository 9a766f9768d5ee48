import { describe, expect, it } from 'vitest';
import { compileLike, LIKE_PATTERN_MAX_LENGTH, LikePatternError } from '../../src/server/routes/prototypes/like';
import { regexpRejects } from '../support/like';

/*
 * The limits of compileLike: the patterns it refuses and why, and answers in time linear in the text.
 */

const refusal = (pattern: string) => {
    try {
        compileLike(pattern);
    } catch (error) {
        expect(error).toBeInstanceOf(LikePatternError);
        return (error as LikePatternError).message;
    }
    throw new Error(`${pattern} was accepted`);
};

describe('patterns compileLike refuses', () => {
    it('refuses back-references, saying where they are', () => {
        expect(refusal('(a)\\1')).toBe('back-references are not supported (at 4)');
        expect(refusal('(?<x>a)\\k<x>')).toBe('back-references are not supported (at 8)');
        expect(refusal('\\9')).toMatch(/back-references/);
    });

    it('refuses lookahead and lookbehind', () => {
        for (const pattern of ['a(?=b)', 'a(?!b)', '(?<=a)b', '(?<!a)b']) {
            expect(refusal(pattern)).toMatch(/^lookahead and lookbehind are not supported \(at \d\)$/);
        }
        expect(refusal('x(?=b)')).toBe('lookahead and lookbehind are not supported (at 2)');
    });

    it('refuses what RegExp itself rejects, in plain words', () => {
        const invalid: [string, RegExp][] = [
            ['(ab', /^unbalanced parenthesis: this \( is never closed \(at 1\)$/],
            ['ab)', /^unbalanced parenthesis: this \) closes no group \(at 3\)$/],
            ['((a)', /unbalanced parenthesis/],
            ['*a', /^nothing to repeat/],
            ['a|+', /^nothing to repeat/],
            ['a**', /nothing to repeat .*\(at 3\)/],
            ['a{2}{3}', /nothing to repeat/],
            ['{2}', /nothing to repeat/],
            ['^*', /an anchor or \\b cannot be repeated/],
            ['\\b+', /cannot be repeated/],
            ['[z-a]', /^the range z-a is out of order \(at 3\)$/],
            ['[я-а]', /the range я-а is out of order/],
            ['a{2,1}', /^the numbers in \{2,1\} are out of order \(at 2\)$/],
            ['[ab', /^a character class \[ is never closed/],
            ['ab\\', /^the pattern ends with a lone backslash$/],
            ['(?i:a)', /unknown kind of group/],
            ['(?<1x>a)', /group name/],
            ['(?<x>a)(?<x>b)', /the group name x is used twice/],
        ];
        for (const [pattern, message] of invalid) {
            expect(regexpRejects(pattern), pattern).toBe(true);
            expect(refusal(pattern), pattern).toMatch(message);
        }
    });

    it('refuses the rarely used escapes RegExp reads in surprising ways', () => {
        expect(refusal('\\01')).toMatch(/octal escapes are not supported/);
        expect(refusal('[\\1]')).toMatch(/octal escapes are not supported/);
        expect(refusal('\\cA')).toBe('\\c is not a supported escape (at 1)');
        expect(refusal('\\p{L}')).toMatch(/\\p is not a supported escape/);
        expect(refusal('\\x4')).toBe('\\x must be followed by 2 hexadecimal digits (at 1)');
        expect(refusal('\\u{41}')).toMatch(/\\u must be followed by 4 hexadecimal digits/);
    });

    it('refuses patterns longer than 200 characters', () => {
        expect(LIKE_PATTERN_MAX_LENGTH).toBe(200);
        expect(compileLike('a'.repeat(200)).test('a'.repeat(200))).toBe(true);
        expect(refusal('a'.repeat(201))).toBe('the pattern is longer than 200 characters');
    });

    it('refuses patterns whose program would be too big, without building it', () => {
        for (const pattern of [
            '(a{100}){100}',
            'a{5000}',
            '((a{20}){20}){20}',
            'a{1000000000}',
            '(?:a|b){0,99999999}',
            '[ab]{5000,}',
        ]) {
            expect(refusal(pattern)).toBe('the pattern is too complex: it would need more than 1000 steps');
        }
        expect(compileLike('(a{10}){10}').test('a'.repeat(100))).toBe(true);
        expect(compileLike('(?:){1000000000}x').test('x')).toBe(true);
    });

    it('throws an Error named LikePatternError', () => {
        expect(() => compileLike('(')).toThrow(Error);
        expect(() => compileLike('(')).toThrow(expect.objectContaining({ name: 'LikePatternError' }));
    });
});

describe('time linear in the text', () => {
    it('answers the patterns that make a backtracking engine hang', () => {
        expect(compileLike('(a+)+$').test(`${'a'.repeat(30000)}b`)).toBe(false);
        expect(compileLike('(.*)*x').test('y'.repeat(30000))).toBe(false);
        expect(compileLike('(a|aa)*c').test('a'.repeat(30000))).toBe(false);
        expect(compileLike('^(\\w+\\s?)*$').test(`${'word '.repeat(5000)}!`)).toBe(false);
        expect(compileLike('(a*)*(b*)*c').test('ab'.repeat(10000))).toBe(false);
        expect(compileLike('(a+)+$').test('a'.repeat(30000))).toBe(true);
    });

    it('can be used again and again', () => {
        const matcher = compileLike('^и(ван|рина)$');
        expect(['Иван', 'ИРИНА', 'Ивана', 'Инна'].map(name => matcher.test(name))).toEqual([true, true, false, false]);
    });
});
