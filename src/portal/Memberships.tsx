import { Button, Stack } from '@mui/material';
import { usePortal } from './context';
import { useI18n } from './i18n';
import { MembershipCard } from './MembershipCard';
import { membershipApi } from './membershipApi';
import { Empty, Failed, Heading, Loading, useLoad } from './parts';
import { RouterLink } from './router';

/*
 * The memberships in /my: at /memberships every one the customer pays for or attends (their wards'
 * too), the running ones first; on the passes page, those of whom the portal acts for.
 */

const running = (status: string) => (status === 'ended' ? 1 : 0);

/** The memberships of one customer (undefined: all of them), or nothing at all when there are none and `quiet`. */
export const MembershipCards = ({ customerId, quiet = false }: { customerId?: number; quiet?: boolean }) => {
    const { t } = useI18n();
    const memberships = useLoad('memberships', () => membershipApi.list());
    if (memberships.error !== undefined)
        return quiet ? null : <Failed error={memberships.error} onRetry={memberships.reload} />;
    if (!memberships.data) return quiet ? null : <Loading />;
    const shown = memberships.data
        .filter(one => customerId === undefined || one.customerId === customerId)
        // A past membership matters on its own page, not above the passes.
        .filter(one => !quiet || one.status !== 'ended')
        .sort((a, b) => running(a.status) - running(b.status));
    if (shown.length === 0)
        return quiet ? null : (
            <Empty text={t('app.portal.memberships.none')}>
                <Button variant="contained" component={RouterLink} href="/plans">
                    {t('app.portal.refusals.see_plans')}
                </Button>
            </Empty>
        );
    return (
        <Stack spacing={1.5} sx={{ mb: quiet ? 2 : 0 }} data-testid="memberships">
            {shown.map(membership => (
                <MembershipCard key={membership.id} membership={membership} onChanged={memberships.reload} />
            ))}
        </Stack>
    );
};

export const Memberships = () => {
    const { setup } = usePortal();
    const { t } = useI18n();
    return (
        <>
            <Heading title={t('app.portal.memberships.title')} studioName={setup.studioName} />
            <MembershipCards />
        </>
    );
};
