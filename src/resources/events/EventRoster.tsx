import {
    Alert,
    Box,
    Card,
    CardContent,
    Table,
    TableBody,
    TableCell,
    TableHead,
    TableRow,
    useMediaQuery,
    type Theme,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
    Loading,
    RecordContextProvider,
    Title,
    useCreate,
    useDataProvider,
    useDelete,
    useGetIdentity,
    useNotify,
    useLocaleState,
    useTranslate,
    useUpdate,
    type HttpError,
    type TranslateFunction,
} from 'react-admin';
import { Navigate, useParams } from 'react-router-dom';
import type { StudioDataProvider } from '../../app/dataProvider';
import { formatDateTime } from '../../app/i18n/dates';
import type { Attendance } from '../../domain/types';
import { NotFound } from '../../app/errors/NotFound';
import type { ApiErrorBody, RosterPerson } from '../../domain/api';
import { mayForce } from '../../domain/bookingRefusals';
import type { Role } from '../../domain/roles';
import { refusalMessage } from '../common/conflicts';
import { useStatuses } from '../common/statuses';
import { RecordHistory } from '../history/RecordHistory';
import { EventHeader } from './EventHeader';
import { MarkingNote, PayClosedNote } from './RosterNotes';
import { RosterPhoneRow } from './RosterPhoneRow';
import { RosterRow } from './RosterRow';
import { useStudioTimezone, useStudioToday } from '../../app/studio';
import { localDateTimeAt } from '../../domain/time';
import { useBooking, type RefusedBooking } from './bookings';
import { BookingRefusedDialog } from './BookingRefusedDialog';
import { CancelBookingDialog } from './CancelBookingDialog';
import { UnreachedPanel } from './UnreachedPanel';
import { WalkInSearch } from './WalkInSearch';

const statusOf = (error: unknown) => (error as HttpError | null)?.status;
// A refusal (another teacher's class, a missing one, a bad address) will not change by asking again.
const isRefusal = (error: unknown) => {
    const status = statusOf(error) ?? 0;
    return status >= 400 && status < 500;
};

/** An address such as /events/abc names no class: it is not asked for at all. */
const eventIdOf = (id: string | undefined) => (id && /^[1-9]\d{0,15}$/.test(id) ? Number(id) : null);

/** A refused mark in the user's words: the teacher's window with its days, else what the server names. */
const markRefusal = (translate: TranslateFunction, error: unknown) => {
    const body = (error as { body?: Partial<ApiErrorBody> } | null)?.body;
    if (body?.errors?.eventId === 'app.validation.teacher_window')
        return translate('app.validation.teacher_window', { smart_count: body.teacherEditDays ?? 0 });
    return refusalMessage(translate, error);
};

/**
 * One class at /events/{id}: its roster, the group's members and anyone added, each marked with one
 * click. The server charges or gives back the visit with each mark; the roster is read again after.
 */
