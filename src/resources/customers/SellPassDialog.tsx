import { DateInput, NumberInput, ReferenceInput, ResourceContextProvider, SelectInput, useDataProvider, useRecordContext } from 'react-admin';
import type { StudioDataProvider } from '../../app/dataProvider';
import { deskPaymentMethods, sellPassSchema, type SellPassInput } from '../../domain/money';
import type { Customer } from '../../domain/types';
import { translatedChoices } from '../common/TranslatedField';
import { ActionDialog } from './ActionDialog';
import { useStudioToday } from './today';

export const methodChoices = translatedChoices(deskPaymentMethods, 'app.payment_methods');

/** Sells an active plan to the customer of the card: the pass and its payment in one request. */
export const SellPassDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
    const customer = useRecordContext<Customer>();
    const dataProvider = useDataProvider<StudioDataProvider>();
    const today = useStudioToday();
    return (
        <ResourceContextProvider value="passes">
            <ActionDialog
                open={open}
                onClose={onClose}
                title="app.money.dialogs.sell"
                submitLabel="app.money.actions.sell"
                schema={sellPassSchema}
                defaultValues={{ customerId: customer?.id, startsOn: today, method: 'card', amount: null }}
                onSubmit={values => dataProvider.sellPass(values as SellPassInput)}
                success="app.money.notifications.sold"
            >
                <ReferenceInput source="subscriptionId" reference="settings/subscriptions" filter={{ active: true }} sort={{ field: 'price', order: 'ASC' }} perPage={100}>
                    <SelectInput optionText="name" label="resources.passes.fields.subscriptionId" fullWidth />
                </ReferenceInput>
                <DateInput source="startsOn" fullWidth />
                <SelectInput source="method" choices={methodChoices} fullWidth />
                <NumberInput source="amount" helperText="app.money.dialogs.amount_hint" fullWidth />
            </ActionDialog>
        </ResourceContextProvider>
    );
};
