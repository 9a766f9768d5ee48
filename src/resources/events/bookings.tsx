import EventBusyOutlined from '@mui/icons-material/EventBusyOutlined';
import { Box, Chip, IconButton, Stack, Tooltip } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useLocaleState, useNotify, useTranslate, type TranslateFunction } from 'react-admin';
import type { StudioDataProvider } from '../../app/dataProvider';
import { formatShortDate } from '../../app/i18n/dates';
import type { ApiErrorBody, RosterPerson } from '../../domain/api';
import type { BookingRefusalFacts, NoPassFacts, SeatFacts } from '../../domain/bookingRefusals';
import { bookingRefusals, type BookingRefusal } from '../../domain/bookings';
import type { Identifier, StudioEvent } from '../../domain/types';
import { refusalMessage } from '../common/conflicts';

/*
 * Booking from the desk: a seat in a class for someone who phoned, a place in line when it is full, and
 * cancelling either; the roster and the customer's card read them again after.
 */

/** A refused booking's code (full, no_pass...) with what the server tells of it, or null for another error. */
export const refusalOf = (error: unknown): ({ code: BookingRefusal } & BookingRefusalFacts) | null => {
    const body = (error as { body?: Partial<ApiErrorBody> } | null)?.body;
    const code = body?.errors?.eventId;
    if (!code || !(bookingRefusals as readonly string[]).includes(code)) return null;
    return {
        code: code as BookingRefusal,
        noPass: body?.noPass as NoPassFacts | undefined,
        seats: body?.seats as SeatFacts | undefined,
    };
};

/** Why no pass pays, in words: whose pass, and what holds it. */
const noPassText = (translate: TranslateFunction, facts: NoPassFacts, name: string, locale: string): string => {
    switch (facts.reason) {
        case 'held':
            return translate('app.bookings.refused.held', {
                name,
                visits: translate('app.bookings.refused.visits', { smart_count: facts.visitsLeft }),
                bookings: translate('app.bookings.refused.upcoming', { smart_count: facts.heldBy }),
            });
        case 'frozen':
            return translate('app.bookings.refused.frozen', { name, date: formatShortDate(facts.frozenTo, locale) });
        case 'ended':
            return translate('app.bookings.refused.ended', { name, date: formatShortDate(facts.endsOn, locale) });
        default:
            return translate(`app.bookings.refused.${facts.reason}`, { name });
    }
};

/**
 * A refused booking in the user's words: the real reason when the server names it (whose pass, held by
 * what; a full class's seats), else the code in errors.eventId, else what the server says.
 */
export const bookingRefusal = (
    translate: TranslateFunction,
    error: unknown,
    { name, locale = 'en' }: { name?: string; locale?: string } = {},
): string => {
    const refused = refusalOf(error);
    if (!refused) return refusalMessage(translate, error);
    if (refused.code === 'no_pass' && refused.noPass)
        return noPassText(translate, refused.noPass, name ?? translate('app.bookings.refused.the_customer'), locale);
    if (refused.code === 'full' && refused.seats) return translate('app.bookings.refused.full', refused.seats);
    return translate(`app.bookings.refusals.${refused.code}`);
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

/** "Full" beside a class still to come whose seats are all taken. */
export const FullChip = ({ event }: { event: StudioEvent }) => {
    const translate = useTranslate();
    return event.status === 'planned' && eventSeats(event).booked >= event.capacity ? (
        <Chip size="small" color="warning" label={translate('app.bookings.full')} />
    ) : null;
};

/** What staff ask for: a seat, a place in line (`waitlist`), or a seat past the rules (`force`). */
export interface BookingRequest {
    eventId: Identifier;
    customerId: Identifier;
    waitlist?: boolean;
    force?: boolean;
}

/** A booking the server refused: what was asked, for whom, and why. */
export interface RefusedBooking {
    request: BookingRequest;
    name?: string;
    refusal: NonNullable<ReturnType<typeof refusalOf>>;
    error: unknown;
}

/**
 * Books and cancels, telling the user how it went; the queries named by `refresh` are read again after.
 * With `onRefused`, a refused booking goes there (to offer what may be done instead) rather than to a notice.
 */
export const useBooking = (
    refresh: readonly unknown[][],
    { onRefused }: { onRefused?: (refused: RefusedBooking) => void } = {},
) => {
    const dataProvider = useDataProvider<StudioDataProvider>();
    const notify = useNotify();
    const translate = useTranslate();
    const [locale] = useLocaleState();
    const queryClient = useQueryClient();
    const settled = () => Promise.all(refresh.map(queryKey => queryClient.invalidateQueries({ queryKey })));
    const book = useMutation({
        mutationFn: ({ name: _name, ...request }: BookingRequest & { name?: string }) => dataProvider.book(request),
        onSuccess: booking =>
            notify(
                booking.status === 'waitlisted' ? 'app.bookings.notices.waitlisted' : 'app.bookings.notices.booked',
                {
                    type: 'success',
                },
            ),
        onError: (error, { name, ...request }) => {
            const refusal = refusalOf(error);
            if (onRefused && refusal) onRefused({ request, name, refusal, error });
            else notify(bookingRefusal(translate, error, { name, locale }), { type: 'error' });
        },
        onSettled: settled,
    });
    const cancel = useMutation({
        mutationFn: (id: Identifier) => dataProvider.cancelBooking({ id }),
        onSuccess: booking =>
            notify(booking.late ? 'app.bookings.notices.cancelled_late' : 'app.bookings.notices.cancelled', {
                type: 'info',
            }),
        onError: error =>
            notify(
                (error as { body?: Partial<ApiErrorBody> }).body?.errors?.eventId === 'started'
                    ? translate('app.bookings.refusals.started')
                    : refusalMessage(translate, error),
                { type: 'error' },
            ),
        onSettled: settled,
    });
    return { book, cancel, busy: book.isPending || cancel.isPending };
};

/** "Cancelled" (or "Cancelled late") beside the name of someone whose booking of the class was cancelled. */
export const CancelledChip = ({ cancelled }: { cancelled: RosterPerson['cancelled'] }) => {
    const translate = useTranslate();
    if (!cancelled) return null;
    return (
        <Chip
            size="small"
            data-testid="cancelled-chip"
            variant="outlined"
            color={cancelled.late ? 'error' : 'default'}
            label={translate(
                cancelled.late ? 'app.bookings.cancelled_seat.late' : 'app.bookings.cancelled_seat.cancelled',
            )}
            sx={{ ml: 0.5 }}
        />
    );
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
