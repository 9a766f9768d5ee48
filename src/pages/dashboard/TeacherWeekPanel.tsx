import CalendarViewWeekOutlined from '@mui/icons-material/CalendarViewWeekOutlined';
import { Box, Button, Chip, Grid, List, ListItemButton, ListItemText, Typography } from '@mui/material';
import { useGetList, useGetMany, useLocaleState, useStore, useTranslate } from 'react-admin';
import { Link, useNavigate } from 'react-router-dom';
import { formatDayHeading, formatFullDate, formatTime } from '../../app/i18n/dates';
import { useStudioToday } from '../../app/studio';
import { addDays } from '../../domain/time';
import { classTitle } from '../../domain/timetable';
import type { Course, Studio, StudioEvent } from '../../domain/types';
import { FullChip, seatsText } from '../../resources/events/bookings';
import { Empty, Panel } from './Panel';

/** How many days after today the teacher's week ahead shows. */
const DAYS_AHEAD = 7;

/**
 * A teacher's week ahead on their first page: the classes of the seven days after today (today's are
 * in the panel above), day by day, each with its room and seats booked, opening its roster; a button
 * opens the classes' week view. The server gives a teacher only their own classes.
 */
export const TeacherWeekPanel = () => {
    const translate = useTranslate();
    const [locale] = useLocaleState();
    const navigate = useNavigate();
    const [, setView] = useStore<'list' | 'week'>('events.view', 'list');
    const today = useStudioToday();
    const from = addDays(today, 1);
    const to = addDays(today, DAYS_AHEAD);
    const { data: events, isPending } = useGetList<StudioEvent>('events', {
        filter: { startsAt_gte: from, startsAt_lte: `${to}T23:59` },
        sort: { field: 'startsAt', order: 'ASC' },
        pagination: { page: 1, perPage: 200 },
    });
    const { data: courses = [] } = useGetMany<Course>('settings/courses', {
        ids: [...new Set((events ?? []).map(event => event.courseId))],
    });
    const { data: studios = [] } = useGetMany<Studio>('settings/studios', {
        ids: [...new Set((events ?? []).map(event => event.studioId))],
    });
    const days = [...new Set((events ?? []).map(event => event.startsAt.slice(0, 10)))];
    const openWeek = () => {
        setView('week');
        navigate('/events');
    };
    return (
        <Grid size={12}>
            <Panel title={translate('app.dashboard.week_ahead')} subheader={translate('app.dashboard.week_ahead_hint')}>
                {!isPending && days.length === 0 && <Empty text={translate('app.dashboard.no_week_ahead')} />}
                <Box data-testid="week-ahead">
                    {days.map(day => (
                        <Box key={day} component="section" aria-label={formatFullDate(day, locale)} mb={1}>
                            <Typography variant="subtitle2">{formatDayHeading(day, locale)}</Typography>
                            <List dense disablePadding>
                                {(events ?? [])
                                    .filter(event => event.startsAt.startsWith(day))
                                    .map(event => (
                                        <ListItemButton key={event.id} component={Link} to={`/events/${event.id}`}>
                                            <ListItemText
                                                primary={`${formatTime(event.startsAt, locale)} · ${classTitle(
                                                    courses.find(course => course.id === event.courseId)?.name,
                                                    event.title,
                                                )}`}
                                                secondary={[
                                                    studios.find(studio => studio.id === event.studioId)?.name,
                                                    seatsText(translate, event),
                                                ]
                                                    .filter(Boolean)
                                                    .join(' · ')}
                                                sx={{
                                                    textDecoration:
                                                        event.status === 'cancelled' ? 'line-through' : 'none',
                                                }}
                                            />
                                            {event.status === 'cancelled' && (
                                                <Chip
                                                    size="small"
                                                    label={translate('resources.events.statuses.cancelled')}
                                                />
                                            )}
                                            <FullChip event={event} />
                                        </ListItemButton>
                                    ))}
                            </List>
                        </Box>
                    ))}
                </Box>
                <Button size="small" startIcon={<CalendarViewWeekOutlined />} onClick={openWeek}>
                    {translate('app.dashboard.open_week')}
                </Button>
            </Panel>
        </Grid>
    );
};
