import { Button, Chip, Stack, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
    Confirm,
    ReferenceField,
    RecordContextProvider,
    useCanAccess,
    useNotify,
    useTranslate,
    useUpdate,
} from 'react-admin';
import type { StudioEvent } from '../../domain/types';
import { ClassTitleField } from '../common/ClassTitleField';
import { DateTimeField } from '../common/dates';
import { EventEditDialog } from './EventEditDialog';

interface Props {
    event: StudioEvent;
    visits: number;
    capacity: number;
    /** The charged marks: the visits cancelling gives back to the passes. */
    givenBack: number;
}

/**
 * When, what, who and where, and for staff the button that cancels or reinstates the class. Cancelling
 * gives visits back, so it is confirmed first, saying how many.
 */
export const EventHeader = ({ event, visits, capacity, givenBack }: Props) => {
    const translate = useTranslate();
    const notify = useNotify();
    const queryClient = useQueryClient();
    const { canAccess: canEdit } = useCanAccess({ resource: 'events', action: 'edit' });
    const [update] = useUpdate<StudioEvent>();
    const [confirming, setConfirming] = useState(false);
    const cancelled = event.status === 'cancelled';
    const toggle = useMutation({
        mutationFn: () =>
            update(
                'events',
                { id: event.id, data: { status: cancelled ? 'planned' : 'cancelled' }, previousData: event },
                { mutationMode: 'pessimistic', returnPromise: true },
            ),
        // The header and the roster are read again together (the marks' charges changed too), and the
        // button stays busy until both show the new state.
        onSuccess: () =>
            Promise.all([
                queryClient.invalidateQueries({ queryKey: ['roster', event.id] }),
                queryClient.invalidateQueries({ queryKey: ['events'] }),
            ]),
        onError: (error: Error) => notify(error.message, { type: 'error' }),
        onSettled: () => setConfirming(false),
    });
    return (
        <RecordContextProvider value={event}>
            <Stack
                direction={{ xs: 'column', md: 'row' }}
                spacing={2}
                alignItems={{ md: 'center' }}
                flexWrap="wrap"
                useFlexGap
                mb={2}
            >
                <Typography variant="h5" component="h1">
                    <DateTimeField source="startsAt" /> · <ClassTitleField />
                </Typography>
                <Chip
                    label={translate(`resources.events.statuses.${event.status}`)}
                    color={cancelled ? 'default' : 'primary'}
                    variant="outlined"
                />
                <Typography color="text.secondary">
                    <ReferenceField source="teacherId" reference="settings/users" link={false} /> ·{' '}
                    <ReferenceField source="studioId" reference="settings/studios" link={false} />
                </Typography>
                <Chip
                    data-testid="capacity"
                    label={translate('app.timetable.roster.count', { visits, capacity })}
                    color={visits > capacity ? 'error' : 'default'}
                />
                {canEdit && <EventEditDialog event={event} />}
                {canEdit && (
                    <Button
                        variant="outlined"
                        color={cancelled ? 'primary' : 'error'}
                        onClick={() => (cancelled ? toggle.mutate() : setConfirming(true))}
                        disabled={toggle.isPending}
                    >
                        {translate(cancelled ? 'app.timetable.roster.reinstate' : 'app.timetable.roster.cancel_event')}
                    </Button>
                )}
                <Confirm
                    isOpen={confirming}
                    loading={toggle.isPending}
                    title="app.timetable.roster.cancel_confirm_title"
                    content="app.timetable.roster.cancel_confirm"
                    translateOptions={{ smart_count: givenBack }}
                    confirm="app.timetable.roster.cancel_event"
                    cancel="app.timetable.roster.keep_event"
                    confirmColor="warning"
                    onConfirm={() => toggle.mutate()}
                    onClose={() => setConfirming(false)}
                />
            </Stack>
        </RecordContextProvider>
    );
};
