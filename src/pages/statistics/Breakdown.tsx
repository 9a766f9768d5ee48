import { Card, CardContent, CardHeader, Typography } from '@mui/material';
import { BreakdownChart, type Row } from './Charts';

/** How the page writes amounts: in full, and shortened on a chart's axis. */
export type Formats = { format: (value: number) => string; formatAxis: (value: number) => string };

/** One breakdown of the income as bars on a card, or a dash when there is nothing to break down. */
export const Breakdown = ({ title, rows, format, formatAxis }: { title: string; rows: Row[] } & Formats) => (
    <Card sx={{ height: '100%' }}>
        <CardHeader title={title} titleTypographyProps={{ variant: 'subtitle1' }} />
        <CardContent sx={{ pt: 0 }}>
            {rows.length ? (
                <BreakdownChart rows={rows} format={format} formatAxis={formatAxis} />
            ) : (
                <Typography color="text.secondary">—</Typography>
            )}
        </CardContent>
    </Card>
);
