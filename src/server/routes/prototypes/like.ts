/*
 * json-server's `field_like=PATTERN` runs a user's regular expression: `new RegExp(PATTERN, 'i').test(value)`. One
 * pattern such as `(a+)+$` can keep the server busy for minutes (the engine backtracks), and an invalid one throws.
 * This runs the same patterns with the same answer in time linear in the text: it parses the pattern, compiles it to a
 * small program (a Thompson NFA) and follows all of the program's threads at once, never going back. The constructs
 * that cannot be run that way (back-references, lookahead, lookbehind) are refused with a LikePatternError, and so is
 * everything RegExp itself would reject. Named groups `(?<name>...)` are accepted as plain groups. Error positions
 * count the pattern's characters from 1.
 */

import {
    equivalents,
    LikePatternError,
    Parser,
    WORD,
    type Assertion,
    type Count,
    type Node,
    type Range,
} from './likePattern';

export { LikePatternError } from './likePattern';

export interface LikeMatcher {
    test(text: string): boolean;
}

export const LIKE_PATTERN_MAX_LENGTH = 200;
/** How many steps a compiled pattern may have: `(a{100}){100}` would need 10,000. */
const LIKE_PROGRAM_MAX_SIZE = 1000;

type SetStep = { op: 'set'; ranges: readonly Range[]; negated: boolean };
type SplitStep = { op: 'split'; to: number; alt: number };
type JumpStep = { op: 'jump'; to: number };
type Step = SetStep | SplitStep | JumpStep | { op: 'assert'; assertion: Assertion } | { op: 'match' };

/** Turns the tree into steps: `set` reads a character, `split` forks a thread, `jump` moves one, `assert` checks a position. */
const compile = (root: Node): Step[] => {
    const program: Step[] = [];
    const emit = <S extends Step>(step: S): S => {
        if (program.length >= LIKE_PROGRAM_MAX_SIZE) {
            throw new LikePatternError(
                `the pattern is too complex: it would need more than ${LIKE_PROGRAM_MAX_SIZE} steps`,
            );
        }
        program.push(step);
        return step;
    };
    const fork = () => emit<SplitStep>({ op: 'split', to: program.length + 1, alt: -1 });
    const alternatives = (options: Node[]) => {
        const ends: JumpStep[] = [];
        options.forEach((option, index) => {
            const split = index < options.length - 1 ? fork() : undefined;
            node(option);
            if (!split) return;
            ends.push(emit<JumpStep>({ op: 'jump', to: -1 }));
            split.alt = program.length;
        });
        for (const end of ends) end.to = program.length;
    };
    const repeat = ({ body, min, max }: { body: Node } & Count) => {
        for (let copy = 0; copy < min; copy++) {
            const before = program.length;
            node(body);
            if (program.length === before) return; // an empty group repeated is still empty
        }
        if (max === Infinity) {
            const loop = program.length;
            const split = fork();
            node(body);
            emit<JumpStep>({ op: 'jump', to: loop });
            split.alt = program.length;
            return;
        }
        const splits: SplitStep[] = [];
        for (let copy = min; copy < max; copy++) {
            splits.push(fork());
            node(body);
        }
        for (const split of splits) split.alt = program.length;
    };
    const node = (tree: Node): void => {
        if (tree.kind === 'set') emit({ op: 'set', ranges: tree.ranges, negated: tree.negated });
        else if (tree.kind === 'assert') emit({ op: 'assert', assertion: tree.assertion });
        else if (tree.kind === 'seq') tree.parts.forEach(node);
        else if (tree.kind === 'alt') alternatives(tree.options);
        else repeat(tree);
    };
    node(root);
    emit({ op: 'match' });
    return program;
};

const inRanges = (ranges: readonly Range[], code: number) => {
    for (const [lo, hi] of ranges) if (lo <= code && code <= hi) return true;
    return false;
};

/** Whether a set step reads a character, given the characters `i` treats as that one. */
const reads = ({ ranges, negated }: SetStep, same: readonly number[]) => {
    for (const code of same) if (inRanges(ranges, code)) return !negated;
    return negated;
};

const isWordAt = (text: string, index: number) =>
    index >= 0 && index < text.length && inRanges(WORD, text.charCodeAt(index));

const holds = (assertion: Assertion, text: string, pos: number) => {
    if (assertion === 'start') return pos === 0;
    if (assertion === 'end') return pos === text.length;
    return (isWordAt(text, pos - 1) !== isWordAt(text, pos)) === (assertion === 'boundary');
};

/** Runs every thread of the program over the text at once, one character at a time: O(text length × program size). */
const run = (program: Step[], text: string): boolean => {
    const seen = new Int32Array(program.length).fill(-1);
    const stack: number[] = [];
    /** Adds the thread at `start` and all it reaches without reading to `threads`; true when one of them matches. */
    const add = (threads: number[], start: number, pos: number): boolean => {
        stack.push(start);
        for (let at = stack.pop(); at !== undefined; at = stack.pop()) {
            if (seen[at] === pos) continue;
            seen[at] = pos;
            const step = program[at];
            if (step.op === 'match') return true;
            if (step.op === 'set') threads.push(at);
            else if (step.op === 'jump') stack.push(step.to);
            else if (step.op === 'split') stack.push(step.alt, step.to);
            else if (holds(step.assertion, text, pos)) stack.push(at + 1);
        }
        return false;
    };
    let threads: number[] = [];
    for (let pos = 0; ; pos++) {
        if (add(threads, 0, pos)) return true;
        if (pos === text.length) return false;
        const same = equivalents(text.charCodeAt(pos));
        const next: number[] = [];
        for (const at of threads) {
            const step = program[at];
            if (step.op === 'set' && reads(step, same) && add(next, at + 1, pos + 1)) return true;
        }
        threads = next;
    }
};

/** A matcher with the answer of `new RegExp(pattern, 'i').test(text)`, or a LikePatternError saying what is not supported. */
export const compileLike = (pattern: string): LikeMatcher => {
    if (pattern.length > LIKE_PATTERN_MAX_LENGTH)
        throw new LikePatternError(`the pattern is longer than ${LIKE_PATTERN_MAX_LENGTH} characters`);
    const program = compile(new Parser(pattern).parse());
    return { test: (text: string) => run(program, text) };
};
