import { Box, MenuItem, Select, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useId } from 'react';
import { useTranslate } from 'react-admin';
import type { ImportDryRun } from '../../app/dataProvider';
import type { ImportField, ImportMapping } from '../../domain/imports';
import { fieldChoices, fieldLabel } from './fields';

/** The file's columns, each with the field it is read into, chosen from a list. */
export const ImportColumns = ({
    columns,
    mapping,
    disabled,
    onChange,
}: {
    columns: ImportDryRun['columns'];
    mapping: ImportMapping;
    disabled: boolean;
    onChange: (header: string, field: ImportField) => void;
}) => {
    const translate = useTranslate();
    const id = useId();
    return (
        <Box component="section" aria-labelledby={`${id}-title`}>
            <Typography id={`${id}-title`} variant="h6" component="h2">
                {translate('app.import.columns')}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {translate('app.import.columns_hint')}
            </Typography>
            <Box sx={{ overflowX: 'auto' }}>
                <Table size="small" sx={{ maxWidth: 760, '& .MuiTableCell-root': { px: 1 } }}>
                    <TableHead>
                        <TableRow>
                            <TableCell>{translate('app.import.column')}</TableCell>
                            <TableCell>{translate('app.import.field')}</TableCell>
                        </TableRow>
                    </TableHead>
                    <TableBody>
                        {columns.map((column, index) => {
                            const headerId = `${id}-column-${index}`;
                            const field = mapping[column.header] ?? '';
                            return (
                                <TableRow key={`${index}:${column.header}`} data-testid="import-column">
                                    <TableCell id={headerId} sx={{ overflowWrap: 'anywhere', minWidth: 100 }}>
                                        {column.header}
                                    </TableCell>
                                    <TableCell sx={{ width: '50%' }}>
                                        <Select<ImportField>
                                            size="small"
                                            fullWidth
                                            displayEmpty
                                            value={field}
                                            disabled={disabled}
                                            onChange={event =>
                                                onChange(column.header, event.target.value as ImportField)
                                            }
                                            SelectDisplayProps={{ 'aria-labelledby': headerId }}
                                            renderValue={value => fieldLabel(translate, value)}
                                            sx={{ minWidth: 180, color: field ? undefined : 'text.secondary' }}
                                        >
                                            {fieldChoices.map(choice => (
                                                <MenuItem key={choice || 'ignore'} value={choice}>
                                                    {fieldLabel(translate, choice)}
                                                </MenuItem>
                                            ))}
                                        </Select>
                                    </TableCell>
                                </TableRow>
                            );
                        })}
                    </TableBody>
                </Table>
            </Box>
        </Box>
    );
};
