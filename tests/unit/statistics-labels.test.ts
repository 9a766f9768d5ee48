import { describe, expect, it } from 'vitest';
import { bucketsOf } from '../../src/domain/income';
import { bucketNamer } from '../../src/pages/statistics/comparison';

/*
 * How the income chart names its buckets: in the locale's words, a week by its days inside the period,
 * the year only where the period spans more than one.
 */
const november = { from: '2026-11-01', to: '2026-11-30' };
const names = (period: typeof november, interval: 'day' | 'week' | 'month', locale: string) =>
    bucketsOf(period, interval).map(bucketNamer(period, interval, locale));

describe('the names of the income chart buckets', () => {
    it('name a week by its days inside the period, in English and Russian', () => {
        // November 2026 opens on a Sunday: its first week is the one of Monday 26 October.
        expect(names(november, 'week', 'en')).toEqual([
            'Nov 1',
            'Nov 2 – 8',
            'Nov 9 – 15',
            'Nov 16 – 22',
            'Nov 23 – 29',
            'Nov 30',
        ]);
        expect(names(november, 'week', 'ru')).toEqual([
            '1 нояб.',
            '2–8 нояб.',
            '9–15 нояб.',
            '16–22 нояб.',
            '23–29 нояб.',
            '30 нояб.',
        ]);
    });

    it('name a week across two months, and days and months, as the locale writes them', () => {
        const period = { from: '2026-10-28', to: '2026-11-10' };
        expect(names(period, 'week', 'en')).toEqual(['Oct 28 – Nov 1', 'Nov 2 – 8', 'Nov 9 – 10']);
        expect(names(period, 'week', 'ru')).toEqual(['28 окт. – 1 нояб.', '2–8 нояб.', '9–10 нояб.']);
        expect(names(november, 'day', 'en').slice(0, 2)).toEqual(['Nov 1', 'Nov 2']);
        expect(names(november, 'day', 'ru').slice(0, 2)).toEqual(['1 нояб.', '2 нояб.']);
        expect(names({ from: '2026-01-01', to: '2026-03-31' }, 'month', 'en')).toEqual(['Jan', 'Feb', 'Mar']);
        expect(names({ from: '2026-01-01', to: '2026-03-31' }, 'month', 'ru')).toEqual(['янв.', 'февр.', 'март']);
    });

    it('add the year where the period spans more than one', () => {
        const winter = { from: '2025-12-29', to: '2026-01-11' };
        expect(names(winter, 'week', 'en')).toEqual(['Dec 29, 2025 – Jan 4, 2026', 'Jan 5 – 11, 2026']);
        expect(names(winter, 'week', 'ru')).toEqual(['29 дек. 2025 г. – 4 янв. 2026 г.', '5–11 янв. 2026 г.']);
        expect(names(winter, 'month', 'en')).toEqual(['Dec 2025', 'Jan 2026']);
        expect(names(winter, 'day', 'ru')[0]).toBe('29 дек. 2025 г.');
    });

    it('never name a bucket by an ISO date', () => {
        for (const interval of ['day', 'week', 'month'] as const)
            for (const locale of ['en', 'ru'])
                for (const name of names({ from: '2025-11-15', to: '2026-02-20' }, interval, locale))
                    expect(name).not.toMatch(/\d{4}-\d{2}/);
    });
});
