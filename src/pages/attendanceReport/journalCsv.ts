import type { JournalAnswer } from '../../domain/api';
import { toCsv } from '../../domain/csv';

/** The journal as CSV: a header of dates, a row per customer with the marks' labels, a row of totals. */
export const journalCsv = (
    journal: JournalAnswer,
    labels: { name: string; total: string; mark: (code: string) => string },
) => {
    const lines = [
        [labels.name, ...journal.columns.map(column => column.startsAt.replace('T', ' ')), labels.total],
        ...journal.rows.map(row => [
            row.name,
            ...journal.columns.map(column => (row.marks[column.eventId] ? labels.mark(row.marks[column.eventId]) : '')),
            row.visits,
        ]),
        [labels.total, ...journal.columns.map(column => column.visits), journal.visits],
    ];
    return `${toCsv(lines)}\n`;
};
