import { describe, expect, it } from 'vitest';
import { addMonths, comparisonOf, presetPeriod, sameDaysBefore, wholeMonths } from '../../src/domain/periods';

describe('period presets', () => {
    it('turn a preset into dates on the studio day', () => {
        expect(presetPeriod('this_month', '2026-02-14')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
        expect(presetPeriod('last_month', '2026-01-14')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
        expect(presetPeriod('last_month', '2026-03-31')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
        expect(presetPeriod('this_quarter', '2026-11-21')).toEqual({ from: '2026-10-01', to: '2026-12-31' });
        expect(presetPeriod('this_quarter', '2026-02-01')).toEqual({ from: '2026-01-01', to: '2026-03-31' });
        expect(presetPeriod('this_year', '2026-11-21')).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    });
});

describe('calendar months', () => {
    it('move by months across years and count whole months only', () => {
        expect(addMonths('2026-01-31', -1)).toBe('2025-12-01');
        expect(addMonths('2026-11-23', 2)).toBe('2027-01-01');
        expect(wholeMonths({ from: '2026-11-01', to: '2026-11-30' })).toBe(1);
        expect(wholeMonths({ from: '2026-10-01', to: '2026-12-31' })).toBe(3);
        expect(wholeMonths({ from: '2026-02-01', to: '2026-02-27' })).toBeNull();
        expect(wholeMonths({ from: '2026-10-02', to: '2026-10-31' })).toBeNull();
    });
});

describe('the comparison rule of the dashboard and the income page', () => {
    it('compares a whole month with the whole month before, not with the same number of days', () => {
        expect(comparisonOf({ from: '2026-11-01', to: '2026-11-30' }, '2027-01-10')).toEqual({
            kind: 'month',
            length: 1,
            previous: { from: '2026-10-01', to: '2026-10-31' },
            toDate: null,
        });
        expect(comparisonOf({ from: '2026-03-01', to: '2026-03-31' }, '2026-05-01').previous).toEqual({
            from: '2026-02-01',
            to: '2026-02-28',
        });
        expect(comparisonOf({ from: '2026-01-01', to: '2026-01-31' }, '2026-05-01').previous).toEqual({
            from: '2025-12-01',
            to: '2025-12-31',
        });
    });

    it('compares a quarter with the quarter before and a year with the year before', () => {
        expect(comparisonOf({ from: '2026-10-01', to: '2026-12-31' }, '2027-02-01')).toMatchObject({
            kind: 'quarter',
            length: 1,
            previous: { from: '2026-07-01', to: '2026-09-30' },
        });
        expect(comparisonOf({ from: '2026-01-01', to: '2026-03-31' }, '2027-02-01')).toMatchObject({
            kind: 'quarter',
            previous: { from: '2025-10-01', to: '2025-12-31' },
        });
        expect(comparisonOf({ from: '2026-01-01', to: '2026-12-31' }, '2027-02-01')).toMatchObject({
            kind: 'year',
            length: 1,
            previous: { from: '2025-01-01', to: '2025-12-31' },
        });
        // Two whole months that are no quarter: the two months before.
        expect(comparisonOf({ from: '2026-08-01', to: '2026-09-30' }, '2027-02-01')).toMatchObject({
            kind: 'month',
            length: 2,
            previous: { from: '2026-06-01', to: '2026-07-31' },
        });
        // Three whole months that are no calendar quarter are months.
        expect(comparisonOf({ from: '2026-02-01', to: '2026-04-30' }, '2027-02-01')).toMatchObject({
            kind: 'month',
            length: 3,
            previous: { from: '2025-11-01', to: '2026-01-31' },
        });
    });

    it('compares any other period with the same number of days just before', () => {
        expect(sameDaysBefore({ from: '2026-03-01', to: '2026-03-01' })).toEqual({
            from: '2026-02-28',
            to: '2026-02-28',
        });
        expect(comparisonOf({ from: '2026-10-02', to: '2026-10-31' }, '2027-01-01')).toEqual({
            kind: 'days',
            length: 30,
            previous: { from: '2026-09-02', to: '2026-10-01' },
            toDate: null,
        });
    });

    it('where the period holds today, also compares the days so far with the same days before', () => {
        expect(comparisonOf({ from: '2026-11-01', to: '2026-11-30' }, '2026-11-23').toDate).toEqual({
            current: { from: '2026-11-01', to: '2026-11-23' },
            previous: { from: '2026-10-01', to: '2026-10-23' },
        });
        // The same day of the month, or the month's last where the month before is shorter.
        expect(comparisonOf({ from: '2026-03-01', to: '2026-03-31' }, '2026-03-31').toDate?.previous).toEqual({
            from: '2026-02-01',
            to: '2026-02-28',
        });
        expect(comparisonOf({ from: '2026-10-01', to: '2026-12-31' }, '2026-11-23').toDate?.previous).toEqual({
            from: '2026-07-01',
            to: '2026-08-23',
        });
        expect(comparisonOf({ from: '2026-01-01', to: '2026-12-31' }, '2026-11-23').toDate?.previous).toEqual({
            from: '2025-01-01',
            to: '2025-11-23',
        });
        expect(comparisonOf({ from: '2026-11-10', to: '2026-11-30' }, '2026-11-12').toDate).toEqual({
            current: { from: '2026-11-10', to: '2026-11-12' },
            previous: { from: '2026-10-20', to: '2026-10-22' },
        });
        expect(comparisonOf({ from: '2026-11-24', to: '2026-11-30' }, '2026-11-23').toDate).toBeNull();
    });
});
