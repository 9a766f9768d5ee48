import { Grid, Link, List, ListItem, ListItemText, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useCanAccess, useGetList, useGetMany, useLocaleState, useTranslate } from 'react-admin';
import { formatDateTime } from '../../app/i18n/dates';
import { useStudioTimezone } from '../../app/studio';
import { personName } from '../../domain/journal';
import { classTitle } from '../../domain/timetable';
import type { Course, Customer, Penalty, StudioEvent } from '../../domain/types';
import { usePenaltyCost, WaiveButton } from '../../resources/penalties/PenaltyFields';
import { Panel } from './Panel';

/*
 * The dashboard's penalties to review: the pending ones, the next to apply first, each with who, which
 * class, what for, what it costs and when it applies, and Waive. Managers and admins only (teachers
 * cannot read penalties); the panel is not there while nothing waits.
 */

const shown = 20;

const unique = <T,>(values: T[]) => [...new Set(values)];

export const PenaltiesPanel = () => {
    const translate = useTranslate();
    const [locale] = useLocaleState();
    const timeZone = useStudioTimezone();
    const costOf = usePenaltyCost();
    const { canAccess } = useCanAccess({ resource: 'penalties', action: 'list' });
    const { data: penalties = [], total = 0 } = useGetList<Penalty>(
        'penalties',
        {
            filter: { status: 'pending' },
            sort: { field: 'appliesAt', order: 'ASC' },
            pagination: { page: 1, perPage: shown },
        },
        { enabled: !!canAccess },
    );
    const customerIds = unique(penalties.map(penalty => penalty.customerId));
    const eventIds = unique(penalties.map(penalty => penalty.eventId));
    const { data: customers = [] } = useGetMany<Customer>(
        'customers',
        { ids: customerIds },
        { enabled: customerIds.length > 0 },
    );
    const { data: events = [] } = useGetMany<StudioEvent>(
        'events',
        { ids: eventIds },
        { enabled: eventIds.length > 0 },
    );
    const courseIds = unique(events.map(event => event.courseId));
    const { data: courses = [] } = useGetMany<Course>(
        'settings/courses',
        { ids: courseIds },
        { enabled: courseIds.length > 0 },
    );
    if (!canAccess || penalties.length === 0) return null;

    const customerOf = (id: Penalty['customerId']) => customers.find(customer => customer.id === id);
    const classOf = (id: Penalty['eventId']) => {
        const event = events.find(candidate => candidate.id === id);
        if (!event) return '';
        const course = courses.find(candidate => candidate.id === event.courseId);
        return `${classTitle(course?.name, event.title)} · ${formatDateTime(event.startsAt, locale)}`;
    };

    return (
        <Grid size={{ xs: 12, lg: 6 }}>
            <Panel
                title={`${translate('app.penalties.dashboard.title')}: ${total}`}
                subheader={translate('app.penalties.dashboard.hint')}
            >
                <List dense disablePadding sx={{ maxHeight: 360, overflow: 'auto' }} data-testid="penalties-to-review">
                    {penalties.map(penalty => {
                        const customer = customerOf(penalty.customerId);
                        const what = `${translate(`app.penalties.kinds.${penalty.kind}`)} · ${costOf(penalty)}`;
                        return (
                            <ListItem
                                key={penalty.id}
                                secondaryAction={<WaiveButton penalty={penalty} summary={what} />}
                                sx={{ pr: 10 }}
                            >
                                <ListItemText
                                    primary={
                                        <Link component={RouterLink} to={`/customers/${penalty.customerId}`}>
                                            {customer ? personName(customer) : `#${penalty.customerId}`}
                                        </Link>
                                    }
                                    secondary={
                                        <>
                                            {classOf(penalty.eventId)}
                                            <br />
                                            {`${what} · ${translate('app.penalties.applies', {
                                                date: formatDateTime(penalty.appliesAt, locale, timeZone),
                                            })}`}
                                        </>
                                    }
                                />
                            </ListItem>
                        );
                    })}
                </List>
                {total > penalties.length && (
                    <Typography variant="caption" color="text.secondary">
                        {translate('app.penalties.dashboard.more', { smart_count: total - penalties.length })}
                    </Typography>
                )}
            </Panel>
        </Grid>
    );
};
