import { Box, Table, TableBody, TableCell, TableFooter, TableHead, TableRow } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatShortDate, formatTime } from '../../app/i18n/dates';
import type { Status } from '../../domain/types';
import type { JournalAnswer } from '../../server/timetable';

/** Customers by the month's classes; each cell the mark's label on its colour. */
export const JournalTable = ({ journal, statuses }: { journal: JournalAnswer; statuses: Status[] }) => {
    const translate = useTranslate();
    const [locale] = useLocaleState();
    const statusOf = (code: string) => statuses.find(status => status.code === code);
    return (
        // The month can be wider than the screen: the table scrolls, not the page.
        <Box sx={{ overflowX: 'auto', maxWidth: { md: 'calc(100vw - 320px)' }, '@media print': { maxWidth: 'none' } }}>
            <Table size="small" data-testid="journal">
                <TableHead>
                    <TableRow>
                        <TableCell>{translate('resources.attendances.fields.customerId')}</TableCell>
                        {journal.columns.map(column => (
                            <TableCell key={column.eventId} align="center" sx={{ textDecoration: column.status === 'cancelled' ? 'line-through' : 'none', whiteSpace: 'nowrap' }}>
                                {formatShortDate(column.startsAt.slice(0, 10), locale).slice(0, 5)}
                                <br />
                                {formatTime(column.startsAt, locale)}
                            </TableCell>
                        ))}
                        <TableCell align="right">{translate('app.timetable.journal.total')}</TableCell>
                    </TableRow>
                </TableHead>
                <TableBody>
                    {journal.rows.map(row => (
                        <TableRow key={row.customerId} data-testid="journal-row">
                            <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.name}</TableCell>
                            {journal.columns.map(column => {
                                const code = row.marks[column.eventId];
                                const status = code ? statusOf(code) : undefined;
                                return (
                                    <TableCell key={column.eventId} align="center" sx={{ color: status?.color, fontWeight: 600, fontSize: 12 }}>
                                        {code ? (status?.label ?? code) : ''}
                                    </TableCell>
                                );
                            })}
                            <TableCell align="right">{row.visits}</TableCell>
                        </TableRow>
                    ))}
                </TableBody>
                <TableFooter>
                    <TableRow>
                        <TableCell>{translate('app.timetable.journal.total')}</TableCell>
                        {journal.columns.map(column => (
                            <TableCell key={column.eventId} align="center">
                                {column.visits}
                            </TableCell>
                        ))}
                        <TableCell align="right" data-testid="journal-total">
                            {journal.visits}
                        </TableCell>
                    </TableRow>
                </TableFooter>
            </Table>
        </Box>
    );
};
