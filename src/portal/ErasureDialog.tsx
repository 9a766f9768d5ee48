import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import type { ErasureRequest } from '../domain/api/privacy';
import { api } from './api';
import { useI18n } from './i18n';
import { errorText } from './parts';

/*
 * The step before the request to erase one's data: what the studio will do and what it keeps, said
 * before the click, since afterwards the customer can no longer sign in. The request itself erases
 * nothing: it reaches the studio's admins, who settle what is still open and erase within 30 days.
 */

const consequences = ['erased', 'kept', 'open', 'sign_in'] as const;

export const ErasureDialog = ({
    onClose,
    onAsked,
}: {
    onClose: () => void;
    onAsked: (request: ErasureRequest) => void;
}) => {
    const { t } = useI18n();
    const [pending, setPending] = useState(false);
    const [error, setError] = useState<unknown>();

    const ask = async () => {
        setPending(true);
        setError(undefined);
        try {
            const { requestedAt, dueAt } = await api.askErasure();
            onAsked({ requestedAt, dueAt });
        } catch (failure) {
            setError(failure);
            setPending(false);
        }
    };

    return (
        <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="erasure-title">
            <DialogTitle id="erasure-title">{t('app.portal.privacy.data.erase_title')}</DialogTitle>
            <DialogContent>
                <Stack component="ul" spacing={1} sx={{ pl: 2.5, m: 0 }}>
                    {consequences.map(consequence => (
                        <Typography component="li" key={consequence}>
                            {t(`app.portal.privacy.data.erase_${consequence}`)}
                        </Typography>
                    ))}
                </Stack>
                {error !== undefined && (
                    <Alert severity="error" sx={{ mt: 2 }}>
                        {errorText(t, error)}
                    </Alert>
                )}
            </DialogContent>
            <DialogActions sx={{ px: 3, pb: 2 }}>
                <Button onClick={onClose} color="inherit">
                    {t('app.portal.privacy.data.erase_keep')}
                </Button>
                <Button variant="contained" color="error" disabled={pending} onClick={() => void ask()}>
                    {t('app.portal.privacy.data.erase_confirm')}
                </Button>
            </DialogActions>
        </Dialog>
    );
};
