import {
    Box,
    Card,
    CardContent,
    Chip,
    Grid,
    LinearProgress,
    List,
    ListItemButton,
    ListItemText,
    Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { Title, useDataProvider, useGetIdentity, useLocaleState, useTranslate } from 'react-admin';
import type { StudioDataProvider } from '../../app/dataProvider';
import { formatDateTime, formatShortDate, formatTime } from '../../app/i18n/dates';
import type { DashboardData } from '../../domain/api';
import { classTitle } from '../../domain/timetable';
import { formatDays, formatPeriod } from '../statistics/comparison';
import { moneyFormatter } from '../../app/i18n/numbers';
import { useStudioConfig } from '../../app/studio';
import { PaymentSetupWarning } from '../../resources/configs/PaymentSetupWarning';
import { Empty, Panel } from './Panel';
import { MyTasksPanel } from './MyTasksPanel';
import { PenaltiesPanel } from './PenaltiesPanel';
import { ConsentsPanel } from './ConsentsPanel';
import { MembershipsPanel } from './MembershipsPanel';
import { TeacherWeekPanel } from './TeacherWeekPanel';

const Figure = ({
    label,
    value,
    notes = [],
    testId,
}: {
    label: string;
    value: string;
    notes?: { text: string; testId: string }[];
    testId: string;
}) => (
    <Card sx={{ height: '100%' }}>
        <CardContent>
            <Typography variant="body2" color="text.secondary">
                {label}
            </Typography>
            <Typography variant="h4" component="p" data-testid={testId} sx={{ my: 0.5 }}>
                {value}
            </Typography>
            {notes.map(note => (
                <Typography
                    key={note.testId}
                    variant="caption"
                    color="text.secondary"
                    component="p"
                    data-testid={note.testId}
                >
                    {note.text}
                </Typography>
            ))}
        </CardContent>
    </Card>
);

/**
 * The first page: today's classes; for staff the month's income, passes running out and debts; for a
 * teacher their week ahead.
 */
export const Dashboard = () => {
    const translate = useTranslate();
    const [locale] = useLocaleState();
    const config = useStudioConfig();
    const dataProvider = useDataProvider<StudioDataProvider>();
    const { identity } = useGetIdentity();
    const { data } = useQuery<DashboardData>({ queryKey: ['dashboard'], queryFn: () => dataProvider.getDashboard() });
    if (!data) return <LinearProgress sx={{ mt: 2 }} />;
    const money = moneyFormatter(locale, config?.currency ?? 'RUB');
    const staff = 'income' in data ? data : undefined;
    // Of the group's members, not of the room's capacity: a class of no group has no members to count.
    const markedOf = (event: DashboardData['todayEvents'][number]) =>
        event.enrolled === null
            ? translate('app.dashboard.marked_no_group', { marked: event.marked })
            : translate('app.dashboard.marked', { marked: event.marked, enrolled: event.enrolled });

    return (
        <Box sx={{ py: 2 }}>
            <Title title="app.dashboard.title" />
            {identity?.role === 'admin' && <PaymentSetupWarning atSignIn />}
            <Grid container spacing={2}>
                {staff && (
                    <>
                        <Grid size={{ xs: 12, sm: 6, lg: 4 }}>
                            <Figure
                                label={`${translate('app.dashboard.income_month')} (${formatDays(staff.income.toDate.current, locale)})`}
                                value={money.format(staff.income.thisMonth)}
                                notes={[
                                    {
                                        text: translate('app.dashboard.vs_last_month', {
                                            period: formatDays(staff.income.toDate.previous, locale),
                                            amount: money.format(staff.income.lastMonthToDate),
                                        }),
                                        testId: 'income-same-days',
                                    },
                                    {
                                        text: translate('app.dashboard.last_month_total', {
                                            period: formatPeriod(staff.income.previous, 'month', 1, locale, translate),
                                            amount: money.format(staff.income.lastMonth),
                                        }),
                                        testId: 'income-last-month',
                                    },
                                ]}
                                testId="income-month"
                            />
                        </Grid>
                        <Grid size={{ xs: 12, sm: 6, lg: 4 }}>
                            <Figure
                                label={translate('app.dashboard.active_passes')}
                                value={String(staff.activePasses)}
                                testId="active-passes"
                            />
                        </Grid>
                        <Grid size={{ xs: 12, sm: 6, lg: 4 }}>
                            <Figure
                                label={translate('app.dashboard.visits_week')}
                                value={String(staff.visitsThisWeek)}
                                testId="visits-week"
                            />
                        </Grid>
                    </>
                )}
                <Grid size={{ xs: 12, lg: staff ? 6 : 12 }}>
                    <Panel
                        title={translate('app.dashboard.today_events')}
                        subheader={formatShortDate(data.today, locale)}
                    >
                        {data.todayEvents.length === 0 ? (
                            <Empty text={translate('app.dashboard.no_events')} />
                        ) : (
                            <List dense disablePadding data-testid="today-events">
                                {data.todayEvents.map(event => (
                                    <ListItemButton key={event.id} component={Link} to={`/events/${event.id}`}>
                                        <ListItemText
                                            primary={`${formatTime(event.startsAt, locale)} · ${event.title}`}
                                            secondary={`${event.studio} · ${event.teacher} · ${markedOf(event)}`}
                                        />
                                        {event.status !== 'planned' && (
                                            <Chip
                                                size="small"
                                                label={translate(`resources.events.statuses.${event.status}`)}
                                            />
                                        )}
                                    </ListItemButton>
                                ))}
                            </List>
                        )}
                    </Panel>
                </Grid>
                <MyTasksPanel />
                {data.withoutMarks.count > 0 && (
                    <Grid size={{ xs: 12, lg: staff ? 6 : 12 }}>
                        <Panel
                            title={`${translate('app.dashboard.without_marks')}: ${data.withoutMarks.count}`}
                            subheader={translate('app.dashboard.without_marks_hint')}
                        >
                            <List
                                dense
                                disablePadding
                                sx={{ maxHeight: 360, overflow: 'auto' }}
                                data-testid="without-marks"
                            >
                                {data.withoutMarks.classes.map(event => (
                                    <ListItemButton key={event.id} component={Link} to={`/events/${event.id}`}>
                                        <ListItemText
                                            primary={`${formatDateTime(event.startsAt, locale)} · ${classTitle(event.course, event.title)}`}
                                            secondary={event.teacher}
                                        />
                                    </ListItemButton>
                                ))}
                            </List>
                            {data.withoutMarks.count > data.withoutMarks.classes.length && (
                                <Typography variant="caption" color="text.secondary">
                                    {translate('app.dashboard.more_without_marks', {
                                        smart_count: data.withoutMarks.count - data.withoutMarks.classes.length,
                                    })}
                                </Typography>
                            )}
                        </Panel>
                    </Grid>
                )}
                {identity?.role === 'teacher' && <TeacherWeekPanel />}
                {staff && <PenaltiesPanel />}
                {staff && <ConsentsPanel />}
                {staff && <MembershipsPanel />}
                {staff && (
                    <>
                        <Grid size={{ xs: 12, lg: 6 }}>
                            <Panel
                                title={translate('app.dashboard.expiring')}
                                subheader={translate('app.dashboard.expiring_hint', {
                                    days: config?.expiringPassDays ?? 7,
                                })}
                            >
                                {staff.expiringPasses.length === 0 ? (
                                    <Empty text={translate('app.dashboard.no_expiring')} />
                                ) : (
                                    <List dense disablePadding sx={{ maxHeight: 360, overflow: 'auto' }}>
                                        {staff.expiringPasses.map(pass => (
                                            <ListItemButton
                                                key={pass.id}
                                                component={Link}
                                                to={`/customers/${pass.customerId}`}
                                            >
                                                <ListItemText
                                                    primary={pass.customer}
                                                    secondary={`${pass.name} · ${translate('app.dashboard.ends_on', { date: formatShortDate(pass.endsOn, locale) })} · ${
                                                        pass.visitsLeft === null
                                                            ? translate('app.dashboard.unlimited')
                                                            : translate('app.dashboard.visits_left', {
                                                                  smart_count: pass.visitsLeft,
                                                              })
                                                    }`}
                                                />
                                            </ListItemButton>
                                        ))}
                                    </List>
                                )}
                            </Panel>
                        </Grid>
                        <Grid size={{ xs: 12, lg: 6 }}>
                            <Panel title={`${translate('app.dashboard.unpaid')}: ${staff.unpaidVisits}`}>
                                {staff.unpaidCustomers.length === 0 ? (
                                    <Empty text={translate('app.dashboard.no_unpaid')} />
                                ) : (
                                    <List dense disablePadding sx={{ maxHeight: 360, overflow: 'auto' }}>
                                        {staff.unpaidCustomers.map(debt => (
                                            <ListItemButton
                                                key={debt.customerId}
                                                component={Link}
                                                to={`/customers/${debt.customerId}`}
                                            >
                                                <ListItemText
                                                    primary={debt.customer}
                                                    secondary={translate('app.dashboard.unpaid_visits', {
                                                        smart_count: debt.visits,
                                                    })}
                                                />
                                            </ListItemButton>
                                        ))}
                                    </List>
                                )}
                            </Panel>
                        </Grid>
                    </>
                )}
            </Grid>
        </Box>
    );
};
