import { useEffect } from 'react';
import { Alert, CircularProgress, Stack, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { PaymentLayout } from './PaymentLayout';
import { PublicApiError } from './publicApi';

/*
 * What the public pages without sign-in (a payment link, a reminder's cancel link) share: the language
 * they open in, a row of label and value, a message in place of the page, and the page while what it
 * shows loads or when it is missing.
 */

/** With no language chosen yet and a browser language the app does not speak, the language the page's answer names. */
export const usePageLocale = (locale?: 'en' | 'ru') => {
    const [, setLocale] = useLocaleState();
    useEffect(() => {
        if (!locale || localStorage.getItem('RaStore.locale') !== null) return;
        const browser = navigator.language.slice(0, 2).toLowerCase();
        if (browser !== 'en' && browser !== 'ru') setLocale(locale);
    }, [locale, setLocale]);
};

export const Row = ({ label, value }: { label: string; value: string }) => (
    <Stack direction="row" justifyContent="space-between" spacing={2}>
        <Typography color="text.secondary">{label}</Typography>
        <Typography sx={{ textAlign: 'right', fontWeight: 500 }}>{value}</Typography>
    </Stack>
);

export const Message = ({
    title,
    text,
    severity,
}: {
    title: string;
    text: string;
    severity: 'warning' | 'error' | 'info';
}) => {
    const translate = useTranslate();
    return (
        <Alert severity={severity} variant="outlined">
            <Typography variant="h6" component="h1">
                {translate(title)}
            </Typography>
            {translate(text)}
        </Alert>
    );
};

/**
 * The page while its record loads, or in place of it when it does not exist (404) or could not be read;
 * `texts` names the page's catalogue (`app.payment_page`), which has states.not_found_title and _text and
 * errors.failed.
 */
export const PublicPageWithout = ({ pending, error, texts }: { pending: boolean; error: unknown; texts: string }) => (
    <PaymentLayout>
        {pending ? (
            <Stack alignItems="center">
                <CircularProgress />
            </Stack>
        ) : error instanceof PublicApiError && error.status === 404 ? (
            <Message
                severity="error"
                title={`${texts}.states.not_found_title`}
                text={`${texts}.states.not_found_text`}
            />
        ) : (
            <Message severity="error" title="app.error.title" text={`${texts}.errors.failed`} />
        )}
    </PaymentLayout>
);
