import { useId, type ReactNode } from 'react';
import { Card, CardContent, Grid, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/**
 * One group of the settings page, a region named by its heading: half the width on a wide screen, the
 * whole width on a narrow one; a wide group (long texts) always the whole width.
 */
export const SettingsSection = ({ title, wide, children }: { title: string; wide?: boolean; children: ReactNode }) => {
    const translate = useTranslate();
    const headingId = useId();
    return (
        <Grid size={{ xs: 12, lg: wide ? 12 : 6 }}>
            <Card variant="outlined" component="section" aria-labelledby={headingId} sx={{ height: '100%' }}>
                <CardContent>
                    <Typography variant="subtitle1" component="h2" id={headingId} sx={{ mb: 1, fontWeight: 600 }}>
                        {translate(title)}
                    </Typography>
                    <Stack>{children}</Stack>
                </CardContent>
            </Card>
        </Grid>
    );
};
