import { useRef, type ReactNode } from 'react';
import { Button, Stack, TextField, Typography } from '@mui/material';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { formatZonedDateTime } from '../../app/i18n/dates';
import { useStudioTimezone } from '../../app/studio';

/*
 * A one-time link staff made for a customer (to link Telegram, to sign in to the portal), as the dialog
 * that made it shows it: the address to give them, a copy button, and when it ends. Its words come from
 * the catalogue under `texts`: `address`, `copy`, `copied`, `copy_by_hand` and `expires` (with %{at}).
 */
export const LinkToGive = ({
    url,
    expiresAt,
    texts,
    actions,
}: {
    url: string;
    expiresAt: string;
    texts: string;
    /** More buttons beside Copy. */
    actions?: ReactNode;
}) => {
    const translate = useTranslate();
    const notify = useNotify();
    const [locale] = useLocaleState();
    const timeZone = useStudioTimezone();
    const field = useRef<HTMLInputElement>(null);
    // Browsers give no clipboard to a page served over plain http: then the link is selected to copy by hand.
    const copy = () =>
        (navigator.clipboard?.writeText(url) ?? Promise.reject(new Error('no clipboard'))).then(
            () => notify(`${texts}.copied`, { type: 'info' }),
            () => {
                field.current?.focus();
                field.current?.select();
                notify(`${texts}.copy_by_hand`, { type: 'info' });
            },
        );
    return (
        <Stack spacing={2}>
            <TextField
                inputRef={field}
                value={url}
                label={translate(`${texts}.address`)}
                fullWidth
                slotProps={{ htmlInput: { readOnly: true } }}
                onFocus={event => event.target.select()}
            />
            <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
                <Button variant="contained" onClick={copy}>
                    {translate(`${texts}.copy`)}
                </Button>
                {actions}
            </Stack>
            <Typography variant="body2" color="text.secondary">
                {translate(`${texts}.expires`, { at: formatZonedDateTime(expiresAt, locale, timeZone) })}
            </Typography>
        </Stack>
    );
};
