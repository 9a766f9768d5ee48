import { useState } from 'react';
import { Alert, Checkbox, FormControlLabel, Stack } from '@mui/material';
import { Form, SaveButton, TextInput, useTranslate } from 'react-admin';
import { payPublicLink, PublicLinkError } from './publicLink';

interface Props {
    id: string;
    amountText: string;
    /** The receipt needs an e-mail the studio does not have: the payer is asked for one. */
    contactNeeded: boolean;
    testMode: boolean;
    /** A link that starts a membership: the consent's words, beside a box to tick before paying. */
    consentText?: string;
    /** The link changed under the page (paid elsewhere, expired): show it as it is now. */
    onConflict: () => void;
}

/**
 * Pay: the server asks the provider for a payment and the payer is sent to the provider's page, where the
 * card is typed (never on this page). A refusal the form can tell is shown on it.
 */
export const PayButton = ({ id, amountText, contactNeeded, testMode, consentText, onConflict }: Props) => {
    const translate = useTranslate();
    /** Why the payment could not begin, when it is no field's fault. */
    const [failure, setFailure] = useState<string | null>(null);
    /** The consent box, never ticked for the payer. */
    const [agreed, setAgreed] = useState(false);
    const submit = async (values: Record<string, unknown>) => {
        setFailure(null);
        if (consentText !== undefined && !agreed) return setFailure('app.payment_page.membership.consent_needed');
        try {
            const { confirmationUrl } = await payPublicLink(id, {
                ...(contactNeeded ? { email: String(values.email ?? '') } : {}),
                ...(consentText !== undefined ? { consent: true } : {}),
            });
            window.location.assign(confirmationUrl);
        } catch (error) {
            if (error instanceof PublicLinkError && error.errors.email) return { email: error.errors.email };
            if (error instanceof PublicLinkError && error.errors.consent) return setFailure(error.errors.consent);
            // The link was paid, cancelled or expired meanwhile: shown as it is now. Nothing (or less) due on
            // the pass, or the fee paid meanwhile, is said on the form.
            const key = error instanceof PublicLinkError ? error.errors.status : undefined;
            if (error instanceof PublicLinkError && error.status === 409 && !key?.startsWith('app.payment_page.'))
                return onConflict();
            setFailure(
                error instanceof PublicLinkError && error.errors.status
                    ? error.errors.status
                    : 'app.payment_page.errors.failed',
            );
        }
    };
    return (
        <Form noValidate onSubmit={submit} defaultValues={{ email: '' }}>
            <Stack spacing={1}>
                {contactNeeded && (
                    <TextInput
                        source="email"
                        type="email"
                        label="app.payment_page.receipt_email"
                        helperText="app.payment_page.receipt_email_help"
                        autoComplete="email"
                        validate={value => (value ? undefined : 'app.payment_page.errors.contact_needed')}
                        fullWidth
                    />
                )}
                {consentText !== undefined && (
                    <FormControlLabel
                        sx={{ alignItems: 'flex-start' }}
                        control={
                            <Checkbox
                                checked={agreed}
                                onChange={event => setAgreed(event.target.checked)}
                                sx={{ mt: -1 }}
                            />
                        }
                        label={consentText}
                    />
                )}
                {failure && <Alert severity="error">{translate(failure)}</Alert>}
                <SaveButton
                    label={translate('app.payment_page.pay', { amount: amountText })}
                    alwaysEnable
                    icon={<></>}
                    size="large"
                    fullWidth
                />
                <Alert severity="info" variant="outlined">
                    {translate(testMode ? 'app.payment_page.test_hint' : 'app.payment_page.provider_hint')}
                </Alert>
            </Stack>
        </Form>
    );
};
