import { Typography } from '@mui/material';
import {
    NumberInput,
    RecordContextProvider,
    ResourceContextProvider,
    TextInput,
    useDataProvider,
    useTranslate,
} from 'react-admin';
import type { StudioDataProvider } from '../../app/dataProvider';
import { correctionSchema, type CorrectionInput } from '../../domain/money';
import type { Payment } from '../../domain/types';
import { MoneyField } from '../common/money';
import { ActionDialog } from './ActionDialog';

/** Only the two fields the request takes: the form also holds the customer's record it was opened on. */
const correctionOf = (values: Record<string, unknown>) =>
    ({ amount: values.amount, reason: values.reason }) as CorrectionInput;

/** Which entry is corrected and what it recorded, so that the sign of the correction is chosen knowingly. */
const CorrectedEntry = ({ payment }: { payment: Payment }) => {
    const translate = useTranslate();
    return (
        <RecordContextProvider value={payment}>
            <Typography variant="body2" sx={{ mb: 1 }}>
                {translate(`app.payment_kinds.${payment.kind}`)} #{payment.id}: <MoneyField source="amount" />
            </Typography>
        </RecordContextProvider>
    );
};

/** Puts a payment or refund right by a new ledger entry with a signed amount and a reason. */
export const CorrectionDialog = ({ payment, onClose }: { payment: Payment | null; onClose: () => void }) => {
    const translate = useTranslate();
    const dataProvider = useDataProvider<StudioDataProvider>();
    return (
        <ResourceContextProvider value="payments">
            <ActionDialog
                open={payment != null}
                onClose={onClose}
                title="app.money.dialogs.correct"
                submitLabel="app.money.actions.correct"
                schema={correctionSchema}
                defaultValues={{ amount: null, reason: '' }}
                onSubmit={values =>
                    dataProvider.correctPayment({ id: (payment as Payment).id, ...correctionOf(values) })
                }
                success="app.money.notifications.corrected"
            >
                {payment && <CorrectedEntry payment={payment} />}
                <NumberInput source="amount" helperText={translate('app.money.dialogs.correction_hint')} fullWidth />
                <TextInput source="reason" multiline fullWidth />
            </ActionDialog>
        </ResourceContextProvider>
    );
};
