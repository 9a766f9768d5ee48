import { Typography } from '@mui/material';
import {
    NumberInput,
    ReferenceInput,
    ResourceContextProvider,
    SelectInput,
    TextInput,
    useCreate,
    useRecordContext,
    useTranslate,
} from 'react-admin';
import { paymentLinkSchema } from '../../domain/schemas';
import type { Customer } from '../../domain/types';
import { ActionDialog } from './ActionDialog';
import { useMoneyText, type PassRow } from './PassFields';
import { usePlanText } from './SellPassDialog';

/** A link the customer pays online; the server sets its random id, the amount by default and the expiry. */
export const PaymentLinkDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
    const customer = useRecordContext<Customer>();
    const [create] = useCreate();
    const planText = usePlanText();
    return (
        <ResourceContextProvider value="paymentLinks">
            <ActionDialog
                open={open}
                onClose={onClose}
                title="app.money.dialogs.link"
                submitLabel="ra.action.create"
                schema={paymentLinkSchema}
                defaultValues={{ customerId: customer?.id, purpose: 'sale', amount: null, description: '' }}
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
                    <SelectInput optionText={planText} label="resources.paymentLinks.fields.subscriptionId" fullWidth />
                </ReferenceInput>
                <NumberInput source="amount" helperText="app.money.dialogs.amount_hint" fullWidth />
                <TextInput source="description" multiline fullWidth />
            </ActionDialog>
        </ResourceContextProvider>
    );
};

/**
 * A link for what is still due on a pass, for the customer to pay online: the amount starts at all that
 * is due, and the server refuses more (here, and again when the customer pays).
 */
export const BalanceLinkDialog = ({ pass, onClose }: { pass: PassRow; onClose: () => void }) => {
    const [create] = useCreate();
    const translate = useTranslate();
    const money = useMoneyText();
    return (
        <ResourceContextProvider value="paymentLinks">
            <ActionDialog
                open
                onClose={onClose}
                title="app.money.dialogs.balance_link"
                submitLabel="ra.action.create"
                schema={paymentLinkSchema}
                defaultValues={{
                    purpose: 'balance',
                    customerId: pass.customerId,
                    passId: pass.id,
                    amount: pass.balanceDue ?? null,
                    description: '',
                }}
                // Only what the dialog asks: the form also holds the card's record, whose id is the customer's.
                onSubmit={values =>
                    create(
                        'paymentLinks',
                        {
                            data: {
                                purpose: values.purpose,
                                customerId: values.customerId,
                                passId: values.passId,
                                amount: values.amount,
                                description: values.description,
                            },
                        },
                        { returnPromise: true },
                    )
                }
                success="app.money.notifications.link_created"
            >
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                    {translate('app.money.dialogs.pay_rest_due', {
                        name: pass.name,
                        amount: money(pass.balanceDue ?? 0),
                    })}
                </Typography>
                <NumberInput source="amount" fullWidth />
                <TextInput source="description" multiline fullWidth />
            </ActionDialog>
        </ResourceContextProvider>
    );
};
