import { useMemo } from 'react';
import { Grid } from '@mui/material';
import {
    AutocompleteInput,
    BooleanInput,
    Edit,
    NumberInput,
    SaveButton,
    SelectInput,
    SimpleForm,
    TextInput,
    Toolbar,
    required,
    useLocaleState,
} from 'react-admin';
import { schemaValidator } from '../../app/forms';
import { useSaved } from '../../app/saved';
import { phoneCountries } from '../../domain/phones';
import { configSchema, locales, paymentModes, taxSystems, vats } from '../../domain/schemas';
import { translatedChoices } from '../common/TranslatedField';
import { ConsentTextsInputs } from './ConsentTextsInputs';
import { MessageSetup } from './MessageSetup';
import { PaymentSetupWarning } from './PaymentSetupWarning';
import { QuietHoursInput } from './QuietHoursInput';
import { SettingsSection } from './SettingsSection';
import { MembershipSettings } from '../memberships/MembershipSettings';

// The browser's own lists of IANA zones and ISO 4217 codes: the same ones the schema checks against.
const timeZones = ['UTC', ...Intl.supportedValuesOf('timeZone').filter(zone => zone !== 'UTC')].map(zone => ({
    id: zone,
    name: zone,
}));
const currencies = Intl.supportedValuesOf('currency').map(code => ({ id: code, name: code }));

/** The country phones without a country code are read in: the countries whose numbers can be read, named in the interface's language. */
const CountryInput = () => {
    const [locale] = useLocaleState();
    const choices = useMemo(() => {
        const names = new Intl.DisplayNames([locale], { type: 'region' });
        return phoneCountries()
            .map(code => ({ id: code, name: `${names.of(code) ?? code} (${code})` }))
            .sort((a, b) => a.name.localeCompare(b.name, locale));
    }, [locale]);
    return <AutocompleteInput source="country" choices={choices} />;
};

const ConfigToolbar = () => (
    <Toolbar>
        <SaveButton />
    </Toolbar>
);

/**
 * /configs: the studio's general settings, one record that is changed, never created or deleted, in
 * sections side by side on a wide screen and one under another on a phone.
 */
export const ConfigPage = () => {
    const saved = useSaved('updated', false, 'configs');
    return (
        <Edit
            resource="configs"
            id="general"
            title="app.menu.configs"
            actions={false}
            mutationMode="pessimistic"
            mutationOptions={saved}
        >
            <SimpleForm
                noValidate
                sx={{ maxWidth: 1400 }}
                validate={schemaValidator(configSchema)}
                toolbar={<ConfigToolbar />}
            >
                <Grid container spacing={2} sx={{ width: '100%' }}>
                    <SettingsSection title="app.configs.sections.studio">
                        <TextInput source="studioName" />
                        <AutocompleteInput source="currency" choices={currencies} />
                        <AutocompleteInput source="timezone" choices={timeZones} />
                        <CountryInput />
                        <SelectInput source="defaultLocale" choices={translatedChoices(locales, 'app.locales')} />
                    </SettingsSection>
                    {/* A database made before a setting holds no value: the form shows the default the server applies. */}
                    <SettingsSection title="app.configs.sections.booking">
                        <NumberInput source="bookingOpensDays" min={1} max={365} step={1} defaultValue={14} />
                        <NumberInput source="bookingClosesMinutes" min={0} max={10080} step={5} defaultValue={0} />
                        <NumberInput source="lateCancelHours" min={0} max={336} step={1} defaultValue={12} />
                        <NumberInput source="maxWaitlists" min={0} max={100} step={1} defaultValue={3} />
                        <NumberInput source="teacherEditDays" min={0} max={365} step={1} defaultValue={2} />
                        <NumberInput source="autoCloseHours" min={0} max={336} step={1} defaultValue={12} />
                    </SettingsSection>
                    <SettingsSection title="app.configs.sections.messages">
                        <MessageSetup />
                        <QuietHoursInput />
                        <BooleanInput source="reminders" defaultValue={true} />
                        <BooleanInput source="staffBookingNotices" defaultValue={true} />
                    </SettingsSection>
                    <SettingsSection title="app.configs.sections.payments">
                        <PaymentSetupWarning />
                        <NumberInput source="paymentLinkTtlHours" min={1} step={1} />
                        {/* Receipts of online payments: none (null) while no taxation system is chosen. */}
                        <SelectInput
                            source="receiptTaxSystem"
                            choices={translatedChoices(taxSystems, 'app.receipts.tax_systems')}
                            emptyText="app.receipts.tax_systems.none"
                            parse={value => (value === '' ? null : value)}
                            helperText="app.receipts.help"
                        />
                        <SelectInput
                            source="receiptVat"
                            choices={translatedChoices(vats, 'app.receipts.vats')}
                            defaultValue="none"
                            validate={required()}
                        />
                        <SelectInput
                            source="receiptPaymentMode"
                            choices={translatedChoices(paymentModes, 'app.receipts.payment_modes')}
                            defaultValue="full_payment"
                            validate={required()}
                        />
                    </SettingsSection>
                    <SettingsSection title="app.configs.sections.penalties">
                        <NumberInput source="penaltyDelayHours" min={0} max={336} step={1} defaultValue={24} />
                    </SettingsSection>
                    <SettingsSection title="app.configs.sections.passes">
                        <NumberInput source="expiringPassDays" min={0} step={1} />
                        <NumberInput source="lowVisitsThreshold" min={0} step={1} />
                    </SettingsSection>
                    <MembershipSettings />
                    <SettingsSection title="app.consents.settings.title" wide>
                        <ConsentTextsInputs />
                    </SettingsSection>
                </Grid>
            </SimpleForm>
        </Edit>
    );
};
