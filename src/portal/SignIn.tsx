import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Link, Stack, TextField, Typography } from '@mui/material';
import { api, ApiError } from './api';
import { usePortal } from './context';
import { useI18n } from './i18n';
import { errorText, fieldError } from './parts';
import { RouterLink } from './router';

/*
 * Signing in with a code: the customer's e-mail or phone, then the 6-digit code the studio sends (by
 * Telegram when linked, else by e-mail), typed or filled in by the phone from the message. A phone a
 * family shares asks who is signing in. "Send again" waits as long as the server says. Joining the
 * studio ends with the same code step (`joined`): the code was sent when the form was sent.
 */

type Person = { id: number; firstName: string; lastName: string };

/** Seconds left until `until` (a Date.now() value), ticking each second. */
const useSecondsLeft = (until: number) => {
    const [now, setNow] = useState(() => Date.now());
    useEffect(() => {
        if (until <= now) return;
        const timer = setTimeout(() => setNow(Date.now()), Math.min(1000, until - now));
        return () => clearTimeout(timer);
    }, [until, now]);
    return Math.max(0, Math.ceil((until - now) / 1000));
};

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** A sign-up whose code was sent for the e-mail typed: sending again sends the form again. */
export interface Joined {
    email: string;
    retryAfter?: number;
    resend: () => Promise<{ retryAfter?: number }>;
    /** Back to the form, to change what was typed. */
    back: () => void;
}