export const EventRoster = () => {
    const { id } = useParams();
    const eventId = eventIdOf(id) ?? 0;
    const translate = useTranslate();
    const [locale] = useLocaleState();
    const notify = useNotify();
    const queryClient = useQueryClient();
    const dataProvider = useDataProvider<StudioDataProvider>();
    const statuses = useStatuses('attendance');
    const { identity } = useGetIdentity();
    // On a phone, in class: one compact row per person instead of the table.
    const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
    const roster = useQuery({
        queryKey: ['roster', eventId],
        queryFn: () => dataProvider.getRoster({ id: eventId }),
        enabled: eventId > 0,
        retry: (count, error) => !isRefusal(error) && count < 2,
    });
    // A refused booking waits here for the user's choice; a seat to cancel, for the user's confirmation.
    const [refused, setRefused] = useState<RefusedBooking | null>(null);
    const [cancelling, setCancelling] = useState<RosterPerson | null>(null);
    const booking = useBooking([['roster', eventId]], { onRefused: setRefused });
    const today = useStudioToday();
    const timezone = useStudioTimezone();
    const [create] = useCreate<Attendance>();
    const [update] = useUpdate<Attendance>();
    const [remove] = useDelete<Attendance>();
    const options = { mutationMode: 'pessimistic' as const, returnPromise: true as const };

    const mark = useMutation({
        mutationFn: async ({
            person,
            status,
        }: {
            person: Pick<RosterPerson, 'customerId' | 'attendance'>;
            status: string | null;
        }) => {
            const attendance = person.attendance;
            if (status === null)
                return attendance && remove('attendances', { id: attendance.id, previousData: attendance }, options);
            if (attendance)
                return update(
                    'attendances',
                    { id: attendance.id, data: { status }, previousData: attendance },
                    options,
                );
            return create('attendances', { data: { eventId, customerId: person.customerId, status } }, options);
        },
        onSettled: () => queryClient.invalidateQueries({ queryKey: ['roster', eventId] }),
        onError: (error: Error) => notify(markRefusal(translate, error), { type: 'error' }),
    });

    if (eventId <= 0 || statusOf(roster.error) === 404 || statusOf(roster.error) === 400) return <NotFound />;
    if (roster.isPending) return <Loading />;
    if (statusOf(roster.error) === 403) return <Navigate to="/access-denied" replace />;
    if (roster.error || !roster.data)
        return <Alert severity="error">{(roster.error as Error | null)?.message ?? translate('ra.page.error')}</Alert>;
    const { event, people, visits, capacity, marking, payClosed, closing, booked, waitlisted } = roster.data;
    const cancelled = event.status === 'cancelled';
    const teacher = identity?.role === 'teacher';
    // A class of a later day, past a teacher's window or of a teacher's closed pay: the buttons are shown, disabled, with the reason.
    const closed = marking?.future === true || marking?.locked === true || (teacher && !!payClosed);
    const givenBack = people.filter(person => person.attendance?.charged).length;
    const defaultStatus = statuses.find(status => status.isDefault)?.code ?? statuses[0]?.code;
    // Seats are booked in a planned class from today on (the server refuses once it has started, naming why).
    const open = event.status === 'planned' && event.startsAt.slice(0, 10) >= today;
    const full = booked >= capacity;
    const bookPerson = (customerId: number, name: string, waitlist = false) =>
        booking.book.mutate({ eventId, customerId, name, ...(waitlist ? { waitlist } : {}) });
    // Cancelled until the class starts (while the closing says it has not): after that, by a mark.
    const cancelBooking =
        open && closing.refusal === 'not_started' && !booking.busy
            ? (id: number) => setCancelling(people.find(person => person.booking?.id === id) ?? null)
            : undefined;
    const role = identity?.role as Role | undefined;
    const bookOver =
        open && mayForce(role)
            ? (walkIn: { id: number; name: string }) =>
                  booking.book.mutate({ eventId, customerId: walkIn.id, name: walkIn.name, force: true })
            : undefined;
    // Before the start, someone whose booking was cancelled is booked again; after it, marked if they came.
    const started = localDateTimeAt(new Date(), timezone) >= event.startsAt;
    const bookAgain =
        open && !started ? (person: RosterPerson) => bookPerson(person.customerId, person.name) : undefined;

    return (
        <Card sx={{ mt: 2 }}>
            <Title title={formatDateTime(event.startsAt, locale)} />
            <CardContent>
                <EventHeader
                    event={event}
                    visits={visits}
                    capacity={capacity}
                    givenBack={givenBack}
                    closing={closing}
                    marked={people.filter(person => person.attendance).length}
                />
                {cancelled && <Alert severity="info">{translate('app.timetable.roster.cancelled')}</Alert>}
                {cancelled && <UnreachedPanel eventId={event.id} />}
                {!cancelled && <MarkingNote marking={marking} date={event.startsAt.slice(0, 10)} />}
                {!cancelled && <PayClosedNote period={payClosed} teacher={teacher} />}
                {(booked > 0 || waitlisted > 0) && (
                    <Alert severity={full ? 'warning' : 'info'} icon={false} data-testid="seats" sx={{ mb: 1 }}>
                        {translate('app.bookings.seats', { booked, capacity })}
                        {waitlisted > 0 && ` · ${translate('app.bookings.line', { smart_count: waitlisted })}`}
                    </Alert>
                )}
                {event.bookable === false && open && (
                    <Alert severity="info" data-testid="staff-only" sx={{ mb: 1 }}>
                        {translate('app.bookings.staff_only')}
                    </Alert>
                )}
                {phone ? (
                    <Box data-testid="roster">
                        {people.map(person => (
                            <RosterPhoneRow
                                key={person.customerId}
                                person={person}
                                statuses={statuses}
                                defaultStatus={statuses.find(status => status.code === defaultStatus)}
                                disabled={cancelled || closed || mark.isPending}
                                onMark={(who, status) => mark.mutate({ person: who, status })}
                                onClear={who => mark.mutate({ person: who, status: null })}
                                onCancelBooking={cancelBooking}
                                onBookAgain={bookAgain}
                                bookingBusy={booking.busy}
                            />
                        ))}
                    </Box>
                ) : (
                    <Table size="small">
                        <TableHead>
                            <TableRow>
                                <TableCell>{translate('resources.attendances.fields.customerId')}</TableCell>
                                <TableCell>{translate('app.timetable.roster.pass')}</TableCell>
                                <TableCell>{translate('resources.attendances.fields.status')}</TableCell>
                            </TableRow>
                        </TableHead>
                        <TableBody>
                            {people.map(person => (
                                <RosterRow
                                    key={person.customerId}
                                    person={person}
                                    statuses={statuses}
                                    disabled={cancelled || closed || mark.isPending}
                                    onMark={(who, status) => mark.mutate({ person: who, status })}
                                    onClear={who => mark.mutate({ person: who, status: null })}
                                    onCancelBooking={cancelBooking}
                                    onBookAgain={bookAgain}
                                    bookingBusy={booking.busy}
                                />
                            ))}
                        </TableBody>
                    </Table>
                )}
                {!people.length && <Alert severity="info">{translate('app.timetable.roster.empty')}</Alert>}
                <WalkInSearch
                    eventId={eventId}
                    disabled={cancelled || booking.busy || mark.isPending}
                    full={full}
                    onAdd={
                        closed || !defaultStatus
                            ? undefined
                            : walkIn =>
                                  mark.mutate({
                                      person: { customerId: walkIn.id, attendance: null },
                                      status: defaultStatus as string,
                                  })
                    }
                    onBook={open ? walkIn => bookPerson(walkIn.id, walkIn.name, full) : undefined}
                    onBookOver={bookOver}
                />
                <BookingRefusedDialog
                    refused={refused}
                    role={role}
                    full={full}
                    onChoose={request => {
                        setRefused(null);
                        booking.book.mutate(request);
                    }}
                    onClose={() => setRefused(null)}
                />
                <CancelBookingDialog
                    person={cancelling}
                    event={event}
                    busy={booking.cancel.isPending}
                    onConfirm={id => booking.cancel.mutate(id, { onSettled: () => setCancelling(null) })}
                    onClose={() => setCancelling(null)}
                />
                <RecordContextProvider value={event}>
                    <RecordHistory target="eventId" />
                </RecordContextProvider>
            </CardContent>
        </Card>
    );
};
