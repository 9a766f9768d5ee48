import { Typography } from '@mui/material';
import { z } from 'zod';
import { ResourceContextProvider, SelectInput, useDataProvider, useTranslate } from 'react-admin';
import type { StudioDataProvider } from '../../app/dataProvider';
import { deskPaymentMethods, type PassPaymentInput } from '../../domain/money';
import type { Penalty } from '../../domain/types';
import { usePenaltyCost } from '../penalties/PenaltyFields';
import { ActionDialog } from './ActionDialog';
import { methodChoices } from './SellPassDialog';

// The amount is the penalty's own: the desk only says how the customer paid it.
const payPenaltySchema = z.object({ method: z.enum(deskPaymentMethods, { error: 'app.validation.choice' }) });

/** Takes an applied fee at the desk: the payment names the penalty, and the card's balance due drops by it. */
export const PayPenaltyDialog = ({ penalty, onClose }: { penalty: Penalty; onClose: () => void }) => {
    const dataProvider = useDataProvider<StudioDataProvider>();
    const translate = useTranslate();
    const costOf = usePenaltyCost();
    return (
        <ResourceContextProvider value="payments">
            <ActionDialog
                open
                onClose={onClose}
                title="app.penalties.pay.title"
                submitLabel="app.penalties.pay.action"
                schema={payPenaltySchema}
                defaultValues={{ method: 'cash' }}
                onSubmit={values =>
                    dataProvider.payPenalty({ id: penalty.id, method: values.method as PassPaymentInput['method'] })
                }
                success="app.penalties.pay.done"
            >
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                    {`${translate(`app.penalties.kinds.${penalty.kind}`)} · ${costOf(penalty)}`}
                </Typography>
                <SelectInput source="method" choices={methodChoices} fullWidth />
            </ActionDialog>
        </ResourceContextProvider>
    );
};
