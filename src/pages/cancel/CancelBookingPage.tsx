import { useEffect, type ReactNode } from 'react';
import { Alert, AlertTitle, Button, CircularProgress, Divider, Stack, Typography } from '@mui/material';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocaleState, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { formatFullDate, formatTime } from '../../app/i18n/dates';
import { PaymentLayout } from '../payment/PaymentLayout';
import { PublicApiError } from '../payment/publicApi';
import { cancelPublicBooking, fetchPublicBooking, type PublicBooking } from './publicBooking';
import { Message, PublicPageWithout, Row, usePageLocale } from '../payment/PublicParts';

/*
 * The public page /cancel/{token} that a reminder links to: no sign-in, the payment page's layout. It
 * names the class and asks the customer to confirm before it cancels (opening the link never does),
 * warning first when the cancel would be late; then it says the booking is cancelled, and whether late.
 * Once the class has started it cancels nothing and says so, also when the class started while it was open.
 */

/** The confirmation: a warning first when the cancel would be late, then the button. */
const Confirm = ({
    booking,
    pending,
    failed,
    onConfirm,
}: {
    booking: PublicBooking;
    pending: boolean;
    failed: boolean;
    onConfirm: () => void;
}) => {
    const translate = useTranslate();
    const inLine = booking.status === 'waitlisted';
    return (
        <Stack spacing={2}>
            {booking.late ? (
                <Alert severity="warning" variant="outlined">
                    <AlertTitle>{translate('app.cancel_page.late_title')}</AlertTitle>
                    {translate('app.cancel_page.late_text')}
                </Alert>
            ) : (
                <Typography>{translate(inLine ? 'app.cancel_page.ask_line' : 'app.cancel_page.ask')}</Typography>
            )}
            {failed && (
                <Alert severity="error" variant="outlined">
                    {translate('app.cancel_page.errors.cancel_failed')}
                </Alert>
            )}
            <Button
                variant="contained"
                color={booking.late ? 'warning' : 'primary'}
                size="large"
                disabled={pending}
                startIcon={pending ? <CircularProgress size={18} color="inherit" /> : undefined}
                onClick={onConfirm}
            >
                {translate(inLine ? 'app.cancel_page.leave_line' : 'app.cancel_page.confirm')}
            </Button>
        </Stack>
    );
};

/** What the page says below the class: confirm, done, or why there is nothing to do. */
const State = ({
    booking,
    justCancelled,
    confirm,
}: {
    booking: PublicBooking;
    justCancelled: boolean;
    confirm: ReactNode;
}) => {
    const translate = useTranslate();
    if (justCancelled)
        return (
            <Stack direction="row" spacing={1.5} alignItems="center">
                <CheckCircleOutline fontSize="large" color="success" />
                <Stack>
                    {/* The light themes' success green is too pale for text on white: the title keeps the text colour. */}
                    <Typography variant="h6" component="h1">
                        {translate('app.cancel_page.states.cancelled_title')}
                    </Typography>
                    <Typography>
                        {translate(
                            booking.late
                                ? 'app.cancel_page.states.cancelled_late'
                                : 'app.cancel_page.states.cancelled_in_time',
                        )}
                    </Typography>
                </Stack>
            </Stack>
        );
    if (booking.status === 'cancelled')
        return (
            <Message
                severity="info"
                title="app.cancel_page.states.already_cancelled_title"
                text="app.cancel_page.states.already_cancelled_text"
            />
        );
    if (booking.status === 'expired')
        return (
            <Message
                severity="info"
                title="app.cancel_page.states.expired_title"
                text="app.cancel_page.states.expired_text"
            />
        );
    if (booking.started)
        return (
            <Message
                severity="warning"
                title="app.cancel_page.states.started_title"
                text="app.cancel_page.states.started_text"
            />
        );
    return <>{confirm}</>;
};

/** The public page /cancel/{token}: the booking a reminder's link names, cancelled only once confirmed. */
export const CancelBookingPage = () => {
    const { token = '' } = useParams();
    const translate = useTranslate();
    const [locale] = useLocaleState();
    const queryClient = useQueryClient();
    const queryKey = ['publicBooking', token];
    const {
        data: booking,
        error,
        isPending,
    } = useQuery({
        queryKey,
        queryFn: () => fetchPublicBooking(token),
        retry: false,
    });
    const cancel = useMutation({
        mutationFn: () => cancelPublicBooking(token),
        onSuccess: cancelled => queryClient.setQueryData(queryKey, cancelled),
        // Refused because the class started meanwhile: the page says so at once. Refused otherwise: the
        // booking is read again, to show where it stands.
        onError: error =>
            error instanceof PublicApiError && error.errors.eventId === 'started'
                ? queryClient.setQueryData<PublicBooking>(queryKey, before => before && { ...before, started: true })
                : queryClient.invalidateQueries({ queryKey }),
    });
    usePageLocale(booking?.locale);
    useEffect(() => {
        document.title = booking
            ? `${translate('app.cancel_page.title')} · ${booking.studioName}`
            : translate('app.cancel_page.title');
    }, [booking, translate]);

    if (!booking) return <PublicPageWithout pending={isPending} error={error} texts="app.cancel_page" />;

    const asking = booking.status === 'booked' || booking.status === 'waitlisted';
    return (
        <PaymentLayout studioName={booking.studioName}>
            <Stack spacing={2.5}>
                <Stack spacing={0.5}>
                    <Typography variant="overline" color="text.secondary">
                        {translate('app.cancel_page.title')}
                    </Typography>
                    <Typography variant="h5" component={asking && !booking.started ? 'h1' : 'p'}>
                        {translate('app.cancel_page.greeting', { name: booking.firstName })}
                    </Typography>
                </Stack>
                <Stack spacing={1}>
                    <Row label={translate('app.cancel_page.class')} value={booking.className} />
                    <Row label={translate('app.cancel_page.date')} value={formatFullDate(booking.startsAt, locale)} />
                    <Row label={translate('app.cancel_page.time')} value={formatTime(booking.startsAt, locale)} />
                </Stack>
                <Divider />
                <State
                    booking={booking}
                    justCancelled={cancel.isSuccess && booking.status === 'cancelled'}
                    confirm={
                        <Confirm
                            booking={booking}
                            pending={cancel.isPending}
                            failed={cancel.isError}
                            onConfirm={() => cancel.mutate()}
                        />
                    }
                />
            </Stack>
        </PaymentLayout>
    );
};
