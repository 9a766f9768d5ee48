import {
    NumberInput,
    ReferenceInput,
    ResourceContextProvider,
    SelectInput,
    TextInput,
    useCreate,
    useRecordContext,
} from 'react-admin';
import { paymentLinkSchema } from '../../domain/schemas';
import type { Customer } from '../../domain/types';
import { ActionDialog } from './ActionDialog';

/** A link the customer pays online; the server sets its random id, the amount by default and the expiry. */
export const PaymentLinkDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
    const customer = useRecordContext<Customer>();
    const [create] = useCreate();
    return (
        <ResourceContextProvider value="paymentLinks">
            <ActionDialog
                open={open}
                onClose={onClose}
                title="app.money.dialogs.link"
                submitLabel="ra.action.create"
                schema={paymentLinkSchema}
                defaultValues={{ customerId: customer?.id, amount: null, description: '' }}
                onSubmit={values => create('paymentLinks', { data: values }, { returnPromise: true })}
                success="app.money.notifications.link_created"
            >
                <ReferenceInput
                    source="subscriptionId"
                    reference="settings/subscriptions"
                    filter={{ active: true }}
                    sort={{ field: 'price', order: 'ASC' }}
                    perPage={100}
                >
                    <SelectInput optionText="name" label="resources.paymentLinks.fields.subscriptionId" fullWidth />
                </ReferenceInput>
                <NumberInput source="amount" helperText="app.money.dialogs.amount_hint" fullWidth />
                <TextInput source="description" multiline fullWidth />
            </ActionDialog>
        </ResourceContextProvider>
    );
};
