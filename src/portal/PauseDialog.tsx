import { useState } from 'react';
import {
    Alert,
    Button,
    Dialog,
    DialogActions,
    DialogContent,
    DialogTitle,
    List,
    ListItem,
    ListItemText,
    Stack,
    TextField,
    Typography,
} from '@mui/material';
import { addDays, studioToday } from '../domain/time';
import type { PortalPass } from '../domain/api/portal';
import { api, hasClass, type ClassBooking } from './api';
import { usePortal } from './context';
import { formatDate, formatWhen } from './format';
import { useI18n } from './i18n';
import { errorText, fieldError } from './parts';

/*
 * Pausing (freezing) a pass: the days, from tomorrow and within the pause days left; then what it does,
 * asked of the server without changing anything (the new end date, the bookings it cancels); then,
 * once confirmed, the pause itself. Resuming ends a pause from today.
 */

export const PauseDialog = ({
    pass,
    onClose,
    onDone,
}: {
    pass: PortalPass;
    onClose: () => void;
    onDone: () => void;
}) => {
    const { setup, notify } = usePortal();
    const { t, locale } = useI18n();
    const tomorrow = addDays(studioToday(setup.timezone, new Date()), 1);
    const [from, setFrom] = useState(tomorrow);
    const [to, setTo] = useState(addDays(tomorrow, Math.max(0, pass.freezeDaysLeft - 1)));
    const [preview, setPreview] = useState<{ pass: PortalPass; cancelled: ClassBooking[] }>();
    const [error, setError] = useState<unknown>();
    const [pending, setPending] = useState(false);
    const lastDay = addDays(from, Math.max(0, pass.freezeDaysLeft - 1));

    const send = async (dryRun: boolean) => {
        setPending(true);
        setError(undefined);
        try {
            const answer = await api.freeze(pass.id, from, to, dryRun);
            if (dryRun) setPreview({ ...answer, cancelled: answer.cancelled.filter(hasClass) });
            else {
                notify(t('app.portal.pause.done', { date: formatDate(answer.pass.endsOn, locale) }));
                onDone();
            }
        } catch (failure) {
            setError(failure);
            // Refused on confirming (something changed meanwhile): back to the dates, with the reason.
            setPreview(undefined);
        } finally {
            setPending(false);
        }
    };

    const fromError = fieldError(t, error, 'from');
    const toError = fieldError(t, error, 'to');
    return (
        <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="pause-title">
            <DialogTitle id="pause-title">{t('app.portal.pause.title', { name: pass.name })}</DialogTitle>
            <DialogContent>
                {preview ? (
                    <Stack spacing={2}>
                        <Typography>
                            {t('app.portal.pause.will_end', {
                                date: formatDate(preview.pass.endsOn, locale),
                                before: formatDate(pass.endsOn, locale),
                            })}
                        </Typography>
                        {preview.cancelled.length === 0 ? (
                            <Typography color="text.secondary">{t('app.portal.pause.cancels_none')}</Typography>
                        ) : (
                            <Alert severity="warning" icon={false}>
                                <Typography sx={{ fontWeight: 600 }}>{t('app.portal.pause.cancels')}</Typography>
                                <List dense disablePadding>
                                    {preview.cancelled.map(booking => (
                                        <ListItem key={booking.id} disableGutters>
                                            <ListItemText
                                                primary={booking.class.title}
                                                secondary={formatWhen(booking.class.startsAt, locale)}
                                            />
                                        </ListItem>
                                    ))}
                                </List>
                            </Alert>
                        )}
                    </Stack>
                ) : (
                    <Stack spacing={2} sx={{ pt: 1 }}>
                        <Typography color="text.secondary">
                            {t('app.portal.pause.intro', { smart_count: pass.freezeDaysLeft })}
                        </Typography>
                        <TextField
                            type="date"
                            label={t('app.portal.pause.from')}
                            value={from}
                            onChange={event => {
                                const chosen = event.target.value;
                                setFrom(chosen);
                                // The end follows the start when the start passes it or leaves it out of reach.
                                if (chosen && (to < chosen || to > addDays(chosen, pass.freezeDaysLeft - 1)))
                                    setTo(addDays(chosen, Math.max(0, pass.freezeDaysLeft - 1)));
                            }}
                            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: tomorrow, max: pass.endsOn } }}
                            error={fromError !== undefined}
                            helperText={fromError}
                        />
                        <TextField
                            type="date"
                            label={t('app.portal.pause.to')}
                            value={to}
                            onChange={event => setTo(event.target.value)}
                            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: from, max: lastDay } }}
                            error={toError !== undefined}
                            helperText={toError}
                        />
                    </Stack>
                )}
                {error !== undefined && !fromError && !toError && (
                    <Alert severity="error" sx={{ mt: 2 }}>
                        {errorText(t, error)}
                    </Alert>
                )}
            </DialogContent>
            <DialogActions sx={{ px: 3, pb: 2 }}>
                <Button color="inherit" onClick={preview ? () => setPreview(undefined) : onClose}>
                    {t(preview ? 'app.portal.common.back' : 'app.portal.common.close')}
                </Button>
                <Button
                    variant="contained"
                    disabled={pending || !from || !to}
                    onClick={() => void send(preview === undefined)}
                >
                    {t(preview ? 'app.portal.pause.confirm' : 'app.portal.pause.next')}
                </Button>
            </DialogActions>
        </Dialog>
    );
};

export const ResumeDialog = ({
    pass,
    onClose,
    onDone,
}: {
    pass: PortalPass;
    onClose: () => void;
    onDone: () => void;
}) => {
    const { notify } = usePortal();
    const { t, locale } = useI18n();
    const [error, setError] = useState<unknown>();
    const [pending, setPending] = useState(false);

    const resume = async () => {
        setPending(true);
        setError(undefined);
        try {
            const answer = await api.unfreeze(pass.id);
            notify(t('app.portal.resume.done', { date: formatDate(answer.pass.endsOn, locale) }));
            onDone();
        } catch (failure) {
            setError(failure);
        } finally {
            setPending(false);
        }
    };

    return (
        <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="resume-title">
            <DialogTitle id="resume-title">{t('app.portal.resume.title', { name: pass.name })}</DialogTitle>
            <DialogContent>
                <Typography>{t('app.portal.resume.text')}</Typography>
                {error !== undefined && (
                    <Alert severity="error" sx={{ mt: 2 }}>
                        {errorText(t, error)}
                    </Alert>
                )}
            </DialogContent>
            <DialogActions sx={{ px: 3, pb: 2 }}>
                <Button color="inherit" onClick={onClose}>
                    {t('app.portal.common.close')}
                </Button>
                <Button variant="contained" disabled={pending} onClick={() => void resume()}>
                    {t('app.portal.resume.confirm')}
                </Button>
            </DialogActions>
        </Dialog>
    );
};
