import {
    holdAfterFailure,
    holdAllows,
    holdCountingFrom,
    holdInForce,
    knownAddressMs,
    waitSeconds,
    type RecentSignIns,
    type SignInLimits,
} from '../../domain/signInLimits';
import type { StoredUser } from '../../domain/types';
import { ApiError } from './errors';
import type { Storage } from '../storage/types';

const heldMessage = 'This account is held after many failed sign-ins; ask an admin to release it';

/** One attempt to sign in: the email tried, the client's address, and the user it names if any. */
interface Attempt {
    email: string;
    address: string;
    user: StoredUser | undefined;
}

/**
 * The sign-in limits of src/domain/signInLimits.ts applied to attempts, with the counters the storage
 * shares between server processes and the hold stored with the user (so that it survives a restart and
 * every process sees it). `now` is the server's clock.
 */
export const signInGuard = (storage: Storage, limits: SignInLimits, now: () => number) => {
    /** Counts the failure, and holds the account (or keeps its hold going) when the rules say so. */
    const failed = async ({ email, address, user }: Attempt, recent: RecentSignIns, at: number) => {
        await storage.signIns.failed(email, address, at);
        if (!user || !holdAfterFailure(user.signInHold, recent.account + 1, at, limits)) return;
        await storage.transaction(async tx => {
            // Read again: another request, or another process, may have held it meanwhile.
            const current = await tx.get('users', user.id);
            const hold = current && holdAfterFailure(current.signInHold, recent.account + 1, at, limits);
            if (current && hold) await tx.update('users', { ...current, signInHold: hold });
        });
    };

    return {
        /**
         * Refuses an attempt before its password is checked: 429 with `retryAfter` seconds while the
         * address must wait, 423 for a held account from an address that has not signed in to it
         * recently (counted as a failure, so that a hold lasts as long as the attack). Answers what the
         * counters know, for `rejected`.
         */
        async admit(attempt: Attempt): Promise<RecentSignIns> {
            const at = now();
            const recent = await storage.signIns.recent({
                account: attempt.email,
                address: attempt.address,
                since: at - limits.windowMs,
                accountSince: holdCountingFrom(attempt.user?.signInHold, at, limits),
                knownSince: at - knownAddressMs,
            });
            const wait = waitSeconds(recent, at, limits);
            if (wait > 0)
                throw new ApiError(429, 'Too many failed sign-ins. Try again later.', undefined, {
                    retryAfter: wait,
                });
            if (holdInForce(attempt.user?.signInHold, at) && !holdAllows(recent, attempt.address)) {
                await failed(attempt, recent, at);
                throw new ApiError(423, heldMessage, { email: 'app.auth.held' }, { held: true });
            }
            return recent;
        },

        /** A wrong password, or no such active user. */
        rejected: (attempt: Attempt, recent: RecentSignIns) => failed(attempt, recent, now()),

        /** The password was right: the address is remembered for the account and its failures there forgiven. */
        succeeded: ({ email, address }: Attempt) => storage.signIns.succeeded(email, address, now()),
    };
};
