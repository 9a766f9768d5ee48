import { Link, ListItem, ListItemText } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { CancelNotice } from '../../domain/eventNotices';

/** "Anna Ivanova, in line · to Olga Ivanova by e-mail", or why no message goes, with the phone to call. */
export const CancelNoticeRow = ({ notice }: { notice: CancelNotice }) => {
    const translate = useTranslate();
    const { recipient } = notice;
    const guardian = recipient.id !== notice.customerId;
    const failed = notice.message?.status === 'failed';
    const how = failed
        ? translate('app.timetable.notices.failed', { error: notice.message?.error ?? '' })
        : notice.channel && notice.message?.status !== 'skipped'
          ? translate(`app.timetable.notices.by.${notice.channel}`)
          : translate(notice.message ? 'app.timetable.notices.skipped' : 'app.timetable.notices.cannot', {
                reason: translate(`app.timetable.notices.reasons.${notice.reason ?? 'no_channel'}`),
            });
    const reached = !!notice.channel && !failed && notice.message?.status !== 'skipped';
    return (
        <ListItem disableGutters dense data-testid="cancel-notice">
            <ListItemText
                primary={
                    notice.seat === 'waitlisted'
                        ? `${notice.name}, ${translate('app.timetable.notices.in_line')}`
                        : notice.name
                }
                secondary={
                    <>
                        {guardian && `${translate('app.timetable.notices.to_guardian', { name: recipient.name })} `}
                        {how}
                        {!reached && ' · '}
                        {!reached &&
                            (recipient.phone ? (
                                <Link
                                    href={`tel:${recipient.phone}`}
                                    aria-label={translate('app.timetable.notices.call', { name: recipient.name })}
                                >
                                    {recipient.phone}
                                </Link>
                            ) : (
                                translate('app.timetable.notices.no_phone')
                            ))}
                    </>
                }
                slotProps={{ secondary: { color: reached ? 'text.secondary' : 'warning.main' } }}
            />
        </ListItem>
    );
};
