import { useState } from 'react';
import {
    Button,
    Dialog,
    DialogActions,
    DialogContent,
    DialogContentText,
    DialogTitle,
    List,
    ListItem,
    ListItemText,
} from '@mui/material';
import {
    useCanAccess,
    useDataProvider,
    useGetList,
    useGetMany,
    useLocaleState,
    useNotify,
    useRefresh,
    useTranslate,
    type HttpError,
} from 'react-admin';
import type { StudioDataProvider } from '../../app/dataProvider';
import { whyNotCharged } from '../../domain/passes';
import type { Attendance, Course, Pass, StudioEvent } from '../../domain/types';
import { ownTitle } from '../../domain/timetable';
import { eventLabel } from '../common/eventLabel';
import type { ApiErrorBody } from '../../domain/api';

/** The message key of a refused request: the first field error, else the generic one. */
const refusalKey = (error: unknown): string => {
    const body = (error as HttpError).body as Partial<ApiErrorBody> | undefined;
    return Object.values(body?.errors ?? {})[0] ?? 'ra.notification.http_error';
};

/**
 * Settles a debt with the pass the charging rule picks; a refusal says why (no pass covers the class,
 * the pass is frozen that day, no visits left). Staff who may change marks and passes see it.
 */
export const useSettleVisit = () => {
    const dataProvider = useDataProvider<StudioDataProvider>();
    const notify = useNotify();
    const refresh = useRefresh();
    const { canAccess: editsMarks } = useCanAccess({ resource: 'attendances', action: 'edit' });
    const { canAccess: editsPasses } = useCanAccess({ resource: 'passes', action: 'edit' });
    const [busy, setBusy] = useState(false);
    const settle = async (visit: Pick<Attendance, 'id'>) => {
        setBusy(true);
        try {
            await dataProvider.settleVisit({ id: visit.id });
            notify('app.money.notifications.settled', { type: 'success' });
            refresh();
        } catch (error) {
            notify(refusalKey(error), { type: 'error' });
        } finally {
            setBusy(false);
        }
    };
    return { allowed: !!editsMarks && !!editsPasses, busy, settle };
};

interface CoveredDebt {
    attendance: Attendance;
    event: StudioEvent;
    course?: Course;
}

/** The customer's unpaid visits that `pass` could pay for: their class's date and direction, as the server will check. */
const useCoveredDebts = (pass: Pass): CoveredDebt[] => {
    const { data: debts = [] } = useGetList<Attendance>('attendances', {
        filter: { customerId: pass.customerId, unpaid: true },
        pagination: { page: 1, perPage: 100 },
        sort: { field: 'id', order: 'ASC' },
    });
    const { data: events = [] } = useGetMany<StudioEvent>(
        'events',
        { ids: debts.map(debt => debt.eventId) },
        { enabled: debts.length > 0 },
    );
    const { data: courses = [] } = useGetMany<Course>(
        'settings/courses',
        { ids: [...new Set(events.map(event => event.courseId))] },
        { enabled: events.length > 0 },
    );
    return debts.flatMap(attendance => {
        const event = events.find(candidate => candidate.id === attendance.eventId);
        const course = courses.find(candidate => candidate.id === event?.courseId);
        if (!event || !course) return [];
        // Visits left are not asked here: settling stops, with the server's reason, once they run out.
        const reason = whyNotCharged({ ...pass, visitsUsed: 0 }, event.startsAt.slice(0, 10), course.directionId);
        return reason === null ? [{ attendance, event, course }] : [];
    });
};

/**
 * Offered after a pass is sold or unfrozen: the customer's debts that the pass covers, to be settled
 * with it at once, or skipped. Shows nothing when there are none.
 */
export const SettleDebtsDialog = ({ pass, onClose }: { pass: Pass; onClose: () => void }) => {
    const translate = useTranslate();
    const [locale] = useLocaleState();
    const notify = useNotify();
    const refresh = useRefresh();
    const dataProvider = useDataProvider<StudioDataProvider>();
    const debts = useCoveredDebts(pass);
    const [busy, setBusy] = useState(false);

    const settleAll = async () => {
        setBusy(true);
        let settled = 0;
        try {
            // One by one, in the order they were marked: the first refusal (no visits left) stops the rest.
            for (const { attendance } of debts) {
                await dataProvider.settleVisit({ id: attendance.id, passId: pass.id });
                settled += 1;
            }
            notify('app.money.notifications.settled_all', { type: 'success', messageArgs: { smart_count: settled } });
        } catch (error) {
            notify(refusalKey(error), { type: 'error' });
        } finally {
            setBusy(false);
            refresh();
            onClose();
        }
    };

    return (
        <Dialog open={debts.length > 0} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="settle-debts-title">
            <DialogTitle id="settle-debts-title">{translate('app.money.dialogs.settle')}</DialogTitle>
            <DialogContent>
                <DialogContentText>{translate('app.money.dialogs.settle_text')}</DialogContentText>
                <List dense>
                    {debts.map(({ attendance, event, course }) => (
                        <ListItem key={attendance.id} disableGutters>
                            <ListItemText
                                primary={eventLabel({ ...event, title: ownTitle(event.title, course?.name) }, locale)}
                                secondary={course?.name}
                            />
                        </ListItem>
                    ))}
                </List>
            </DialogContent>
            <DialogActions>
                <Button onClick={onClose} disabled={busy}>
                    {translate('app.money.actions.skip')}
                </Button>
                <Button variant="contained" onClick={settleAll} disabled={busy}>
                    {translate('app.money.actions.settle_all')}
                </Button>
            </DialogActions>
        </Dialog>
    );
};
