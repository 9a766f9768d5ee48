import LockOutlined from '@mui/icons-material/LockOutlined';
import {
    Alert,
    Box,
    Card,
    CardContent,
    Chip,
    Link as MuiLink,
    Stack,
    Table,
    TableBody,
    TableCell,
    TableFooter,
    TableHead,
    TableRow,
    Tooltip,
    Typography,
    useMediaQuery,
    type Theme,
} from '@mui/material';
import { NumberField, RecordContextProvider, ReferenceField, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { LabelledStatus } from '../../resources/common/statuses';
import type { TeacherPayAnswer } from '../../domain/api';
import { DateTimeField } from '../../resources/common/dates';
import { MoneyField } from '../../resources/common/money';
import { RateText } from '../../resources/users/RateText';

type PayRow = TeacherPayAnswer['events'][number];

/** The class's status, and for one that started and nobody closed, that it does not pay per class held yet. */
const ClassStatus = ({ row }: { row: PayRow }) => {
    const translate = useTranslate();
    if (!row.open) return <>{translate(`resources.events.statuses.${row.event.status}`)}</>;
    return (
        <Tooltip title={translate('app.timetable.close.open_hint')}>
            <Chip
                size="small"
                color="warning"
                variant="outlined"
                label={translate('app.timetable.close.open')}
                data-testid="pay-open-class"
            />
        </Tooltip>
    );
};

/** The lock shown beside the pay of a class inside a closed pay period. */
const ClosedLock = ({ row }: { row: PayRow }) => {
    const translate = useTranslate();
    if (row.closedIn === null) return null;
    return (
        <Tooltip title={translate('app.pay_periods.closed_class')}>
            <LockOutlined
                fontSize="inherit"
                color="action"
                sx={{ mr: 0.5, verticalAlign: 'middle' }}
                aria-label={translate('app.pay_periods.closed_class')}
                data-testid="pay-closed-class"
            />
        </Tooltip>
    );
};

/** How many classes of the period started and are still open: they pay per class held once closed. */
export const OpenClassesNote = ({ pay }: { pay: TeacherPayAnswer }) => {
    const translate = useTranslate();
    const open = pay.events.filter(row => row.open).length;
    if (!open) return null;
    return (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="pay-open-classes">
            {translate('app.timetable.close.open_classes', { smart_count: open })}
        </Alert>
    );
};

/** On a phone: one card per class with its date, course, status, visits and pay; the total below. */
const PayCards = ({ pay }: { pay: TeacherPayAnswer }) => {
    const translate = useTranslate();
    return (
        <Stack spacing={1} data-testid="pay-cards">
            {pay.events.map(row => (
                <RecordContextProvider key={row.event.id} value={{ ...row.event, pay: row.pay }}>
                    <Card variant="outlined" data-testid="pay-row">
                        <CardContent sx={{ py: 1, '&:last-child': { pb: 1 } }}>
                            <Stack direction="row" justifyContent="space-between" alignItems="baseline" gap={1}>
                                <MuiLink component={Link} to={`/events/${row.event.id}`}>
                                    <DateTimeField source="startsAt" />
                                </MuiLink>
                                <Box sx={{ whiteSpace: 'nowrap' }}>
                                    <ClosedLock row={row} />
                                    <MoneyField source="pay" sx={{ fontWeight: 500 }} />
                                </Box>
                            </Stack>
                            <Stack direction="row" justifyContent="space-between" alignItems="center" gap={1}>
                                <Typography variant="body2" noWrap>
                                    <ReferenceField source="courseId" reference="settings/courses" link={false} />
                                </Typography>
                                <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                                    {translate('app.reports.pay_visits', { smart_count: row.visits })}
                                </Typography>
                            </Stack>
                            <Stack direction="row" justifyContent="space-between" alignItems="center" gap={1}>
                                <Typography variant="caption" color="text.secondary" component="div">
                                    <ClassStatus row={row} />
                                </Typography>
                                <Typography variant="caption" color="text.secondary" component="div">
                                    <RateText rate={row.rate} />
                                </Typography>
                            </Stack>
                        </CardContent>
                    </Card>
                </RecordContextProvider>
            ))}
            <RecordContextProvider value={{ id: 'total', total: pay.total }}>
                <Stack direction="row" justifyContent="space-between" px={2}>
                    <Typography fontWeight={500}>{translate('app.timetable.pay.total')}</Typography>
                    <Box data-testid="pay-total">
                        <MoneyField source="total" sx={{ fontWeight: 500 }} />
                    </Box>
                </Stack>
            </RecordContextProvider>
        </Stack>
    );
};

/** The teacher's classes of the period with their attendees and pay, and the total; cards on a phone. */
export const PayTable = ({ pay, statuses }: { pay: TeacherPayAnswer; statuses: LabelledStatus[] }) => {
    const translate = useTranslate();
    const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
    const statusOf = (code: string) => statuses.find(status => status.code === code);
    if (phone) return <PayCards pay={pay} />;
    return (
        // On a narrow screen the table scrolls, not the page.
        <Box sx={{ overflowX: 'auto' }}>
            <Table size="small">
                <TableHead>
                    <TableRow>
                        <TableCell>{translate('resources.events.fields.startsAt')}</TableCell>
                        <TableCell>{translate('resources.events.fields.courseId')}</TableCell>
                        <TableCell>{translate('resources.events.fields.status')}</TableCell>
                        <TableCell>{translate('resources.events.fields.attendees')}</TableCell>
                        <TableCell align="right">{translate('app.timetable.pay.visits')}</TableCell>
                        <TableCell align="right">{translate('app.timetable.pay.pay')}</TableCell>
                    </TableRow>
                </TableHead>
                <TableBody>
                    {pay.events.map(row => (
                        <RecordContextProvider key={row.event.id} value={{ ...row.event, pay: row.pay }}>
                            <TableRow data-testid="pay-row">
                                <TableCell>
                                    <MuiLink component={Link} to={`/events/${row.event.id}`}>
                                        <DateTimeField source="startsAt" />
                                    </MuiLink>
                                </TableCell>
                                <TableCell>
                                    <ReferenceField source="courseId" reference="settings/courses" link={false} />
                                </TableCell>
                                <TableCell>
                                    <ClassStatus row={row} />
                                </TableCell>
                                <TableCell sx={{ minWidth: 280 }}>
                                    <Stack direction="row" spacing={0.5} flexWrap="wrap" useFlexGap>
                                        {row.attendees.map(attendee => {
                                            const status = statusOf(attendee.status);
                                            return (
                                                <Chip
                                                    key={attendee.customerId}
                                                    size="small"
                                                    variant="outlined"
                                                    label={`${attendee.name} · ${status?.label ?? attendee.status}`}
                                                    sx={{
                                                        borderColor: status?.color,
                                                        ...(attendee.unpaid && { color: 'error.main' }),
                                                    }}
                                                />
                                            );
                                        })}
                                    </Stack>
                                </TableCell>
                                <TableCell align="right">{row.visits}</TableCell>
                                <TableCell align="right" sx={{ minWidth: 140 }}>
                                    <ClosedLock row={row} />
                                    <MoneyField source="pay" />
                                    {/* The rate that paid the class, under what it paid. */}
                                    <Typography variant="caption" color="text.secondary" component="div">
                                        <RateText rate={row.rate} />
                                    </Typography>
                                </TableCell>
                            </TableRow>
                        </RecordContextProvider>
                    ))}
                </TableBody>
                <TableFooter>
                    {pay.adjustments.length > 0 && (
                        <RecordContextProvider
                            value={{
                                id: 'adjustments',
                                adjustments: pay.adjustments.reduce((sum, adjustment) => sum + adjustment.pay, 0),
                            }}
                        >
                            <TableRow>
                                <TableCell colSpan={5}>{translate('app.pay_periods.adjustments')}</TableCell>
                                <TableCell align="right">
                                    <MoneyField source="adjustments" />
                                </TableCell>
                            </TableRow>
                        </RecordContextProvider>
                    )}
                    <RecordContextProvider value={{ id: 'total', total: pay.total, visits: pay.visits }}>
                        <TableRow>
                            <TableCell colSpan={4}>{translate('app.timetable.pay.total')}</TableCell>
                            <TableCell align="right">
                                <NumberField source="visits" />
                            </TableCell>
                            <TableCell align="right" data-testid="pay-total">
                                <MoneyField source="total" />
                            </TableCell>
                        </TableRow>
                    </RecordContextProvider>
                </TableFooter>
            </Table>
        </Box>
    );
};
