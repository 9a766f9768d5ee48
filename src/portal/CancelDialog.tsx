import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { localDateTimeAt } from '../domain/time';
import { api, ApiError, type ClassBooking } from './api';
import { usePortal } from './context';
import { formatMoney, formatWhen, hoursBetween } from './format';
import { useI18n } from './i18n';
import { errorText } from './parts';

/*
 * Cancelling a seat or leaving a line, after a confirmation that says before the click whether the
 * cancel would be late: after the class's cut-off (`lateCancelFrom`, by the studio's clock) it is, and
 * then it costs what the plan paying the seat says (the visit or a fee), which the confirmation names
 * with whether this one would be forgiven (the first in 30 days) or counts (the forgiven one is used). A seat paid by a make-up costs nothing more: a late cancel
 * loses the make-up, and one in time gives it back. Once the class has started nothing is cancelled (the
 * screens offer no Cancel then); a refusal the server gives says why.
 */

/** Whether a class of `startsAt` has started by the studio's clock: its booking is no longer cancelled. */
export const hasStarted = (startsAt: string, timeZone: string) => localDateTimeAt(new Date(), timeZone) >= startsAt;

/** Whether cancelling now is late: as the server said, or since then by the studio's clock. */
const lateNow = (booking: ClassBooking, timeZone: string) =>
    booking.status === 'booked' && (booking.lateNow || localDateTimeAt(new Date(), timeZone) >= booking.lateCancelFrom);

export const CancelDialog = ({
    booking,
    onClose,
    onCancelled,
}: {
    booking: ClassBooking;
    onClose: () => void;
    onCancelled: () => void;
}) => {
    const { setup, notify } = usePortal();
    const { t, locale } = useI18n();
    const [pending, setPending] = useState(false);
    const [error, setError] = useState<unknown>();
    // Refused because the class has started (the page was opened before): trying again would not help.
    const started = error instanceof ApiError && error.errors.eventId === 'started';
    const inLine = booking.status === 'waitlisted';
    const late = lateNow(booking, setup.timezone);
    const hours = hoursBetween(booking.lateCancelFrom, booking.class.startsAt);
    const where = [booking.class.teacherName, booking.class.hallName].filter(Boolean).join(' · ');
    const makeUp = booking.makeUp === true;
    const cost = booking.lateCancelCost;
    // Forgiven or not as the server's rule says: one late cancel in 30 days is forgiven, the next ones count.
    const costKey =
        booking.lateForgiven === undefined
            ? 'app.portal.cancel.costs'
            : booking.lateForgiven
              ? 'app.portal.cancel.costs_forgiven'
              : 'app.portal.cancel.costs_counted';
    /** What a late cancel costs, in words: the visit, or the fee in the studio's currency. */
    const costText = (of: { action: 'visit' | 'fee'; amount: number | null }) =>
        of.action === 'fee'
            ? t('app.portal.cancel.cost_fee', { amount: formatMoney(of.amount ?? 0, setup.currency, locale) })
            : t('app.portal.cancel.cost_visit');

    const cancel = async () => {
        setPending(true);
        setError(undefined);
        try {
            const answer = await api.cancel(booking.id);
            const penalty = answer.penalty;
            notify(
                inLine
                    ? t('app.portal.cancel.done_line')
                    : penalty?.status === 'forgiven'
                      ? t('app.portal.cancel.done_forgiven')
                      : penalty
                        ? t('app.portal.cancel.done_penalty', { cost: costText(penalty) })
                        : makeUp
                          ? t(
                                answer.late
                                    ? 'app.portal.cancel.done_make_up_lost'
                                    : 'app.portal.cancel.done_make_up_back',
                            )
                          : t(answer.late ? 'app.portal.cancel.done_late' : 'app.portal.cancel.done'),
            );
            onCancelled();
        } catch (failure) {
            setError(failure);
        } finally {
            setPending(false);
        }
    };

    return (
        <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="cancel-title">
            <DialogTitle id="cancel-title">
                {t(inLine ? 'app.portal.cancel.title_line' : 'app.portal.cancel.title')}
            </DialogTitle>
            <DialogContent>
                <Stack spacing={2}>
                    <div>
                        <Typography sx={{ fontWeight: 600 }}>{booking.class.title}</Typography>
                        <Typography color="text.secondary">{formatWhen(booking.class.startsAt, locale)}</Typography>
                        {where && <Typography color="text.secondary">{where}</Typography>}
                    </div>
                    {late ? (
                        <Alert severity="warning">
                            {hours > 0
                                ? t('app.portal.cancel.late', { smart_count: hours })
                                : t('app.portal.cancel.late_now')}
                            {makeUp
                                ? ` ${t('app.portal.cancel.make_up_lost')}`
                                : cost && ` ${t(costKey, { cost: costText(cost) })}`}
                        </Alert>
                    ) : (
                        !inLine && (
                            <Alert severity="info">
                                {t('app.portal.cancel.free_until', {
                                    time: formatWhen(booking.lateCancelFrom, locale),
                                })}
                                {makeUp && ` ${t('app.portal.cancel.make_up_back')}`}
                            </Alert>
                        )
                    )}
                    {error !== undefined && (
                        <Alert severity="error">{errorText(t, error, 'eventId', 'app.portal.refusals')}</Alert>
                    )}
                </Stack>
            </DialogContent>
            <DialogActions sx={{ px: 3, pb: 2 }}>
                <Button onClick={onClose} color="inherit">
                    {t(started ? 'app.portal.common.close' : 'app.portal.cancel.keep')}
                </Button>
                {!started && (
                    <Button
                        variant="contained"
                        color={late ? 'warning' : 'primary'}
                        disabled={pending}
                        onClick={() => void cancel()}
                    >
                        {t(inLine ? 'app.portal.cancel.confirm_line' : 'app.portal.cancel.confirm')}
                    </Button>
                )}
            </DialogActions>
        </Dialog>
    );
};
