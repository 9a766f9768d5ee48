import {
    Button,
    Dialog,
    DialogActions,
    DialogContent,
    DialogTitle,
    List,
    ListItem,
    ListItemText,
    TextField,
    Typography,
} from '@mui/material';
import { useState } from 'react';
import { useGetList, useGetMany, useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { formatTime } from '../../app/i18n/dates';
import { useStudioConfig, useStudioTimezone, useStudioToday } from '../../app/studio';
import { bookingSettingsOf } from '../../domain/bookings';
import { personName } from '../../domain/journal';
import { addDays, localDateTimeAt } from '../../domain/time';
import { classTitle } from '../../domain/timetable';
import type { Booking, Course, Customer, StudioEvent, User } from '../../domain/types';
import { BookingChip, eventSeats, seatsText, useBooking } from '../events/bookings';

/**
 * Booking from the customer's card, for someone who phoned: a day within the booking window, that day's
 * classes still to come with their seats, and one button per class (a place in line when it is full).
 * The server decides (the pass, the window, an overlap) and says why it refuses.
 */
export const BookClassDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
    const customer = useRecordContext<Customer>();
    const translate = useTranslate();
    const [locale] = useLocaleState();
    const today = useStudioToday();
    const timezone = useStudioTimezone();
    const opensDays = bookingSettingsOf(useStudioConfig() ?? {}).bookingOpensDays;
    const lastDay = addDays(today, opensDays);
    const [day, setDay] = useState(today);
    const { book, busy } = useBooking([['bookings'], ['events']]);

    const from = day === today ? localDateTimeAt(new Date(), timezone) : day;
    const { data: events = [], isPending } = useGetList<StudioEvent>(
        'events',
        {
            filter: { status: 'planned', startsAt_gte: from, startsAt_lte: `${day}T23:59` },
            sort: { field: 'startsAt', order: 'ASC' },
            pagination: { page: 1, perPage: 100 },
        },
        { enabled: open && day >= today && day <= lastDay },
    );
    const ids = events.map(event => event.id);
    const { data: own = [] } = useGetList<Booking & { position?: number | null }>(
        'bookings',
        {
            filter: { customerId: customer?.id, eventId: ids, status: ['booked', 'waitlisted'] },
            pagination: { page: 1, perPage: 100 },
        },
        { enabled: open && !!customer && ids.length > 0 },
    );
    const { data: courses = [] } = useGetMany<Course>('settings/courses', {
        ids: [...new Set(events.map(event => event.courseId))],
    });
    const { data: teachers = [] } = useGetMany<User>('settings/users', {
        ids: [...new Set(events.map(event => event.teacherId))],
    });
    if (!customer) return null;
    const name = personName(customer);
    const label = (full: boolean) => translate(full ? 'app.bookings.actions.put_in_line' : 'app.bookings.actions.book');

    return (
        <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
            <DialogTitle>{translate('app.bookings.dialog.title', { name })}</DialogTitle>
            <DialogContent>
                <TextField
                    type="date"
                    label={translate('app.bookings.dialog.day')}
                    value={day}
                    onChange={event => event.target.value && setDay(event.target.value)}
                    slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today, max: lastDay } }}
                    helperText={translate('app.bookings.dialog.window', { smart_count: opensDays })}
                    sx={{ mt: 1 }}
                />
                {!isPending && events.length === 0 && (
                    <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
                        {translate('app.bookings.dialog.none')}
                    </Typography>
                )}
                <List aria-label={translate('app.bookings.dialog.classes')}>
                    {events.map(event => {
                        const seats = eventSeats(event);
                        const full = seats.booked >= event.capacity;
                        const held = own.find(booking => booking.eventId === event.id);
                        const title = classTitle(
                            courses.find(course => course.id === event.courseId)?.name,
                            event.title,
                        );
                        return (
                            <ListItem key={event.id} divider data-testid="bookable-class" sx={{ gap: 1, px: 0 }}>
                                <ListItemText
                                    primary={`${formatTime(event.startsAt, locale)} ${title}`}
                                    secondary={`${teachers.find(user => user.id === event.teacherId)?.name ?? ''} · ${seatsText(translate, event)}`}
                                />
                                {held ? (
                                    <BookingChip
                                        booking={{
                                            id: held.id,
                                            status: held.status as 'booked' | 'waitlisted',
                                            position: held.position ?? null,
                                        }}
                                        name={name}
                                    />
                                ) : (
                                    <Button
                                        variant={full ? 'outlined' : 'contained'}
                                        size="small"
                                        disabled={busy}
                                        aria-label={`${label(full)}: ${title}`}
                                        onClick={() =>
                                            book.mutate(
                                                { eventId: event.id, customerId: customer.id, waitlist: full },
                                                { onSuccess: onClose },
                                            )
                                        }
                                        sx={{ flexShrink: 0 }}
                                    >
                                        {label(full)}
                                    </Button>
                                )}
                            </ListItem>
                        );
                    })}
                </List>
            </DialogContent>
            <DialogActions>
                <Button onClick={onClose}>{translate('ra.action.close')}</Button>
            </DialogActions>
        </Dialog>
    );
};
