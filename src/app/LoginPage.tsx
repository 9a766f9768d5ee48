import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Stack, TextField, Typography } from '@mui/material';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { LocalesMenuButton, useLogin, useNotify, useTranslate } from 'react-admin';
import { signOutReason } from './session';
import { ThemeSwitcher } from './ThemeSwitcher';

interface LoginError {
    status?: number;
    body?: { retryAfter?: number };
}

/** The login layout: email, password, and the language switch. */
export const LoginPage = () => {
    const translate = useTranslate();
    const login = useLogin();
    const notify = useNotify();
    const [email, setEmail] = useState('');
    const [password, setPassword] = useState('');
    const [error, setError] = useState<string | null>(null);
    const [submitting, setSubmitting] = useState(false);
    // Why the last session ended, until the next sign-in.
    const [signedOut] = useState(signOutReason);

    const submit = (event: FormEvent) => {
        event.preventDefault();
        setSubmitting(true);
        setError(null);
        login({ email, password }).catch((failure: LoginError) => {
            setSubmitting(false);
            if (failure?.status === 401) setError(translate('app.auth.invalid_credentials'));
            else if (failure?.status === 423) setError(translate('app.auth.held'));
            else if (failure?.status === 429)
                setError(translate('app.auth.too_many', { seconds: failure.body?.retryAfter ?? 60 }));
            else notify('ra.notification.http_error', { type: 'error' });
        });
    };

    return (
        <Box
            sx={{
                minHeight: '100vh',
                display: 'flex',
                flexDirection: 'column',
                alignItems: 'center',
                justifyContent: 'center',
                bgcolor: 'background.default',
                p: 2,
            }}
        >
            <Stack direction="row" sx={{ position: 'absolute', top: 8, right: 8 }}>
                <LocalesMenuButton />
                <ThemeSwitcher />
            </Stack>
            <Card sx={{ width: '100%', maxWidth: 400 }}>
                <CardContent component="form" onSubmit={submit} noValidate sx={{ p: 4 }}>
                    <Stack spacing={2.5} alignItems="stretch">
                        <Stack alignItems="center" spacing={1}>
                            <Box
                                sx={{
                                    bgcolor: 'primary.main',
                                    color: 'primary.contrastText',
                                    borderRadius: '50%',
                                    p: 1.5,
                                    display: 'flex',
                                }}
                            >
                                <LockOutlined />
                            </Box>
                            <Typography variant="h5" component="h1">
                                {translate('app.auth.sign_in')}
                            </Typography>
                        </Stack>
                        {signedOut && (
                            <Alert severity="info" data-testid="signed-out">
                                {translate(`app.auth.signed_out.${signedOut}`)}
                            </Alert>
                        )}
                        <TextField
                            label={translate('app.auth.email')}
                            name="email"
                            type="email"
                            autoComplete="username"
                            autoFocus
                            required
                            value={email}
                            onChange={event => setEmail(event.target.value)}
                            error={!!error}
                        />
                        <TextField
                            label={translate('app.auth.password')}
                            name="password"
                            type="password"
                            autoComplete="current-password"
                            required
                            value={password}
                            onChange={event => setPassword(event.target.value)}
                            error={!!error}
                            helperText={error ?? ' '}
                        />
                        <Button
                            type="submit"
                            variant="contained"
                            size="large"
                            disabled={submitting || !email || !password}
                        >
                            {submitting ? (
                                <CircularProgress size={24} color="inherit" />
                            ) : (
                                translate('app.auth.sign_in')
                            )}
                        </Button>
                    </Stack>
                </CardContent>
            </Card>
        </Box>
    );
};
