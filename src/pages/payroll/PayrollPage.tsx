import LockOutlined from '@mui/icons-material/LockOutlined';
import {
    Alert,
    Box,
    Button,
    Card,
    Chip,
    CardContent,
    Link as MuiLink,
    Stack,
    Table,
    TableBody,
    TableCell,
    TableFooter,
    TableHead,
    TableRow,
    Typography,
} from '@mui/material';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
    Confirm,
    Loading,
    RecordContextProvider,
    Title,
    useDataProvider,
    useLocaleState,
    useNotify,
    useTranslate,
} from 'react-admin';
import { formatShortDate } from '../../app/i18n/dates';
import { refusalMessage } from '../../resources/common/conflicts';
import { Link } from 'react-router-dom';
import type { StudioDataProvider } from '../../app/dataProvider';
import { csvSeparator, toCsv } from '../../domain/csv';
import { monthBounds } from '../../domain/journal';
import type { PayrollAnswer } from '../../domain/payroll';
import { addDays } from '../../domain/time';
import { MoneyField } from '../../resources/common/money';
import { download } from '../../app/csv';
import { PeriodPicker } from '../../app/PeriodPicker';
import { useStudioToday } from '../../app/studio';

/** Columns left out on a phone, so that a teacher's name and pay fit the screen. */
const wide = { display: { xs: 'none', sm: 'table-cell' } };

/** The accountant's table as CSV: a line per teacher and the total, in the user's language. */
const payrollCsv = (payroll: PayrollAnswer, translate: (key: string) => string, locale: string) =>
    toCsv(
        [
            [
                translate('app.payroll.teacher'),
                translate('app.payroll.classes'),
                translate('app.payroll.visits'),
                translate('app.pay_periods.adjustments_short'),
                translate('app.payroll.pay'),
                translate('app.pay_periods.closed_state'),
            ],
            ...payroll.teachers.map(line => [
                line.name,
                line.classes,
                line.visits,
                line.adjustments,
                line.total,
                line.closed ? translate('app.pay_periods.closed_state') : '',
            ]),
            [
                translate('app.payroll.total'),
                '',
                '',
                payroll.teachers.reduce((sum, line) => sum + line.adjustments, 0),
                payroll.total,
                '',
            ],
        ],
        csvSeparator(locale),
    );

/** Closes every teacher's pay for the period shown: for a period of past days not closed for everyone. */
const CloseAllButton = ({ payroll, today }: { payroll: PayrollAnswer; today: string }) => {
    const translate = useTranslate();
    const [locale] = useLocaleState();
    const notify = useNotify();
    const queryClient = useQueryClient();
    const dataProvider = useDataProvider<StudioDataProvider>();
    const [confirming, setConfirming] = useState(false);
    const close = useMutation({
        mutationFn: () => dataProvider.closeAllPay({ from: payroll.from, to: payroll.to }),
        onSuccess: ({ closed, skipped }) => {
            const names = skipped.map(teacher => teacher.name).join(', ');
            notify(
                `${translate('app.pay_periods.closed_all', { smart_count: closed.length })}${names ? `. ${translate('app.pay_periods.skipped', { names })}` : ''}`,
                { type: 'success' },
            );
        },
        onError: (error: Error) => notify(refusalMessage(translate, error), { type: 'error' }),
        onSettled: () =>
            Promise.all(
                ['teacherPay', 'payroll', 'roster'].map(key => queryClient.invalidateQueries({ queryKey: [key] })),
            ),
    });
    if (payroll.to >= today || payroll.teachers.every(line => line.closed) || !payroll.teachers.length) return null;
    return (
        <>
            <Button
                variant="outlined"
                startIcon={<LockOutlined />}
                onClick={() => setConfirming(true)}
                disabled={close.isPending}
                sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
            >
                {translate('app.pay_periods.close')}
            </Button>
            <Confirm
                isOpen={confirming}
                loading={close.isPending}
                title="app.pay_periods.close_all_title"
                content="app.pay_periods.close_content"
                translateOptions={{
                    from: formatShortDate(payroll.from, locale),
                    to: formatShortDate(payroll.to, locale),
                }}
                confirm="app.pay_periods.close"
                onConfirm={() => close.mutate(undefined, { onSettled: () => setConfirming(false) })}
                onClose={() => setConfirming(false)}
            />
        </>
    );
};

/**
 * /reports/pay: every teacher's pay for a period (last month by default, the one usually paid out), each
 * line linking to the teacher's own page with the classes and the rate that paid each; a CSV for the
 * accountant.
 */
