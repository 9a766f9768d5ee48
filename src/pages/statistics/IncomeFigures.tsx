import { Grid } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatShortDate } from '../../app/i18n/dates';
import type { IncomeStatistics } from '../../domain/api';
import { formatDays, formatPeriod } from './comparison';
import { Figure } from './Figure';
import type { incomeRows } from './incomeCsv';

/** Where the period goes on past today, the day the earned figure stops at; a period to come has earned nothing yet. */
const earnedNote = (
    { to, earned }: IncomeStatistics,
    locale: string,
    translate: (key: string, options?: object) => string,
) => {
    if (earned.to === null) return translate('app.statistics.earned_not_begun');
    return earned.to < to
        ? translate('app.statistics.earned_to', { date: formatShortDate(earned.to, locale) })
        : undefined;
};

/**
 * The period's figures: its total, the previous period's, the days so far against the same days before
 * (where the period holds today), the change, and what visits earned.
 */
export const IncomeFigures = ({
    data,
    rows,
    format,
    sameDays,
    change,
    locale,
}: {
    data: IncomeStatistics;
    rows: ReturnType<typeof incomeRows>;
    format: (value: number) => string;
    /** The days so far against the same days before, in words, where the period holds today. */
    sameDays: string | null | undefined;
    change: number | null;
    locale: string;
}) => {
    const translate = useTranslate();
    return (
        <Grid container spacing={2} sx={{ mb: 2 }}>
            <Grid size={{ xs: 12, sm: 6, lg: 'grow' }}>
                <Figure
                    label={`${translate('app.statistics.total')} (${formatDays(data, locale)})`}
                    value={format(data.total)}
                    testId="income-total"
                />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, lg: 'grow' }}>
                <Figure
                    label={`${translate('app.statistics.previous')} (${formatPeriod(data.previous, data.comparison.kind, data.comparison.length, locale, translate)})`}
                    value={format(data.previous.total)}
                    testId="income-previous"
                />
            </Grid>
            {data.toDate && sameDays && (
                <Grid size={{ xs: 12, sm: 6, lg: 'grow' }}>
                    <Figure
                        label={`${translate('app.comparison.so_far')} (${formatDays(data.toDate, locale)})`}
                        value={format(data.toDate.total)}
                        note={`${formatDays(data.toDate.previous, locale)}: ${format(data.toDate.previous.total)}`}
                        testId="income-to-date"
                    />
                </Grid>
            )}
            <Grid size={{ xs: 12, sm: 6, lg: 'grow' }}>
                <Figure
                    label={`${translate('app.statistics.change')} (${sameDays ?? translate('app.comparison.to_date', { current: formatDays(data, locale), previous: formatDays(data.previous, locale) })})`}
                    value={
                        change === null
                            ? '—'
                            : `${change > 0 ? '+' : ''}${change.toLocaleString(locale === 'ru' ? 'ru-RU' : 'en-US')} %`
                    }
                    testId="income-change"
                />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, lg: 'grow' }}>
                <Figure
                    label={translate('app.statistics.earned_total')}
                    value={format(data.earned.total)}
                    note={earnedNote(data, locale, translate)}
                    testId="earned-total"
                    more={
                        rows.unvisited
                            ? {
                                  text: `${translate('app.statistics.unvisited')}: ${format(rows.unvisited)}`,
                                  testId: 'earned-total-unvisited',
                              }
                            : undefined
                    }
                />
            </Grid>
        </Grid>
    );
};
