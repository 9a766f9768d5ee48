import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, Typography } from '@mui/material';

/** One of the dashboard's cards: a title, a line under it, and its list. */
export const Panel = ({ title, subheader, children }: { title: string; subheader?: string; children: ReactNode }) => (
    <Card sx={{ height: '100%' }}>
        <CardHeader
            title={title}
            subheader={subheader}
            titleTypographyProps={{ variant: 'subtitle1' }}
            subheaderTypographyProps={{ variant: 'caption' }}
        />
        <CardContent sx={{ pt: 0 }}>{children}</CardContent>
    </Card>
);

export const Empty = ({ text }: { text: string }) => <Typography color="text.secondary">{text}</Typography>;
