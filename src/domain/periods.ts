import { addDays, daysBetween } from './time';

/*
 * The one rule by which the dashboard and the income page compare a period with the one before, so
 * that both screens show the same figures for the same days.
 */

export interface Period {
    from: string;
    to: string;
}

/** How the previous period was chosen: whole years, quarters or months, or the same number of days. */
export type ComparisonKind = 'year' | 'quarter' | 'month' | 'days';

interface Comparison {
    kind: ComparisonKind;
    /** How many years, quarters, months or days the period is long. */
    length: number;
    previous: Period;
    /** Where the period holds today: its days up to today, and the same days of the previous period. */
    toDate: { current: Period; previous: Period } | null;
}

const monthStart = (date: string) => `${date.slice(0, 7)}-01`;

/** The first of the month `months` after (or before) the month of `date`. */
export const addMonths = (date: string, months: number) => {
    const [year, month] = date.split('-').map(Number);
    const index = year * 12 + month - 1 + months;
    return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}-01`;
};

export const monthEnd = (date: string) => addDays(addMonths(date, 1), -1);

/** Months from the month of `from` to the month of `to`: 0 for the same month. */
const monthsBetween = (from: string, to: string) => {
    const [fromYear, fromMonth] = from.split('-').map(Number);
    const [toYear, toMonth] = to.split('-').map(Number);
    return (toYear - fromYear) * 12 + toMonth - fromMonth;
};

/** How many whole calendar months the period is, or null when it starts or ends inside a month. */
export const wholeMonths = ({ from, to }: Period): number | null =>
    from === monthStart(from) && to === monthEnd(to) && from <= to ? monthsBetween(from, to) + 1 : null;

/** Years where the months make whole calendar years, quarters where whole quarters, else months. */
const unitOf = (from: string, months: number): { kind: ComparisonKind; length: number } => {
    const month = Number(from.slice(5, 7));
    if (month === 1 && months % 12 === 0) return { kind: 'year', length: months / 12 };
    if ((month - 1) % 3 === 0 && months % 3 === 0) return { kind: 'quarter', length: months / 3 };
    return { kind: 'month', length: months };
};

/** The same day of the month `months` later, or the month's last day where it is shorter (31 March → 28 February). */
const sameDayOfMonth = (date: string, months: number) => {
    const first = addMonths(date, months);
    const last = monthEnd(first);
    const day = Math.min(Number(date.slice(8, 10)), Number(last.slice(8, 10)));
    return `${first.slice(0, 8)}${String(day).padStart(2, '0')}`;
};

/** The period of the same number of days just before: 10–30 November is compared with 20 October – 9 November. */
export const sameDaysBefore = ({ from, to }: Period): Period => {
    const length = daysBetween(from, to) + 1;
    const previousTo = addDays(from, -1);
    return { from: addDays(previousTo, 1 - length), to: previousTo };
};

/**
 * The comparison of a period on `today` (the studio's date). Whole calendar months, quarters or years
 * are compared with the whole ones before (November with October, Q4 with Q3, 2026 with 2025), since
 * months differ in length; any other period with the same number of days just before. A period that
 * holds today is also compared to date: 1–23 November with 1–23 October.
 */
export const comparisonOf = (period: Period, today: string): Comparison => {
    const months = wholeMonths(period);
    const holdsToday = period.from <= today && today <= period.to;
    if (months === null) {
        const previous = sameDaysBefore(period);
        const toDate = holdsToday
            ? {
                  current: { from: period.from, to: today },
                  previous: { from: previous.from, to: addDays(previous.from, daysBetween(period.from, today)) },
              }
            : null;
        return { kind: 'days', length: daysBetween(period.from, period.to) + 1, previous, toDate };
    }
    const previous = { from: addMonths(period.from, -months), to: addDays(period.from, -1) };
    const toDate = holdsToday
        ? {
              current: { from: period.from, to: today },
              previous: { from: previous.from, to: sameDayOfMonth(today, -months) },
          }
        : null;
    return { ...unitOf(period.from, months), previous, toDate };
};

export const presets = ['this_month', 'last_month', 'this_quarter', 'this_year', 'custom'] as const;
export type Preset = (typeof presets)[number];

/** The period a preset means on `today` (the studio's date); `custom` keeps what the user picked. */
export const presetPeriod = (preset: Exclude<Preset, 'custom'>, today: string): Period => {
    switch (preset) {
        case 'this_month':
            return { from: monthStart(today), to: monthEnd(today) };
        case 'last_month':
            return { from: addMonths(today, -1), to: monthEnd(addMonths(today, -1)) };
        case 'this_quarter': {
            const first = addMonths(today, -((Number(today.slice(5, 7)) - 1) % 3));
            return { from: first, to: monthEnd(addMonths(first, 2)) };
        }
        case 'this_year':
            return { from: `${today.slice(0, 4)}-01-01`, to: `${today.slice(0, 4)}-12-31` };
    }
};
