import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { ApiError } from './api';
import { hasText, useI18n, type Translate } from './i18n';

/*
 * What the portal's screens share: loading what a screen shows, its loading and failed states, a
 * screen's heading and the words for a refusal.
 */

interface Loaded<T> {
    data?: T;
    error?: unknown;
    loading: boolean;
    reload: () => void;
}

/**
 * Loads what `key` names (a URL-like string of what the screen shows) and again when it changes or on
 * reload; what was shown stays on screen meanwhile, so a list does not flash empty.
 */
export const useLoad = <T,>(key: string, load: () => Promise<T>): Loaded<T> => {
    const loadRef = useRef(load);
    loadRef.current = load;
    const [version, setVersion] = useState(0);
    const [state, setState] = useState<{ data?: T; error?: unknown; loading: boolean; key?: string }>({
        loading: true,
    });
    useEffect(() => {
        let live = true;
        setState(before => ({ ...before, loading: true, error: undefined }));
        loadRef.current().then(
            data => live && setState({ data, loading: false, key }),
            (error: unknown) => live && setState({ error, loading: false, key }),
        );
        return () => {
            live = false;
        };
    }, [key, version]);
    return {
        // Another key's data (the week before, another child) is not this one's: it is not shown.
        data: state.key === key ? state.data : undefined,
        error: state.error,
        loading: state.loading,
        reload: () => setVersion(value => value + 1),
    };
};

/**
 * The words for a refusal: a field's message key or code when the portal has words for it (`prefix`
 * names where a bare code's words are, e.g. `app.portal.refusals`), waiting time for 429, and
 * general words otherwise.
 */
export const errorText = (t: Translate, error: unknown, field?: string, prefix?: string): string => {
    if (!(error instanceof ApiError)) return t('app.portal.common.failed');
    if (error.status === 429) return t('app.portal.common.too_many', { smart_count: error.retryAfter ?? 60 });
    const reason = field ? error.errors[field] : Object.values(error.errors)[0];
    if (reason) {
        if (hasText(reason)) return t(reason);
        if (prefix && hasText(`${prefix}.${reason}`)) return t(`${prefix}.${reason}`);
    }
    if (error.status === 403) return t('app.portal.common.not_yours');
    if (error.status === 404) return t('app.portal.common.not_found');
    if (error.status === 400) return t('app.portal.common.check_field');
    if (error.status === 409) return t('app.portal.common.refused');
    if (error.status >= 500) return t('app.portal.common.server_error');
    return t('app.portal.common.failed');
};

/** A field's message from a 400's errors, in words; undefined when the field is not at fault. */
export const fieldError = (t: Translate, error: unknown, field: string): string | undefined => {
    if (!(error instanceof ApiError) || !error.errors[field]) return undefined;
    const key = error.errors[field];
    return hasText(key) ? t(key) : t('app.portal.common.check_field');
};

export const Loading = () => {
    const { t } = useI18n();
    return (
        <Stack alignItems="center" sx={{ py: 6 }}>
            <CircularProgress aria-label={t('app.portal.common.loading')} />
        </Stack>
    );
};

/** A screen whose data could not be loaded: why, and a retry. */
export const Failed = ({ error, onRetry }: { error: unknown; onRetry: () => void }) => {
    const { t } = useI18n();
    return (
        <Alert
            severity="error"
            variant="outlined"
            action={
                <Button color="inherit" size="small" onClick={onRetry}>
                    {t('app.portal.common.retry')}
                </Button>
            }
        >
            {errorText(t, error)}
        </Alert>
    );
};

/** A screen's heading, which also names the browser's tab. */
export const Heading = ({ title, studioName }: { title: string; studioName: string }) => {
    useEffect(() => {
        document.title = `${title} · ${studioName}`;
    }, [title, studioName]);
    return (
        <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
            {title}
        </Typography>
    );
};

/** Something that is not there: a line of text, and what to do instead. */
export const Empty = ({ text, children }: { text: string; children?: ReactNode }) => (
    <Box sx={{ py: 4, textAlign: 'center' }}>
        <Typography color="text.secondary" sx={{ mb: children ? 2 : 0 }}>
            {text}
        </Typography>
        {children}
    </Box>
);

/** A class's direction above its name ("Yoga" over "Hatha"), unless the name says it already. */
export const Direction = ({ name, title }: { name?: string; title: string }) =>
    name && !title.toLocaleLowerCase().startsWith(name.toLocaleLowerCase()) ? (
        <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1.4 }}>
            {name}
        </Typography>
    ) : null;
