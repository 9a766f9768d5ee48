import { useEffect } from 'react';
import { Alert, Button, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Form, SaveButton, TextInput, useLocaleState, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { schemaValidator } from '../../app/forms';
import { cardSchemaAt, formatCardNumberInput, formatExpiryInput } from '../../domain/money';
import { PaymentLayout } from '../payment/PaymentLayout';
import { getPublic, postPublic, PublicApiError } from '../payment/publicApi';
import { PublicPageWithout, Row } from '../payment/PublicParts';
import { moneyFormatter } from '../../app/i18n/numbers';
import type { TestCheckout } from '../../domain/api/public';

const checkoutUrl = (id: string) => `/api/public/test-checkout/${encodeURIComponent(id)}`;

/** Checked against the device's own date as the payer types; the test provider checks again. */
const validateCard = (values: unknown) => schemaValidator(cardSchemaAt(new Date()))(values);

/** A phone shows its number pad for the card's fields: the attribute belongs on the input itself. */
const numericKeypad = { htmlInput: { inputMode: 'numeric' } } as const;

/**
 * The built-in test provider's checkout page, /payments/test-checkout/{id}: where a real provider's page
 * would take the card. It takes no money: the test card decides whether the payment succeeds or is
 * declined, then the payer goes back to the studio's page, as from a real provider.
 */
export const TestCheckoutPage = () => {
    const { id = '' } = useParams();
    const translate = useTranslate();
    const [locale] = useLocaleState();
    const {
        data: checkout,
        error,
        isPending,
    } = useQuery({
        queryKey: ['testCheckout', id],
        queryFn: () => getPublic<TestCheckout>(checkoutUrl(id)),
        retry: false,
    });
    useEffect(() => {
        document.title = translate('app.test_checkout.title');
    }, [translate]);
    if (!checkout) return <PublicPageWithout pending={isPending} error={error} texts="app.test_checkout" />;

    const amountText = moneyFormatter(locale, checkout.currency).format(Number(checkout.amount));
    const submit = async (values: Record<string, unknown>) => {
        try {
            const { returnUrl } = await postPublic<{ returnUrl: string }>(checkoutUrl(id), values);
            window.location.assign(returnUrl);
        } catch (failure) {
            if (failure instanceof PublicApiError && Object.keys(failure.errors).length) return failure.errors;
            return { cardNumber: 'app.test_checkout.errors.failed' };
        }
    };
    return (
        <PaymentLayout studioName={translate('app.test_checkout.provider')}>
            <Stack spacing={2.5}>
                <Stack spacing={0.5}>
                    <Typography variant="overline" color="text.secondary">
                        {translate('app.test_checkout.title')}
                    </Typography>
                    <Typography variant="h5" component="h1">
                        {amountText}
                    </Typography>
                </Stack>
                <Stack spacing={1}>
                    <Row label={translate('app.test_checkout.description')} value={checkout.description} />
                    {checkout.receiptTo && (
                        <Row label={translate('app.test_checkout.receipt_to')} value={checkout.receiptTo} />
                    )}
                </Stack>
                <Alert severity="warning" variant="outlined">
                    {translate('app.test_checkout.no_money')}
                </Alert>
                {checkout.savesCard && checkout.status === 'pending' && (
                    <Alert severity="info" variant="outlined">
                        {translate('app.test_checkout.saves_card')}
                    </Alert>
                )}
                {checkout.status === 'pending' ? (
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
                                {/* The slash goes in as the payer types: 1228 reads 12/28. */}
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
                            <Typography variant="body2" color="text.secondary">
                                {translate('app.test_checkout.cards')}
                            </Typography>
                            {checkout.savesCard && (
                                <Typography variant="body2" color="text.secondary">
                                    {translate('app.test_checkout.cards_saved')}
                                </Typography>
                            )}
                        </Stack>
                    </Form>
                ) : (
                    <Alert severity={checkout.status === 'succeeded' ? 'success' : 'error'}>
                        {translate(`app.test_checkout.states.${checkout.status}`)}
                    </Alert>
                )}
                <Button href={checkout.returnUrl} variant="text">
                    {translate(
                        checkout.status === 'pending' ? 'app.test_checkout.back' : 'app.test_checkout.back_to_studio',
                    )}
                </Button>
            </Stack>
        </PaymentLayout>
    );
};
