import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { Box, Card, CardActionArea, IconButton, Stack, Typography } from '@mui/material';
import { useGetList, useGetMany, useListContext, useLocaleState, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { addDays, datesBetween, weekStart } from '../../domain/time';
import { classTitle } from '../../domain/timetable';
import type { Course, StudioEvent, User } from '../../domain/types';
import { formatFullDate, formatShortDate, formatTime } from '../../app/i18n/dates';
import { weekdayName } from '../schedules/SlotsField';
import { useStudioToday } from '../../app/studio';
import { FullChip, seatsText } from './bookings';

/**
 * A hand-made week grid: seven day columns from Monday, the classes of each day in time order,
 * coloured by their teacher. The week is the one holding the list's "From" date; the other filters
 * of the list apply. Only the week's classes are fetched.
 */
const WeekView = () => {
    const { filterValues, setFilters, displayedFilters } = useListContext();
    const translate = useTranslate();
    const navigate = useNavigate();
    const [locale] = useLocaleState();
    const today = useStudioToday();
    const monday = weekStart((filterValues.startsAt_gte as string | undefined)?.slice(0, 10) || today);
    const sunday = addDays(monday, 6);
    const { startsAt_gte: _from, startsAt_lte: _to, ...otherFilters } = filterValues as Record<string, unknown>;
    const { data: events = [] } = useGetList<StudioEvent>('events', {
        filter: { ...otherFilters, startsAt_gte: monday, startsAt_lte: `${sunday}T23:59` },
        sort: { field: 'startsAt', order: 'ASC' },
        pagination: { page: 1, perPage: 1000 },
    });
    const { data: teachers = [] } = useGetMany<User>('settings/users', {
        ids: [...new Set(events.map(event => event.teacherId))],
    });
    const { data: courses = [] } = useGetMany<Course>('settings/courses', {
        ids: [...new Set(events.map(event => event.courseId))],
    });
    const goTo = (date: string) =>
        setFilters({ ...filterValues, startsAt_gte: date, startsAt_lte: undefined }, displayedFilters);

    return (
        <Box p={2}>
            <Stack direction="row" alignItems="center" spacing={1} mb={2}>
                <IconButton
                    aria-label={translate('app.timetable.week.previous')}
                    onClick={() => goTo(addDays(monday, -7))}
                >
                    <ChevronLeft />
                </IconButton>
                <Typography variant="h6" data-testid="week-title">
                    {formatShortDate(monday, locale)} – {formatShortDate(sunday, locale)}
                </Typography>
                <IconButton aria-label={translate('app.timetable.week.next')} onClick={() => goTo(addDays(monday, 7))}>
                    <ChevronRight />
                </IconButton>
            </Stack>
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(7, minmax(0, 1fr))' }, gap: 1 }}>
                {datesBetween(monday, sunday).map((date, index) => (
                    <Box
                        key={date}
                        role="region"
                        aria-label={formatFullDate(date, locale)}
                        sx={{ minHeight: 120, borderTop: 3, borderColor: date === today ? 'primary.main' : 'divider' }}
                    >
                        <Typography variant="subtitle2" sx={{ py: 0.5 }}>
                            {weekdayName(index + 1, locale)} {formatShortDate(date, locale)}
                        </Typography>
                        <Stack spacing={1}>
                            {events
                                .filter(event => event.startsAt.startsWith(date))
                                .map(event => {
                                    const teacher = teachers.find(user => user.id === event.teacherId);
                                    return (
                                        <Card
                                            key={event.id}
                                            variant="outlined"
                                            sx={{
                                                borderLeft: 4,
                                                borderLeftColor: teacher?.color ?? 'primary.main',
                                                opacity: event.status === 'cancelled' ? 0.5 : 1,
                                            }}
                                        >
                                            <CardActionArea
                                                onClick={() => navigate(`/events/${event.id}`)}
                                                sx={{ p: 1 }}
                                            >
                                                <Typography
                                                    variant="body2"
                                                    fontWeight={600}
                                                    sx={{
                                                        textDecoration:
                                                            event.status === 'cancelled' ? 'line-through' : 'none',
                                                    }}
                                                >
                                                    {formatTime(event.startsAt, locale)}{' '}
                                                    {classTitle(
                                                        courses.find(course => course.id === event.courseId)?.name,
                                                        event.title,
                                                    )}
                                                </Typography>
                                                <Typography variant="caption" color="text.secondary">
                                                    {teacher?.name} ·{' '}
                                                    {translate(`resources.events.statuses.${event.status}`)}
                                                </Typography>
                                                <Stack direction="row" spacing={0.5} alignItems="center">
                                                    <Typography
                                                        variant="caption"
                                                        color="text.secondary"
                                                        data-testid="week-seats"
                                                    >
                                                        {seatsText(translate, event)}
                                                    </Typography>
                                                    <FullChip event={event} />
                                                </Stack>
                                            </CardActionArea>
                                        </Card>
                                    );
                                })}
                        </Stack>
                    </Box>
                ))}
            </Box>
        </Box>
    );
};

export default WeekView;
