import { Grid, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useCanAccess, useTranslate } from 'react-admin';
import { httpClient } from '../../app/dataProvider';
import type { ConsentCounts } from '../../domain/api/consents';
import { Panel } from './Panel';

/*
 * The dashboard's count of who has consented: customers with personal data consent, and those who take
 * offers by message (an unrevoked marketing consent), whom offers may go to. Managers and admins.
 */
export const ConsentsPanel = () => {
    const translate = useTranslate();
    const { canAccess } = useCanAccess({ resource: 'consents', action: 'list' });
    const { data } = useQuery({
        queryKey: ['consents', 'counts'],
        queryFn: () => httpClient('/api/consents/counts').then(({ json }) => json as ConsentCounts),
        enabled: !!canAccess,
    });
    if (!canAccess || !data) return null;
    const line = (label: string, count: number) => (
        <Stack direction="row" justifyContent="space-between" spacing={2}>
            <Typography variant="body2">{translate(label)}</Typography>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {count}
            </Typography>
        </Stack>
    );
    return (
        <Grid size={{ xs: 12, lg: 6 }}>
            <Panel title={translate('app.consents.dashboard.title')}>
                <Stack spacing={1} aria-label={translate('app.consents.dashboard.title')}>
                    {line('app.consents.dashboard.personal_data', data.personalData)}
                    {line('app.consents.dashboard.marketing', data.marketing)}
                </Stack>
            </Panel>
        </Grid>
    );
};
