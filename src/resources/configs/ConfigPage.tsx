import { useMemo } from 'react';
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
import { MessageSetup } from './MessageSetup';
import { PaymentSetupWarning } from './PaymentSetupWarning';

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

/** /configs: the studio's general settings, one record that is changed, never created or deleted. */
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
                sx={{ maxWidth: 640 }}
                validate={schemaValidator(configSchema)}
                toolbar={<ConfigToolbar />}
            >
                <PaymentSetupWarning />
                <MessageSetup />
                <TextInput source="studioName" />
                <AutocompleteInput source="currency" choices={currencies} />
                <AutocompleteInput source="timezone" choices={timeZones} />
                <CountryInput />
                <SelectInput source="defaultLocale" choices={translatedChoices(locales, 'app.locales')} />
                <NumberInput source="paymentLinkTtlHours" min={1} step={1} />
                <NumberInput source="expiringPassDays" min={0} step={1} />
                <NumberInput source="lowVisitsThreshold" min={0} step={1} />
                {/* A database made before the setting holds no value: the form shows the default the server applies. */}
                <NumberInput source="teacherEditDays" min={0} max={365} step={1} defaultValue={2} />
                <NumberInput source="autoCloseHours" min={0} max={336} step={1} defaultValue={12} />
                <NumberInput source="bookingOpensDays" min={1} max={365} step={1} defaultValue={14} />
                <NumberInput source="bookingClosesMinutes" min={0} max={10080} step={5} defaultValue={0} />
                <NumberInput source="lateCancelHours" min={0} max={336} step={1} defaultValue={12} />
                <NumberInput source="penaltyDelayHours" min={0} max={336} step={1} defaultValue={24} />
                <NumberInput source="maxWaitlists" min={0} max={100} step={1} defaultValue={3} />
                {/* Messages: empty quiet hours are none (saved as null), which the default does not fill. */}
                <TextInput
                    source="quietHours"
                    defaultValue="22:00-09:00"
                    helperText="app.messages.setup.quiet_hours_help"
                    slotProps={{ htmlInput: { inputMode: 'numeric', placeholder: '22:00-09:00' } }}
                />
                <BooleanInput source="reminders" defaultValue={true} />
                <BooleanInput source="staffBookingNotices" defaultValue={true} />
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
            </SimpleForm>
        </Edit>
    );
};
