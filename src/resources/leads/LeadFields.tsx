import { Chip, Stack, Typography, type ChipProps } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { FunctionField, Link, ReferenceField, useRecordContext, useTranslate } from 'react-admin';
import { personName } from '../../domain/journal';
import type { Customer } from '../../domain/types';
import { translatedChoices } from '../common/TranslatedField';
import { leadSources, leadStatuses } from '../../domain/collections/leads';
import type { Lead, LeadStatus } from './model';

/*
 * How a lead reads: its status as a coloured chip (the ones the server sets stand out: a trial booked or
 * done, won), where it came from, and the customer it became, as a link to their card.
 */

export const statusChoices = translatedChoices(leadStatuses, 'app.leads.statuses');
export const sourceChoices = translatedChoices(leadSources, 'app.leads.sources');

const statusColors: Record<LeadStatus, ChipProps['color']> = {
    new: 'info',
    contacted: 'primary',
    trial_booked: 'secondary',
    trial_done: 'warning',
    won: 'success',
    lost: 'default',
};

export const LeadStatusChip = ({ status }: { status: LeadStatus }) => {
    const translate = useTranslate();
    return (
        <Chip
            size="small"
            variant={status === 'won' ? 'filled' : 'outlined'}
            color={statusColors[status]}
            label={translate(`app.leads.statuses.${status}`)}
            data-status={status}
        />
    );
};

export const StatusField = (_props: { label?: string }) => {
    const lead = useRecordContext<Lead>();
    return lead ? <LeadStatusChip status={lead.status} /> : null;
};

export const SourceField = (_props: { label?: string }) => {
    const lead = useRecordContext<Lead>();
    const translate = useTranslate();
    return lead ? <Typography variant="body2">{translate(`app.leads.sources.${lead.source}`)}</Typography> : null;
};

/** The name, with the child's under it when the lead is about a child. */
export const NameField = (_props: { label?: string }) => {
    const lead = useRecordContext<Lead>();
    if (!lead) return null;
    return (
        <>
            <Typography variant="body2">{lead.name}</Typography>
            {lead.childName && (
                <Typography variant="caption" color="text.secondary">
                    {lead.childName}
                </Typography>
            )}
        </>
    );
};

/** A customer the lead names (the one it became, the one who referred it), as a link to their card. */
const CustomerLink = ({ source, label }: { source: 'customerId' | 'referrerId'; label: string }) => {
    const lead = useRecordContext<Lead>();
    const translate = useTranslate();
    const id = lead?.[source];
    if (id == null) return null;
    return (
        <Typography variant="body2">
            {translate(label)}{' '}
            <Link
                component={RouterLink}
                to={`/customers/${id}`}
                onClick={(event: { stopPropagation: () => void }) => event.stopPropagation()}
            >
                <ReferenceField source={source} reference="customers" link={false}>
                    <FunctionField<Customer> render={customer => personName(customer)} />
                </ReferenceField>
            </Link>
        </Typography>
    );
};

/** The campaign of the address the person came by, as far as it was told. */
const CampaignLine = () => {
    const lead = useRecordContext<Lead>();
    const translate = useTranslate();
    const parts = [lead?.utm?.source, lead?.utm?.medium, lead?.utm?.campaign].filter(Boolean);
    if (!parts.length) return null;
    return <Typography variant="body2">{translate('app.leads.campaign', { campaign: parts.join(' / ') })}</Typography>;
};

/** Where the lead stands with the studio's customers and campaigns: nothing when it has none of them. */
export const LeadOrigin = () => {
    const lead = useRecordContext<Lead>();
    if (lead?.customerId == null && lead?.referrerId == null && !lead?.utm) return null;
    return (
        <Stack spacing={0.5} sx={{ mb: 2 }}>
            <CustomerLink source="customerId" label="app.leads.customer" />
            <CustomerLink source="referrerId" label="app.leads.referrer" />
            <CampaignLine />
        </Stack>
    );
};
