import { failureMemoryMs, knownAddressCount, knownAddressMs, type RecentSignIns } from '../../../domain/signInLimits';
import type { SignInRecords } from '../types';

/**
 * The db.json engine's sign-in attempts, in memory: one process serves a db.json file, so its counts
 * are all there are. A restart forgets them (a hold, stored with the user, is kept).
 */
export class MemorySignInRecords implements SignInRecords {
    /** Failures per account and address since the pair's last success. */
    private readonly pairs = new Map<string, number[]>();
    /** Failures per account from every address. */
    private readonly accounts = new Map<string, number[]>();
    /** Per address, each account it failed on with its latest failure. */
    private readonly addresses = new Map<string, Map<string, number>>();
    /** Per account, the addresses it signed in from with the time of the latest. */
    private readonly known = new Map<string, Map<string, number>>();

    async failed(account: string, address: string, at: number): Promise<void> {
        // Forget what has aged out, so that many accounts and addresses cannot grow the maps for ever.
        if (this.pairs.size + this.accounts.size + this.addresses.size > 30_000) this.prune(at);
        const pair = `${account}|${address}`;
        this.pairs.set(pair, [...recentTimes(this.pairs.get(pair), at), at]);
        this.accounts.set(account, [...recentTimes(this.accounts.get(account), at), at]);
        const tried = this.addresses.get(address) ?? new Map<string, number>();
        this.addresses.set(address, tried.set(account, at));
    }

    async succeeded(account: string, address: string, at: number): Promise<void> {
        this.pairs.delete(`${account}|${address}`);
        this.addresses.get(address)?.delete(account);
        const addresses = this.known.get(account) ?? new Map<string, number>();
        addresses.delete(address);
        addresses.set(address, at);
        // Insertion order is the order of the latest sign-ins: the oldest go first.
        for (const [old, time] of addresses)
            if (addresses.size > knownAddressCount || at - time >= knownAddressMs) addresses.delete(old);
        this.known.set(account, addresses);
    }

    async recent(query: {
        account: string;
        address: string;
        since: number;
        accountSince: number;
        knownSince: number;
    }): Promise<RecentSignIns> {
        const { account, address, since } = query;
        const tried = [...(this.addresses.get(address) ?? new Map<string, number>()).values()];
        const known = [...(this.known.get(account) ?? new Map<string, number>())]
            .filter(([, time]) => time >= query.knownSince)
            .reverse()
            .map(([knownAddress]) => knownAddress);
        return {
            pair: (this.pairs.get(`${account}|${address}`) ?? []).filter(time => time >= since),
            account: (this.accounts.get(account) ?? []).filter(time => time >= query.accountSince).length,
            addressAccounts: tried.filter(time => time >= since),
            known,
        };
    }

    /** The portal's tries per key, and what its sign-ups keep until their code: in memory, as the failures. */
    private readonly tries = new Map<string, number[]>();
    private readonly keptValues = new Map<string, { value: Record<string, unknown>; until: number }>();

    async attempted(key: string, at: number): Promise<void> {
        if (this.tries.size + this.keptValues.size > 30_000) this.prune(at);
        this.tries.set(key, [...recentTimes(this.tries.get(key), at), at]);
    }

    async attempts(key: string, since: number): Promise<number[]> {
        return (this.tries.get(key) ?? []).filter(time => time >= since);
    }

    async keep(key: string, value: Record<string, unknown>, until: number): Promise<void> {
        this.keptValues.set(key, { value: structuredClone(value), until });
    }

    async kept(key: string, now: number): Promise<Record<string, unknown> | undefined> {
        const found = this.keptValues.get(key);
        return found && found.until > now ? structuredClone(found.value) : undefined;
    }

    async forget(key: string): Promise<void> {
        this.keptValues.delete(key);
    }

    private prune(now: number) {
        for (const [key, times] of this.tries) {
            const kept = recentTimes(times, now);
            if (kept.length) this.tries.set(key, kept);
            else this.tries.delete(key);
        }
        for (const [key, { until }] of this.keptValues) if (until <= now) this.keptValues.delete(key);
        for (const map of [this.pairs, this.accounts]) {
            for (const [key, times] of map) {
                const kept = recentTimes(times, now);
                if (kept.length) map.set(key, kept);
                else map.delete(key);
            }
        }
        for (const [address, tried] of this.addresses) {
            for (const [account, time] of tried) if (now - time >= failureMemoryMs) tried.delete(account);
            if (!tried.size) this.addresses.delete(address);
        }
    }
}

const recentTimes = (times: number[] | undefined, now: number) =>
    (times ?? []).filter(time => now - time < failureMemoryMs);
