import { Alert, Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Loading, RecordContextProvider, Title, useDataProvider, useGetIdentity, useTranslate } from 'react-admin';
import { Navigate, useParams } from 'react-router-dom';
import type { StudioDataProvider } from '../../app/dataProvider';
import { monthBounds } from '../../domain/journal';
import { currentRate } from '../../domain/pay';
import { useStatuses } from '../../resources/common/statuses';
import { MoneyField } from '../../resources/common/money';
import { OpenClassesNote, PayTable } from './PayTable';
import { RateText } from '../../resources/users/RateText';
import { PeriodPicker } from '../../app/PeriodPicker';
import { AdjustmentsTable, ClosePeriodButton, PayPeriodNotes } from './PayPeriods';
import { useStudioToday } from '../../app/studio';

/** What the period comes to, above the table: a long period's footer is far below the screen. */
const PayTotal = ({ total, visits, adjustments }: { total: number; visits: number; adjustments: number }) => {
    const translate = useTranslate();
    return (
        <RecordContextProvider value={{ id: 'total', total, adjustments }}>
            <Stack direction="row" spacing={1} alignItems="baseline" mb={2} data-testid="pay-summary">
                <Typography variant="h6" component="p">
                    {translate('app.reports.pay_total')}:
                </Typography>
                <Box component="span" data-testid="pay-total-top">
                    <MoneyField source="total" variant="h6" />
                </Box>
                <Typography color="text.secondary">
                    {translate('app.reports.pay_visits', { smart_count: visits })}
                </Typography>
                {adjustments !== 0 && (
                    <Typography color="text.secondary" data-testid="pay-adjustments-total">
                        {translate('app.pay_periods.adjustments_total')} <MoneyField source="adjustments" />
                    </Typography>
                )}
            </Stack>
        </RecordContextProvider>
    );
};

/**
 * /attendances/{teacher}: one teacher's classes of a period, their attendees and pay. `me` is the
 * signed-in teacher (the menu's entry); a teacher asking for someone else is turned away.
 */
export const TeacherAttendancesPage = () => {
    const { teacher = '' } = useParams();
    const translate = useTranslate();
    const dataProvider = useDataProvider<StudioDataProvider>();
    const { identity, isPending } = useGetIdentity();
    const today = useStudioToday();
    const [bounds] = useState(() => monthBounds(today.slice(0, 7)));
    const [period, setPeriod] = useState({ from: bounds[0], to: bounds[1] });
    const statuses = useStatuses('attendance');
    const teacherId = teacher === 'me' ? Number(identity?.id) : Number(teacher);
    const refused = identity?.role === 'teacher' && teacherId !== identity.id;
    const pay = useQuery({
        queryKey: ['teacherPay', teacherId, period.from, period.to],
        queryFn: () => dataProvider.getTeacherPay({ id: teacherId, ...period }),
        enabled: !isPending && !refused && Number.isInteger(teacherId) && !!period.from && !!period.to,
    });
    if (isPending) return <Loading />;
    if (refused) return <Navigate to="/access-denied" replace />;
    return (
        <Card sx={{ mt: 2 }}>
            <Title title={translate('app.timetable.pay.title', { name: pay.data?.teacher.name ?? '' })} />
            <CardContent>
                <Stack
                    direction={{ xs: 'column', md: 'row' }}
                    spacing={2}
                    alignItems={{ md: 'center' }}
                    flexWrap={{ md: 'wrap' }}
                    useFlexGap
                    mb={2}
                >
                    <Typography variant="h5" component="h1">
                        {pay.data?.teacher.name}
                    </Typography>
                    <PeriodPicker from={period.from} to={period.to} onChange={setPeriod} />
                    {pay.data && (
                        <Typography color="text.secondary">
                            <RateText rate={currentRate(pay.data.teacher.pay, today)} />
                        </Typography>
                    )}
                    {pay.data && <ClosePeriodButton pay={pay.data} />}
                </Stack>
                {pay.data && (
                    <PayTotal
                        total={pay.data.total}
                        visits={pay.data.visits}
                        adjustments={pay.data.adjustments.reduce((sum, adjustment) => sum + adjustment.pay, 0)}
                    />
                )}
                {pay.data && <PayPeriodNotes pay={pay.data} />}
                {pay.data && <OpenClassesNote pay={pay.data} />}
                {pay.error && <Alert severity="error">{(pay.error as Error).message}</Alert>}
                {pay.isLoading && <Loading />}
                {pay.data && <PayTable pay={pay.data} statuses={statuses} />}
                {pay.data && !pay.data.events.length && (
                    <Alert severity="info">{translate('app.timetable.pay.empty')}</Alert>
                )}
                {pay.data && <AdjustmentsTable pay={pay.data} />}
            </CardContent>
        </Card>
    );
};
