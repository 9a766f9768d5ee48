import { describe, expect, it } from 'vitest';
import {
    addMonthsOn,
    chargeKey,
    chargeTime,
    earliestCharge,
    firstPeriod,
    graceLastDay,
    monthlyRecurringRevenue,
    movedPeriod,
    nextPeriodEnd,
    noticeTime,
    periodLastDay,
    priceOfPeriod,
    retryTime,
} from '../../src/domain/memberships';

describe('a membership’s periods', () => {
    it('are calendar months from the start day, the last day of a shorter month standing in', () => {
        const first = firstPeriod('2027-01-31');
        expect(first).toEqual({ period: 1, periodStart: '2027-01-31', periodEnd: '2027-02-28', anchorDay: 31 });
        const ends: string[] = [];
        let start = first.periodStart;
        for (let month = 0; month < 12; month++) {
            start = nextPeriodEnd(start, first.anchorDay);
            ends.push(start);
        }
        expect(ends).toEqual([
            '2027-02-28',
            '2027-03-31',
            '2027-04-30',
            '2027-05-31',
            '2027-06-30',
            '2027-07-31',
            '2027-08-31',
            '2027-09-30',
            '2027-10-31',
            '2027-11-30',
            '2027-12-31',
            '2028-01-31',
        ]);
        expect(addMonthsOn('2028-01-30', 1, 30)).toBe('2028-02-29');
        expect(addMonthsOn('2027-12-15', 1, 15)).toBe('2028-01-15');
        expect(periodLastDay('2027-03-01')).toBe('2027-02-28');
    });

    it('move by a freeze or a closure, and keep the new day of the month', () => {
        expect(movedPeriod('2027-02-28', 7)).toEqual({ periodEnd: '2027-03-07', anchorDay: 7 });
        expect(nextPeriodEnd('2027-03-07', 7)).toBe('2027-04-07');
    });

    it('cost the consented price of each period: an intro price, then the list price', () => {
        const prices = [
            { fromPeriod: 3, amount: 5000 },
            { fromPeriod: 1, amount: 3000 },
        ];
        expect([1, 2, 3, 12].map(period => priceOfPeriod(prices, period))).toEqual([3000, 3000, 5000, 5000]);
        expect(() => priceOfPeriod([], 1)).toThrow();
    });
});

describe('a membership’s charge', () => {
    it('is at 10:00 studio time on periodEnd, told 48 hours before, never sooner than 24 hours after the notice', () => {
        const at = chargeTime('2027-02-28', 'Europe/Moscow');
        expect(at).toBe('2027-02-28T07:00:00.000Z');
        expect(noticeTime(at)).toBe('2027-02-26T07:00:00.000Z');
        expect(earliestCharge(at, '2027-02-26T07:05:00.000Z')).toBe(at);
        expect(earliestCharge(at, '2027-02-27T20:00:00.000Z')).toBe('2027-02-28T20:00:00.000Z');
    });

    it('is tried again 1, 3 and 5 days after a decline for money, and no more', () => {
        const first = '2027-02-28T07:00:00.000Z';
        expect([2, 3, 4, 5].map(attempt => retryTime(first, attempt))).toEqual([
            '2027-03-01T07:00:00.000Z',
            '2027-03-03T07:00:00.000Z',
            '2027-03-05T07:00:00.000Z',
            null,
        ]);
        expect(graceLastDay('2027-02-28', 3)).toBe('2027-03-02');
    });

    it('is tried again a day after a decline that came after the next try’s day (the server was off), never in the past', () => {
        const first = '2027-02-28T07:00:00.000Z';
        // Declined on time: the schedule holds.
        expect(retryTime(first, 3, '2027-03-01T07:00:05.000Z')).toBe('2027-03-03T07:00:00.000Z');
        // The second try made only on 6 March: the third, due on 3 March, a day after that decline.
        expect(retryTime(first, 3, '2027-03-06T09:30:00.000Z')).toBe('2027-03-07T09:30:00.000Z');
        expect(retryTime(first, 5, '2027-03-06T09:30:00.000Z')).toBeNull();
    });

    it('is asked under a key of the database, the membership, the period and the try, short enough for every provider', () => {
        const key = chargeKey('4f3a9c1de0b2', 12345, '2027-02-28', 4);
        expect(key).toBe('4f3a9c1d-m12345-20270228-4');
        expect(key.length).toBeLessThanOrEqual(36);
    });
});

describe('the monthly recurring revenue', () => {
    it('counts the current price of active and past-due memberships not set to end', () => {
        const prices = [
            { fromPeriod: 1, amount: 2999.99 },
            { fromPeriod: 2, amount: 4500.01 },
        ];
        expect(
            monthlyRecurringRevenue([
                { status: 'active', cancelAtPeriodEnd: false, period: 1, prices },
                { status: 'past_due', cancelAtPeriodEnd: false, period: 2, prices },
                { status: 'active', cancelAtPeriodEnd: true, period: 2, prices },
                { status: 'ended', cancelAtPeriodEnd: false, period: 5, prices },
            ]),
        ).toBe(7500);
    });
});
