import { Alert, Card, CardContent, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Loading, RecordContextProvider, Title, useCreate, useDataProvider, useDelete, useNotify, useLocaleState, useTranslate, useUpdate, type HttpError } from 'react-admin';
import { Navigate, useParams } from 'react-router-dom';
import type { StudioDataProvider } from '../../app/dataProvider';
import { formatDateTime } from '../../app/i18n/dates';
import type { Attendance } from '../../domain/types';
import type { RosterPerson } from '../../server/timetable';
import { useStatuses } from '../common/statuses';
import { RecordHistory } from '../history/RecordHistory';
import { EventHeader } from './EventHeader';
import { RosterRow } from './RosterRow';
import { WalkInSearch } from './WalkInSearch';

const statusOf = (error: unknown) => (error as HttpError | null)?.status;
const isRefusal = (error: unknown) => [403, 404].includes(statusOf(error) ?? 0);

/**
 * One class at /events/{id}: its roster, the group's members and anyone added, each marked with one
 * click. The server charges or gives back the visit with each mark; the roster is read again after.
 */
export const EventRoster = () => {
    const { id } = useParams();
    const eventId = Number(id);
    const translate = useTranslate();
    const [locale] = useLocaleState();
    const notify = useNotify();
    const queryClient = useQueryClient();
    const dataProvider = useDataProvider<StudioDataProvider>();
    const statuses = useStatuses('attendance');
    const roster = useQuery({
        queryKey: ['roster', eventId],
        queryFn: () => dataProvider.getRoster({ id: eventId }),
        // Another teacher's class or a missing one will not turn up by asking again.
        retry: (count, error) => !isRefusal(error) && count < 2,
    });
    const [create] = useCreate<Attendance>();
    const [update] = useUpdate<Attendance>();
    const [remove] = useDelete<Attendance>();
    const options = { mutationMode: 'pessimistic' as const, returnPromise: true as const };

    const mark = useMutation({
        mutationFn: async ({ person, status }: { person: Pick<RosterPerson, 'customerId' | 'attendance'>; status: string | null }) => {
            const attendance = person.attendance;
            if (status === null) return attendance && remove('attendances', { id: attendance.id, previousData: attendance }, options);
            if (attendance) return update('attendances', { id: attendance.id, data: { status }, previousData: attendance }, options);
            return create('attendances', { data: { eventId, customerId: person.customerId, status } }, options);
        },
        onSettled: () => queryClient.invalidateQueries({ queryKey: ['roster', eventId] }),
        onError: (error: Error) => notify(error.message, { type: 'error' }),
    });

    if (roster.isPending) return <Loading />;
    if (statusOf(roster.error) === 403) return <Navigate to="/access-denied" replace />;
    if (statusOf(roster.error) === 404) return <Alert severity="warning">{translate('ra.page.not_found')}</Alert>;
    if (roster.error || !roster.data) return <Alert severity="error">{(roster.error as Error | null)?.message ?? translate('ra.page.error')}</Alert>;
    const { event, people, visits, capacity } = roster.data;
    const cancelled = event.status === 'cancelled';
    const defaultStatus = statuses.find(status => status.isDefault)?.code ?? statuses[0]?.code;

    return (
        <Card sx={{ mt: 2 }}>
            <Title title={formatDateTime(event.startsAt, locale)} />
            <CardContent>
                <EventHeader event={event} visits={visits} capacity={capacity} />
                {cancelled && <Alert severity="info">{translate('app.timetable.roster.cancelled')}</Alert>}
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
                                disabled={cancelled || mark.isPending}
                                onMark={(who, status) => mark.mutate({ person: who, status })}
                                onClear={who => mark.mutate({ person: who, status: null })}
                            />
                        ))}
                    </TableBody>
                </Table>
                {!people.length && <Alert severity="info">{translate('app.timetable.roster.empty')}</Alert>}
                <WalkInSearch
                    eventId={eventId}
                    disabled={cancelled || !defaultStatus}
                    onAdd={walkIn => mark.mutate({ person: { customerId: walkIn.id, attendance: null }, status: defaultStatus as string })}
                />
                <RecordContextProvider value={event}>
                    <RecordHistory target="eventId" />
                </RecordContextProvider>
            </CardContent>
        </Card>
    );
};
