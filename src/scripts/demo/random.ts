/*
 * The demo generator's one source of chance: every random choice comes from one seeded stream, so that
 * the same seed always gives the same database.
 */

export interface Random {
    /** A number in [0, 1). */
    next(): number;
    /** An integer in [min, max], both included. */
    int(min: number, max: number): number;
    chance(probability: number): boolean;
    pick<T>(items: readonly T[]): T;
    weighted<T>(entries: readonly (readonly [T, number])[]): T;
    shuffle<T>(items: readonly T[]): T[];
    bytes(count: number): Buffer;
}

/** mulberry32: tiny and fast, good enough for demo data, and the same seed always gives the same stream. */
export const createRandom = (seed: number): Random => {
    let state = seed >>> 0;
    const next = (): number => {
        state = (state + 0x6d2b79f5) >>> 0;
        let t = state;
        t = Math.imul(t ^ (t >>> 15), t | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
    return {
        next,
        int,
        chance: probability => next() < probability,
        pick: items => items[int(0, items.length - 1)],
        weighted: entries => {
            const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
            let roll = next() * total;
            for (const [value, weight] of entries) {
                roll -= weight;
                if (roll < 0) return value;
            }
            return entries[entries.length - 1][0];
        },
        shuffle: items => {
            const copy = [...items];
            for (let index = copy.length - 1; index > 0; index--) {
                const other = int(0, index);
                [copy[index], copy[other]] = [copy[other], copy[index]];
            }
            return copy;
        },
        bytes: count => Buffer.from(Array.from({ length: count }, () => int(0, 255))),
    };
};
