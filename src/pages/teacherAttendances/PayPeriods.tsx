import LockOutlined from '@mui/icons-material/LockOutlined';
import LockOpenOutlined from '@mui/icons-material/LockOpenOutlined';
import {
    Alert,
    Box,
    Button,
    Link as MuiLink,
    Stack,
    Table,
    TableBody,
    TableCell,
    TableHead,
    TableRow,
    Typography,
} from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
    Confirm,
    ReferenceField,
    RecordContextProvider,
    useDataProvider,
    useGetIdentity,
    useLocaleState,
    useNotify,
    useTranslate,
} from 'react-admin';
import { Link } from 'react-router-dom';
import type { StudioDataProvider } from '../../app/dataProvider';
import { formatDateTime, formatShortDate } from '../../app/i18n/dates';
import type { ClosedPeriodSummary, TeacherPayAnswer } from '../../domain/api';
import { canOpenPage } from '../../domain/roles';
import { refusalMessage } from '../../resources/common/conflicts';
import { DateTimeField } from '../../resources/common/dates';
import { MoneyField } from '../../resources/common/money';
import { moneyFormatter } from '../../app/i18n/numbers';
import { useStudioConfig } from '../../app/studio';

/*
 * Closed pay periods on a teacher's pay page: which days are closed, by whom and when (and reopened);
 * closing the period shown (managers, admins) and reopening a closed one (admins); and the adjustments
 * paid in the period for changes made to classes of closed periods.
 */

/** After closing or reopening, every figure that depends on it is read again. */
const usePayChange = <T,>(change: () => Promise<T>, done: string) => {
    const queryClient = useQueryClient();
    const notify = useNotify();
    const translate = useTranslate();
    return useMutation({
        mutationFn: change,
        onSuccess: () => notify(done, { type: 'success' }),
        onError: (error: Error) => notify(refusalMessage(translate, error), { type: 'error' }),
        onSettled: () =>
            Promise.all(
                ['teacherPay', 'payroll', 'roster'].map(key => queryClient.invalidateQueries({ queryKey: [key] })),
            ),
    });
};

const useDates = () => {
    const [locale] = useLocaleState();
    const timezone = useStudioConfig()?.timezone;
    return {
        locale,
        day: (date: string) => formatShortDate(date, locale),
        moment: (instant: string) => formatDateTime(instant, locale, timezone),
    };
};

/** Closes the days shown for this teacher: for managers and admins, when every day is past and none closed. */
export const ClosePeriodButton = ({ pay }: { pay: TeacherPayAnswer }) => {
    const translate = useTranslate();
    const { identity } = useGetIdentity();
    const dataProvider = useDataProvider<StudioDataProvider>();
    const { day } = useDates();
    const [confirming, setConfirming] = useState(false);
    const close = usePayChange(
        () => dataProvider.closePay({ id: pay.teacher.id, from: pay.from, to: pay.to }),
        'app.pay_periods.closed_done',
    );
    if (!pay.closable || !canOpenPage(identity?.role, 'payroll')) return null;
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
                title="app.pay_periods.close_title"
                content="app.pay_periods.close_content"
                translateOptions={{ name: pay.teacher.name, from: day(pay.from), to: day(pay.to) }}
                confirm="app.pay_periods.close"
                onConfirm={() => close.mutate(undefined, { onSettled: () => setConfirming(false) })}
                onClose={() => setConfirming(false)}
            />
        </>
    );
};

const ReopenButton = ({ period }: { period: ClosedPeriodSummary }) => {
    const translate = useTranslate();
    const dataProvider = useDataProvider<StudioDataProvider>();
    const { day } = useDates();
    const [confirming, setConfirming] = useState(false);
    const reopen = usePayChange(() => dataProvider.reopenPay({ id: period.id }), 'app.pay_periods.reopened_done');
    return (
        <>
            <Button
                size="small"
                color="inherit"
                startIcon={<LockOpenOutlined />}
                onClick={() => setConfirming(true)}
                disabled={reopen.isPending}
            >
                {translate('app.pay_periods.reopen')}
            </Button>
            <Confirm
                isOpen={confirming}
                loading={reopen.isPending}
                title="app.pay_periods.reopen_title"
                content="app.pay_periods.reopen_content"
                translateOptions={{ from: day(period.startsOn), to: day(period.endsOn) }}
                confirm="app.pay_periods.reopen"
                confirmColor="warning"
                onConfirm={() => reopen.mutate(undefined, { onSettled: () => setConfirming(false) })}
                onClose={() => setConfirming(false)}
            />
        </>
    );
};

