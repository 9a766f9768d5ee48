import { Alert } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatShortDate } from '../../app/i18n/dates';
import type { RosterAnswer } from '../../domain/api';
import type { Marking } from '../../domain/attendance';

/** Why the marks of a class cannot be changed now, for the note above the roster, or null. */
export const MarkingNote = ({ marking, date }: { marking: Marking | undefined; date: string }) => {
    const translate = useTranslate();
    const [locale] = useLocaleState();
    if (marking?.future) {
        return (
            <Alert severity="info" data-testid="marking-note">
                {translate('app.timetable.roster.future', { date: formatShortDate(date, locale) })}
            </Alert>
        );
    }
    if (marking?.locked) {
        return (
            <Alert severity="warning" data-testid="marking-note">
                {translate('app.timetable.roster.locked', {
                    smart_count: marking.teacherEditDays,
                    date: formatShortDate(marking.lastTeacherDay, locale),
                })}
            </Alert>
        );
    }
    return null;
};

/** The class is in a closed pay period: teachers no longer change its marks; a manager's change is an adjustment. */
export const PayClosedNote = ({ period, teacher }: { period: RosterAnswer['payClosed']; teacher: boolean }) => {
    const translate = useTranslate();
    const [locale] = useLocaleState();
    if (!period) return null;
    const dates = { from: formatShortDate(period.startsOn, locale), to: formatShortDate(period.endsOn, locale) };
    return (
        <Alert severity={teacher ? 'warning' : 'info'} data-testid="pay-closed-note" sx={{ mb: 1 }}>
            {translate(teacher ? 'app.timetable.roster.pay_closed' : 'app.timetable.roster.pay_closed_manager', dates)}
        </Alert>
    );
};
