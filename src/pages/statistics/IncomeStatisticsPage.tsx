import { useMemo, useState } from 'react';
import {
    Alert,
    Box,
    Button,
    Card,
    CardContent,
    CardHeader,
    Grid,
    LinearProgress,
    Stack,
    TextField,
    ToggleButton,
    ToggleButtonGroup,
    Typography,
} from '@mui/material';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import { useQuery } from '@tanstack/react-query';
import { Title, useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import { download } from '../../app/csv';
import { intervals, type Interval } from '../../domain/income';
import type { StudioDataProvider } from '../../app/dataProvider';
import type { IncomeStatistics } from '../../domain/api';
import { BreakdownChart, IncomeChart, type Row } from './Charts';
import { incomeCsv, incomeRows } from './incomeCsv';
import { bucketNamer, comparedWith, formatDays, formatPeriod, toDateWords } from './comparison';
import { axisFormatter, changePercent, moneyFormatter } from './format';
import { presetPeriod, presets, type Preset } from './periods';
import { useStudioConfig, useStudioToday } from '../../app/studio';
import { formatShortDate, sentence } from '../../app/i18n/dates';

interface FigureProps {
    label: string;
    value: string;
    note?: string;
    testId?: string;
    /** A second note under the first, with its own test id. */
    more?: { text: string; testId: string };
}

const Figure = ({ label, value, note, testId, more }: FigureProps) => (
    <Card sx={{ height: '100%' }}>
        <CardContent>
            <Typography variant="body2" color="text.secondary">
                {label}
            </Typography>
            <Typography variant="h5" component="p" data-testid={testId} sx={{ mt: 0.5 }}>
                {value}
            </Typography>
            {note && (
                <Typography variant="caption" color="text.secondary" data-testid={testId && `${testId}-note`}>
                    {note}
                </Typography>
            )}
            {more && (
                <Typography variant="caption" component="p" color="text.secondary" data-testid={more.testId}>
                    {more.text}
                </Typography>
            )}
        </CardContent>
    </Card>
);

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

type Formats = { format: (value: number) => string; formatAxis: (value: number) => string };

const Breakdown = ({ title, rows, format, formatAxis }: { title: string; rows: Row[] } & Formats) => (
    <Card sx={{ height: '100%' }}>
        <CardHeader title={title} titleTypographyProps={{ variant: 'subtitle1' }} />
        <CardContent sx={{ pt: 0 }}>
            {rows.length ? (
                <BreakdownChart rows={rows} format={format} formatAxis={formatAxis} />
            ) : (
                <Typography color="text.secondary">—</Typography>
            )}
        </CardContent>
    </Card>
);

/** /statistics/incomes: income over a period against the previous one, its breakdowns, and what visits earned. */
const IncomeStatisticsPage = () => {
    const translate = useTranslate();
    const [locale] = useLocaleState();
    const dataProvider = useDataProvider<StudioDataProvider>();
    const config = useStudioConfig();
    const today = useStudioToday();
    const [preset, setPreset] = useState<Preset>('this_month');
    const [custom, setCustom] = useState(() => presetPeriod('this_month', today));
    const [interval, setInterval] = useState<Interval>('day');
    const period = preset === 'custom' ? custom : presetPeriod(preset, today);
    const complete = /^\d{4}-\d{2}-\d{2}$/.test(period.from) && /^\d{4}-\d{2}-\d{2}$/.test(period.to);
    // A range picked backwards is said so, rather than leaving the page empty.
    const reversed = complete && period.from > period.to;
    const valid = complete && !reversed;

    const { data, isPending, error } = useQuery<IncomeStatistics, Error>({
        queryKey: ['statistics/incomes', period.from, period.to, interval],
        queryFn: () => dataProvider.getIncomeStatistics({ ...period, interval }),
        enabled: !!config && valid,
    });

    const { format, formatAxis } = useMemo(() => {
        const full = moneyFormatter(locale, config?.currency ?? 'RUB');
        const short = axisFormatter(locale, config?.currency ?? 'RUB');
        return { format: (value: number) => full.format(value), formatAxis: (value: number) => short.format(value) };
    }, [locale, config?.currency]);

    const rows = data && incomeRows(data, translate);
    // With a byte-order mark, so that a spreadsheet reads the Cyrillic names right.
    const exportCsv = () =>
        data && rows && download(`income-${data.from}-${data.to}.csv`, incomeCsv(data, rows, translate, locale));

    // Where the period holds today, the change is that of the days so far: a month half gone against a whole one says little.
    const change = data
        ? data.toDate
            ? changePercent(data.toDate.total, data.toDate.previous.total)
            : changePercent(data.total, data.previous.total)
        : null;
    const sameDays =
        data?.toDate && toDateWords({ current: data.toDate, previous: data.toDate.previous }, locale, translate);
    const bucketName = data ? bucketNamer(data, data.interval, locale) : String;
    const chartData =
        data?.series.map((point, index) => ({
            label: bucketName(point.period),
            income: point.income,
            previous: data.previous.series[index]?.income ?? null,
        })) ?? [];

    return (
        <Box sx={{ py: 2 }}>
            <Title title="app.statistics.title" />
            <Card sx={{ mb: 2 }}>
                <CardContent>
                    <Stack
                        direction={{ xs: 'column', md: 'row' }}
                        spacing={2}
                        alignItems={{ md: 'center' }}
                        flexWrap="wrap"
                        useFlexGap
                    >
                        <ToggleButtonGroup
                            size="small"
                            exclusive
                            value={preset}
                            onChange={(_, value: Preset | null) => value && setPreset(value)}
                            aria-label={translate('app.statistics.period')}
                        >
                            {presets.map(name => (
                                <ToggleButton key={name} value={name}>
                                    {translate(`app.statistics.presets.${name}`)}
                                </ToggleButton>
                            ))}
                        </ToggleButtonGroup>
                        {preset === 'custom' && (
                            <Stack direction="row" spacing={1}>
                                <TextField
                                    type="date"
                                    size="small"
                                    label={translate('app.statistics.from')}
                                    value={custom.from}
                                    onChange={event => setCustom({ ...custom, from: event.target.value })}
                                    slotProps={{ inputLabel: { shrink: true } }}
                                />
                                <TextField
                                    type="date"
                                    size="small"
                                    label={translate('app.statistics.to')}
                                    value={custom.to}
                                    onChange={event => setCustom({ ...custom, to: event.target.value })}
                                    slotProps={{ inputLabel: { shrink: true } }}
                                    error={reversed}
                                />
                            </Stack>
                        )}
                        <ToggleButtonGroup
                            size="small"
                            exclusive
                            value={interval}
                            onChange={(_, value: Interval | null) => value && setInterval(value)}
                            aria-label={translate('app.statistics.interval')}
                        >
                            {intervals.map(name => (
                                <ToggleButton key={name} value={name}>
                                    {translate(`app.statistics.intervals.${name}`)}
                                </ToggleButton>
                            ))}
                        </ToggleButtonGroup>
                        <Box sx={{ flexGrow: 1 }} />
                        <Button startIcon={<DownloadOutlined />} onClick={exportCsv} disabled={!data}>
                            {translate('app.statistics.export')}
                        </Button>
                    </Stack>
                </CardContent>
                {isPending && valid && <LinearProgress />}
            </Card>
            {reversed && (
                <Alert severity="warning" data-testid="period-reversed">
                    {translate('app.comparison.reversed')}
                </Alert>
            )}
            {error && <Alert severity="error">{translate(error.message, { _: error.message })}</Alert>}
            {data && rows && (
                <>
                    <Typography color="text.secondary" sx={{ mb: 1 }} data-testid="comparison">
                        {comparedWith(data.previous, data.comparison.kind, data.comparison.length, locale, translate)}
                        {sameDays && ` ${sentence(`${translate('app.comparison.so_far')}: ${sameDays}`)}`}
                    </Typography>
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
                    {data.total === 0 && data.byMethod.length === 0 && (
                        <Alert severity="info" sx={{ mb: 2 }}>
                            {translate('app.statistics.empty')}
                        </Alert>
                    )}
                    <Card sx={{ mb: 2 }}>
                        <CardHeader
                            title={translate('app.statistics.over_time')}
                            titleTypographyProps={{ variant: 'subtitle1' }}
                        />
                        <CardContent>
                            <IncomeChart
                                data={chartData}
                                format={format}
                                formatAxis={formatAxis}
                                labels={{
                                    current: translate('app.statistics.this_period'),
                                    previous: translate('app.statistics.previous_period'),
                                }}
                            />
                        </CardContent>
                    </Card>
                    <Grid container spacing={2}>
                        {(
                            [
                                ['by_method', rows.byMethod],
                                ['by_plan', rows.byPlan],
                                ['earned_by_direction', rows.byDirection],
                                ['earned_by_teacher', rows.byTeacher],
                                ['earned_by_studio', rows.byStudio],
                            ] as const
                        ).map(([key, entries]) => (
                            <Grid key={key} size={{ xs: 12, lg: 6 }}>
                                <Breakdown
                                    title={translate(`app.statistics.${key}`)}
                                    rows={[...entries]}
                                    format={format}
                                    formatAxis={formatAxis}
                                />
                            </Grid>
                        ))}
                    </Grid>
                </>
            )}
        </Box>
    );
};

export default IncomeStatisticsPage;
