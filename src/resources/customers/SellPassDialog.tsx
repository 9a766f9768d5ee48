import { useRef, useState } from 'react';
import { Alert, Button } from '@mui/material';
import {
    type HttpError,
    DateInput,
    NumberInput,
    ReferenceInput,
    ResourceContextProvider,
    SelectInput,
    TextInput,
    useDataProvider,
    useRecordContext,
    useTranslate,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { StudioDataProvider } from '../../app/dataProvider';
import { deskPaymentMethods, sellPassSchema, type SellPassInput } from '../../domain/money';
import type { Customer, Pass, Subscription } from '../../domain/types';
import { translatedChoices } from '../common/TranslatedField';
import { ActionDialog } from './ActionDialog';
import { useMoneyText } from './PassFields';
import { useStudioToday } from '../../app/studio';

export const methodChoices = translatedChoices(deskPaymentMethods, 'app.payment_methods');

/** A plan as the sell and link dialogs offer it: "8 visits · 5 200 ₽ · 8 visits · 35 days", so that nobody has to look the terms up. */
export const usePlanText = () => {
    const translate = useTranslate();
    const money = useMoneyText();
    return (plan: Subscription) =>
        translate('app.money.dialogs.plan_choice', {
            name: plan.name,
            price: money(plan.price),
            visits:
                plan.visits === null
                    ? translate('app.money.dialogs.plan_unlimited')
                    : translate('app.money.dialogs.plan_visits', { smart_count: plan.visits }),
            days: translate('app.money.dialogs.plan_days', { smart_count: plan.validityDays }),
        });
};

/** The reason is asked for only once a discounted price is typed: a sale at the plan price needs none. */
const DiscountReasonInput = () => {
    const price = useWatch({ name: 'price' }) as number | null | undefined;
    if (price == null || Number.isNaN(price)) return null;
    return <TextInput source="discountReason" label="resources.passes.fields.discountReason" multiline fullWidth />;
};

/** The server's refusals of a sale that staff may overrule with force, and what the dialog says of each. */
const overrulable = {
    'app.memberships.errors.membership_active': 'app.memberships.desk.sell_anyway_help',
    'app.money.errors.trial_used': 'app.money.trial.sell_anyway_help',
} as const;

const refusalOf = (error: string | undefined): keyof typeof overrulable | null =>
    error !== undefined && error in overrulable ? (error as keyof typeof overrulable) : null;

interface Props {
    open: boolean;
    onClose: () => void;
    /** Told the pass just sold, so that the card can offer to settle the debts it covers. */
    onSold?: (pass: Pass) => void;
}

/**
 * Sells an active plan to the customer of the card: the pass and its payment in one request. Paying
 * less than the price leaves the rest due on the pass; a discount is a lower price, with its reason.
 */
export const SellPassDialog = ({ open, onClose, onSold }: Props) => {
    const customer = useRecordContext<Customer>();
    const dataProvider = useDataProvider<StudioDataProvider>();
    const today = useStudioToday();
    const planText = usePlanText();
    const translate = useTranslate();
    // Refusals staff may overrule: the customer's running membership already pays for the plan, or the
    // person has had their one trial already.
    const [refusal, setRefusal] = useState<keyof typeof overrulable | null>(null);
    const force = useRef(false);
    const sell = async (values: Record<string, unknown>) => {
        const forced = force.current;
        force.current = false;
        try {
            const { pass } = await dataProvider.sellPass({
                ...(values as SellPassInput),
                ...(forced && { force: true }),
            });
            onSold?.(pass);
        } catch (error) {
            const errors = (error as HttpError).body?.errors as Record<string, string> | undefined;
            setRefusal(refusalOf(errors?.subscriptionId));
            throw error;
        }
    };
    const close = () => {
        setRefusal(null);
        onClose();
    };
    return (
        <ResourceContextProvider value="passes">
            <ActionDialog
                open={open}
                onClose={close}
                title="app.money.dialogs.sell"
                submitLabel="app.money.actions.sell"
                schema={sellPassSchema}
                defaultValues={{
                    customerId: customer?.id,
                    startsOn: today,
                    method: 'card',
                    amount: null,
                    price: null,
                    discountReason: null,
                }}
                onSubmit={sell}
                success="app.money.notifications.sold"
            >
                <ReferenceInput
                    source="subscriptionId"
                    reference="settings/subscriptions"
                    filter={{ active: true }}
                    sort={{ field: 'price', order: 'ASC' }}
                    perPage={100}
                >
                    <SelectInput optionText={planText} label="resources.passes.fields.subscriptionId" fullWidth />
                </ReferenceInput>
                <DateInput source="startsOn" fullWidth />
                <SelectInput source="method" choices={methodChoices} fullWidth />
                <NumberInput source="amount" helperText="app.money.dialogs.amount_hint" fullWidth />
                <NumberInput
                    source="price"
                    label="app.money.dialogs.discount_price"
                    helperText="app.money.dialogs.discount_hint"
                    fullWidth
                />
                <DiscountReasonInput />
                {refusal && (
                    <Alert
                        severity="warning"
                        action={
                            <Button type="submit" color="inherit" onClick={() => (force.current = true)}>
                                {translate('app.memberships.desk.sell_anyway')}
                            </Button>
                        }
                    >
                        {translate(overrulable[refusal])}
                    </Alert>
                )}
            </ActionDialog>
        </ResourceContextProvider>
    );
};
