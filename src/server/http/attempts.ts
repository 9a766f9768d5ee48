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