/** The closed periods the days shown overlap, who closed each and when; the reopened ones, who and when. */
export const PayPeriodNotes = ({ pay }: { pay: TeacherPayAnswer }) => {
    const translate = useTranslate();
    const { identity } = useGetIdentity();
    const { locale, day, moment } = useDates();
    const currency = useStudioConfig()?.currency ?? 'RUB';
    if (!pay.periods.length) return null;
    return (
        <Stack spacing={1} mb={2} data-testid="pay-periods">
            {pay.periods.map(period =>
                period.reopenedAt === null ? (
                    <Alert
                        key={period.id}
                        severity="success"
                        icon={<LockOutlined />}
                        data-testid="pay-period-closed"
                        action={identity?.role === 'admin' ? <ReopenButton period={period} /> : undefined}
                    >
                        {translate('app.pay_periods.closed', {
                            from: day(period.startsOn),
                            to: day(period.endsOn),
                            total: moneyFormatter(locale, currency).format(period.total),
                            name: period.closedByName,
                            date: moment(period.createdAt),
                        })}
                    </Alert>
                ) : (
                    <Typography
                        key={period.id}
                        variant="body2"
                        color="text.secondary"
                        data-testid="pay-period-reopened"
                    >
                        {translate('app.pay_periods.reopened', {
                            from: day(period.startsOn),
                            to: day(period.endsOn),
                            name: period.reopenedByName ?? '',
                            date: moment(period.reopenedAt),
                        })}
                    </Typography>
                ),
            )}
        </Stack>
    );
};

const signed = (value: number) => (value > 0 ? `+${value}` : String(value));

/** The adjustments paid in the period: what changes to classes of closed periods added or took back. */
export const AdjustmentsTable = ({ pay }: { pay: TeacherPayAnswer }) => {
    const translate = useTranslate();
    const { day, moment } = useDates();
    if (!pay.adjustments.length) return null;
    return (
        <Box mt={3} data-testid="pay-adjustments">
            <Typography variant="h6" component="h2">
                {translate('app.pay_periods.adjustments')}
            </Typography>
            <Typography variant="body2" color="text.secondary" mb={1}>
                {translate('app.pay_periods.adjustments_help')}
            </Typography>
            <Box sx={{ overflowX: 'auto' }}>
                <Table size="small">
                    <TableHead>
                        <TableRow>
                            <TableCell>{translate('app.pay_periods.class')}</TableCell>
                            <TableCell>{translate('resources.events.fields.courseId')}</TableCell>
                            <TableCell>{translate('app.pay_periods.changed')}</TableCell>
                            <TableCell align="right">{translate('app.timetable.pay.visits')}</TableCell>
                            <TableCell align="right">{translate('app.timetable.pay.pay')}</TableCell>
                        </TableRow>
                    </TableHead>
                    <TableBody>
                        {pay.adjustments.map((adjustment, index) => (
                            <RecordContextProvider
                                key={`${adjustment.periodId}-${index}`}
                                value={{ ...adjustment.event, pay: adjustment.pay }}
                            >
                                <TableRow data-testid="pay-adjustment">
                                    <TableCell>
                                        <MuiLink component={Link} to={`/events/${adjustment.event.id}`}>
                                            <DateTimeField source="startsAt" />
                                        </MuiLink>
                                        <Typography variant="caption" color="text.secondary" component="div">
                                            {`${day(adjustment.periodStartsOn)} – ${day(adjustment.periodEndsOn)}`}
                                        </Typography>
                                    </TableCell>
                                    <TableCell>
                                        <ReferenceField source="courseId" reference="settings/courses" link={false} />
                                    </TableCell>
                                    <TableCell>
                                        {/* No user: the server closed the class by itself. */}
                                        {adjustment.userId === null
                                            ? translate('app.pay_periods.changed_by_server', {
                                                  date: moment(adjustment.at),
                                              })
                                            : translate('app.pay_periods.changed_by', {
                                                  name: adjustment.userName,
                                                  date: moment(adjustment.at),
                                              })}
                                    </TableCell>
                                    <TableCell align="right">{signed(adjustment.visits)}</TableCell>
                                    <TableCell align="right">
                                        <MoneyField source="pay" />
                                    </TableCell>
                                </TableRow>
                            </RecordContextProvider>
                        ))}
                    </TableBody>
                </Table>
            </Box>
        </Box>
    );
};
