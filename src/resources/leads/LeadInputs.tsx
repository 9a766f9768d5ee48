import { useMemo } from 'react';
import { Grid, Stack, Typography } from '@mui/material';
import {
    AutocompleteInput,
    ReferenceInput,
    required,
    SelectInput,
    TextInput,
    useRecordContext,
    useTranslate,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { Identifier } from '../../domain/types';
import { phoneText } from '../common/phones';
import { LeadOrigin, LeadStatusChip, sourceChoices, statusChoices } from './LeadFields';
import { isStaffStatus, type Lead, type LeadStatus } from './model';

/*
 * A lead's form, for making one and editing it. Staff move a lead between new, contacted and lost (lost
 * asks why); a booked or attended trial and a win are the server's, shown as they are. A won lead keeps
 * all but its owner and notes.
 */

/** Both lists have a default: the form offers no empty choice. */
const chosen = required();

const emptyToNull = (value: Identifier | '' | null) => (value === '' ? null : value);

/** The statuses staff may choose, with the lead's own when the server set it (kept, not chosen). */
const statusChoicesFor = (current: LeadStatus | undefined) =>
    statusChoices
        .filter(choice => isStaffStatus(choice.id as LeadStatus) || choice.id === current)
        .map(choice => ({ ...choice, disabled: !isStaffStatus(choice.id as LeadStatus) }));

const StatusInput = () => {
    const lead = useRecordContext<Lead>();
    const translate = useTranslate();
    const choices = useMemo(() => statusChoicesFor(lead?.status), [lead?.status]);
    if (lead?.status === 'won') {
        return (
            <Stack direction="row" spacing={1} alignItems="center" sx={{ py: 1 }}>
                <LeadStatusChip status="won" />
                <Typography variant="body2" color="text.secondary">
                    {translate('app.leads.won_help')}
                </Typography>
            </Stack>
        );
    }
    const byServer = lead != null && !isStaffStatus(lead.status);
    return (
        <SelectInput
            source="status"
            choices={choices}
            validate={chosen}
            helperText={byServer ? `app.leads.status_help.${lead.status}` : false}
            fullWidth
        />
    );
};

const LostReasonInput = ({ disabled }: { disabled: boolean }) => {
    const status = useWatch<Lead, 'status'>({ name: 'status' });
    if (status !== 'lost') return null;
    return <TextInput source="lostReason" multiline fullWidth disabled={disabled} />;
};

export const LeadInputs = () => {
    const lead = useRecordContext<Lead>();
    const won = lead?.status === 'won';
    return (
        <Grid container columnSpacing={2} sx={{ width: '100%' }}>
            <Grid size={12}>
                <LeadOrigin />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
                <TextInput source="name" fullWidth disabled={won} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
                <TextInput source="phone" type="tel" format={phoneText} fullWidth disabled={won} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
                <TextInput source="email" autoComplete="email" fullWidth disabled={won} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
                <TextInput source="childName" fullWidth disabled={won} helperText="app.leads.child_help" />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
                <ReferenceInput
                    source="directionId"
                    reference="settings/directions"
                    sort={{ field: 'name', order: 'ASC' }}
                >
                    <SelectInput optionText="name" emptyText="app.leads.any_direction" fullWidth disabled={won} />
                </ReferenceInput>
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
                <SelectInput source="source" choices={sourceChoices} validate={chosen} fullWidth disabled={won} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
                <ReferenceInput
                    source="ownerId"
                    reference="settings/users"
                    filter={{ active: true }}
                    sort={{ field: 'name', order: 'ASC' }}
                >
                    <AutocompleteInput optionText="name" parse={emptyToNull} fullWidth />
                </ReferenceInput>
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
                <StatusInput />
            </Grid>
            <Grid size={12}>
                <LostReasonInput disabled={won} />
            </Grid>
            <Grid size={12}>
                <TextInput source="notes" multiline minRows={2} fullWidth />
            </Grid>
        </Grid>
    );
};
