import { Button, Chip, Stack, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
    Confirm,
    ReferenceField,
    RecordContextProvider,
    useCanAccess,
    useDataProvider,
    useNotify,
    useTranslate,
    useUpdate,
} from 'react-admin';
import type { StudioDataProvider } from '../../app/dataProvider';
import type { RosterAnswer } from '../../domain/api';
import type { StudioEvent } from '../../domain/types';
import { ClassTitleField } from '../common/ClassTitleField';
import { refusalMessage } from '../common/conflicts';
import { DateTimeField } from '../common/dates';
import { CancelEventDialog } from './CancelEventDialog';
import { EventEditDialog } from './EventEditDialog';

interface Props {
    event: StudioEvent;
    visits: number;
    capacity: number;
    /** The charged marks: the visits cancelling gives back to the passes. */
    givenBack: number;
    closing: RosterAnswer['closing'];
    /** How many people are marked: closing a class with nobody marked is asked about first. */
    marked: number;
}

/**
 * Closing the class, for its teacher and staff once it has started: a closed class counts as held (its
 * teacher's pay per class); staff reopen it. Before the start everyone sees why it cannot be closed yet.
 * Closing asks first when nobody is marked, or while the class is still on: then nobody is made missed
 * until it ends.
 */
const CloseButton = ({ event, closing, marked }: Pick<Props, 'event' | 'closing' | 'marked'>) => {
    const translate = useTranslate();
    const [confirming, setConfirming] = useState(false);
    const notify = useNotify();
    const queryClient = useQueryClient();
    const dataProvider = useDataProvider<StudioDataProvider>();
    const reopen = event.status === 'done';
    const toggle = useMutation({
        mutationFn: () => dataProvider.closeEvent({ id: event.id, reopen }),
        onSuccess: () =>
            Promise.all([
                queryClient.invalidateQueries({ queryKey: ['roster', event.id] }),
                queryClient.invalidateQueries({ queryKey: ['events'] }),
                queryClient.invalidateQueries({ queryKey: ['teacherPay'] }),
                queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
            ]).then(() => notify(reopen ? 'app.timetable.close.reopened' : 'app.timetable.close.closed')),
        onError: (error: Error) => notify(refusalMessage(translate, error), { type: 'error' }),
        onSettled: () => setConfirming(false),
    });
    if (reopen ? !closing.canReopen : event.status !== 'planned') return null;
    // An answer without `ended` is of a class judged ended.
    const beforeEnd = closing.ended === false;
    if (!reopen && closing.refusal === 'not_started')
        return (
            <Typography color="text.secondary" variant="body2" data-testid="close-note">
                {translate('app.timetable.close.not_started')}
            </Typography>
        );
    return (
        <>
            <Button
                variant={reopen ? 'outlined' : 'contained'}
                onClick={() => (reopen || (marked > 0 && !beforeEnd) ? toggle.mutate() : setConfirming(true))}
                disabled={toggle.isPending || (!reopen && !closing.canClose)}
                data-testid={reopen ? 'reopen-event' : 'close-event'}
            >
                {translate(reopen ? 'app.timetable.close.reopen' : 'app.timetable.close.close')}
            </Button>
            <Confirm
                isOpen={confirming}
                loading={toggle.isPending}
                title={beforeEnd ? 'app.timetable.close.before_end_title' : 'app.timetable.close.nobody_title'}
                content={beforeEnd ? 'app.timetable.close.before_end' : 'app.timetable.close.nobody'}
                confirm="app.timetable.close.close"
                onConfirm={() => toggle.mutate()}
                onClose={() => setConfirming(false)}
            />
        </>
    );
};

/**
 * When, what, who and where, and for staff the button that cancels or reinstates the class. Cancelling
 * gives visits back and tells those booked, so it is confirmed first, saying how many visits and who
 * will be told by which channel.
 */
export const EventHeader = ({ event, visits, capacity, givenBack, closing, marked }: Props) => {
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
                queryClient.invalidateQueries({ queryKey: ['cancelNotices', event.id] }),
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
                    color={cancelled ? 'default' : event.status === 'done' ? 'success' : 'primary'}
                    variant="outlined"
                    data-testid="event-status"
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
                <CloseButton event={event} closing={closing} marked={marked} />
                {canEdit && <EventEditDialog event={event} />}
                {canEdit && event.status !== 'done' && (
                    <Button
                        variant="outlined"
                        color={cancelled ? 'primary' : 'error'}
                        onClick={() => (cancelled ? toggle.mutate() : setConfirming(true))}
                        disabled={toggle.isPending}
                    >
                        {translate(cancelled ? 'app.timetable.roster.reinstate' : 'app.timetable.roster.cancel_event')}
                    </Button>
                )}
                <CancelEventDialog
                    event={event}
                    open={confirming}
                    givenBack={givenBack}
                    busy={toggle.isPending}
                    onConfirm={() => toggle.mutate()}
                    onClose={() => setConfirming(false)}
                />
            </Stack>
        </RecordContextProvider>
    );
};
