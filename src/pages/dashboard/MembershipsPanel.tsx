import { Button, Grid, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useCanAccess, useLocaleState, useTranslate } from 'react-admin';
import { httpClient } from '../../app/dataProvider';
import { moneyFormatter } from '../../app/i18n/numbers';
import { useStudioConfig } from '../../app/studio';
import type { MembershipSummary } from '../../domain/api/memberships';
import { Panel } from './Panel';

/*
 * The dashboard's memberships (managers and admins): the monthly recurring revenue (the current price of
 * those running and not set to end), how many are past due, leading to them, and the charges due in the
 * next 7 days with their sum.
 */

/** The list of memberships filtered to the past due ones. */
const pastDueList = `/memberships?filter=${encodeURIComponent(JSON.stringify({ status: 'past_due' }))}`;

export const MembershipsPanel = () => {
    const translate = useTranslate();
    const [locale] = useLocaleState();
    const config = useStudioConfig();
    const { canAccess } = useCanAccess({ resource: 'memberships', action: 'list' });
    const { data } = useQuery({
        queryKey: ['memberships', 'summary'],
        queryFn: () => httpClient('/api/memberships/summary').then(({ json }) => json as MembershipSummary),
        enabled: !!canAccess,
    });
    if (!canAccess || !data) return null;
    const money = moneyFormatter(locale, config?.currency ?? 'RUB');
    const line = (label: string, value: string, testId: string) => (
        <Stack direction="row" justifyContent="space-between" spacing={2}>
            <Typography variant="body2">{translate(label)}</Typography>
            <Typography variant="body2" sx={{ fontWeight: 600, textAlign: 'right' }} data-testid={testId}>
                {value}
            </Typography>
        </Stack>
    );
    return (
        <Grid size={{ xs: 12, lg: 6 }}>
            <Panel title={translate('app.memberships.dashboard.title')}>
                <Stack spacing={1} aria-label={translate('app.memberships.dashboard.title')}>
                    {line('app.memberships.dashboard.mrr', money.format(data.mrr), 'memberships-mrr')}
                    {line('app.memberships.dashboard.past_due', String(data.pastDue), 'memberships-past-due')}
                    {line(
                        'app.memberships.dashboard.due_7',
                        translate('app.memberships.dashboard.due_7_amount', {
                            smart_count: data.dueIn7Days.count,
                            amount: money.format(data.dueIn7Days.amount),
                        }),
                        'memberships-due',
                    )}
                    {data.pastDue > 0 && (
                        <Button component={Link} to={pastDueList} size="small" sx={{ alignSelf: 'flex-start' }}>
                            {translate('app.memberships.dashboard.open_past_due')}
                        </Button>
                    )}
                </Stack>
            </Panel>
        </Grid>
    );
};
