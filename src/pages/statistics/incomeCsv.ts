import type { TranslateFunction } from 'react-admin';
import type { IncomeStatistics } from '../../domain/api';
import { csvSeparator, toCsv } from '../../domain/csv';
import type { Row } from './Charts';

/** The breakdowns of the income page as rows with names in the user's language. */
interface IncomeRows {
    byMethod: Row[];
    byPlan: Row[];
    byDirection: Row[];
    byTeacher: Row[];
    byStudio: Row[];
    /** What unlimited passes earned on the days they went unused: no class, teacher nor studio earned it. */
    unvisited: number;
}

const cents = (amount: number) => Math.round(amount * 100) / 100;
const noneOf = (amounts: { key: string; amount: number }[]) => amounts.find(entry => entry.key === 'none')?.amount ?? 0;

/**
 * The breakdowns named: payment methods by their label, plans, directions, teachers and studios by name,
 * `none` in words. The server counts the unused days of unlimited passes under `none` of each earned
 * breakdown (every class has a teacher and a studio, so theirs is only those days): they are taken out
 * of the bars and given as one figure; what is left under no direction is classes of no direction.
 */
export const incomeRows = (data: IncomeStatistics, translate: TranslateFunction): IncomeRows => {
    const named = (noneKey: string) => (entry: { key: string; label?: string; amount: number }) => ({
        name: entry.key === 'none' ? translate(noneKey) : (entry.label ?? entry.key),
        amount: entry.amount,
    });
    const unvisited = noneOf(data.earned.byTeacher);
    const withoutUnvisited = (amounts: { key: string; label?: string; amount: number }[]) =>
        amounts
            .map(entry => (entry.key === 'none' ? { ...entry, amount: cents(entry.amount - unvisited) } : entry))
            .filter(entry => entry.key !== 'none' || entry.amount !== 0);
    return {
        byMethod: data.byMethod.map(entry => ({
            name: translate(`app.payment_methods.${entry.key}`, { _: entry.key }),
            amount: entry.amount,
        })),
        byPlan: data.byPlan.map(named('app.statistics.no_pass')),
        byDirection: withoutUnvisited(data.earned.byDirection).map(named('app.statistics.no_direction')),
        byTeacher: withoutUnvisited(data.earned.byTeacher).map(named('app.statistics.no_teacher')),
        byStudio: withoutUnvisited(data.earned.byStudio).map(named('app.statistics.no_studio')),
        unvisited,
    };
};

/**
 * The whole page as CSV: the totals, both series, and every breakdown, a section per line; cells
 * separated as a spreadsheet in the interface's language expects.
 */
export const incomeCsv = (
    data: IncomeStatistics,
    rows: IncomeRows,
    translate: TranslateFunction,
    locale: string,
): string => {
    const section = (name: string, entries: Row[]) => entries.map(entry => [name, entry.name, entry.amount]);
    const t = (key: string) => translate(`app.statistics.${key}`);
    const soFar = translate('app.comparison.so_far');
    return toCsv(
        [
            [t('csv.section'), t('csv.key'), t('csv.amount')],
            [t('total'), `${data.from} – ${data.to}`, data.total],
            [t('previous'), `${data.previous.from} – ${data.previous.to}`, data.previous.total],
            ...(data.toDate
                ? [
                      [soFar, `${data.toDate.from} – ${data.toDate.to}`, data.toDate.total],
                      [soFar, `${data.toDate.previous.from} – ${data.toDate.previous.to}`, data.toDate.previous.total],
                  ]
                : []),
            ...data.series.map(point => [t('csv.series'), point.period, point.income]),
            ...data.previous.series.map(point => [t('csv.previous_series'), point.period, point.income]),
            ...section(t('by_method'), rows.byMethod),
            ...section(t('by_plan'), rows.byPlan),
            ...section(t('earned_by_direction'), rows.byDirection),
            ...section(t('earned_by_teacher'), rows.byTeacher),
            ...section(t('earned_by_studio'), rows.byStudio),
            ...(rows.unvisited ? [[t('earned_total'), t('unvisited'), rows.unvisited]] : []),
        ],
        csvSeparator(locale),
    );
};
