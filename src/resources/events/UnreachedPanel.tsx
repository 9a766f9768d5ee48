import { Alert, AlertTitle, List, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useCanAccess, useDataProvider, useTranslate } from 'react-admin';
import type { StudioDataProvider } from '../../app/dataProvider';
import { unreached } from '../../domain/eventNotices';
import type { Identifier } from '../../domain/types';
import { CancelNoticeRow } from './CancelNoticeRow';

/** How often the list is read again while cancellation messages are still being sent. */
const whileSending = 3000;

/**
 * On a cancelled class's page, for staff who read the outbox: the people its cancellation message did
 * not reach (skipped for want of a channel, or failed), with the phone of whoever reads their messages,
 * for the desk to call. Read again while messages are still going out.
 */
export const UnreachedPanel = ({ eventId }: { eventId: Identifier }) => {
    const translate = useTranslate();
    const dataProvider = useDataProvider<StudioDataProvider>();
    const { canAccess } = useCanAccess({ resource: 'messages', action: 'list' });
    const notices = useQuery({
        queryKey: ['cancelNotices', eventId],
        queryFn: () => dataProvider.getCancelNotices({ id: eventId }),
        enabled: !!canAccess,
        refetchInterval: query =>
            query.state.data?.people.some(notice => notice.message?.status === 'queued') ? whileSending : false,
    });
    if (!notices.data?.cancelled || !notices.data.people.length) return null;
    const people = notices.data.people;
    const missed = people.filter(unreached);
    const sending = people.filter(notice => notice.message?.status === 'queued').length;
    return (
        <Alert
            severity={missed.length ? 'warning' : sending ? 'info' : 'success'}
            sx={{ my: 1 }}
            role="region"
            aria-label={translate('app.timetable.notices.unreached_title')}
            data-testid="unreached"
        >
            {missed.length > 0 && <AlertTitle>{translate('app.timetable.notices.unreached_title')}</AlertTitle>}
            {missed.length > 0 && (
                <Typography variant="body2">{translate('app.timetable.notices.unreached_intro')}</Typography>
            )}
            {missed.length > 0 && (
                <List dense disablePadding>
                    {missed.map(notice => (
                        <CancelNoticeRow key={notice.customerId} notice={notice} />
                    ))}
                </List>
            )}
            {!missed.length && !sending && (
                <Typography variant="body2">
                    {translate('app.timetable.notices.everyone_told', { smart_count: people.length })}
                </Typography>
            )}
            {sending > 0 && (
                <Typography variant="body2">
                    {translate('app.timetable.notices.still_sending', { smart_count: sending })}
                </Typography>
            )}
        </Alert>
    );
};
