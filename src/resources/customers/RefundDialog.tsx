import {
    BooleanInput,
    NumberInput,
    ReferenceInput,
    ResourceContextProvider,
    SelectInput,
    TextInput,
    useDataProvider,
    useGetList,
    useRecordContext,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { StudioDataProvider } from '../../app/dataProvider';
import { paidOnline, refundMethods, refundSchema, type RefundInput } from '../../domain/money';
import type { Customer, Pass, Payment } from '../../domain/types';
import { translatedChoices } from '../common/TranslatedField';
import { ActionDialog } from './ActionDialog';
import type { PassRow } from './PassFields';
import { methodChoices } from './SellPassDialog';

const withOnline = translatedChoices(refundMethods, 'app.payment_methods');

/**
 * The methods money may go back by: the desk's, and online only where money came in online, for the
 * pass chosen or, with none chosen, for the customer (the server checks the same).
 */
const RefundMethodInput = ({ customerId }: { customerId?: Customer['id'] }) => {
    const passId = useWatch({ name: 'passId' }) as Pass['id'] | null | undefined;
    const { data: online = [] } = useGetList<Payment>(
        'payments',
        { filter: { customerId, method: 'online', kind: 'payment' }, pagination: { page: 1, perPage: 1000 } },
        { enabled: customerId != null },
    );
    return <SelectInput source="method" choices={paidOnline(online, passId) ? withOnline : methodChoices} fullWidth />;
};

/** Gives money back, for one pass (at most what came in for it, the amount it starts at) or in general, and may cancel the pass with it. */
export const RefundDialog = ({ pass, open, onClose }: { pass?: PassRow; open: boolean; onClose: () => void }) => {
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
                defaultValues={{
                    customerId: customer?.id,
                    passId: pass?.id ?? null,
                    amount: pass?.paid ?? pass?.price ?? null,
                    method: 'cash',
                    cancelPass: false,
                }}
                onSubmit={values => dataProvider.refund(values as RefundInput)}
                success="app.money.notifications.refunded"
            >
                <ReferenceInput
                    source="passId"
                    reference="passes"
                    filter={{ customerId: customer?.id }}
                    sort={{ field: 'startsOn', order: 'DESC' }}
                    perPage={100}
                >
                    <SelectInput
                        optionText={(record: Pass) => `${record.name} · ${record.startsOn}`}
                        label="resources.payments.fields.passId"
                        fullWidth
                    />
                </ReferenceInput>
                <NumberInput source="amount" fullWidth />
                <RefundMethodInput customerId={customer?.id} />
                <BooleanInput source="cancelPass" />
                <TextInput source="note" multiline fullWidth />
            </ActionDialog>
        </ResourceContextProvider>
    );
};