export const SignIn = ({ initialLogin = '', joined }: { initialLogin?: string; joined?: Joined }) => {
    const { setup, signedIn } = usePortal();
    const { t } = useI18n();
    const [step, setStep] = useState<'login' | 'code' | 'choose'>(joined ? 'code' : 'login');
    const [login, setLogin] = useState(joined?.email ?? initialLogin);
    const [code, setCode] = useState('');
    const [people, setPeople] = useState<Person[]>([]);
    const [error, setError] = useState<unknown>();
    const [pending, setPending] = useState(false);
    const [waitUntil, setWaitUntil] = useState(() => (joined?.retryAfter ? Date.now() + joined.retryAfter * 1000 : 0));
    const wait = useSecondsLeft(waitUntil);

    const waitFor = (seconds: number | undefined) => {
        if (seconds) setWaitUntil(Date.now() + seconds * 1000);
    };

    const sendCode = async () => {
        setPending(true);
        setError(undefined);
        try {
            const answer: { retryAfter?: number } = await (joined ? joined.resend() : api.sendCode(login.trim()));
            waitFor(answer.retryAfter);
            setCode('');
            setStep('code');
        } catch (failure) {
            if (failure instanceof ApiError) waitFor(failure.retryAfter);
            setError(failure);
        } finally {
            setPending(false);
        }
    };

    const verify = async (typed: string, customerId?: number) => {
        setPending(true);
        setError(undefined);
        try {
            const answer = await api.verify(login.trim(), typed, customerId);
            if ('choose' in answer) {
                setPeople(answer.choose);
                setStep('choose');
            } else await signedIn(answer, joined ? '/plans' : undefined);
        } catch (failure) {
            setError(failure);
            if (step !== 'choose') setCode('');
        } finally {
            setPending(false);
        }
    };

    const submit = (event: FormEvent) => {
        event.preventDefault();
        if (step === 'login') void sendCode();
        else if (code.length === 6) void verify(code);
    };

    const tooMany = error instanceof ApiError && error.status === 429;
    // The wait the server asked for is over: its message with it.
    const waited = tooMany && waitUntil > 0 && wait === 0;
    const loginError = step === 'login' && !tooMany ? fieldError(t, error, 'login') : undefined;
    const codeError = step === 'code' && !tooMany ? fieldError(t, error, 'code') : undefined;
    const otherError = error && !waited && !loginError && !codeError ? errorText(t, error) : undefined;

    if (step === 'choose')
        return (
            <Stack spacing={2}>
                <Typography variant="h5" component="h1">
                    {t('app.portal.sign_in.choose_title')}
                </Typography>
                <Typography color="text.secondary">{t('app.portal.sign_in.choose_text')}</Typography>
                {otherError && <Alert severity="error">{otherError}</Alert>}
                {people.map(person => (
                    <Button
                        key={person.id}
                        variant="outlined"
                        size="large"
                        disabled={pending}
                        onClick={() => void verify(code, person.id)}
                    >
                        {person.firstName} {person.lastName}
                    </Button>
                ))}
            </Stack>
        );

    return (
        <Stack component="form" spacing={2} onSubmit={submit} noValidate>
            <Typography variant="h5" component="h1">
                {t(joined ? 'app.portal.join.title' : 'app.portal.sign_in.title')}
            </Typography>
            {step === 'login' ? (
                <>
                    <Typography color="text.secondary">{t('app.portal.sign_in.intro')}</Typography>
                    <TextField
                        label={t('app.portal.sign_in.login')}
                        value={login}
                        onChange={event => {
                            setLogin(event.target.value);
                            // A wait the server asked for is that login's.
                            setWaitUntil(0);
                        }}
                        autoComplete="username"
                        autoFocus
                        required
                        error={loginError !== undefined}
                        helperText={loginError}
                    />
                </>
            ) : (
                <>
                    <Typography color="text.secondary">
                        {t(joined ? 'app.portal.join.code_sent' : 'app.portal.sign_in.code_sent', {
                            login: login.trim(),
                        })}
                    </Typography>
                    <TextField
                        label={t('app.portal.sign_in.code')}
                        value={code}
                        onChange={event => {
                            const digits = event.target.value.replace(/\D/g, '').slice(0, 6);
                            setCode(digits);
                            // The phone fills the code in from the message: sign in at once.
                            if (digits.length === 6 && !pending) void verify(digits);
                        }}
                        autoComplete="one-time-code"
                        autoFocus
                        required
                        slotProps={{
                            htmlInput: { inputMode: 'numeric', pattern: '[0-9]*', maxLength: 6 },
                        }}
                        error={codeError !== undefined}
                        helperText={codeError}
                    />
                </>
            )}
            {otherError && <Alert severity="error">{otherError}</Alert>}
            <Button
                type="submit"
                variant="contained"
                size="large"
                disabled={pending || (step === 'login' ? !login.trim() || wait > 0 : code.length !== 6)}
            >
                {step === 'code'
                    ? t('app.portal.sign_in.submit')
                    : wait > 0
                      ? `${t('app.portal.sign_in.send')} (${clock(wait)})`
                      : t('app.portal.sign_in.send')}
            </Button>
            {step === 'code' && (
                <Stack direction="row" justifyContent="space-between" flexWrap="wrap" gap={1}>
                    <Button disabled={pending || wait > 0} onClick={() => void sendCode()}>
                        {wait > 0
                            ? t('app.portal.sign_in.resend_in', { time: clock(wait) })
                            : t('app.portal.sign_in.resend')}
                    </Button>
                    <Button
                        color="inherit"
                        onClick={() => {
                            setError(undefined);
                            if (joined) joined.back();
                            else setStep('login');
                        }}
                    >
                        {t(joined ? 'app.portal.join.change' : 'app.portal.sign_in.other_login')}
                    </Button>
                </Stack>
            )}
            {step === 'code' && setup.telegramBot && (
                <Alert severity="info" variant="outlined">
                    {t('app.portal.sign_in.telegram', { bot: setup.telegramBot })}{' '}
                    <Link href={`https://t.me/${encodeURIComponent(setup.telegramBot)}`} target="_blank" rel="noopener">
                        {t('app.portal.sign_in.telegram_open')}
                    </Link>
                </Alert>
            )}
            {step === 'login' && (
                <Typography color="text.secondary" sx={{ pt: 1 }}>
                    {t('app.portal.sign_in.new_here')}{' '}
                    <Link component={RouterLink} href="/join">
                        {t('app.portal.sign_in.join')}
                    </Link>
                </Typography>
            )}
        </Stack>
    );
};
