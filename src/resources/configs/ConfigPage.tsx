import { Alert } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import {
    AutocompleteInput,
    Edit,
    NumberInput,
    SaveButton,
    SelectInput,
    SimpleForm,
    TextInput,
    Toolbar,
    useDataProvider,
    useTranslate,
} from 'react-admin';
import type { StudioDataProvider } from '../../app/dataProvider';
import { schemaValidator } from '../../app/forms';
import { useSaved } from '../../app/saved';
import { configSchema, locales } from '../../domain/schemas';
import { translatedChoices } from '../common/TranslatedField';

// The browser's own lists of IANA zones and ISO 4217 codes: the same ones the schema checks against.
const timeZones = ['UTC', ...Intl.supportedValuesOf('timeZone').filter(zone => zone !== 'UTC')].map(zone => ({
    id: zone,
    name: zone,
}));
const currencies = Intl.supportedValuesOf('currency').map(code => ({ id: code, name: code }));

const ConfigToolbar = () => (
    <Toolbar>
        <SaveButton />
    </Toolbar>
);

/** Says when payment links take no money (the test provider) or cannot be paid online at all. */
const PaymentSetupWarning = () => {
    const translate = useTranslate();
    const dataProvider = useDataProvider<StudioDataProvider>();
    const { data } = useQuery({ queryKey: ['paymentSetup'], queryFn: () => dataProvider.getPaymentSetup() });
    if (!data) return null;
    return (
        <Alert
            severity={data.mode === 'off' ? 'error' : 'warning'}
            sx={{ mb: 2, maxWidth: 640 }}
            data-testid="payment-setup"
        >
            {translate(`app.money.payment_setup.${data.mode}`)}
        </Alert>
    );
};

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
                <TextInput source="studioName" />
                <AutocompleteInput source="currency" choices={currencies} />
                <AutocompleteInput source="timezone" choices={timeZones} />
                <SelectInput source="defaultLocale" choices={translatedChoices(locales, 'app.locales')} />
                <NumberInput source="paymentLinkTtlHours" min={1} step={1} />
                <NumberInput source="expiringPassDays" min={0} step={1} />
                <NumberInput source="lowVisitsThreshold" min={0} step={1} />
                {/* A database made before the setting holds no value: the form shows the default the server applies. */}
                <NumberInput source="teacherEditDays" min={0} max={365} step={1} defaultValue={2} />
            </SimpleForm>
        </Edit>
    );
};
