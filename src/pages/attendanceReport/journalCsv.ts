import type { JournalAnswer } from '../../domain/api';
import { toCsv } from '../../domain/csv';

/** The journal as CSV: a header of dates, a row per customer with the marks' labels, a row of totals. */
export const journalCsv = (journal: JournalAnswer, labels: { name: string; total: string; mark: (code: string) => string }) => {
    const lines = [
        [labels.name, ...journal.columns.map(column => column.startsAt.replace('T', ' ')), labels.total],
        ...journal.rows.map(row => [row.name, ...journal.columns.map(column => (row.marks[column.eventId] ? labels.mark(row.marks[column.eventId]) : '')), row.visits]),
        [labels.total, ...journal.columns.map(column => column.visits), journal.visits],
    ];
    return `${toCsv(lines)}\n`;
};

/** Saves CSV with a byte-order mark, so that spreadsheet programs read the Cyrillic right. */
export const download = (name: string, text: string) => {
    const url = URL.createObjectURL(new Blob([`\uFEFF${text}`], { type: 'text/csv;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    link.click();
    URL.revokeObjectURL(url);
};
