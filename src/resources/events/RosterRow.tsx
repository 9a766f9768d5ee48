import ClearOutlined from '@mui/icons-material/ClearOutlined';
import { Box, Button, Chip, IconButton, Stack, TableCell, TableRow, Tooltip, Typography } from '@mui/material';
import { lighten, type Theme } from '@mui/material/styles';
import type { SystemStyleObject } from '@mui/system';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatShortDate } from '../../app/i18n/dates';
import type { LabelledStatus } from '../common/statuses';
import type { RosterPerson } from '../../domain/api';
import type { Identifier } from '../../domain/types';
import { BookingChip, CancelledChip } from './bookings';
import { useSettleVisit } from '../customers/SettleDebtsDialog';

interface Props {
    person: RosterPerson;
    statuses: LabelledStatus[];
    disabled: boolean;
    onMark: (person: RosterPerson, status: string) => void;
    onClear: (person: RosterPerson) => void;
    /** Cancels the person's booking, or takes them out of the line: given to those who may. */
    onCancelBooking?: (bookingId: Identifier) => void;
    /** Books again someone whose booking was cancelled: given until the class starts. */
    onBookAgain?: (person: RosterPerson) => void;
    /** A booking or a cancel is under way: "Book again" waits for it. */
    bookingBusy?: boolean;
}

/** A mark's button in the mark's colour: filled when chosen; a dark colour on a dark background is lightened to stay readable. */
export const markColours = (color: string, chosen: boolean): SystemStyleObject<Theme> => ({
    borderColor: color,
    color: theme =>
        chosen ? theme.palette.getContrastText(color) : theme.palette.mode === 'dark' ? lighten(color, 0.45) : color,
    bgcolor: chosen ? color : undefined,
    '&:hover': { bgcolor: chosen ? color : `${color}22`, borderColor: color },
});

/** No pass to charge: "No pass", or, when their pass is frozen on the class's day, until when; a seat a make-up pays says so. */
export const NoPass = ({ person }: { person: RosterPerson }) => {
    const translate = useTranslate();
    const [locale] = useLocaleState();
    return (
        <Typography variant="body2" color="text.secondary">
            {person.booking?.makeUp
                ? translate('app.makeUps.paid')
                : person.frozenUntil
                  ? translate('app.money.frozen_until', { date: formatShortDate(person.frozenUntil, locale) })
                  : translate('app.timetable.roster.no_pass')}
        </Typography>
    );
};

/** Settles the debt of a visit marked without a pass, once a pass can pay for it; the roster reloads with the rest of the page. */
export const SettleButton = ({ attendance }: { attendance: NonNullable<RosterPerson['attendance']> }) => {
    const translate = useTranslate();
    const { allowed, busy, settle } = useSettleVisit();
    if (!allowed) return null;
    return (
        <Button size="small" variant="outlined" disabled={busy} onClick={() => settle(attendance)} sx={{ ml: 1 }}>
            {translate('app.money.actions.settle')}
        </Button>
    );
};

/**
 * Whose booking was cancelled and who is not marked, before the class (`onBookAgain` is given until it
 * starts): nobody expects them, so they are booked again rather than marked. Once it has started they
 * may be marked (they came anyway), still shown as cancelled.
 */
export const toBookAgain = (person: RosterPerson, onBookAgain: unknown) =>
    !!person.cancelled && !person.attendance && !!onBookAgain;

/** "Book again" for someone whose booking was cancelled, in place of the marks (none while the class takes no booking). */
export const BookAgainButton = ({
    person,
    onBookAgain,
    disabled,
    size = 'small',
}: {
    person: RosterPerson;
    onBookAgain?: (person: RosterPerson) => void;
    disabled?: boolean;
    size?: 'small' | 'medium';
}) => {
    const translate = useTranslate();
    if (!onBookAgain) return null;
    return (
        <Button
            size={size}
            variant="outlined"
            disabled={disabled}
            aria-label={translate('app.bookings.cancelled_seat.book_again_label', { name: person.name })}
            onClick={() => onBookAgain(person)}
            sx={{ flexShrink: 0 }}
        >
            {translate('app.bookings.cancelled_seat.book_again')}
        </Button>
    );
};

/**
 * One person of the roster: a click on a status marks them; a debt stands out, to be settled. Someone
 * whose booking was cancelled says so, and is booked again rather than marked.
 */
export const RosterRow = ({
    person,
    statuses,
    disabled,
    onMark,
    onClear,
    onCancelBooking,
    onBookAgain,
    bookingBusy,
}: Props) => {
    const translate = useTranslate();
    const current = person.attendance?.status;
    const debt = person.attendance?.unpaid === true;
    const cancelled = toBookAgain(person, onBookAgain);
    return (
        <TableRow
            data-testid="roster-row"
            sx={debt ? { bgcolor: theme => `${theme.palette.error.main}1f` } : undefined}
        >
            <TableCell>
                <Typography fontWeight={600}>{person.name}</Typography>
                {!person.member && !person.booking && (
                    <Chip size="small" variant="outlined" label={translate('app.timetable.roster.walk_in')} />
                )}
                {/* Once marked, the mark says how it went: "Booked" beside "Attended" would say it twice. */}
                {!person.attendance && (
                    <BookingChip booking={person.booking} name={person.name} onCancel={onCancelBooking} />
                )}
                <CancelledChip cancelled={person.cancelled} />
            </TableCell>
            <TableCell data-testid="roster-pass">
                {person.pass ? (
                    <>
                        <Typography variant="body2">{person.pass.name}</Typography>
                        <Typography variant="caption" color="text.secondary">
                            {person.pass.visitsLeft === null
                                ? translate('app.timetable.roster.unlimited')
                                : translate('app.timetable.roster.visits_left', {
                                      smart_count: person.pass.visitsLeft,
                                  })}
                            {person.attendance?.charged ? ` · ${translate('app.timetable.roster.charged')}` : ''}
                        </Typography>
                    </>
                ) : (
                    <NoPass person={person} />
                )}
                {debt && (
                    <Chip size="small" color="error" label={translate('app.timetable.roster.debt')} sx={{ ml: 1 }} />
                )}
                {debt && person.attendance && <SettleButton attendance={person.attendance} />}
            </TableCell>
            <TableCell>
                <Stack direction="row" spacing={0.5} flexWrap="wrap" useFlexGap alignItems="center">
                    {cancelled && <BookAgainButton person={person} onBookAgain={onBookAgain} disabled={bookingBusy} />}
                    {!cancelled &&
                        statuses.map(status => {
                            const chosen = status.code === current;
                            return (
                                <Button
                                    key={status.code}
                                    size="small"
                                    disabled={disabled}
                                    aria-pressed={chosen}
                                    variant={chosen ? 'contained' : 'outlined'}
                                    onClick={() => !chosen && onMark(person, status.code)}
                                    sx={{ ...markColours(status.color, chosen), minWidth: 0, px: 1 }}
                                >
                                    {status.label}
                                </Button>
                            );
                        })}
                    {person.attendance && (
                        <Tooltip title={translate('app.timetable.roster.clear')}>
                            <Box component="span">
                                <IconButton
                                    size="small"
                                    aria-label={translate('app.timetable.roster.clear')}
                                    disabled={disabled}
                                    onClick={() => onClear(person)}
                                >
                                    <ClearOutlined fontSize="small" />
                                </IconButton>
                            </Box>
                        </Tooltip>
                    )}
                </Stack>
            </TableCell>
        </TableRow>
    );
};
