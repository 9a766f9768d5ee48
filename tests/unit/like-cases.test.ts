import { describe, expect, it } from 'vitest';
import { compileLike } from '../../src/server/routes/prototypes/like';
import { regexpSays } from '../support/like';

/*
 * compileLike against RegExp with the i flag on chosen cases: literals and case folding, the dot,
 * anchors, alternation, quantifiers, classes, escapes, word boundaries, groups, and what people search for.
 */

/** Pairs of a pattern and a text; each must get the answer RegExp gives, whether that is a match or not. */
const CASES: [string, string][] = [
    // literals, case folding (ASCII, Cyrillic, Latin-1, Greek)
    ['abc', 'xABCx'],
    ['abc', 'ab c'],
    ['', ''],
    ['', 'anything'],
    ['иван', 'Иван Петров'],
    ['ИВАН', 'иван'],
    ['иван', 'Ивановна'],
    ['иван', 'Иаван'],
    ['Соловьёва', 'СОЛОВЬЁВА'],
    ['ё', 'Ё'],
    ['ё', 'е'],
    ['ß', 'SS'],
    ['é', 'É'],
    ['σ', 'Σ'],
    ['ς', 'σ'],
    ['k', '\u212a'],
    ['s', '\u017f'],
    // the dot against line terminators
    ['a.c', 'abc'],
    ['a.c', 'a\nc'],
    ['a.c', 'a\rc'],
    ['a.c', 'a\u2028c'],
    ['a.c', 'a\u2029c'],
    ['a.c', 'a\tc'],
    ['^.$', 'я'],
    ['.', ''],
    ['^...$', 'ab\n'],
    // anchors: the whole text, not lines
    ['^ab', 'abc'],
    ['^ab', 'cab'],
    ['ab$', 'cab'],
    ['ab$', 'ab\n'],
    ['^b', 'a\nb'],
    ['^$', ''],
    ['^$', '\n'],
    ['x^', 'x'],
    ['$x', 'x'],
    ['^^a$$', 'a'],
    // alternation, at the top and inside groups
    ['кот|пёс', 'мой ПЁС'],
    ['кот|пёс', 'мышь'],
    ['^a|b$', 'xb'],
    ['^a|b$', 'bx'],
    ['^(a|b)$', 'B'],
    ['^(?:a|b)$', 'ab'],
    ['a(b|c)d', 'acd'],
    ['a(b|c)d', 'aed'],
    ['(|x)y', 'y'],
    ['a||b', 'z'],
    ['^(?:ab|cd)+$', 'abcdab'],
    ['^(?:ab|cd)+$', 'abcda'],
    ['^(a|b|c|d)$', 'D'],
    // quantifiers, counted and lazy
    ['ab*c', 'ac'],
    ['ab+c', 'ac'],
    ['ab+c', 'abbbc'],
    ['ab?c', 'abbc'],
    ['a{3}', 'aa'],
    ['a{3}', 'xaaax'],
    ['^a{2,3}$', 'aaaa'],
    ['^a{2,3}$', 'AAA'],
    ['^a{2,}$', 'aaaaaa'],
    ['^a{2,}$', 'a'],
    ['^a{0}$', ''],
    ['^a{0,0}b', 'ab'],
    ['^(ab){2}$', 'abab'],
    ['^(ab){1,2}?$', 'ababab'],
    ['a*?b', 'aab'],
    ['a+?$', 'aa'],
    ['a??b', 'b'],
    ['^a{2,}?$', 'a'],
    ['^(a{2}){2}$', 'aaaa'],
    ['^(a{2}){2}$', 'aaaaa'],
    ['^\\d{3}-\\d{2}$', '123-45'],
    // braces that are not counts are plain characters
    ['x{,2}', 'x{,2}'],
    ['a{1', 'a{1'],
    ['{', 'x{'],
    ['}', '}'],
    [']', 'a]'],
    ['a{2,x}', 'a{2,x}'],
    // classes: ranges, negation, escapes inside
    ['[abc]', 'B'],
    ['[abc]', 'd'],
    ['^[a-z]+$', 'HeLLo'],
    ['^[a-z]+$', 'hello world'],
    ['^[а-я]+$', 'ПРИВЕТ'],
    ['^[а-яё]+$', 'Ёлка'],
    ['^[а-я]+$', 'Ёлка'],
    ['[^abc]', 'ABC'],
    ['[^abc]', 'ABCd'],
    ['[^a-z]', 'Z'],
    ['[^а-я]', 'Я'],
    ['[\\d.]', '.'],
    ['[.]', 'x'],
    ['[\\w-]', '-'],
    ['[a\\-z]', '-'],
    ['[a\\-z]', 'b'],
    ['[-a]', '-'],
    ['[a-]', '-'],
    ['[\\d-z]', '-'],
    ['[\\d-z]', 'k'],
    ['[--a]', 'Z'],
    ['[\\]]', ']'],
    ['[\\\\]', '\\'],
    ['[]', 'a'],
    ['[^]', '\n'],
    ['[\\b]', '\b'],
    ['[\\s]', '\u00a0'],
    ['[^\\s]', ' '],
    ['[^\\S]', ' '],
    ['[\\W\\d]', '5'],
    ['[à-ÿ]', 'À'],
    ['[A-z]', '_'],
    ['[A-z]', '^'],
    ['[\\u0410-\\u042f]', 'ж'],
    ['[\\x41-\\x43]', 'c'],
    ['[\\n]', '\n'],
    ['[.*+?]', '+'],
    ['[(|)]', '|'],
    ['[$^]', '$'],
    ['[a^]', '^'],
    ['[\\^a]', '^'],
    // escapes
    ['\\d+', 'abc'],
    ['\\d+', 'a1'],
    ['\\D', '123'],
    ['\\w', '_'],
    ['\\w', 'я'],
    ['\\W', 'я'],
    ['\\s', 'a\tb'],
    ['\\s', '\u3000'],
    ['\\S', '  '],
    ['\\.', 'a'],
    ['\\.', '.'],
    ['\\*', '*'],
    ['\\\\', '\\'],
    ['\\(', '('],
    ['\\[', '['],
    ['\\/', '/'],
    ['\\-', '-'],
    ['\\$', '$'],
    ['\\^', '^'],
    ['\\+\\?', '+?'],
    ['\\{\\}', '{}'],
    ['\\|', '|'],
    ['\\_', '_'],
    ['a\\nb', 'a\nb'],
    ['\\t', '\t'],
    ['\\r', '\r'],
    ['\\f\\v', '\f\v'],
    ['\\0', '\0'],
    ['\\u0418', 'и'],
    ['\\u0451', 'Ё'],
    ['\\x41', 'a'],
    ['\\x41', 'b'],
    // word boundaries (ASCII word characters only, as in RegExp)
    ['\\bcat\\b', 'the cat sat'],
    ['\\bcat\\b', 'concat'],
    ['\\Bcat', 'concat'],
    ['\\Bcat', 'cat'],
    ['\\bкот\\b', 'кот'],
    ['\\Bкот\\B', 'кот'],
    ['\\b', ''],
    ['\\B', ''],
    ['a\\b', 'a!'],
    ['a\\b', 'ab'],
    ['\\b\\d+\\b', 'id 42'],
    ['\\b_', '-_'],
    // groups
    ['(?<year>\\d{4})-(?<month>\\d{2})', '2024-05'],
    ['((a))', 'A'],
    ['(a*)*b', 'aaab'],
    ['(a*)+$', ''],
    ['(?:)', 'x'],
    ['()*', 'x'],
    ['(a|b)*c', 'abbac'],
    ['^(?:(a)|b)*$', 'abba'],
    ['^(?:a*|b)*c$', 'aabac'],
    ['(?:^)+a', 'a'],
    ['(?:$)*a', 'a'],
    // what people type into a search box
    ['^[\\w.+-]+@[\\w-]+\\.[a-z]{2,}$', 'Ivan.Petrov+1@mail.ru'],
    ['^\\+?7\\d{10}$', '+79821234567'],
    ['^8 \\(\\d{3}\\)', '8 (982) 123'],
    ['петров(а|у)?$', 'Петрова'],
    ['^(анна|мария) ', 'мария иванова'],
    ['йога|пилатес', 'Хатха-ЙОГА'],
];

