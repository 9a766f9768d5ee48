import { Typography } from '@mui/material';
import { NumberInput, useLocaleState, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { httpClient } from '../../app/dataProvider';
import { formatShortDate } from '../../app/i18n/dates';
import { membershipPriceRequest } from '../../domain/collections/memberships';
import { addMonthsOn } from '../../domain/memberships';
import type { MembershipListRecord as ListedMembership } from '../../domain/api/memberships';
import { ActionDialog } from '../customers/ActionDialog';

/*
 * Staff propose a new price for a running membership from a later period that begins at least 30 days
 * ahead (the server checks it): the payer is told and accepts it in /my; not accepted, the membership
 * ends before that period. The form names the day the period chosen begins.
 */

const propose = async (id: number, values: Record<string, unknown>) =>
    (await httpClient(`/api/memberships/${id}/price`, { method: 'POST', body: JSON.stringify(values) })).json;

const PeriodStart = ({ membership }: { membership: ListedMembership }) => {
    const translate = useTranslate();
    const [locale] = useLocaleState();
    const fromPeriod = useWatch({ name: 'fromPeriod' }) as number | null | undefined;
    if (!fromPeriod || !Number.isInteger(fromPeriod) || fromPeriod <= membership.period) return null;
    const startsOn = addMonthsOn(membership.periodEnd, fromPeriod - membership.period - 1, membership.anchorDay);
    return (
        <Typography variant="body2" color="text.secondary">
            {translate('app.memberships.price.starts', { date: formatShortDate(startsOn, locale) })}
        </Typography>
    );
};

export const MembershipPriceDialog = ({
    membership,
    open,
    onClose,
}: {
    membership: ListedMembership;
    open: boolean;
    onClose: () => void;
}) => (
    <ActionDialog
        open={open}
        onClose={onClose}
        title="app.memberships.price.title"
        submitLabel="app.memberships.price.propose"
        schema={membershipPriceRequest}
        defaultValues={{ amount: null, fromPeriod: membership.period + 2 }}
        // The form sits in the membership's record context: only the two fields are sent.
        onSubmit={({ amount, fromPeriod }) => propose(membership.id, { amount, fromPeriod })}
        success="app.memberships.price.proposed"
    >
        <NumberInput source="amount" label="app.memberships.price.amount" fullWidth />
        <NumberInput source="fromPeriod" label="app.memberships.price.from_period" fullWidth />
        <PeriodStart membership={membership} />
    </ActionDialog>
);
