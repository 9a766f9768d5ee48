import { Typography } from '@mui/material';
import { ArrayInput, DateInput, NumberInput, SimpleFormIterator, TextInput, useTranslate } from 'react-admin';
import { SettingsSection } from '../configs/SettingsSection';

/*
 * The settings page's Memberships section: the days a past-due membership still books on its held pass,
 * the studio's public offer the autopay terms link to, and the days the studio is closed, which move
 * every membership's period and charge.
 */
export const MembershipSettings = () => {
    const translate = useTranslate();
    return (
        <SettingsSection title="app.memberships.settings.title">
            <NumberInput source="membershipGraceDays" min={0} max={14} step={1} defaultValue={3} />
            <TextInput source="offerUrl" type="url" parse={value => (value === '' ? null : value)} />
            <Typography variant="body2" sx={{ mt: 1 }}>
                {translate('resources.configs.fields.closures')}
            </Typography>
            <Typography variant="caption" color="text.secondary">
                {translate('app.memberships.settings.closures_help')}
            </Typography>
            <ArrayInput source="closures" label={false} defaultValue={[]}>
                <SimpleFormIterator inline disableReordering>
                    <DateInput source="from" label="app.memberships.settings.from" />
                    <DateInput source="to" label="app.memberships.settings.to" />
                </SimpleFormIterator>
            </ArrayInput>
        </SettingsSection>
    );
};
