import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useId, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import type { ImportDryRun, ImportRowError } from '../../app/dataProvider';
import type { ImportField, ImportLine } from '../../domain/imports';
import { phoneText } from '../common/phones';
import { errorText, fieldLabel } from './fields';

/*
 * The dry run's rows, to review before importing: what happens to each row it takes (who, with which
 * phone or e-mail, created, updated or left as it is), and each row's error or warning by its line and
 * the person it is about.
 */

/** Rows shown at once: a studio's whole list is thousands, and the counts say how many there are. */
const shownRows = 200;

/** A titled table of the dry run's rows. */
const RowsSection = ({
    title,
    hint,
    head,
    children,
}: {
    title: string;
    hint: string;
    head: string[];
    children: ReactNode;
}) => {
    const translate = useTranslate();
    const id = useId();
    return (
        <Box component="section" aria-labelledby={`${id}-title`}>
            <Typography id={`${id}-title`} variant="h6" component="h2">
                {translate(title)}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {translate(hint)}
            </Typography>
            <Box sx={{ overflowX: 'auto', maxHeight: 480 }}>
                <Table size="small" stickyHeader sx={{ '& .MuiTableCell-root': { px: 1 } }}>
                    <TableHead>
                        <TableRow>
                            {head.map((key, index) => (
                                <TableCell key={key} align={index === 0 ? 'right' : undefined}>
                                    {translate(key)}
                                </TableCell>
                            ))}
                        </TableRow>
                    </TableHead>
                    <TableBody>{children}</TableBody>
                </Table>
            </Box>
        </Box>
    );
};

/** "and 4,800 more rows" under a list cut short. */
const More = ({ total, columns }: { total: number; columns: number }) => {
    const translate = useTranslate();
    if (total <= shownRows) return null;
    return (
        <TableRow>
            <TableCell colSpan={columns} sx={{ color: 'text.secondary' }}>
                {translate('app.import.rows_more', { smart_count: total - shownRows })}
            </TableCell>
        </TableRow>
    );
};

/** What happens to a row, in words: a new customer, the fields updated, or nothing; and the pass carried over. */
const actionText = (translate: ReturnType<typeof useTranslate>, line: ImportLine) => {
    const fields = (line.fields ?? []).map(field => fieldLabel(translate, field as ImportField)).join(', ');
    const action = translate(`app.import.actions.${line.action}`, { fields });
    return line.pass ? `${action}, ${translate('app.import.pass_carried', { plan: line.pass })}` : action;
};

/** The rows the import takes: line, person, phone or e-mail, and what happens. */
export const ImportLines = ({ lines }: { lines: ImportLine[] }) => {
    const translate = useTranslate();
    return (
        <RowsSection
            title="app.import.rows_title"
            hint="app.import.rows_hint"
            head={['app.import.line', 'app.import.person', 'app.import.contact', 'app.import.action']}
        >
            {lines.slice(0, shownRows).map(line => (
                <TableRow key={line.row} data-testid={`import-line-${line.action}`}>
                    <TableCell align="right">{line.row}</TableCell>
                    <TableCell sx={{ minWidth: 140, overflowWrap: 'anywhere' }}>{line.name}</TableCell>
                    <TableCell sx={{ minWidth: 140, overflowWrap: 'anywhere' }}>
                        {line.phone ? phoneText(line.phone) : (line.email ?? '')}
                    </TableCell>
                    <TableCell sx={{ minWidth: 150 }}>{actionText(translate, line)}</TableCell>
                </TableRow>
            ))}
            <More total={lines.length} columns={4} />
        </RowsSection>
    );
};

/** Each row's error or warning: the file's line, the person, the column at fault (its header) and what is wrong. */
export const ImportProblems = ({
    preview,
    problems,
    kind,
}: {
    preview: ImportDryRun;
    problems: ImportRowError[];
    kind: 'error' | 'warning';
}) => {
    const translate = useTranslate();
    const headerOf = (field: string) =>
        preview.columns.find(column => column.field === field)?.header ??
        translate('app.import.no_column', { field: fieldLabel(translate, field as ImportField) });
    return (
        <RowsSection
            title={kind === 'error' ? 'app.import.errors_title' : 'app.import.warnings_title'}
            hint={kind === 'error' ? 'app.import.errors_hint' : 'app.import.warnings_hint'}
            head={['app.import.line', 'app.import.person', 'app.import.column', 'app.import.message']}
        >
            {problems.slice(0, shownRows).map((problem, index) => (
                <TableRow key={`${problem.row}:${problem.field}:${index}`} data-testid={`import-${kind}`}>
                    <TableCell align="right">{problem.row}</TableCell>
                    <TableCell sx={{ minWidth: 120, overflowWrap: 'anywhere' }}>{problem.name ?? ''}</TableCell>
                    <TableCell sx={{ minWidth: 90, overflowWrap: 'anywhere' }}>{headerOf(problem.field)}</TableCell>
                    <TableCell sx={{ minWidth: 150 }}>{errorText(translate, problem)}</TableCell>
                </TableRow>
            ))}
            <More total={problems.length} columns={4} />
        </RowsSection>
    );
};
