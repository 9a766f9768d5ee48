import ClearOutlined from '@mui/icons-material/ClearOutlined';
import { Box, Button, Chip, IconButton, Stack, TableCell, TableRow, Tooltip, Typography } from '@mui/material';
import { lighten } from '@mui/material/styles';
import { useTranslate } from 'react-admin';
import type { Status } from '../../domain/types';
import type { RosterPerson } from '../../server/timetable';

interface Props {
    person: RosterPerson;
    statuses: Status[];
    disabled: boolean;
    onMark: (person: RosterPerson, status: string) => void;
    onClear: (person: RosterPerson) => void;
}

/** One person of the roster: a click on a status marks them; a debt stands out. */
export const RosterRow = ({ person, statuses, disabled, onMark, onClear }: Props) => {
    const translate = useTranslate();
    const current = person.attendance?.status;
    const debt = person.attendance?.unpaid === true;
    return (
        <TableRow data-testid="roster-row" sx={debt ? { bgcolor: theme => `${theme.palette.error.main}1f` } : undefined}>
            <TableCell>
                <Typography fontWeight={600}>{person.name}</Typography>
                {!person.member && <Chip size="small" variant="outlined" label={translate('app.timetable.roster.walk_in')} />}
            </TableCell>
            <TableCell data-testid="roster-pass">
                {person.pass ? (
                    <>
                        <Typography variant="body2">{person.pass.name}</Typography>
                        <Typography variant="caption" color="text.secondary">
                            {person.pass.visitsLeft === null
                                ? translate('app.timetable.roster.unlimited')
                                : translate('app.timetable.roster.visits_left', { smart_count: person.pass.visitsLeft })}
                            {person.attendance?.charged ? ` · ${translate('app.timetable.roster.charged')}` : ''}
                        </Typography>
                    </>
                ) : (
                    <Typography variant="body2" color="text.secondary">
                        {translate('app.timetable.roster.no_pass')}
                    </Typography>
                )}
                {debt && <Chip size="small" color="error" label={translate('app.timetable.roster.debt')} sx={{ ml: 1 }} />}
            </TableCell>
            <TableCell>
                <Stack direction="row" spacing={0.5} flexWrap="wrap" useFlexGap alignItems="center">
                    {statuses.map(status => {
                        const chosen = status.code === current;
                        return (
                            <Button
                                key={status.code}
                                size="small"
                                disabled={disabled}
                                aria-pressed={chosen}
                                variant={chosen ? 'contained' : 'outlined'}
                                onClick={() => !chosen && onMark(person, status.code)}
                                sx={{
                                    borderColor: status.color,
                                    minWidth: 0,
                                    px: 1,
                                    // A dark status colour on a dark background is lightened to stay readable.
                                    color: theme =>
                                        chosen ? theme.palette.getContrastText(status.color) : theme.palette.mode === 'dark' ? lighten(status.color, 0.45) : status.color,
                                    bgcolor: chosen ? status.color : undefined,
                                    '&:hover': { bgcolor: chosen ? status.color : `${status.color}22`, borderColor: status.color },
                                }}
                            >
                                {status.label}
                            </Button>
                        );
                    })}
                    {person.attendance && (
                        <Tooltip title={translate('app.timetable.roster.clear')}>
                            <Box component="span">
                                <IconButton size="small" aria-label={translate('app.timetable.roster.clear')} disabled={disabled} onClick={() => onClear(person)}>
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
