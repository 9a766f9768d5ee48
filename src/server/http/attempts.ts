import type { SignInRecords } from '../storage/types';

/**
 * Attempts (payments), counted in a sliding window per key (a link, an address), with the limit the
 * owner chose. Kept in memory: a restart forgets them. `now` is the server's clock, in milliseconds.
 */
export class Attempts {
    private attempts = new Map<string, number[]>();

    constructor(
        private readonly limit: number,
        private readonly windowMs: number,
    ) {}

    private recent(key: string, now: number): number[] {
        const times = (this.attempts.get(key) ?? []).filter(time => now - time < this.windowMs);
        if (times.length) this.attempts.set(key, times);
        else this.attempts.delete(key);
        return times;
    }

    /** Seconds until the key may try again, or 0. */
    retryAfter(key: string, now: number): number {
        const times = this.recent(key, now);
        return times.length >= this.limit ? Math.ceil((times[0] + this.windowMs - now) / 1000) : 0;
    }

    record(key: string, now: number) {
        // Forget keys whose window has passed, so that many addresses cannot grow the map for ever.
        if (this.attempts.size > 10_000) [...this.attempts.keys()].forEach(old => this.recent(old, now));
        this.attempts.set(key, [...this.recent(key, now), now]);
    }

    clear(key: string) {
        this.attempts.delete(key);
    }
}

/** Seconds until the oldest of the last `limit` tries leaves the window, or 0 while fewer were made. */
const waitOf = (times: number[], limit: number, windowMs: number, now: number) =>
    times.length >= limit ? Math.max(1, Math.ceil((times[times.length - limit] + windowMs - now) / 1000)) : 0;

/**
 * The same count kept by the storage (the portal's sign-in limits), so that every server process on one
 * database counts together and, on PostgreSQL, a restart forgets nothing. `name` tells the limits apart.
 */
export class SharedAttempts {
    constructor(
        private readonly records: Pick<SignInRecords, 'attempted' | 'attempts'>,
        private readonly name: string,
        private readonly limit: number,
        private readonly windowMs: number,
    ) {}

    /** Seconds until the key may try again, or 0. */
    async retryAfter(key: string, now: number): Promise<number> {
        // A try counts while less than the window has passed since it, as in memory.
        const times = await this.records.attempts(`${this.name}:${key}`, now - this.windowMs + 1);
        return waitOf(times, this.limit, this.windowMs, now);
    }

    record(key: string, now: number): Promise<void> {
        return this.records.attempted(`${this.name}:${key}`, now);
    }
}
