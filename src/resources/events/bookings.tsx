import EventBusyOutlined from '@mui/icons-material/EventBusyOutlined';
import { Box, Chip, IconButton, Stack, Tooltip } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify, useTranslate, type TranslateFunction } from 'react-admin';
import type { StudioDataProvider } from '../../app/dataProvider';
import type { ApiErrorBody, RosterPerson } from '../../domain/api';
import { bookingRefusals } from '../../domain/bookings';
import type { Identifier, StudioEvent } from '../../domain/types';
import { refusalMessage } from '../common/conflicts';

/*
 * Booking from the desk: a seat in a class for someone who phoned, a place in line when it is full, and
 * cancelling either; the roster and the customer's card read them again after.
 */

/** A refused booking in the user's words: the code in errors.eventId (full, no_pass...) or what the server says. */
export const bookingRefusal = (translate: TranslateFunction, error: unknown): string => {
    const code = (error as { body?: Partial<ApiErrorBody> } | null)?.body?.errors?.eventId;
    if (code && (bookingRefusals as readonly string[]).includes(code))
        return translate(`app.bookings.refusals.${code}`);
    return refusalMessage(translate, error);
};

/** Seats taken and places in line, as the server answers them with each class. */
export const eventSeats = (event: StudioEvent) => {
    const counted = event as StudioEvent & { booked?: number; waitlisted?: number };
    return { booked: counted.booked ?? 0, waitlisted: counted.waitlisted ?? 0 };
};

/** "Booked: 3 / 12 · 2 in line". */
export const seatsText = (translate: TranslateFunction, event: StudioEvent) => {
    const { booked, waitlisted } = eventSeats(event);
    const seats = translate('app.bookings.seats', { booked, capacity: event.capacity });
    return waitlisted > 0 ? `${seats} · ${translate('app.bookings.line', { smart_count: waitlisted })}` : seats;
};

/** Books and cancels, telling the user how it went; the queries named by `refresh` are read again after. */
export const useBooking = (refresh: readonly unknown[][]) => {
    const dataProvider = useDataProvider<StudioDataProvider>();
    const notify = useNotify();
    const translate = useTranslate();
    const queryClient = useQueryClient();
    const settled = () => Promise.all(refresh.map(queryKey => queryClient.invalidateQueries({ queryKey })));
    const book = useMutation({
        mutationFn: (params: { eventId: Identifier; customerId: Identifier; waitlist?: boolean }) =>
            dataProvider.book(params),
        onSuccess: booking =>
            notify(
                booking.status === 'waitlisted' ? 'app.bookings.notices.waitlisted' : 'app.bookings.notices.booked',
                {
                    type: 'success',
                },
            ),
        onError: error => notify(bookingRefusal(translate, error), { type: 'error' }),
        onSettled: settled,
    });
    const cancel = useMutation({
        mutationFn: (id: Identifier) => dataProvider.cancelBooking({ id }),
        onSuccess: booking =>
            notify(booking.late ? 'app.bookings.notices.cancelled_late' : 'app.bookings.notices.cancelled', {
                type: 'info',
            }),
        onError: error => notify(refusalMessage(translate, error), { type: 'error' }),
        onSettled: settled,
    });
    return { book, cancel, busy: book.isPending || cancel.isPending };
};

/** "Booked" or "In line · 2" beside a name, with the button that cancels it. */
export const BookingChip = ({
    booking,
    name,
    onCancel,
    disabled,
}: {
    booking: RosterPerson['booking'];
    name: string;
    onCancel?: (id: Identifier) => void;
    disabled?: boolean;
}) => {
    const translate = useTranslate();
    if (!booking) return null;
    const label =
        booking.status === 'waitlisted'
            ? translate('app.bookings.in_line', { position: booking.position ?? '?' })
            : translate('app.bookings.booked');
    const cancelLabel = translate(
        booking.status === 'waitlisted' ? 'app.bookings.actions.leave_line' : 'app.bookings.actions.cancel',
        { name },
    );
    return (
        <Stack direction="row" alignItems="center" component="span" sx={{ display: 'inline-flex', ml: 0.5 }}>
            <Chip
                size="small"
                data-testid="booking-chip"
                color={booking.status === 'waitlisted' ? 'warning' : 'primary'}
                variant="outlined"
                label={label}
            />
            {onCancel && (
                <Tooltip title={cancelLabel}>
                    <Box component="span">
                        <IconButton
                            size="small"
                            aria-label={cancelLabel}
                            disabled={disabled}
                            onClick={() => onCancel(booking.id)}
                        >
                            <EventBusyOutlined fontSize="small" />
                        </IconButton>
                    </Box>
                </Tooltip>
            )}
        </Stack>
    );
};
