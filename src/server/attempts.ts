/**
 * Attempts (failed sign-ins, payments), counted in a sliding window per key (an email, an address, a
 * link), with the limit the owner chose. Kept in memory: a restart forgets them.
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
    retryAfter(key: string, now = Date.now()): number {
        const times = this.recent(key, now);
        return times.length >= this.limit ? Math.ceil((times[0] + this.windowMs - now) / 1000) : 0;
    }

    record(key: string, now = Date.now()) {
        // Forget keys whose window has passed, so that many addresses cannot grow the map for ever.
        if (this.attempts.size > 10_000) [...this.attempts.keys()].forEach(old => this.recent(old, now));
        this.attempts.set(key, [...this.recent(key, now), now]);
    }

    clear(key: string) {
        this.attempts.delete(key);
    }
}

/**
 * Failed attempts per key (an address) counted by the different things they were made on (accounts)
 * within a sliding window: a key reaches the limit by failing on `limit` different accounts, never by
 * failing often on one, so that one person mistyping their own password does not lock out everyone
 * else behind the same address.
 */
export class DistinctAttempts {
    /** Per key, each thing tried with the time of its last failure. */
    private attempts = new Map<string, Map<string, number>>();

    constructor(
        private readonly limit: number,
        private readonly windowMs: number,
    ) {}

    private recent(key: string, now: number): Map<string, number> {
        const tried = this.attempts.get(key) ?? new Map<string, number>();
        for (const [what, time] of tried) if (now - time >= this.windowMs) tried.delete(what);
        if (tried.size) this.attempts.set(key, tried);
        else this.attempts.delete(key);
        return tried;
    }

    /** Seconds until the key may try again, or 0. */
    retryAfter(key: string, now = Date.now()): number {
        const latest = [...this.recent(key, now).values()].sort((a, b) => b - a);
        // Free again once all but limit - 1 of the things tried have left the window.
        return latest.length >= this.limit ? Math.ceil((latest[this.limit - 1] + this.windowMs - now) / 1000) : 0;
    }

    record(key: string, what: string, now = Date.now()) {
        // Forget keys whose window has passed, so that many addresses cannot grow the map for ever.
        if (this.attempts.size > 10_000) [...this.attempts.keys()].forEach(old => this.recent(old, now));
        this.attempts.set(key, this.recent(key, now).set(what, now));
    }

    /** The thing no longer counts against the key (its owner signed in from there). */
    forget(key: string, what: string) {
        this.attempts.get(key)?.delete(what);
    }
}
