import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Box, Button, CircularProgress, CssBaseline, Snackbar, Stack, useMediaQuery } from '@mui/material';
import { ThemeProvider } from '@mui/material/styles';
import { isChunkLoadError, reloadForChunk } from '../app/errors/recovery';
import type { MeAnswer, PortalSetup, SignedIn } from '../domain/api/portal';
import { api, ApiError, storedToken, storeToken, whenSignedOut } from './api';
import { PortalContext, type Portal } from './context';
import { I18nContext, isLoaded, isLocale, loadLocale, translator, type I18n, type Locale } from './i18n';
import { errorText } from './parts';
import { PortalRouter, useGo, useLinkToken } from './router';
import { SignedOut } from './SignedOut';
import { portalTheme, type Mode } from './theme';

/*
 * The portal: the studio's setup and who is signed in are read first, then the language is chosen (the
 * customer's, else the one chosen on this device, else the studio's, else the browser's) and its texts
 * loaded, and the signed-out pages or the signed-in screens (a chunk of their own) are shown.
 */

const SignedInScreens = lazy(() =>
    import('./SignedIn').then(
        module => ({ default: module.SignedIn }),
        (error: unknown) => {
            // An old tab after a release asks for a chunk that is gone: reload for the new ones, once.
            if (isChunkLoadError(error) && reloadForChunk()) return new Promise<never>(() => {});
            throw error;
        },
    ),
);

const modeKey = 'portal.mode';
const localeKey = 'portal.locale';
const actingKey = 'portal.acting';

const read = (key: string) => {
    try {
        return localStorage.getItem(key);
    } catch {
        return null;
    }
};
const write = (key: string, value: string | null) => {
    try {
        if (value === null) localStorage.removeItem(key);
        else localStorage.setItem(key, value);
    } catch {
        // Storage refused: the choice lasts while the page is open.
    }
};

const storedMode = (): Mode | null => {
    const value = read(modeKey);
    return value === 'light' || value === 'dark' ? value : null;
};
const storedLocale = (): Locale | undefined => {
    const value = read(localeKey);
    return isLocale(value) ? value : undefined;
};
const browserLocale = (): Locale | undefined => {
    const language = typeof navigator === 'undefined' ? '' : (navigator.language ?? '').toLowerCase();
    return language.startsWith('ru') ? 'ru' : language.startsWith('en') ? 'en' : undefined;
};

// The language the page most likely opens in starts loading with the page, before the setup's answer.
const likelyLocale = storedLocale() ?? browserLocale();
if (likelyLocale) void loadLocale(likelyLocale).catch(() => {});

/** The page before anything can be shown: a spinner, or why it could not start and a retry. */
const Starting = ({ failure, onRetry }: { failure?: unknown; onRetry?: () => void }) => {
    const locale = likelyLocale && isLoaded(likelyLocale) ? likelyLocale : 'en';
    const t = translator(locale);
    return (
        <Stack alignItems="center" justifyContent="center" sx={{ minHeight: '100dvh', p: 3 }}>
            {failure ? (
                <Alert
                    severity="error"
                    variant="outlined"
                    action={
                        <Button color="inherit" size="small" onClick={onRetry}>
                            {t('app.portal.common.retry')}
                        </Button>
                    }
                >
                    {errorText(t, failure)}
                </Alert>
            ) : (
                <CircularProgress aria-label={t('app.portal.common.loading')} />
            )}
        </Stack>
    );
};

/** The portal, its addresses under /my read by react-router. */
export const App = () => (
    <PortalRouter>
        <PortalShell />
    </PortalRouter>
);

