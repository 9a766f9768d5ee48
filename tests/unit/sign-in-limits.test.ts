import { describe, expect, it } from 'vitest';
import {
    addressWaitSeconds,
    backOffSeconds,
    holdAfterFailure,
    holdAllows,
    holdCountingFrom,
    holdInForce,
    releasedHold,
    waitSeconds,
    type SignInHold,
} from '../../src/domain/signInLimits';

const limits = { maxFailures: 5, windowMs: 15 * 60_000 };
const start = Date.parse('2026-03-01T10:00:00Z');
const second = 1000;
const minute = 60_000;
/** `count` failures a second apart, the last at `last`. */
const failures = (count: number, last = start) =>
    Array.from({ length: count }, (_, i) => last - (count - 1 - i) * second);

describe('the back-off per account and address', () => {
    it('lets the first five failures through, then waits 1, 2, 4 ... seconds after the latest, up to 60', () => {
        expect(backOffSeconds(failures(4), start, limits)).toBe(0);
        expect([5, 6, 7, 8, 9, 10, 11, 12, 20].map(count => backOffSeconds(failures(count), start, limits))).toEqual([
            1, 2, 4, 8, 16, 32, 60, 60, 60,
        ]);
    });

    it('counts down from the latest failure and ends when the wait has passed', () => {
        expect(backOffSeconds(failures(7), start + 1500, limits)).toBe(3);
        expect(backOffSeconds(failures(7), start + 3999, limits)).toBe(1);
        expect(backOffSeconds(failures(7), start + 4000, limits)).toBe(0);
    });

    it('forgets failures older than the window', () => {
        const old = failures(5, start - 15 * minute);
        expect(backOffSeconds([...old, start], start, limits)).toBe(0);
    });
});

describe('the limit per address across accounts', () => {
    it('waits once the address failed on 20 different accounts, until the oldest of them leaves the window', () => {
        const accounts = failures(20);
        expect(addressWaitSeconds(accounts.slice(1), start, limits)).toBe(0);
        expect(addressWaitSeconds(accounts, start, limits)).toBe(15 * 60 - 19);
        expect(addressWaitSeconds(accounts, start + 15 * minute - 19 * second, limits)).toBe(0);
    });

    it('answers the longer of the two waits', () => {
        const recent = { pair: failures(6), account: 6, addressAccounts: failures(20), known: [] };
        expect(waitSeconds(recent, start, limits)).toBe(15 * 60 - 19);
        expect(waitSeconds({ ...recent, addressAccounts: [start] }, start, limits)).toBe(2);
    });
});

describe('the hold after a spread attack', () => {
    const hold: SignInHold = {
        since: new Date(start).toISOString(),
        failures: 100,
        until: new Date(start + 60 * minute).toISOString(),
    };

    it('begins at 100 failures from all addresses (20 times the failures per address)', () => {
        expect(holdAfterFailure(undefined, 99, start, limits)).toBeUndefined();
        expect(holdAfterFailure(undefined, 100, start, limits)).toEqual(hold);
        expect(holdAfterFailure(undefined, 60, start, { ...limits, maxFailures: 3 })).toMatchObject({ failures: 60 });
    });

    it('ends an hour after the latest failure, its end moved on at most every five minutes', () => {
        expect(holdInForce(hold, start + 60 * minute - 1)).toBe(true);
        expect(holdInForce(hold, start + 60 * minute)).toBe(false);
        expect(holdAfterFailure(hold, 150, start + 4 * minute, limits)).toBeUndefined();
        expect(holdAfterFailure(hold, 150, start + 6 * minute, limits)).toEqual({
            ...hold,
            until: new Date(start + 66 * minute).toISOString(),
        });
    });

    it('a hold that ended is replaced by a new one only at the threshold again', () => {
        const later = start + 2 * 60 * minute;
        expect(holdAfterFailure(hold, 10, later, limits)).toBeUndefined();
        expect(holdAfterFailure(hold, 100, later, limits)).toMatchObject({ since: new Date(later).toISOString() });
    });

    it('lets in only addresses that signed in to the account recently', () => {
        expect(holdAllows({ known: ['10.0.0.1', '10.0.0.2'] }, '10.0.0.2')).toBe(true);
        expect(holdAllows({ known: ['10.0.0.1'] }, '10.0.0.9')).toBe(false);
    });

    it("ends at an admin's release, and failures before the release do not count towards the next hold", () => {
        const released = releasedHold(hold, start + 10 * minute, 'Olga Admin');
        expect(released).toMatchObject({ releasedBy: 'Olga Admin' });
        expect(holdInForce(released, start + 10 * minute)).toBe(false);
        expect(holdCountingFrom(released, start + 11 * minute, limits)).toBe(start + 10 * minute + 1);
        expect(holdCountingFrom(released, start + 30 * minute, limits)).toBe(start + 15 * minute);
        expect(holdCountingFrom(undefined, start, limits)).toBe(start - 15 * minute);
    });
});
