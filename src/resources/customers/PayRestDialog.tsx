import { Typography } from '@mui/material';
import { NumberInput, ResourceContextProvider, SelectInput, useDataProvider, useTranslate } from 'react-admin';
import type { StudioDataProvider } from '../../app/dataProvider';
import { passPaymentSchema, type PassPaymentInput } from '../../domain/money';
import { ActionDialog } from './ActionDialog';
import { useMoneyText, type PassRow } from './PassFields';
import { methodChoices } from './SellPassDialog';

/** Pays what is left on a pass sold with a part payment: the amount starts at everything still due. */
export const PayRestDialog = ({ pass, onClose }: { pass: PassRow; onClose: () => void }) => {
    const dataProvider = useDataProvider<StudioDataProvider>();
    const translate = useTranslate();
    const money = useMoneyText();
    return (
        <ResourceContextProvider value="passes">
            <ActionDialog
                open
                onClose={onClose}
                title="app.money.dialogs.pay_rest"
                submitLabel="app.money.actions.pay_rest"
                schema={passPaymentSchema}
                defaultValues={{ amount: pass.balanceDue ?? null, method: 'cash' }}
                // Only what the dialog asks: the form also holds the card's record, whose id is the customer's.
                onSubmit={values =>
                    dataProvider.payPass({
                        id: pass.id,
                        amount: values.amount as PassPaymentInput['amount'],
                        method: values.method as PassPaymentInput['method'],
                    })
                }
                success="app.money.notifications.paid"
            >
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                    {translate('app.money.dialogs.pay_rest_due', {
                        name: pass.name,
                        amount: money(pass.balanceDue ?? 0),
                    })}
                </Typography>
                <NumberInput source="amount" fullWidth />
                <SelectInput source="method" choices={methodChoices} fullWidth />
            </ActionDialog>
        </ResourceContextProvider>
    );
};
