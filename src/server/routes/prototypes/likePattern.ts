/*
 * Reading a `_like` pattern (see like.ts): the tree of what it matches, with the character classes and the
 * case-insensitive equivalents RegExp's `i` flag uses; anything RegExp would reject, or this cannot run
 * in linear time, is a LikePatternError naming where.
 */

export class LikePatternError extends Error {
    override name = 'LikePatternError';
}

/** UTF-16 code units from the first to the second, both included. */
export type Range = readonly [number, number];
export type Assertion = 'start' | 'end' | 'boundary' | 'notBoundary';

export type Node =
    | { kind: 'set'; ranges: readonly Range[]; negated: boolean }
    | { kind: 'assert'; assertion: Assertion }
    | { kind: 'seq'; parts: Node[] }
    | { kind: 'alt'; options: Node[] }
    | { kind: 'repeat'; body: Node; min: number; max: number };

const complement = (ranges: readonly Range[]): Range[] => {
    const result: Range[] = [];
    let from = 0;
    for (const [lo, hi] of ranges) {
        if (lo > from) result.push([from, lo - 1]);
        from = hi + 1;
    }
    return from <= 0xffff ? [...result, [from, 0xffff]] : result;
};

const DIGITS: Range[] = [[0x30, 0x39]];
export const WORD: Range[] = [
    [0x30, 0x39],
    [0x41, 0x5a],
    [0x5f, 0x5f],
    [0x61, 0x7a],
];
const LINE_TERMINATORS: Range[] = [
    [0x0a, 0x0a],
    [0x0d, 0x0d],
    [0x2028, 0x2029],
];
const SPACES: Range[] = [
    [0x09, 0x0d],
    [0x20, 0x20],
    [0xa0, 0xa0],
    [0x1680, 0x1680],
    [0x2000, 0x200a],
    [0x2028, 0x2029],
    [0x202f, 0x202f],
    [0x205f, 0x205f],
    [0x3000, 0x3000],
    [0xfeff, 0xfeff],
];
const CLASS_ESCAPES: Record<string, Range[]> = {
    d: DIGITS,
    D: complement(DIGITS),
    w: WORD,
    W: complement(WORD),
    s: SPACES,
    S: complement(SPACES),
};
const CHARACTER_ESCAPES: Record<string, number> = { n: 0x0a, t: 0x09, r: 0x0d, f: 0x0c, v: 0x0b };
export type Count = { min: number; max: number };
const SIMPLE_QUANTIFIERS: Record<string, Count> = {
    '*': { min: 0, max: Infinity },
    '+': { min: 1, max: Infinity },
    '?': { min: 0, max: 1 },
};

/**
 * A character as the `i` flag compares it (Canonicalize without the u flag): its upper case, unless that is
 * several characters or turns non-ASCII into ASCII.
 */
const canonical = (code: number) => {
    const upper = String.fromCharCode(code).toUpperCase();
    const result = upper.charCodeAt(0);
    return upper.length !== 1 || (code >= 128 && result < 128) ? code : result;
};

let equivalenceTable: Map<number, number[]> | undefined;

/** The characters the `i` flag treats as `code` (`code` among them): е and Е, ς, σ and Σ. */
export const equivalents = (code: number): readonly number[] => {
    if (!equivalenceTable) {
        const byCanonical = new Map<number, number[]>();
        for (let c = 0; c <= 0xffff; c++) {
            const key = canonical(c);
            if (key === c) continue;
            const group = byCanonical.get(key) ?? (canonical(key) === key ? [key] : []);
            byCanonical.set(key, [...group, c]);
        }
        equivalenceTable = new Map();
        for (const group of byCanonical.values())
            if (group.length > 1) for (const c of group) equivalenceTable.set(c, group);
    }
    return equivalenceTable.get(code) ?? [code];
};

const single = (code: number): Node => ({ kind: 'set', ranges: [[code, code]], negated: false });

/** Reads a pattern into a tree; throws LikePatternError at the first thing it cannot (or RegExp would not) accept. */
export class Parser {
    private pos = 0;
    private readonly names = new Set<string>();

    constructor(private readonly pattern: string) {}

    parse(): Node {
        const node = this.disjunction();
        if (this.pos < this.pattern.length) this.fail('unbalanced parenthesis: this ) closes no group', this.pos);
        return node;
    }

    private fail(message: string, at?: number): never {
        throw new LikePatternError(at === undefined ? message : `${message} (at ${at + 1})`);
    }

    private peek(offset = 0) {
        return this.pattern[this.pos + offset] ?? '';
    }

    private eat(text: string) {
        if (!this.pattern.startsWith(text, this.pos)) return false;
        this.pos += text.length;
        return true;
    }

    private disjunction(): Node {
        const options = [this.alternative()];
        while (this.eat('|')) options.push(this.alternative());
        return options.length === 1 ? options[0] : { kind: 'alt', options };
    }

    private alternative(): Node {
        const parts: Node[] = [];
        while (this.pos < this.pattern.length && this.peek() !== '|' && this.peek() !== ')') parts.push(this.term());
        return { kind: 'seq', parts };
    }

    private term(): Node {
        const start = this.pos;
        if (this.quantifier()) this.fail('nothing to repeat before this quantifier', start);
        const atom = this.atom();
        const quantifierAt = this.pos;
        const count = this.quantifier();
        if (count && atom.kind === 'assert') this.fail('an anchor or \\b cannot be repeated', quantifierAt);
        return count ? { kind: 'repeat', body: atom, ...count } : atom;
    }

