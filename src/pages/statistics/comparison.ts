import type { ComparisonKind, Period } from '../../domain/periods';

type Translate = (key: string, options?: Record<string, unknown>) => string;

const intlLocale = (locale: string) => (locale === 'ru' ? 'ru-RU' : 'en-US');
const utc = (date: string) => new Date(`${date}T00:00:00Z`);

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

/** 'Compared with the previous month, October 2026.': which period the figures are set against. */
export const comparedWith = (
    previous: Period,
    kind: ComparisonKind,
    length: number,
    locale: string,
    translate: Translate,
) =>
    translate('app.comparison.compared', {
        previous: translate(`app.comparison.previous.${kind}`, {
            smart_count: length,
            period: formatPeriod(previous, kind, length, locale, translate),
        }),
    });

/** 'Nov 1 – 23, 2026 vs Oct 1 – 23, 2026': the days so far against the same days before. */
export const toDateWords = (toDate: { current: Period; previous: Period }, locale: string, translate: Translate) =>
    translate('app.comparison.to_date', {
        current: formatDays(toDate.current, locale),
        previous: formatDays(toDate.previous, locale),
    });
