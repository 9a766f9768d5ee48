import { useState } from 'react';
import { Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { localDateTimeAt } from '../domain/time';
import { api, hasClass, type ClassBooking } from './api';
import { CancelDialog, hasStarted } from './CancelDialog';
import { usePortal } from './context';
import { formatDay, formatTimes } from './format';
import { ordinal, useI18n } from './i18n';
import { Direction, Empty, Failed, Heading, Loading, useLoad } from './parts';
import { RouterLink } from './router';

/** My bookings: the seats and places in line still to come, each to cancel until its class starts. */
export const Bookings = () => {
    const { setup, actingId } = usePortal();
    const { t, locale } = useI18n();
    // Upcoming ones: a class over whose visit is not marked yet still holds its booking, but is behind us.
    const bookings = useLoad(`bookings ${actingId ?? ''}`, async () => {
        const now = localDateTimeAt(new Date(), setup.timezone);
        return (await api.bookings(actingId)).bookings.filter(
            (booking): booking is ClassBooking => hasClass(booking) && booking.class.endsAt > now,
        );
    });
    const [cancelling, setCancelling] = useState<ClassBooking>();

    return (
        <>
            <Heading title={t('app.portal.bookings.title')} studioName={setup.studioName} />
            {bookings.error !== undefined ? (
                <Failed error={bookings.error} onRetry={bookings.reload} />
            ) : !bookings.data ? (
                <Loading />
            ) : bookings.data.length === 0 ? (
                <Empty text={t('app.portal.bookings.none')}>
                    <Button variant="contained" component={RouterLink} href="/">
                        {t('app.portal.bookings.find')}
                    </Button>
                </Empty>
            ) : (
                <Stack spacing={1.5}>
                    {bookings.data.map(booking => {
                        const where = [booking.class.teacherName, booking.class.hallName].filter(Boolean).join(' · ');
                        const when = `${formatDay(booking.class.startsAt, locale)}, ${formatTimes(booking.class.startsAt, booking.class.endsAt, locale)}`;
                        return (
                            <Card component="article" key={booking.id} aria-label={`${booking.class.title}, ${when}`}>
                                <CardContent sx={{ '&:last-child': { pb: 2 } }}>
                                    <Typography
                                        variant="body2"
                                        color="text.secondary"
                                        sx={{ '&::first-letter': { textTransform: 'uppercase' } }}
                                    >
                                        {when}
                                    </Typography>
                                    <Direction name={booking.class.directionName} title={booking.class.title} />
                                    <Typography component="h2" sx={{ fontWeight: 600 }}>
                                        {booking.class.title}
                                    </Typography>
                                    {where && (
                                        <Typography variant="body2" color="text.secondary">
                                            {where}
                                        </Typography>
                                    )}
                                    <Stack
                                        direction="row"
                                        alignItems="center"
                                        justifyContent="space-between"
                                        sx={{ pt: 1.5 }}
                                    >
                                        {booking.status === 'waitlisted' ? (
                                            <Chip
                                                color="warning"
                                                label={t('app.portal.classes.in_line', {
                                                    position: ordinal(t, locale, booking.position ?? 1),
                                                })}
                                            />
                                        ) : (
                                            <Stack direction="row" gap={1} flexWrap="wrap">
                                                <Chip color="success" label={t('app.portal.classes.booked')} />
                                                {booking.makeUp && (
                                                    <Chip variant="outlined" label={t('app.portal.bookings.make_up')} />
                                                )}
                                            </Stack>
                                        )}
                                        {hasStarted(booking.class.startsAt, setup.timezone) ? (
                                            <Typography variant="body2" color="text.secondary">
                                                {t('app.portal.cancel.started')}
                                            </Typography>
                                        ) : (
                                            <Button
                                                variant="outlined"
                                                color="inherit"
                                                onClick={() => setCancelling(booking)}
                                            >
                                                {t('app.portal.cancel.action')}
                                            </Button>
                                        )}
                                    </Stack>
                                </CardContent>
                            </Card>
                        );
                    })}
                </Stack>
            )}
            {cancelling && (
                <CancelDialog
                    booking={cancelling}
                    onClose={() => setCancelling(undefined)}
                    onCancelled={() => {
                        setCancelling(undefined);
                        bookings.reload();
                    }}
                />
            )}
        </>
    );
};
