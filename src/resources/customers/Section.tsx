import type { ReactNode } from 'react';
import { Box, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/**
 * A DataTable that scrolls sideways inside its card instead of stretching the page: the card must fit a
 * 1024px screen with the menu open, so cells are padded less. A grid track of minmax(0, 1fr) is what stops the table's own width
 * from propagating up to the layout; overflow then scrolls.
 */
export const scrollableTable = {
    '& .RaDataTable-tableWrapper': { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', overflowX: 'auto' },
    '& .MuiTableCell-root': { px: 1 },
} as const;

/** One part of the customer's card: a heading, its actions, and its table. */
export const Section = ({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) => {
    const translate = useTranslate();
    return (
        <Box component="section" aria-label={translate(title)}>
            <Stack direction="row" justifyContent="space-between" alignItems="center" sx={{ mb: 1 }}>
                <Typography variant="h6" component="h2">
                    {translate(title)}
                </Typography>
                <Stack direction="row" spacing={1}>
                    {actions}
                </Stack>
            </Stack>
            {children}
        </Box>
    );
};

export const Empty = ({ text }: { text: string }) => {
    const translate = useTranslate();
    return (
        <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
            {translate(text)}
        </Typography>
    );
};
