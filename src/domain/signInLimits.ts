import type { z } from 'zod';
import type { signInHoldSchema } from './schemas';

/*
 * The rules that limit guessing passwords without locking the owner out. Times are milliseconds since
 * the epoch, given by the caller, so that the rules are the same whatever clock runs them.
 *
 * - An account and address pair: after `maxFailures` failures within the window, each further try from
 *   that address waits 1 s, then 2, 4, 8 ... up to 60 s after the latest failure. The wait is answered
 *   before the password is checked; a success from that address clears the pair.
 * - An address: failing on 4 × `maxFailures` different accounts within the window, it waits until the
 *   oldest of those leaves the window. Other addresses are not concerned.
 * - An account: 20 × `maxFailures` failures within the window from all addresses together hold it.
 *   While held, sign-in is refused except from the addresses that signed in to the account in the
 *   30 days before; the hold ends an hour after the account's latest failure, or when an admin
 *   releases it. Failures before a release do not count towards the next hold.
 */

export interface SignInLimits {
    /** Failures per account and address before the waits begin (LOGIN_MAX_FAILURES). */
    maxFailures: number;
    /** How far back failures count. */
    windowMs: number;
}

const maxBackOffSeconds = 60;
/** A hold ends this long after the account's latest failure. */
const holdQuietMs = 60 * 60_000;
/** A held account still signs in from addresses that signed in to it this recently. */
export const knownAddressMs = 30 * 24 * 60 * 60_000;
/** How many of an account's latest addresses are remembered. */
export const knownAddressCount = 10;
/** How long failures are kept: never less than any window the rules look back. */
export const failureMemoryMs = holdQuietMs;
/** A hold's end moves on with each failure, but its record is rewritten at most this often. */
const holdExtensionStepMs = 5 * 60_000;

const addressAccountLimit = (limits: SignInLimits) => limits.maxFailures * 4;
const accountHoldFailures = (limits: SignInLimits) => limits.maxFailures * 20;

/** What the counters know about one attempt to sign in to an account from an address. */
export interface RecentSignIns {
    /** The failures of the account from the address since its last success there, oldest first. */
    pair: number[];
    /** The failures of the account from every address. */
    account: number;
    /** For each account the address failed on (and has not signed in to since), its latest failure. */
    addressAccounts: number[];
    /** The addresses that signed in to the account, latest first. */
    known: string[];
}

/** An account held after a spread attack, as stored with the user; times are ISO instants. */
export type SignInHold = z.output<typeof signInHoldSchema>;

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** Seconds the pair waits before its next try, or 0: the back-off after `maxFailures` failures. */
export const backOffSeconds = (pair: number[], now: number, limits: SignInLimits): number => {
    const recent = pair.filter(time => now - time < limits.windowMs);
    if (recent.length < limits.maxFailures) return 0;
    const step = Math.min(maxBackOffSeconds, 2 ** Math.min(recent.length - limits.maxFailures, 6));
    const ends = Math.max(...recent) + step * 1000;
    return ends > now ? seconds(ends - now) : 0;
};

/** Seconds the address waits after failing on too many different accounts, or 0. */
export const addressWaitSeconds = (addressAccounts: number[], now: number, limits: SignInLimits): number => {
    const limit = addressAccountLimit(limits);
    const latest = addressAccounts.filter(time => now - time < limits.windowMs).sort((a, b) => b - a);
    // Free again once all but limit - 1 of the accounts tried have left the window.
    return latest.length >= limit ? seconds(latest[limit - 1] + limits.windowMs - now) : 0;
};

/** Seconds before this attempt may be checked at all, or 0. */
export const waitSeconds = (recent: RecentSignIns, now: number, limits: SignInLimits): number =>
    Math.max(backOffSeconds(recent.pair, now, limits), addressWaitSeconds(recent.addressAccounts, now, limits));

export const holdInForce = (hold: SignInHold | undefined, now: number): hold is SignInHold =>
    !!hold && !hold.releasedAt && Date.parse(hold.until) > now;

/** Where the account's failures count from towards a hold: the window, or just after the last release if later. */
export const holdCountingFrom = (hold: SignInHold | undefined, now: number, limits: SignInLimits): number =>
    Math.max(now - limits.windowMs, hold?.releasedAt ? Date.parse(hold.releasedAt) + 1 : 0);

/** May this address sign in to a held account: it signed in there recently. */
export const holdAllows = (recent: Pick<RecentSignIns, 'known'>, address: string): boolean =>
    recent.known.includes(address);

/**
 * The hold after one more failure (`failures`: the account's count towards a hold, this one included),
 * or undefined when the stored one stays as it is: a new hold at the threshold, a hold in force ending
 * an hour after this failure (rewritten only when that moves its end by more than a few minutes).
 */
export const holdAfterFailure = (
    hold: SignInHold | undefined,
    failures: number,
    now: number,
    limits: SignInLimits,
): SignInHold | undefined => {
    const until = new Date(now + holdQuietMs).toISOString();
    if (holdInForce(hold, now))
        return Date.parse(hold.until) < now + holdQuietMs - holdExtensionStepMs ? { ...hold, until } : undefined;
    if (failures < accountHoldFailures(limits)) return undefined;
    return { since: new Date(now).toISOString(), failures, until };
};

export const releasedHold = (hold: SignInHold, now: number, by: string): SignInHold => ({
    ...hold,
    releasedAt: new Date(now).toISOString(),
    releasedBy: by,
});
