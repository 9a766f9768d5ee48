import { useState } from 'react';
import MoreVertOutlined from '@mui/icons-material/MoreVertOutlined';
import { Box, Button, Chip, IconButton, ListItemText, Menu, MenuItem, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { RosterPerson } from '../../domain/api';
import type { Identifier } from '../../domain/types';
import { BookingChip, CancelledChip } from './bookings';
import type { LabelledStatus } from '../common/statuses';
import { BookAgainButton, markColours, NoPass, SettleButton, toBookAgain } from './RosterRow';

interface Props {
    person: RosterPerson;
    statuses: LabelledStatus[];
    /** The mark one tap gives someone not marked yet. */
    defaultStatus: LabelledStatus | undefined;
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

/** Touch targets a finger hits without looking twice. */
const touch = { minHeight: 48, minWidth: 48 } as const;

/**
 * One person of the roster on a teacher's phone, in class: a compact row with the name, the pass and
 * visits left, and one button. Not marked yet, one tap marks them with the default mark; marked, the
 * button shows the mark. The other marks and removing the mark are in the menu beside it. Someone whose
 * booking was cancelled says so, with "Book again" in place of the marks.
 */
export const RosterPhoneRow = ({
    person,
    statuses,
    defaultStatus,
    disabled,
    onMark,
    onClear,
    onCancelBooking,
    onBookAgain,
    bookingBusy,
}: Props) => {
    const translate = useTranslate();
    const [menu, setMenu] = useState<HTMLElement | null>(null);
    const current = statuses.find(status => status.code === person.attendance?.status);
    const shown = current ?? defaultStatus;
    const debt = person.attendance?.unpaid === true;
    const bookAgain = toBookAgain(person, onBookAgain);
    const choose = (status: string) => {
        setMenu(null);
        if (status !== current?.code) onMark(person, status);
    };
    return (
        <Stack
            direction="row"
            alignItems="center"
            spacing={1}
            data-testid="roster-row"
            sx={{
                py: 1,
                px: 1,
                borderBottom: 1,
                borderColor: 'divider',
                bgcolor: debt ? theme => `${theme.palette.error.main}1f` : undefined,
            }}
        >
            <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography fontWeight={600} noWrap>
                    {person.name}
                </Typography>
                <Box data-testid="roster-pass">
                    {person.pass ? (
                        <Typography variant="body2" color="text.secondary" noWrap>
                            {person.pass.name} ·{' '}
                            {person.pass.visitsLeft === null
                                ? translate('app.timetable.roster.unlimited')
                                : translate('app.timetable.roster.visits_left', {
                                      smart_count: person.pass.visitsLeft,
                                  })}
                        </Typography>
                    ) : (
                        <NoPass person={person} />
                    )}
                    {!person.member && !person.booking && (
                        <Chip
                            size="small"
                            variant="outlined"
                            label={translate('app.timetable.roster.walk_in')}
                            sx={{ mr: 0.5 }}
                        />
                    )}
                    {/* Once marked, the mark says how it went: "Booked" beside "Attended" would say it twice. */}
                    {!person.attendance && (
                        <BookingChip booking={person.booking} name={person.name} onCancel={onCancelBooking} />
                    )}
                    <CancelledChip cancelled={person.cancelled} />
                    {debt && <Chip size="small" color="error" label={translate('app.timetable.roster.debt')} />}
                    {debt && person.attendance && <SettleButton attendance={person.attendance} />}
                </Box>
            </Box>
            {bookAgain && (
                <BookAgainButton person={person} onBookAgain={onBookAgain} disabled={bookingBusy} size="medium" />
            )}
            {shown && !bookAgain && (
                <Button
                    disabled={disabled}
                    aria-pressed={!!current}
                    aria-label={translate('app.timetable.roster.mark_as', { name: person.name, status: shown.label })}
                    variant={current ? 'contained' : 'outlined'}
                    onClick={event => (current ? setMenu(event.currentTarget) : onMark(person, shown.code))}
                    sx={[touch, { px: 1.5, flexShrink: 0 }, markColours(shown.color, !!current)]}
                >
                    {shown.label}
                </Button>
            )}
            {!bookAgain && (
                <IconButton
                    disabled={disabled}
                    aria-label={translate('app.timetable.roster.other_marks', { name: person.name })}
                    onClick={event => setMenu(event.currentTarget)}
                    sx={touch}
                >
                    <MoreVertOutlined />
                </IconButton>
            )}
            <Menu anchorEl={menu} open={!!menu} onClose={() => setMenu(null)}>
                {statuses.map(status => (
                    <MenuItem
                        key={status.code}
                        selected={status.code === current?.code}
                        onClick={() => choose(status.code)}
                        sx={{ minHeight: 48 }}
                    >
                        <Box
                            component="span"
                            sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: status.color, mr: 1.5 }}
                        />
                        <ListItemText>{status.label}</ListItemText>
                    </MenuItem>
                ))}
                {person.attendance && (
                    <MenuItem
                        onClick={() => {
                            setMenu(null);
                            onClear(person);
                        }}
                        sx={{ minHeight: 48 }}
                    >
                        <ListItemText>{translate('app.timetable.roster.clear')}</ListItemText>
                    </MenuItem>
                )}
            </Menu>
        </Stack>
    );
};
