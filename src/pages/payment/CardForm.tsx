import { Alert, Stack } from '@mui/material';
import { Form, SaveButton, TextInput, useTranslate } from 'react-admin';
import { schemaValidator } from '../../app/forms';
import { cardSchemaAt, formatCardNumberInput, formatExpiryInput } from '../../domain/money';
import { payPublicLink, PublicLinkError, type PublicLink } from './publicLink';

/** Checked against the device's own date as the customer types; the server checks again by its clock. */
const validateCard = (values: unknown) => schemaValidator(cardSchemaAt(new Date()))(values);

/** A phone shows its number pad for the card's fields: the attribute belongs on the input itself. */
const numericKeypad = { htmlInput: { inputMode: 'numeric' } } as const;

interface Props {
    id: string;
    amountText: string;
    onPaid: (link: PublicLink) => void;
    /** The link changed under the page (paid elsewhere, expired): show it as it is now. */
    onConflict: () => void;
}

/**
 * The built-in provider's form: a test card. A declined card shows its message on the card number; an
 * expired or malformed expiry or code, the server's message on that field.
 */
export const CardForm = ({ id, amountText, onPaid, onConflict }: Props) => {
    const translate = useTranslate();
    const submit = async (values: Record<string, unknown>) => {
        try {
            onPaid(await payPublicLink(id, values));
        } catch (error) {
            // A conflict the card form can tell (nothing is due on the pass any more) is shown on it; any other
            // means the link moved on, and the page shows it as it is now.
            if (error instanceof PublicLinkError && error.status === 409 && !error.errors.cardNumber)
                return onConflict();
            if (error instanceof PublicLinkError && Object.keys(error.errors).length) return error.errors;
            return { cardNumber: 'app.payment_page.errors.failed' };
        }
    };
    return (
        <Form
            noValidate
            onSubmit={submit}
            validate={validateCard}
            defaultValues={{ cardNumber: '', expiry: '', cvc: '' }}
        >
            <Stack spacing={1}>
                <TextInput
                    source="cardNumber"
                    label="app.payment_page.card_number"
                    autoComplete="cc-number"
                    slotProps={numericKeypad}
                    // Grouped in fours as typed, as the number is printed on the card.
                    parse={formatCardNumberInput}
                    fullWidth
                />
                <Stack direction="row" spacing={2}>
                    {/* The slash goes in as the customer types: 1228 reads 12/28. */}
                    <TextInput
                        source="expiry"
                        label="app.payment_page.expiry"
                        autoComplete="cc-exp"
                        slotProps={numericKeypad}
                        placeholder="12/30"
                        parse={formatExpiryInput}
                        fullWidth
                    />
                    <TextInput
                        source="cvc"
                        label="app.payment_page.cvc"
                        autoComplete="cc-csc"
                        slotProps={numericKeypad}
                        fullWidth
                    />
                </Stack>
                <SaveButton
                    label={translate('app.payment_page.pay', { amount: amountText })}
                    alwaysEnable
                    icon={<></>}
                    size="large"
                    fullWidth
                />
                <Alert severity="info" variant="outlined">
                    {translate('app.payment_page.test_hint')}
                </Alert>
            </Stack>
        </Form>
    );
};
