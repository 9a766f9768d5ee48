import type { MouseEvent } from 'react';
import { Chip, Typography, type ChipProps } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { Link, useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { formatDateTime, formatShortDate } from '../../app/i18n/dates';
import { useStudioTimezone } from '../../app/studio';
import { periodLastDay } from '../../domain/memberships';
import type { MembershipListRecord as ListedMembership } from '../../domain/api/memberships';

/*
 * How a membership reads in a list and on the customer's card: its state (one set to end with its period
 * says so), its people leading to their cards, when the next period is charged and how much, and its card.
 */

const statusColors: Record<ListedMembership['status'], ChipProps['color']> = {
    active: 'success',
    past_due: 'error',
    ended: 'default',
};

export const MembershipStatus = ({ membership }: { membership: ListedMembership }) => {
    const translate = useTranslate();
    const [locale] = useLocaleState();
    const ending = membership.status !== 'ended' && membership.cancelAtPeriodEnd;
    return (
        <Chip
            size="small"
            color={ending ? 'warning' : statusColors[membership.status]}
            label={
                ending
                    ? translate('app.memberships.ends_on', {
                          date: formatShortDate(periodLastDay(membership.periodEnd), locale),
                      })
                    : translate(`app.memberships.statuses.${membership.status}`)
            }
        />
    );
};

export const StatusField = (_props: { label?: string }) => {
    const membership = useRecordContext<ListedMembership>();
    return membership ? <MembershipStatus membership={membership} /> : null;
};

const PersonLink = ({ id, name }: { id: number; name: string | null | undefined }) => (
    <Link component={RouterLink} to={`/customers/${id}`} onClick={(event: MouseEvent) => event.stopPropagation()}>
        {name ?? `#${id}`}
    </Link>
);

export const CustomerField = (_props: { label?: string }) => {
    const membership = useRecordContext<ListedMembership>();
    return membership ? <PersonLink id={membership.customerId} name={membership.customerName} /> : null;
};

/** The payer, only when someone else pays (a guardian): else the customer pays, named once already. */
export const PayerField = (_props: { label?: string }) => {
    const membership = useRecordContext<ListedMembership>();
    const translate = useTranslate();
    if (!membership) return null;
    if (membership.payerId === membership.customerId)
        return (
            <Typography variant="body2" color="text.secondary">
                {translate('app.memberships.self_paid')}
            </Typography>
        );
    return <PersonLink id={membership.payerId} name={membership.payerName} />;
};

/** When the next period is charged, in the studio's time; nothing once nothing more is charged. */
export const NextChargeField = (_props: { label?: string }) => {
    const membership = useRecordContext<ListedMembership>();
    const [locale] = useLocaleState();
    const timeZone = useStudioTimezone();
    if (!membership?.nextChargeAt || membership.cancelAtPeriodEnd || membership.status === 'ended') return null;
    return <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(membership.nextChargeAt, locale, timeZone)}</span>;
};

export const CardField = (_props: { label?: string }) => {
    const membership = useRecordContext<ListedMembership>();
    const translate = useTranslate();
    if (!membership) return null;
    return membership.cardTitle ? (
        <span style={{ whiteSpace: 'nowrap' }}>{membership.cardTitle}</span>
    ) : (
        <Typography variant="body2" color="text.secondary">
            {translate('app.memberships.no_card')}
        </Typography>
    );
};
