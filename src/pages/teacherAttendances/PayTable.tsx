import { Box, Chip, Link as MuiLink, Stack, Table, TableBody, TableCell, TableFooter, TableHead, TableRow, Typography } from '@mui/material';
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
                                                    sx={{ borderColor: status?.color, ...(attendee.unpaid && { color: 'error.main' }) }}
                                                />
                                            );
                                        })}
                                    </Stack>
                                </TableCell>
                                <TableCell align="right">{row.visits}</TableCell>
                                <TableCell align="right" sx={{ minWidth: 140 }}>
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
