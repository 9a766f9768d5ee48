import { Alert, Typography } from '@mui/material';
import { Confirm, useGetOne, useLocaleState, useTranslate } from 'react-admin';
import { formatDateTime } from '../../app/i18n/dates';
import { useStudioTimezone } from '../../app/studio';
import type { RosterPerson } from '../../domain/api';
import { localDateTimeAt } from '../../domain/time';
import { classTitle } from '../../domain/timetable';
import type { Course, Identifier, StudioEvent } from '../../domain/types';

/**
 * Asks before a seat is cancelled (or a place in line given up) from the roster: whose, which class, and
 * whether it is a late cancel now, by the late-cancel window of the pass paying the seat. Nothing is
 * cancelled until confirmed.
 */
export const CancelBookingDialog = ({
    person,
    event,
    busy,
    onConfirm,
    onClose,
}: {
    person: RosterPerson | null;
    event: StudioEvent;
    busy: boolean;
    onConfirm: (bookingId: Identifier) => void;
    onClose: () => void;
}) => {
    const translate = useTranslate();
    const [locale] = useLocaleState();
    const timezone = useStudioTimezone();
    const { data: course } = useGetOne<Course>('courses', { id: event.courseId }, { enabled: !!person });
    const booking = person?.booking;
    const line = booking?.status === 'waitlisted';
    const from = booking?.lateCancelFrom;
    const late = !line && !!from && localDateTimeAt(new Date(), timezone) >= from;
    return (
        <Confirm
            isOpen={!!booking}
            loading={busy}
            title={line ? 'app.bookings.confirm_cancel.title_line' : 'app.bookings.confirm_cancel.title'}
            titleTranslateOptions={{ name: person?.name ?? '' }}
            content={
                <>
                    <Typography>
                        {translate('app.bookings.confirm_cancel.class', {
                            class: classTitle(course?.name, event.title),
                            date: formatDateTime(event.startsAt, locale),
                        })}
                    </Typography>
                    {!line && from && (
                        <Alert severity={late ? 'warning' : 'info'} sx={{ mt: 1 }} data-testid="late-cancel-note">
                            {translate(
                                late ? 'app.bookings.confirm_cancel.late' : 'app.bookings.confirm_cancel.in_time',
                                { from: formatDateTime(from, locale) },
                            )}
                        </Alert>
                    )}
                </>
            }
            confirm={line ? 'app.bookings.confirm_cancel.confirm_line' : 'app.bookings.confirm_cancel.confirm'}
            confirmColor="warning"
            cancel={line ? 'app.bookings.confirm_cancel.keep_line' : 'app.bookings.confirm_cancel.keep'}
            onConfirm={() => booking && onConfirm(booking.id)}
            onClose={onClose}
        />
    );
};
