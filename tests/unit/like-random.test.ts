import { describe, expect, it } from 'vitest';
import { compileLike, type LikeMatcher, LikePatternError } from '../../src/server/routes/prototypes/like';
import { regexpRejects, regexpSays } from '../support/like';

/*
 * compileLike against RegExp on random patterns: made from the supported syntax, and made of random
 * symbols.
 */

/** mulberry32: the same numbers on every run, so a failure can be reproduced. */
const randomNumbers = (seed: number) => () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let value = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
};

const pick = <T>(next: () => number, items: readonly T[]): T => items[Math.floor(next() * items.length)];

const randomText = (next: () => number, alphabet: string) =>
    Array.from({ length: Math.floor(next() * 9) }, () => pick(next, [...alphabet])).join('');

const ATOMS = [
    'a',
    'b',
    'A',
    'B',
    '.',
    '\\w',
    '\\W',
    '\\s',
    '\\S',
    '\\n',
    '[ab]',
    '[^a]',
    '[a-b]',
    '[^\\n]',
    '[A-a]',
    '[^]',
    '[]',
    '[\\s\\d]',
];
const ASSERTIONS = ['^', '$', '\\b', '\\B'];
const QUANTIFIERS = ['', '', '', '', '*', '+', '?', '{1,2}', '{2}', '{0,}', '{0}', '{2,3}', '*?', '+?', '??', '{1,2}?'];

const randomPattern = (next: () => number, depth: number): string => {
    const term = () => {
        const roll = next();
        if (roll < 0.15) return pick(next, ASSERTIONS);
        const atom =
            roll < 0.4 && depth > 0
                ? `${pick(next, ['(', '(?:'])}${randomPattern(next, depth - 1)})`
                : pick(next, ATOMS);
        return atom + pick(next, QUANTIFIERS);
    };
    const sequence = () => Array.from({ length: Math.floor(next() * 4) }, term).join('');
    return next() < 0.25 ? `${sequence()}|${sequence()}` : sequence();
};

describe('compileLike against RegExp on random patterns', () => {
    it('agrees on thousands of random patterns from the supported syntax', () => {
        const next = randomNumbers(20240501);
        const differences: string[] = [];
        for (let round = 0; round < 3000; round++) {
            const pattern = randomPattern(next, 3);
            const matcher = compileLike(pattern);
            for (let sample = 0; sample < 8; sample++) {
                const text = randomText(next, 'abAB\n ');
                if (matcher.test(text) !== regexpSays(pattern, text))
                    differences.push(`${JSON.stringify(pattern)} on ${JSON.stringify(text)}`);
            }
        }
        expect(differences.slice(0, 10)).toEqual([]);
    });

    it('never accepts what RegExp rejects, and agrees with it whenever it accepts a pattern of random symbols', () => {
        const next = randomNumbers(7);
        const symbols = [...'ab()|*+?{}[]^$.\\-,12:=!<>dwbBk'];
        let accepted = 0;
        const differences: string[] = [];
        for (let round = 0; round < 5000; round++) {
            const pattern = Array.from({ length: 1 + Math.floor(next() * 7) }, () => pick(next, symbols)).join('');
            let matcher: LikeMatcher;
            try {
                matcher = compileLike(pattern);
            } catch (error) {
                expect(error).toBeInstanceOf(LikePatternError);
                continue;
            }
            if (regexpRejects(pattern))
                differences.push(`${JSON.stringify(pattern)} is accepted but RegExp rejects it`);
            else accepted++;
            for (let sample = 0; sample < 6 && !regexpRejects(pattern); sample++) {
                const text = randomText(next, 'ab1{},-.');
                if (matcher.test(text) !== regexpSays(pattern, text))
                    differences.push(`${JSON.stringify(pattern)} on ${JSON.stringify(text)}`);
            }
        }
        expect(differences.slice(0, 10)).toEqual([]);
        expect(accepted).toBeGreaterThan(500);
    });
});
