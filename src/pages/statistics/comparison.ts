import type { Interval } from '../../domain/income';
import type { ComparisonKind, Period } from '../../domain/periods';
import { addDays } from '../../domain/time';
import { sentence } from '../../app/i18n/dates';

type Translate = (key: string, options?: Record<string, unknown>) => string;

const intlLocale = (locale: string) => (locale === 'ru' ? 'ru-RU' : 'en-US');
const utc = (date: string) => new Date(`${date}T00:00:00Z`);
// ICU spaces a range with thin and narrow spaces: plain ones compare and copy predictably.
const plainSpaces = (text: string) => text.replace(/[\u2009\u202f\u00a0]/g, ' ');

/** 'Nov 1 – 23, 2026', '1–23 нояб. 2026 г.': the days of a period as the locale writes a range. */
export const formatDays = ({ from, to }: Period, locale: string) =>
    new Intl.DateTimeFormat(intlLocale(locale), {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        timeZone: 'UTC',
    }).formatRange(utc(from), utc(to));

/** 'October 2026', 'August – September 2026'. */
const formatMonths = ({ from, to }: Period, locale: string) =>
    new Intl.DateTimeFormat(intlLocale(locale), { month: 'long', year: 'numeric', timeZone: 'UTC' }).formatRange(
        utc(from),
        utc(to),
    );

/** A period in the words of its kind: 'October 2026', 'Q3 2026', '2025', or its days. */
export const formatPeriod = (
    period: Period,
    kind: ComparisonKind,
    length: number,
    locale: string,
    translate: Translate,
) => {
    const year = period.from.slice(0, 4);
    if (kind === 'year') return length === 1 ? year : `${year} – ${period.to.slice(0, 4)}`;
    if (kind === 'quarter' && length === 1)
        return translate('app.comparison.quarter', { quarter: Math.ceil(Number(period.from.slice(5, 7)) / 3), year });
    if (kind === 'days') return formatDays(period, locale);
    return formatMonths(period, locale);
};

/** 'Compared with the previous month, October 2026.': which period the figures are set against, one full stop at the end. */
export const comparedWith = (
    previous: Period,
    kind: ComparisonKind,
    length: number,
    locale: string,
    translate: Translate,
) =>
    sentence(
        translate('app.comparison.compared', {
            previous: translate(`app.comparison.previous.${kind}`, {
                smart_count: length,
                period: formatPeriod(previous, kind, length, locale, translate),
            }),
        }),
    );

/** 'Nov 1 – 23, 2026 vs Oct 1 – 23, 2026': the days so far against the same days before. */
export const toDateWords = (toDate: { current: Period; previous: Period }, locale: string, translate: Translate) =>
    translate('app.comparison.to_date', {
        current: formatDays(toDate.current, locale),
        previous: formatDays(toDate.previous, locale),
    });

/**
 * How the income chart names its buckets (the first day of each: src/domain/income.ts bucketsOf): a day
 * 'Nov 2', '2 нояб.'; a week by its days inside the period, so that the week of 26 October opening a
 * November is 'Nov 1', '1 нояб.', and a whole one 'Nov 2 – 8', '2–8 нояб.'; a month 'Nov', 'нояб.'. The
 * year is added where the period spans more than one.
 */
export const bucketNamer = (period: Period, interval: Interval, locale: string) => {
    const year = period.from.slice(0, 4) === period.to.slice(0, 4) ? {} : { year: 'numeric' as const };
    if (interval === 'month') {
        const month = new Intl.DateTimeFormat(intlLocale(locale), { month: 'short', ...year, timeZone: 'UTC' });
        return (bucket: string) => plainSpaces(month.format(utc(bucket)));
    }
    const days = new Intl.DateTimeFormat(intlLocale(locale), {
        day: 'numeric',
        month: 'short',
        ...year,
        timeZone: 'UTC',
    });
    if (interval === 'day') return (bucket: string) => plainSpaces(days.format(utc(bucket)));
    return (bucket: string) => {
        const from = bucket < period.from ? period.from : bucket;
        const sunday = addDays(bucket, 6);
        return plainSpaces(days.formatRange(utc(from), utc(sunday > period.to ? period.to : sunday)));
    };
};