const PortalShell = () => {
    const go = useGo();
    const linkPage = useLinkToken() !== undefined;
    const prefersDark = useMediaQuery('(prefers-color-scheme: dark)', { noSsr: true });
    const [chosenMode, setChosenMode] = useState(storedMode);
    const mode: Mode = chosenMode ?? (prefersDark ? 'dark' : 'light');
    const [setup, setSetup] = useState<PortalSetup>();
    // Undefined while it is being read; null when nobody is signed in.
    const [me, setMe] = useState<MeAnswer | null | undefined>(storedToken() ? undefined : null);
    const [failure, setFailure] = useState<unknown>();
    const [attempt, setAttempt] = useState(0);
    const [chosenLocale, setChosenLocale] = useState(storedLocale);
    const [shownLocale, setShownLocale] = useState<Locale>();
    const [actingId, setActingId] = useState(() => Number(read(actingKey)) || undefined);
    const [message, setMessage] = useState<{ text: string; severity: 'success' | 'info' | 'error'; at: number }>();
    const signedInRef = useRef(false);
    signedInRef.current = !!me;

    const notify = useCallback(
        (text: string, severity: 'success' | 'info' | 'error' = 'success') =>
            setMessage({ text, severity, at: Date.now() }),
        [],
    );

    useEffect(() => {
        let live = true;
        setFailure(undefined);
        const signedIn = storedToken()
            ? api.me().catch((error: unknown) => {
                  // A token that no longer works (expired, signed out everywhere): forgotten, and the sign-in page.
                  if (error instanceof ApiError && error.status === 401) {
                      storeToken(null);
                      return null;
                  }
                  throw error;
              })
            : Promise.resolve(null);
        Promise.all([api.setup(), signedIn]).then(
            ([studio, customer]) => {
                if (!live) return;
                setSetup(studio);
                setMe(customer);
            },
            (error: unknown) => live && setFailure(error),
        );
        return () => {
            live = false;
        };
    }, [attempt]);

    const wanted: Locale = me?.customer.locale ?? chosenLocale ?? setup?.defaultLocale ?? browserLocale() ?? 'en';
    const known = setup !== undefined && me !== undefined;
    useEffect(() => {
        if (!known) return;
        let live = true;
        loadLocale(wanted).then(
            () => live && setShownLocale(wanted),
            // The Russian texts could not be fetched: English (built in) rather than nothing.
            () => live && setShownLocale(before => before ?? 'en'),
        );
        return () => {
            live = false;
        };
    }, [wanted, known]);
    const locale = shownLocale ?? 'en';
    useEffect(() => {
        document.documentElement.lang = locale;
    }, [locale]);

    const signOutHere = useCallback(() => {
        storeToken(null);
        setMe(null);
        setActingId(undefined);
        write(actingKey, null);
    }, []);

    useEffect(
        () =>
            whenSignedOut(() => {
                // Expired or signed out everywhere: say so only to someone who was using the portal.
                if (signedInRef.current) notify(translator(locale)('app.portal.common.session_ended'), 'info');
                signOutHere();
            }),
        [locale, notify, signOutHere],
    );

    const i18n = useMemo<I18n>(
        () => ({
            locale,
            t: translator(locale),
            setLocale: (chosen: Locale) => {
                setChosenLocale(chosen);
                write(localeKey, chosen);
                if (!me) return;
                // The customer's language is theirs everywhere: their messages come in it too.
                setMe({ ...me, customer: { ...me.customer, locale: chosen } });
                api.saveMe({ locale: chosen }).then(
                    ({ customer }) => setMe(current => current && { ...current, customer }),
                    (error: unknown) => notify(errorText(translator(chosen), error), 'error'),
                );
            },
        }),
        [locale, me, notify],
    );

    const portal = useMemo<Portal | undefined>(() => {
        if (!setup) return undefined;
        const acting = me?.wards.find(ward => ward.id === actingId);
        return {
            setup,
            me: me ?? null,
            acting: acting ?? me?.customer,
            actingId: acting?.id,
            setActing: customerId => {
                setActingId(customerId);
                write(actingKey, customerId ? String(customerId) : null);
            },
            signedIn: async (answer: SignedIn, next?: string) => {
                storeToken(answer.token);
                const signedIn = await api.me();
                if (next) go(next, { replace: true });
                setActingId(undefined);
                write(actingKey, null);
                setMe(signedIn);
            },
            signOut: signOutHere,
            setMe,
            mode,
            setMode: (chosen: Mode) => {
                setChosenMode(chosen);
                write(modeKey, chosen);
            },
            notify,
        };
    }, [setup, me, actingId, mode, notify, signOutHere, go]);

    const theme = portalTheme(mode);
    const ready = portal && me !== undefined && shownLocale;
    return (
        <ThemeProvider theme={theme}>
            <CssBaseline enableColorScheme />
            {ready ? (
                <I18nContext.Provider value={i18n}>
                    <PortalContext.Provider value={portal}>
                        {me && !linkPage ? (
                            <Suspense fallback={<Starting />}>
                                <SignedInScreens />
                            </Suspense>
                        ) : (
                            <SignedOut />
                        )}
                        <Snackbar
                            key={message?.at}
                            open={message !== undefined}
                            autoHideDuration={5000}
                            onClose={(_event, reason) => reason !== 'clickaway' && setMessage(undefined)}
                            anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
                            sx={{ bottom: { xs: 88, md: 24 } }}
                        >
                            <Box sx={{ width: '100%' }}>
                                {message && (
                                    <Alert
                                        severity={message.severity}
                                        variant="filled"
                                        onClose={() => setMessage(undefined)}
                                        sx={{ width: '100%' }}
                                    >
                                        {message.text}
                                    </Alert>
                                )}
                            </Box>
                        </Snackbar>
                    </PortalContext.Provider>
                </I18nContext.Provider>
            ) : (
                <Starting failure={failure} onRetry={() => setAttempt(value => value + 1)} />
            )}
        </ThemeProvider>
    );
};