describe('compileLike gives the answer of RegExp with the i flag', () => {
    it('has cases that match and cases that do not', () => {
        expect(CASES.filter(([pattern, text]) => regexpSays(pattern, text)).length).toBeGreaterThan(80);
        expect(CASES.filter(([pattern, text]) => !regexpSays(pattern, text)).length).toBeGreaterThan(50);
    });

    it.each(CASES)('%j on %j', (pattern, text) => {
        expect(compileLike(pattern).test(text)).toBe(regexpSays(pattern, text));
    });

    it('matches every character of the Latin-1, Greek and Cyrillic blocks like RegExp, as a literal and in classes', () => {
        const differences: string[] = [];
        for (let code = 0; code < 0x530; code++) {
            const char = String.fromCharCode(code);
            const texts = [char, char.toLowerCase(), char.toUpperCase(), char.toUpperCase().toLowerCase()].filter(
                text => text.length === 1,
            );
            const escaped = `\\u${code.toString(16).padStart(4, '0')}`;
            for (const pattern of [escaped, `[${escaped}]`, `[^${escaped}]`]) {
                const matcher = compileLike(pattern);
                for (const text of texts)
                    if (matcher.test(text) !== regexpSays(pattern, text)) differences.push(`${pattern} on ${text}`);
            }
        }
        expect(differences).toEqual([]);
    });
});
