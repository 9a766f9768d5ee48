import {
    Alert,
    Button,
    CircularProgress,
    Dialog,
    DialogActions,
    DialogContent,
    DialogContentText,
    DialogTitle,
    List,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { StudioDataProvider } from '../../app/dataProvider';
import { unreached } from '../../domain/eventNotices';
import type { StudioEvent } from '../../domain/types';
import { CancelNoticeRow } from './CancelNoticeRow';

interface Props {
    event: StudioEvent;
    open: boolean;
    /** The charged marks: the visits cancelling gives back to the passes. */
    givenBack: number;
    busy: boolean;
    onConfirm: () => void;
    onClose: () => void;
}

/**
 * Cancelling a class, confirmed first: the visits it gives back, and who will be told, each with the
 * channel their message takes, or why none can and the phone to call instead.
 */
export const CancelEventDialog = ({ event, open, givenBack, busy, onConfirm, onClose }: Props) => {
    const translate = useTranslate();
    const dataProvider = useDataProvider<StudioDataProvider>();
    const notices = useQuery({
        queryKey: ['cancelNotices', event.id],
        queryFn: () => dataProvider.getCancelNotices({ id: event.id }),
        enabled: open,
    });
    const people = notices.data?.people ?? [];
    const cannot = people.filter(unreached).length;
    return (
        <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="cancel-event-title">
            <DialogTitle id="cancel-event-title">{translate('app.timetable.roster.cancel_confirm_title')}</DialogTitle>
            <DialogContent>
                <DialogContentText>
                    {translate('app.timetable.roster.cancel_confirm', { smart_count: givenBack })}
                </DialogContentText>
                {notices.isPending && (
                    <DialogContentText sx={{ mt: 2 }}>
                        <CircularProgress size={14} sx={{ mr: 1 }} />
                        {translate('app.timetable.notices.loading')}
                    </DialogContentText>
                )}
                {notices.error && (
                    <Alert severity="error" sx={{ mt: 2 }}>
                        {(notices.error as Error).message}
                    </Alert>
                )}
                {notices.data && !people.length && (
                    <DialogContentText sx={{ mt: 2 }} data-testid="cancel-notices-summary">
                        {translate('app.timetable.notices.nobody_booked')}
                    </DialogContentText>
                )}
                {people.length > 0 && (
                    <>
                        <DialogContentText sx={{ mt: 2 }} data-testid="cancel-notices-summary">
                            {translate('app.timetable.notices.told', { smart_count: people.length })}
                        </DialogContentText>
                        <List dense disablePadding>
                            {people.map(notice => (
                                <CancelNoticeRow key={notice.customerId} notice={notice} />
                            ))}
                        </List>
                        {cannot > 0 && (
                            <Alert severity="warning" sx={{ mt: 1 }}>
                                {cannot === people.length
                                    ? translate('app.timetable.notices.nobody_reachable')
                                    : translate('app.timetable.notices.unreachable', { smart_count: cannot })}
                            </Alert>
                        )}
                    </>
                )}
            </DialogContent>
            <DialogActions>
                <Button onClick={onClose} disabled={busy}>
                    {translate('app.timetable.roster.keep_event')}
                </Button>
                <Button color="warning" variant="contained" onClick={onConfirm} disabled={busy}>
                    {translate('app.timetable.roster.cancel_event')}
                </Button>
            </DialogActions>
        </Dialog>
    );
};
