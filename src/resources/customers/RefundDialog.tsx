import { BooleanInput, NumberInput, ReferenceInput, ResourceContextProvider, SelectInput, TextInput, useDataProvider, useRecordContext } from 'react-admin';
import type { StudioDataProvider } from '../../app/dataProvider';
import { refundSchema, type RefundInput } from '../../domain/money';
import type { Customer, Pass } from '../../domain/types';
import { ActionDialog } from './ActionDialog';
import { methodChoices } from './SellPassDialog';

/** Gives money back, for one pass or in general, and may cancel the pass with it. */
export const RefundDialog = ({ pass, open, onClose }: { pass?: Pass; open: boolean; onClose: () => void }) => {
    const customer = useRecordContext<Customer>();
    const dataProvider = useDataProvider<StudioDataProvider>();
    return (
        <ResourceContextProvider value="payments">
            <ActionDialog
                open={open}
                onClose={onClose}
                title="app.money.dialogs.refund"
                submitLabel="app.money.actions.refund"
                schema={refundSchema}
                defaultValues={{ customerId: customer?.id, passId: pass?.id ?? null, amount: pass?.price ?? null, method: 'cash', cancelPass: false }}
                onSubmit={values => dataProvider.refund(values as RefundInput)}
                success="app.money.notifications.refunded"
            >
                <ReferenceInput source="passId" reference="passes" filter={{ customerId: customer?.id }} sort={{ field: 'startsOn', order: 'DESC' }} perPage={100}>
                    <SelectInput optionText={(record: Pass) => `${record.name} · ${record.startsOn}`} label="resources.payments.fields.passId" fullWidth />
                </ReferenceInput>
                <NumberInput source="amount" fullWidth />
                <SelectInput source="method" choices={methodChoices} fullWidth />
                <BooleanInput source="cancelPass" />
                <TextInput source="note" multiline fullWidth />
            </ActionDialog>
        </ResourceContextProvider>
    );
};
