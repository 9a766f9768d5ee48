import LockOutlined from '@mui/icons-material/LockOutlined';
import {
    Box,
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
} from '@mui/material';
import { NumberField, RecordContextProvider, ReferenceField, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { LabelledStatus } from '../../resources/common/statuses';
import type { TeacherPayAnswer } from '../../domain/api';
import { DateTimeField } from '../../resources/common/dates';
import { MoneyField } from '../../resources/common/money';
import { RateText } from '../../resources/users/RateText';

/** The teacher's classes of the period with their attendees and pay, and the total. */
export const PayTable = ({ pay, statuses }: { pay: TeacherPayAnswer; statuses: LabelledStatus[] }) => {
    const translate = useTranslate();
    const statusOf = (code: string) => statuses.find(status => status.code === code);
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
                                <TableCell>{translate(`resources.events.statuses.${row.event.status}`)}</TableCell>
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
                                    {row.closedIn !== null && (
                                        <Tooltip title={translate('app.pay_periods.closed_class')}>
                                            <LockOutlined
                                                fontSize="inherit"
                                                color="action"
                                                sx={{ mr: 0.5, verticalAlign: 'middle' }}
                                                aria-label={translate('app.pay_periods.closed_class')}
                                                data-testid="pay-closed-class"
                                            />
                                        </Tooltip>
                                    )}
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
