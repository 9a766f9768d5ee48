import { useState, type FormEvent } from 'react';
import {
    Alert,
    Button,
    Checkbox,
    FormControlLabel,
    FormHelperText,
    Link,
    Stack,
    TextField,
    Typography,
} from '@mui/material';
import { api, ApiError } from './api';
import { ConsentDialog } from './ConsentDialog';
import { useI18n } from './i18n';
import { errorText, fieldError } from './parts';
import { SignIn } from './SignIn';

/*
 * Joining the studio: a newcomer leaves their name and contacts and agrees to the processing of their
 * personal data (whose text opens from the consent's words), and may tick a box of its own for offers by
 * message, then gives the code the studio sends (to the e-mail typed, or, for someone who is a
 * customer already, the way the studio's messages reach them) and is signed in: a newcomer as a lead,
 * the plans next, trial plans first. The answer never says whether the contacts were known.
 */

const fields = ['firstName', 'lastName', 'phone', 'email'] as const;
type Field = (typeof fields)[number];

const inputs: Record<Field, { label: string; type: string; autoComplete: string }> = {
    firstName: { label: 'app.portal.join.first_name', type: 'text', autoComplete: 'given-name' },
    lastName: { label: 'app.portal.join.last_name', type: 'text', autoComplete: 'family-name' },
    phone: { label: 'app.portal.join.phone', type: 'tel', autoComplete: 'tel' },
    email: { label: 'app.portal.join.email', type: 'email', autoComplete: 'email' },
};

export const Join = ({ onSignIn }: { onSignIn: (login: string) => void }) => {
    const { t, locale } = useI18n();
    const [values, setValues] = useState<Record<Field, string>>({ firstName: '', lastName: '', phone: '', email: '' });
    const [consent, setConsent] = useState(false);
    /** Offers by message: a box of its own, never ticked for the person. */
    const [marketing, setMarketing] = useState(false);
    /** The consent whose text is open. */
    const [reading, setReading] = useState<'personal_data' | 'marketing'>();
    const [error, setError] = useState<unknown>();
    const [pending, setPending] = useState(false);
    /** The code was sent: the seconds before another may be. */
    const [sent, setSent] = useState<{ retryAfter?: number }>();

    const send = () =>
        api.join({
            firstName: values.firstName.trim(),
            lastName: values.lastName.trim(),
            phone: values.phone.trim(),
            email: values.email.trim(),
            locale,
            marketing,
        });

    const submit = async (event: FormEvent) => {
        event.preventDefault();
        // The same checks the server makes, before the round trip.
        const missing = Object.fromEntries(
            fields.filter(field => !values[field].trim()).map(field => [field, 'ra.validation.required']),
        );
        if (!consent) missing.consent = 'app.portal.consent_required';
        if (Object.keys(missing).length > 0) {
            setError(new ApiError(400, missing));
            return;
        }
        setPending(true);
        setError(undefined);
        try {
            setSent(await send());
        } catch (failure) {
            setError(failure);
        } finally {
            setPending(false);
        }
    };

    if (sent)
        return (
            <SignIn
                joined={{
                    email: values.email.trim(),
                    retryAfter: sent.retryAfter,
                    resend: send,
                    back: () => setSent(undefined),
                }}
            />
        );

    const shownByFields =
        error instanceof ApiError &&
        error.status === 400 &&
        Object.keys(error.errors).length > 0 &&
        Object.keys(error.errors).every(field => field === 'consent' || (fields as readonly string[]).includes(field));
    const general = shownByFields ? undefined : error;
    return (
        <Stack component="form" spacing={2} onSubmit={submit} noValidate>
            <Typography variant="h5" component="h1">
                {t('app.portal.join.title')}
            </Typography>
            <Typography color="text.secondary">{t('app.portal.join.intro')}</Typography>
            {fields.map(field => {
                const message = fieldError(t, error, field);
                return (
                    <TextField
                        key={field}
                        name={field}
                        label={t(inputs[field].label)}
                        type={inputs[field].type}
                        autoComplete={inputs[field].autoComplete}
                        required
                        value={values[field]}
                        onChange={event => setValues({ ...values, [field]: event.target.value })}
                        error={message !== undefined}
                        helperText={message}
                    />
                );
            })}
            <div>
                <FormControlLabel
                    control={<Checkbox checked={consent} onChange={event => setConsent(event.target.checked)} />}
                    label={
                        <>
                            {t('app.portal.join.consent_agree')}{' '}
                            <Link
                                component="button"
                                type="button"
                                sx={{ verticalAlign: 'baseline', fontSize: 'inherit', textAlign: 'left' }}
                                onClick={event => {
                                    // Reading the text is not ticking the box.
                                    event.preventDefault();
                                    setReading('personal_data');
                                }}
                            >
                                {t('app.portal.join.consent_link')}
                            </Link>
                        </>
                    }
                />
                {reading && <ConsentDialog kind={reading} onClose={() => setReading(undefined)} />}
                {fieldError(t, error, 'consent') && (
                    <FormHelperText error>{fieldError(t, error, 'consent')}</FormHelperText>
                )}
                <FormControlLabel
                    control={
                        <Checkbox
                            name="marketing"
                            checked={marketing}
                            onChange={event => setMarketing(event.target.checked)}
                        />
                    }
                    label={
                        <Link
                            component="button"
                            type="button"
                            color="inherit"
                            underline="hover"
                            sx={{ verticalAlign: 'baseline', fontSize: 'inherit', textAlign: 'left' }}
                            onClick={event => {
                                event.preventDefault();
                                setReading('marketing');
                            }}
                        >
                            {t('app.portal.join.marketing')}
                        </Link>
                    }
                />
            </div>
            {general !== undefined && <Alert severity="error">{errorText(t, general)}</Alert>}
            <Button type="submit" variant="contained" size="large" disabled={pending}>
                {t('app.portal.join.submit')}
            </Button>
            <Typography color="text.secondary" sx={{ pt: 1 }}>
                {t('app.portal.join.have_account')}{' '}
                <Link
                    component="button"
                    type="button"
                    sx={{ verticalAlign: 'baseline', fontSize: 'inherit' }}
                    onClick={() => onSignIn(values.email.trim())}
                >
                    {t('app.portal.join.sign_in')}
                </Link>
            </Typography>
        </Stack>
    );
};
