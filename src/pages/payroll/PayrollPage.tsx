import { Alert, Box, Button, Card, CardContent, Link as MuiLink, Stack, Table, TableBody, TableCell, TableFooter, TableHead, TableRow, Typography } from '@mui/material';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Loading, RecordContextProvider, Title, useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { StudioDataProvider } from '../../app/dataProvider';
import { csvSeparator, toCsv } from '../../domain/csv';
import { monthBounds } from '../../domain/journal';
import type { PayrollAnswer } from '../../domain/payroll';
import { addDays } from '../../domain/time';
import { useStudioToday } from '../../resources/customers/today';
import { MoneyField } from '../../resources/common/money';
import { download } from '../attendanceReport/journalCsv';
import { PeriodPicker } from '../teacherAttendances/PeriodPicker';

/** Columns left out on a phone, so that a teacher's name and pay fit the screen. */
const wide = { display: { xs: 'none', sm: 'table-cell' } };

/** The accountant's table as CSV: a line per teacher and the total, in the user's language. */
const payrollCsv = (payroll: PayrollAnswer, translate: (key: string) => string, locale: string) =>
    toCsv(
        [
            [translate('app.payroll.teacher'), translate('app.payroll.classes'), translate('app.payroll.visits'), translate('app.payroll.pay')],
            ...payroll.teachers.map(line => [line.name, line.classes, line.visits, line.total]),
            [translate('app.payroll.total'), '', '', payroll.total],
        ],
        csvSeparator(locale),
    );

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
                <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems={{ md: 'center' }} mb={1}>
                    <Typography variant="h5" component="h1">
                        {translate('app.payroll.title')}
                    </Typography>
                    <PeriodPicker from={period.from} to={period.to} onChange={setPeriod} />
                    <Button
                        startIcon={<DownloadOutlined />}
                        disabled={!payroll.data}
                        onClick={() => payroll.data && download(`pay-${period.from}-${period.to}.csv`, `${payrollCsv(payroll.data, translate, locale)}\n`)}
                    >
                        {translate('app.payroll.csv')}
                    </Button>
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
                                    <TableCell align="right">{translate('app.payroll.pay')}</TableCell>
                                </TableRow>
                            </TableHead>
                            <TableBody>
                                {payroll.data.teachers.map(line => (
                                    <RecordContextProvider key={line.teacherId} value={{ id: line.teacherId, total: line.total }}>
                                        <TableRow data-testid="payroll-row">
                                            <TableCell>
                                                <MuiLink component={Link} to={`/attendances/${line.teacherId}`}>
                                                    {line.name}
                                                </MuiLink>
                                            </TableCell>
                                            <TableCell align="right">{line.classes}</TableCell>
                                            <TableCell align="right" sx={wide}>
                                                {line.visits}
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
                                        <TableCell align="right" data-testid="payroll-total">
                                            <MoneyField source="total" />
                                        </TableCell>
                                    </TableRow>
                                </RecordContextProvider>
                            </TableFooter>
                        </Table>
                    </Box>
                )}
                {payroll.data && !payroll.data.teachers.length && <Alert severity="info">{translate('app.payroll.empty')}</Alert>}
            </CardContent>
        </Card>
    );
};
