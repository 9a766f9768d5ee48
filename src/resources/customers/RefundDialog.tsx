import { useEffect } from 'react';
import { Typography } from '@mui/material';
import {
    BooleanInput,
    NumberInput,
    ReferenceInput,
    ResourceContextProvider,
    SelectInput,
    TextInput,
    useDataProvider,
    useGetList,
    useLocaleState,
    useRecordContext,
    useTranslate,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import type { StudioDataProvider } from '../../app/dataProvider';
import { formatShortDate } from '../../app/i18n/dates';
import { paidOnline, refundMethods, refundSchema, type RefundInput } from '../../domain/money';
import type { Customer, Pass, Payment } from '../../domain/types';
import { translatedChoices } from '../common/TranslatedField';
import { ActionDialog } from './ActionDialog';
import { useMoneyText, type PassRow } from './PassFields';
import { methodChoices } from './SellPassDialog';

const withOnline = translatedChoices(refundMethods, 'app.payment_methods');

/**
 * The methods money may go back by: the desk's, and online only where money came in online, for the
 * pass chosen or, with none chosen, for the customer (the server checks the same). Money that came in
 * online goes back online unless the desk chooses otherwise.
 */
const RefundMethodInput = ({ customerId }: { customerId?: Customer['id'] }) => {
    const passId = useWatch({ name: 'passId' }) as Pass['id'] | null | undefined;
    const { setValue, getFieldState } = useFormContext();
    const { data: online = [] } = useGetList<Payment>(
        'payments',
        { filter: { customerId, method: 'online', kind: 'payment' }, pagination: { page: 1, perPage: 1000 } },
        { enabled: customerId != null },
    );
    const cameOnline = paidOnline(online, passId);
    useEffect(() => {
        if (!getFieldState('method').isDirty) setValue('method', cameOnline ? 'online' : 'cash');
    }, [cameOnline, getFieldState, setValue]);
    return <SelectInput source="method" choices={cameOnline ? withOnline : methodChoices} fullWidth />;
};

/** What the refund will do, said before the click: the money, the way back, and what becomes of the pass. */
const RefundSummary = () => {
    const translate = useTranslate();
    const money = useMoneyText();
    const [passId, amount, method, cancelPass] = useWatch({ name: ['passId', 'amount', 'method', 'cancelPass'] }) as [
        Pass['id'] | null,
        number | null,
        string | null,
        boolean,
    ];
    if (!amount || amount <= 0) return null;
    const effect = passId == null ? 'general' : cancelPass ? 'cancel' : 'keep';
    return (
        <Typography variant="body2" color="text.secondary" data-testid="refund-summary" sx={{ mt: 1 }}>
            {translate(`app.money.refund_does.${effect}`, {
                amount: money(amount),
                method: method ? translate(`app.payment_methods.${method}`).toLowerCase() : '',
            })}
        </Typography>
    );
};

/** Gives money back, for one pass (at most what came in for it, the amount it starts at) or in general, and may cancel the pass with it. */
export const RefundDialog = ({ pass, open, onClose }: { pass?: PassRow; open: boolean; onClose: () => void }) => {
    const customer = useRecordContext<Customer>();
    const dataProvider = useDataProvider<StudioDataProvider>();
    const [locale] = useLocaleState();
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
                    amount: pass ? Math.max(0, (pass.paid ?? pass.price) - (pass.refunded ?? 0)) : null,
                    method: 'cash',
                    cancelPass: false,
                }}
                onSubmit={values => dataProvider.refund(values as RefundInput)}
                // Online, the provider may confirm the refund later: it is recorded then.
                success={answer =>
                    (answer as { pending?: boolean }).pending
                        ? 'app.money.notifications.refund_pending'
                        : 'app.money.notifications.refunded'
                }
            >
                <ReferenceInput
                    source="passId"
                    reference="passes"
                    filter={{ customerId: customer?.id }}
                    sort={{ field: 'startsOn', order: 'DESC' }}
                    perPage={100}
                >
                    <SelectInput
                        optionText={(record: Pass) =>
                            `${record.name} · ${formatShortDate(record.startsOn, locale)} – ${formatShortDate(record.endsOn, locale)}`
                        }
                        label="resources.payments.fields.passId"
                        fullWidth
                    />
                </ReferenceInput>
                <NumberInput source="amount" fullWidth />
                <RefundMethodInput customerId={customer?.id} />
                <BooleanInput source="cancelPass" />
                <TextInput source="note" multiline fullWidth />
                <RefundSummary />
            </ActionDialog>
        </ResourceContextProvider>
    );
};
