import { useEffect } from 'react';
import { Alert, Stack, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';

/*
 * What the public pages without sign-in (a payment link, a reminder's cancel link) share: the language
 * they open in, a row of label and value, and a message in place of the page.
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