    /** `* + ? {n} {n,} {n,m}`, lazy or not (laziness does not change whether a text matches); null when there is none. */
    private quantifier(): Count | null {
        const simple = SIMPLE_QUANTIFIERS[this.peek()];
        if (simple) this.pos++;
        const count = simple ?? this.braces();
        if (count) this.eat('?');
        return count ?? null;
    }

    /** A count in braces; a brace that does not start one is a plain character, as in RegExp. */
    private braces(): Count | undefined {
        const match = /^\{(\d+)(,(\d*))?\}/.exec(this.pattern.slice(this.pos));
        if (!match) return undefined;
        const min = Number(match[1]);
        const max = match[2] === undefined ? min : match[3] === '' ? Infinity : Number(match[3]);
        if (max < min) this.fail(`the numbers in {${match[1]}${match[2]}} are out of order`, this.pos);
        this.pos += match[0].length;
        return { min, max };
    }

    private atom(): Node {
        const start = this.pos;
        const char = this.pattern[this.pos++];
        if (char === '.') return { kind: 'set', ranges: LINE_TERMINATORS, negated: true };
        if (char === '^') return { kind: 'assert', assertion: 'start' };
        if (char === '$') return { kind: 'assert', assertion: 'end' };
        if (char === '(') return this.group(start);
        if (char === '[') return this.characterClass(start);
        if (char !== '\\') return single(char.charCodeAt(0));
        const escaped = this.escape(start, false);
        if (typeof escaped === 'string') return { kind: 'assert', assertion: escaped };
        return typeof escaped === 'number' ? single(escaped) : { kind: 'set', ranges: escaped, negated: false };
    }

    private group(start: number): Node {
        if (this.eat('?')) {
            if (this.eat('=') || this.eat('!') || this.eat('<=') || this.eat('<!'))
                this.fail('lookahead and lookbehind are not supported', start);
            if (this.eat('<')) this.groupName(start);
            else if (!this.eat(':'))
                this.fail('unknown kind of group: after (? only : and <name> are supported', start);
        }
        const inner = this.disjunction();
        if (!this.eat(')')) this.fail('unbalanced parenthesis: this ( is never closed', start);
        return inner;
    }

    private groupName(start: number) {
        const match = /^([\p{ID_Start}$_][\p{ID_Continue}$\u200c\u200d]*)>/u.exec(this.pattern.slice(this.pos));
        if (!match) this.fail('a group name must be a name (letters, digits, _ or $) closed by >', start);
        if (this.names.has(match[1])) this.fail(`the group name ${match[1]} is used twice`, start);
        this.names.add(match[1]);
        this.pos += match[0].length;
    }

    private characterClass(start: number): Node {
        const negated = this.eat('^');
        const ranges: Range[] = [];
        while (!this.eat(']')) {
            if (this.pos >= this.pattern.length) this.fail('a character class [ is never closed', start);
            const from = this.classAtom();
            if (this.peek() !== '-' || this.peek(1) === ']' || this.peek(1) === '') {
                ranges.push(...(typeof from === 'number' ? [[from, from] as const] : from));
                continue;
            }
            const dash = this.pos++;
            const to = this.classAtom();
            if (typeof from !== 'number' || typeof to !== 'number') {
                // RegExp without the u flag reads [\d-z] as \d, - and z.
                for (const part of [from, 0x2d, to])
                    ranges.push(...(typeof part === 'number' ? [[part, part] as const] : part));
            } else if (to < from) {
                this.fail(`the range ${String.fromCharCode(from)}-${String.fromCharCode(to)} is out of order`, dash);
            } else ranges.push([from, to]);
        }
        return { kind: 'set', ranges, negated };
    }

    private classAtom(): number | Range[] {
        const start = this.pos;
        const code = this.pattern.charCodeAt(this.pos++);
        if (code !== 0x5c) return code;
        const escaped = this.escape(start, true);
        return typeof escaped === 'string' ? this.fail('\\B has no meaning inside a character class', start) : escaped;
    }

    /** The escape whose backslash is at `start`: one character, a set of them or (outside classes) a word boundary. */
    private escape(start: number, inClass: boolean): number | Range[] | Assertion {
        const char = this.pattern[this.pos++];
        if (char === undefined) return this.fail('the pattern ends with a lone backslash');
        if (char in CLASS_ESCAPES) return CLASS_ESCAPES[char];
        if (char in CHARACTER_ESCAPES) return CHARACTER_ESCAPES[char];
        if (char === 'b') return inClass ? 0x08 : 'boundary';
        if (char === 'B' && !inClass) return 'notBoundary';
        if (char === 'x' || char === 'u') return this.hex(char, start);
        if (char === '0' && !/\d/.test(this.peek())) return 0;
        if (/\d/.test(char) && (char === '0' || inClass)) this.fail('octal escapes are not supported', start);
        if (/\d/.test(char) || char === 'k') this.fail('back-references are not supported', start);
        if (/[a-z]/i.test(char)) this.fail(`\\${char} is not a supported escape`, start);
        return char.charCodeAt(0);
    }

    private hex(letter: 'x' | 'u', start: number) {
        const digits = letter === 'x' ? 2 : 4;
        const text = this.pattern.slice(this.pos, this.pos + digits);
        if (text.length < digits || !/^[\da-f]+$/i.test(text))
            this.fail(`\\${letter} must be followed by ${digits} hexadecimal digits`, start);
        this.pos += digits;
        return parseInt(text, 16);
    }
}
