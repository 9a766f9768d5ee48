import polyglotI18nProvider from 'ra-i18n-polyglot';
import { describe, expect, it } from 'vitest';
import { formatFullDate, formatMonth, sentence } from '../../src/app/i18n/dates';
import { englishMessages } from '../../src/app/i18n/en';
import { russianMessages } from '../../src/app/i18n/ru';
import { comparedWith } from '../../src/pages/statistics/comparison';

/*
 * A Russian date written by Intl ends in the abbreviation "г.": a sentence that ends with it takes no
 * second full stop, while an English one still gets its own.
 */

const translateIn = (locale: 'en' | 'ru') =>
    polyglotI18nProvider(() => (locale === 'ru' ? russianMessages : englishMessages), locale).translate;

describe('a date at the end of a sentence', () => {
    it('ends the sentence with one full stop, whether or not the date brings its own', () => {
        expect(sentence(formatFullDate('2026-10-05', 'ru'))).toBe('понедельник, 5 октября 2026 г.');
        expect(sentence(formatFullDate('2026-10-05', 'en'))).toBe('Monday, October 5, 2026.');
        expect(sentence('Готово')).toBe('Готово.');
        expect(sentence('')).toBe('');
    });

    it('writes a month with its year as the locale does', () => {
        expect(formatMonth('2026-10-01', 'ru')).toBe('октябрь 2026 г.');
        expect(formatMonth('2026-10-01', 'en')).toBe('October 2026');
    });

    it('says which month the income is compared with without a doubled dot, in Russian and English', () => {
        const october = { from: '2026-10-01', to: '2026-10-31' };
        expect(comparedWith(october, 'month', 1, 'ru', translateIn('ru'))).toBe(
            'Сравнение с предыдущим месяцем, октябрь 2026 г.',
        );
        expect(comparedWith(october, 'month', 1, 'en', translateIn('en'))).toBe(
            'Compared with the previous month, October 2026.',
        );
        const days = { from: '2026-10-01', to: '2026-10-23' };
        expect(comparedWith(days, 'days', 23, 'ru', translateIn('ru'))).not.toMatch(/\.\./);
    });
});
