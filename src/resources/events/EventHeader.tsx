import { Button, Chip, Stack, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ReferenceField, RecordContextProvider, TextField, useCanAccess, useNotify, useTranslate, useUpdate } from 'react-admin';
import type { StudioEvent } from '../../domain/types';
import { DateTimeField } from '../common/dates';
import { EventEditDialog } from './EventEditDialog';

/** When, what, who and where, and for staff the button that cancels or reinstates the class. */
export const EventHeader = ({ event, visits, capacity }: { event: StudioEvent; visits: number; capacity: number }) => {
    const translate = useTranslate();
    const notify = useNotify();
    const queryClient = useQueryClient();
    const { canAccess: canEdit } = useCanAccess({ resource: 'events', action: 'edit' });
    const [update] = useUpdate<StudioEvent>();
    const cancelled = event.status === 'cancelled';
    const toggle = useMutation({
        mutationFn: () =>
            update('events', { id: event.id, data: { status: cancelled ? 'planned' : 'cancelled' }, previousData: event }, { mutationMode: 'pessimistic', returnPromise: true }),
        onSuccess: () => queryClient.invalidateQueries({ queryKey: ['roster', event.id] }),
        onError: (error: Error) => notify(error.message, { type: 'error' }),
    });
    return (
        <RecordContextProvider value={event}>
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems={{ md: 'center' }} flexWrap="wrap" useFlexGap mb={2}>
                <Typography variant="h5" component="h1">
                    <DateTimeField source="startsAt" /> · <ReferenceField source="courseId" reference="settings/courses" link={false}>
                        <TextField source="name" variant="inherit" />
                    </ReferenceField>
                    {event.title ? ` · ${event.title}` : ''}
                </Typography>
                <Chip label={translate(`resources.events.statuses.${event.status}`)} color={cancelled ? 'default' : 'primary'} variant="outlined" />
                <Typography color="text.secondary">
                    <ReferenceField source="teacherId" reference="settings/users" link={false} /> · <ReferenceField source="studioId" reference="settings/studios" link={false} />
                </Typography>
                <Chip
                    data-testid="capacity"
                    label={translate('app.timetable.roster.count', { visits, capacity })}
                    color={visits > capacity ? 'error' : 'default'}
                />
                {canEdit && <EventEditDialog event={event} />}
                {canEdit && (
                    <Button variant="outlined" color={cancelled ? 'primary' : 'error'} onClick={() => toggle.mutate()} disabled={toggle.isPending}>
                        {translate(cancelled ? 'app.timetable.roster.reinstate' : 'app.timetable.roster.cancel_event')}
                    </Button>
                )}
            </Stack>
        </RecordContextProvider>
    );
};
