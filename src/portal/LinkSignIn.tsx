import { useState } from 'react';
import { Alert, Button, Link, Stack, Typography } from '@mui/material';
import { api } from './api';
import { usePortal } from './context';
import { useI18n } from './i18n';
import { errorText } from './parts';
import { RouterLink } from './router';

/*
 * /my/link/{token}: the one-time sign-in link the studio sends. Opening it spends nothing (a mail
 * scanner or a link preview opens it too): only the button's press signs in.
 */
export const LinkSignIn = ({ token }: { token: string }) => {
    const { signedIn } = usePortal();
    const { t } = useI18n();
    const [error, setError] = useState<unknown>();
    const [pending, setPending] = useState(false);

    const signIn = async () => {
        setPending(true);
        setError(undefined);
        try {
            await signedIn(await api.signInByLink(token), '/');
        } catch (failure) {
            setError(failure);
        } finally {
            setPending(false);
        }
    };

    return (
        <Stack spacing={2}>
            <Typography variant="h5" component="h1">
                {t('app.portal.link.title')}
            </Typography>
            {error ? (
                <>
                    <Alert severity="error">{errorText(t, error, 'token')}</Alert>
                    <Link component={RouterLink} href="/">
                        {t('app.portal.link.use_code')}
                    </Link>
                </>
            ) : (
                <>
                    <Typography color="text.secondary">{t('app.portal.link.text')}</Typography>
                    <Button variant="contained" size="large" disabled={pending} onClick={() => void signIn()}>
                        {t('app.portal.link.submit')}
                    </Button>
                </>
            )}
        </Stack>
    );
};
