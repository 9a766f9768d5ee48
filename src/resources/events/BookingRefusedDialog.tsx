import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { bookingChoices, type BookingChoice } from '../../domain/bookingRefusals';
import type { Role } from '../../domain/roles';
import { bookingRefusal, type BookingRequest, type RefusedBooking } from './bookings';

/** The request each choice makes of the one refused. */
const requestFor = (choice: BookingChoice, request: BookingRequest): BookingRequest =>
    choice === 'waitlist' ? { ...request, waitlist: true } : { ...request, force: true };

/**
 * A booking the server refused, said with its real reason, and what the user's role may do instead, each
 * an explicit choice: a place in line, a seat over capacity, a seat no pass pays or one before booking
 * opens (the last three forced: managers and admins only). `full`: the class has no seat free, so a
 * seat without a pass is over capacity too, and says so.
 */
export const BookingRefusedDialog = ({
    refused,
    role,
    full,
    onChoose,
    onClose,
}: {
    refused: RefusedBooking | null;
    role: Role | undefined;
    full: boolean;
    onChoose: (request: BookingRequest & { name?: string }) => void;
    onClose: () => void;
}) => {
    const translate = useTranslate();
    const [locale] = useLocaleState();
    if (!refused) return null;
    const { request, name, refusal, error } = refused;
    const choices = role ? bookingChoices(refusal.code, role, request) : [];
    const label = (choice: BookingChoice) =>
        translate(
            choice === 'without_pass' && (full || !!refusal.seats)
                ? 'app.bookings.choices.without_pass_full'
                : `app.bookings.choices.${choice}`,
        );
    return (
        <Dialog open onClose={onClose} aria-labelledby="booking-refused-title" fullWidth maxWidth="xs">
            <DialogTitle id="booking-refused-title">
                {translate('app.bookings.refused.title', {
                    name: name ?? translate('app.bookings.refused.the_customer'),
                })}
            </DialogTitle>
            <DialogContent>
                <Alert severity="warning" data-testid="booking-refusal">
                    {bookingRefusal(translate, error, { name, locale })}
                </Alert>
                {choices.length > 0 && (
                    <Stack spacing={1} sx={{ mt: 2 }}>
                        <Typography variant="body2" color="text.secondary">
                            {translate('app.bookings.refused.ask')}
                        </Typography>
                        {choices.map(choice => (
                            <Button
                                key={choice}
                                variant={choice === 'waitlist' ? 'contained' : 'outlined'}
                                color={choice === 'waitlist' ? 'primary' : 'warning'}
                                onClick={() => onChoose({ ...requestFor(choice, request), name })}
                            >
                                {label(choice)}
                            </Button>
                        ))}
                    </Stack>
                )}
            </DialogContent>
            <DialogActions>
                <Button onClick={onClose}>{translate('ra.action.close')}</Button>
            </DialogActions>
        </Dialog>
    );
};
