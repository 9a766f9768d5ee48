import { useMemo, useState } from 'react';
import { Alert, Box, Card, CardContent, CardHeader, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Title, useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import { download } from '../../app/csv';
import type { Interval } from '../../domain/income';
import type { StudioDataProvider } from '../../app/dataProvider';
import type { IncomeStatistics } from '../../domain/api';
import { IncomeChart } from './Charts';
import { incomeCsv, incomeRows } from './incomeCsv';
import { bucketNamer, comparedWith, toDateWords } from './comparison';
import { axisFormatter, changePercent, moneyFormatter } from './format';
import { presetPeriod, type Preset } from './periods';
import { useStudioConfig, useStudioToday } from '../../app/studio';
import { sentence } from '../../app/i18n/dates';
import { IncomeBreakdowns } from './IncomeBreakdowns';
import { IncomeFigures } from './IncomeFigures';
import { IncomeToolbar } from './IncomeToolbar';

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
            <IncomeToolbar
                preset={preset}
                onPreset={setPreset}
                custom={custom}
                onCustom={setCustom}
                reversed={reversed}
                interval={interval}
                onInterval={setInterval}
                onExport={exportCsv}
                canExport={!!data}
                loading={isPending && valid}
            />
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
                    <IncomeFigures
                        data={data}
                        rows={rows}
                        format={format}
                        sameDays={sameDays}
                        change={change}
                        locale={locale}
                    />
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
                    <IncomeBreakdowns rows={rows} format={format} formatAxis={formatAxis} />
                </>
            )}
        </Box>
    );
};

export default IncomeStatisticsPage;
