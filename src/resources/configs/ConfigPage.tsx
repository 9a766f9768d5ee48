import { NumberField, Show, SimpleShowLayout, TextField } from 'react-admin';

/** /configs: the studio's general settings, one record. */
export const ConfigPage = () => (
    <Show resource="configs" id="general" title="app.menu.configs" actions={false}>
        <SimpleShowLayout>
            <TextField source="studioName" />
            <TextField source="currency" />
            <TextField source="timezone" />
            <TextField source="defaultLocale" />
            <NumberField source="paymentLinkTtlHours" />
            <NumberField source="expiringPassDays" />
            <NumberField source="lowVisitsThreshold" />
        </SimpleShowLayout>
    </Show>
);
