import { useState } from 'react';
import {
    Alert,
    AlertTitle,
    Button,
    CircularProgress,
    Dialog,
    DialogActions,
    DialogContent,
    DialogContentText,
    DialogTitle,
    TextField,
} from '@mui/material';
import { useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { personName } from '../../domain/journal';
import type { Customer } from '../../domain/types';
import { refusalMessage } from '../common/conflicts';
import { EraseBlockers } from './EraseBlockers';
import { confirmsErasure } from '../../domain/privacy';
import type { EraseBlocker } from '../../domain/api/privacy';
import { blockersOf, eraseCustomer, fieldErrorOf } from './privacyApi';

type Step = 'explain' | 'checking' | 'confirm';

/**
 * Erasing a customer's personal data in two steps: what it erases and keeps, then the last name typed to
 * confirm. Going on asks the server with no name first: it answers what blocks the erasure, so staff see
 * that before typing anything, or that only the name is missing.
 */
export const EraseDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
    const customer = useRecordContext<Customer>();
    const translate = useTranslate();
    const notify = useNotify();
    const refresh = useRefresh();
    const [step, setStep] = useState<Step>('explain');
    const [typed, setTyped] = useState('');
    const [blockers, setBlockers] = useState<EraseBlocker[] | null>(null);
    const [fieldError, setFieldError] = useState<string | undefined>();
    const [busy, setBusy] = useState(false);
    if (!customer) return null;

    const close = () => {
        setStep('explain');
        setTyped('');
        setBlockers(null);
        setFieldError(undefined);
        onClose();
    };
    const done = () => {
        notify('app.privacy.erase.done', { type: 'success' });
        close();
        refresh();
    };
    /** A refusal: what blocks it in the dialog, a wrong name under the field, anything else as a notice. */
    const refused = (error: unknown) => {
        const blocking = blockersOf(error);
        setBlockers(blocking);
        setStep('confirm');
        if (blocking) return;
        if (fieldErrorOf(error, 'status') === 'app.privacy.erase.already') {
            notify('app.privacy.erase.already', { type: 'info' });
            close();
            refresh();
            return;
        }
        const confirmError = fieldErrorOf(error, 'confirm');
        if (confirmError) setFieldError(confirmError);
        else notify(refusalMessage(translate, error), { type: 'error' });
    };
    const check = () => {
        setStep('checking');
        eraseCustomer(customer.id, '').then(done, refused);
    };
    const erase = () => {
        setBusy(true);
        setFieldError(undefined);
        eraseCustomer(customer.id, typed)
            .then(done, refused)
            .finally(() => setBusy(false));
    };
    const matches = confirmsErasure(typed, customer.lastName);
    // The server's first answer to the empty name is that it is missing: no need to show it yet.
    const shownError = typed && fieldError ? translate(fieldError) : undefined;

    return (
        <Dialog open={open} onClose={close} fullWidth maxWidth="sm">
            <DialogTitle>{translate('app.privacy.erase.title', { name: personName(customer) })}</DialogTitle>
            <DialogContent>
                {step === 'explain' && (
                    <>
                        <DialogContentText sx={{ mb: 1 }}>{translate('app.privacy.erase.explain')}</DialogContentText>
                        <DialogContentText sx={{ mb: 1 }}>{translate('app.privacy.erase.kept')}</DialogContentText>
                        <DialogContentText sx={{ fontWeight: 'bold' }}>
                            {translate('app.privacy.erase.undone')}
                        </DialogContentText>
                    </>
                )}
                {step === 'checking' && (
                    <DialogContentText role="status">
                        <CircularProgress size={16} sx={{ mr: 1 }} />
                        {translate('app.privacy.erase.checking')}
                    </DialogContentText>
                )}
                {step === 'confirm' && blockers && (
                    <Alert severity="warning">
                        <AlertTitle>{translate('app.privacy.erase.blocked_title')}</AlertTitle>
                        {translate('app.privacy.erase.blocked_hint')}
                        <EraseBlockers blockers={blockers} onNavigate={close} />
                    </Alert>
                )}
                {step === 'confirm' && !blockers && (
                    <>
                        <DialogContentText sx={{ mb: 2 }}>
                            {translate('app.privacy.erase.confirm_hint', { lastName: customer.lastName })}
                        </DialogContentText>
                        <TextField
                            autoFocus
                            fullWidth
                            label={translate('app.privacy.erase.confirm_label')}
                            value={typed}
                            onChange={event => {
                                setTyped(event.target.value);
                                setFieldError(undefined);
                            }}
                            error={!!shownError}
                            helperText={shownError}
                            slotProps={{ htmlInput: { autoComplete: 'off' } }}
                        />
                    </>
                )}
            </DialogContent>
            <DialogActions>
                <Button onClick={close}>{translate('ra.action.cancel')}</Button>
                {step === 'explain' && (
                    <Button variant="contained" color="error" onClick={check}>
                        {translate('app.privacy.erase.continue')}
                    </Button>
                )}
                {step === 'confirm' && !blockers && (
                    <Button variant="contained" color="error" disabled={!matches || busy} onClick={erase}>
                        {translate('app.privacy.erase.submit')}
                    </Button>
                )}
            </DialogActions>
        </Dialog>
    );
};
