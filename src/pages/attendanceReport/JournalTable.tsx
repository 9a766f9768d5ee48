import { Box, Table, TableBody, TableCell, TableFooter, TableHead, TableRow } from '@mui/material';
import type { Ref } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatShortDate, formatTime } from '../../app/i18n/dates';
import type { LabelledStatus } from '../../resources/common/statuses';
import type { JournalAnswer } from '../../domain/api';

/*
 * A month of classes is wider than the screen and a group may be longer than it: the table scrolls
 * inside its box, and the names, the dates and both totals stay in view while it does. Sticky cells
 * need a background of their own, or the scrolled cells would show through them.
 */
const stuck = (sides: { top?: boolean; bottom?: boolean; left?: boolean; right?: boolean }, layer: number) => ({
    position: 'sticky',
    ...(sides.top && { top: 0 }),
    ...(sides.bottom && { bottom: 0 }),
    ...(sides.left && { left: 0 }),
    ...(sides.right && { right: 0 }),
    zIndex: layer,
    backgroundColor: 'background.paper',
    backgroundImage: 'var(--Paper-overlay)',
});

// On a phone a name may take two lines, so that the marks beside it are not pushed out of view.
const nameCell = {
    ...stuck({ left: true }, 2),
    whiteSpace: { xs: 'normal', sm: 'nowrap' },
    minWidth: { xs: 96, sm: 0 },
    maxWidth: { xs: 128, sm: 'none' },
    borderRight: 1,
    borderRightColor: 'divider',
} as const;
const totalCell = { ...stuck({ right: true }, 2), borderLeft: 1, borderLeftColor: 'divider', fontWeight: 600 } as const;
const headCell = stuck({ top: true }, 3);
const footCell = { ...stuck({ bottom: true }, 3), fontWeight: 600, color: 'text.primary', fontSize: 14 } as const;

/** Customers by the month's classes; each cell the mark's label on its colour. */
export const JournalTable = ({
    journal,
    statuses,
    boxRef,
}: {
    journal: JournalAnswer;
    statuses: LabelledStatus[];
    boxRef?: Ref<HTMLDivElement>;
}) => {
    const translate = useTranslate();
    const [locale] = useLocaleState();
    const statusOf = (code: string) => statuses.find(status => status.code === code);
    return (
        <Box
            ref={boxRef}
            data-testid="journal-box"
            sx={{
                overflow: 'auto',
                maxWidth: '100%',
                maxHeight: 'calc(100vh - 240px)',
                border: 1,
                borderColor: 'divider',
                borderRadius: 1,
            }}
        >
            <Table
                size="small"
                data-testid="journal"
                sx={{ borderCollapse: 'separate', '& .MuiTableCell-root': { px: { xs: 1, sm: 2 } } }}
            >
                <TableHead>
                    <TableRow>
                        <TableCell sx={{ ...headCell, ...nameCell, zIndex: 4 }}>
                            {translate('resources.attendances.fields.customerId')}
                        </TableCell>
                        {journal.columns.map(column => (
                            <TableCell
                                key={column.eventId}
                                align="center"
                                sx={{
                                    ...headCell,
                                    textDecoration: column.status === 'cancelled' ? 'line-through' : 'none',
                                    whiteSpace: 'nowrap',
                                }}
                            >
                                {formatShortDate(column.startsAt.slice(0, 10), locale).slice(0, 5)}
                                <br />
                                {formatTime(column.startsAt, locale)}
                            </TableCell>
                        ))}
                        <TableCell align="right" sx={{ ...headCell, ...totalCell, zIndex: 4 }}>
                            {translate('app.timetable.journal.total')}
                        </TableCell>
                    </TableRow>
                </TableHead>
                <TableBody>
                    {journal.rows.map(row => (
                        <TableRow key={row.customerId} data-testid="journal-row">
                            <TableCell sx={nameCell}>{row.name}</TableCell>
                            {journal.columns.map(column => {
                                const code = row.marks[column.eventId];
                                const status = code ? statusOf(code) : undefined;
                                return (
                                    <TableCell
                                        key={column.eventId}
                                        align="center"
                                        sx={{ color: status?.color, fontWeight: 600, fontSize: 12 }}
                                    >
                                        {code ? (status?.label ?? code) : ''}
                                    </TableCell>
                                );
                            })}
                            <TableCell align="right" sx={totalCell} data-testid="journal-row-total">
                                {row.visits}
                            </TableCell>
                        </TableRow>
                    ))}
                </TableBody>
                <TableFooter>
                    <TableRow>
                        <TableCell sx={{ ...footCell, ...nameCell, zIndex: 4 }}>
                            {translate('app.timetable.journal.total')}
                        </TableCell>
                        {journal.columns.map(column => (
                            <TableCell key={column.eventId} align="center" sx={footCell}>
                                {column.visits}
                            </TableCell>
                        ))}
                        <TableCell
                            align="right"
                            sx={{ ...footCell, ...totalCell, zIndex: 4 }}
                            data-testid="journal-total"
                        >
                            {journal.visits}
                        </TableCell>
                    </TableRow>
                </TableFooter>
            </Table>
        </Box>
    );
};