export const PayrollPage = () => {
    const translate = useTranslate();
    const [locale] = useLocaleState();
    const dataProvider = useDataProvider<StudioDataProvider>();
    const today = useStudioToday();
    const [from, to] = monthBounds(addDays(monthBounds(today.slice(0, 7))[0], -1).slice(0, 7));
    const [period, setPeriod] = useState({ from, to });
    const payroll = useQuery({
        queryKey: ['payroll', period.from, period.to],
        queryFn: () => dataProvider.getPayroll(period),
        enabled: !!period.from && !!period.to,
    });
    return (
        <Card sx={{ mt: 2 }}>
            <Title title={translate('app.payroll.title')} />
            <CardContent>
                <Stack
                    direction={{ xs: 'column', md: 'row' }}
                    spacing={2}
                    alignItems={{ md: 'center' }}
                    flexWrap={{ md: 'wrap' }}
                    useFlexGap
                    mb={1}
                >
                    <Typography variant="h5" component="h1">
                        {translate('app.payroll.title')}
                    </Typography>
                    <PeriodPicker from={period.from} to={period.to} onChange={setPeriod} />
                    <Button
                        startIcon={<DownloadOutlined />}
                        disabled={!payroll.data}
                        onClick={() =>
                            payroll.data &&
                            download(
                                `pay-${period.from}-${period.to}.csv`,
                                `${payrollCsv(payroll.data, translate, locale)}\n`,
                            )
                        }
                    >
                        {translate('app.payroll.csv')}
                    </Button>
                    {payroll.data && <CloseAllButton payroll={payroll.data} today={today} />}
                </Stack>
                <Typography color="text.secondary" variant="body2" mb={2}>
                    {translate('app.payroll.help')}
                </Typography>
                {payroll.error && <Alert severity="error">{(payroll.error as Error).message}</Alert>}
                {payroll.isLoading && <Loading />}
                {payroll.data && (
                    <Box sx={{ overflowX: 'auto' }}>
                        <Table size="small">
                            <TableHead>
                                <TableRow>
                                    <TableCell>{translate('app.payroll.teacher')}</TableCell>
                                    <TableCell align="right">{translate('app.payroll.classes')}</TableCell>
                                    <TableCell align="right" sx={wide}>
                                        {translate('app.payroll.visits')}
                                    </TableCell>
                                    <TableCell align="right" sx={wide}>
                                        {translate('app.pay_periods.adjustments_short')}
                                    </TableCell>
                                    <TableCell align="right">{translate('app.payroll.pay')}</TableCell>
                                </TableRow>
                            </TableHead>
                            <TableBody>
                                {payroll.data.teachers.map(line => (
                                    <RecordContextProvider
                                        key={line.teacherId}
                                        value={{ id: line.teacherId, total: line.total, adjustments: line.adjustments }}
                                    >
                                        <TableRow data-testid="payroll-row">
                                            <TableCell>
                                                <MuiLink component={Link} to={`/attendances/${line.teacherId}`}>
                                                    {line.name}
                                                </MuiLink>
                                                {line.closed && (
                                                    <Chip
                                                        size="small"
                                                        variant="outlined"
                                                        color="success"
                                                        icon={<LockOutlined />}
                                                        label={translate('app.pay_periods.closed_state')}
                                                        sx={{ ml: 1 }}
                                                        data-testid="payroll-closed"
                                                    />
                                                )}
                                            </TableCell>
                                            <TableCell align="right">{line.classes}</TableCell>
                                            <TableCell align="right" sx={wide}>
                                                {line.visits}
                                            </TableCell>
                                            <TableCell align="right" sx={wide}>
                                                {line.adjustments !== 0 && <MoneyField source="adjustments" />}
                                            </TableCell>
                                            <TableCell align="right">
                                                <MoneyField source="total" />
                                            </TableCell>
                                        </TableRow>
                                    </RecordContextProvider>
                                ))}
                            </TableBody>
                            <TableFooter>
                                <RecordContextProvider value={{ id: 'total', total: payroll.data.total }}>
                                    <TableRow>
                                        <TableCell colSpan={2}>{translate('app.payroll.total')}</TableCell>
                                        <TableCell align="right" sx={wide}>
                                            {payroll.data.teachers.reduce((sum, line) => sum + line.visits, 0)}
                                        </TableCell>
                                        <TableCell sx={wide} />
                                        <TableCell align="right" data-testid="payroll-total">
                                            <MoneyField source="total" />
                                        </TableCell>
                                    </TableRow>
                                </RecordContextProvider>
                            </TableFooter>
                        </Table>
                    </Box>
                )}
                {payroll.data && !payroll.data.teachers.length && (
                    <Alert severity="info">{translate('app.payroll.empty')}</Alert>
                )}
            </CardContent>
        </Card>
    );
};
