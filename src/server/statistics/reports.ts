import type { IncomeStatistics, StaffDashboard, StudioNumbers, TeacherDashboard } from '../../domain/api';
import {
    bucketBoundaries,
    fromCents,
    incomeByMethod,
    incomeByPlan,
    mergedBoundaries,
    periodTotals,
    seriesOf,
    type Amount,
    type Interval,
    type Period,
} from '../../domain/income';
import { earnedBreakdown, earnedDays, nothingEarned } from '../../domain/earned';
import { personName } from '../../domain/journal';
import { comparisonOf, presetPeriod } from '../../domain/periods';
import { visitsLeft } from '../../domain/passes';
import { addDays, instantRange, studioToday, weekStart } from '../../domain/time';
import { classTitle } from '../../domain/timetable';
import type { Config, Identifier, StudioEvent } from '../../domain/types';
import { visibilityFilters } from '../http/access';
import type { AuthenticatedRequest } from '../http/auth';
import { classesWithoutMarks } from '../timetable';
import { startsWithin, type Reader, type Storage } from '../storage/types';
import { chargingStatuses, studioConfig } from '../rules/studio';

/*
 * The statistics' reads: income by day, week or month with its comparison, and each role's dashboard.
 */

const byId = <T extends { id: Identifier }>(records: T[]) => new Map(records.map(record => [record.id, record]));

/** The breakdown with the names of what its keys name, read for those keys only. */
const labelled = async (
    amounts: Amount[],
    names: (ids: Identifier[]) => Promise<{ id: Identifier; name: string }[]>,
): Promise<Amount[]> => {
    const named = byId(await names(amounts.filter(amount => amount.key !== 'none').map(amount => Number(amount.key))));
    return amounts.map(amount => ({
        ...amount,
        label: amount.key === 'none' ? undefined : named.get(Number(amount.key))?.name,
    }));
};

/**
 * Income statistics for a period, with the comparison the dashboard makes too (see comparisonOf): the
 * previous whole month, quarter or year, or the same number of days before, and where the period holds
 * today (at `now`, the server's clock), the days so far against the same days. The engine sums
 * (storage.reports); the rules here and in src/domain/income.ts make the answer.
 */
export const incomeStatistics = async (
    storage: Storage,
    period: Period,
    interval: Interval,
    now: Date,
): Promise<IncomeStatistics> => {
    const { timezone } = await studioConfig(storage);
    const today = studioToday(timezone, now);
    const { kind, length, previous, toDate } = comparisonOf(period, today);
    // Visits earn up to today: the rest of a month that goes on has not been earned yet, by either engine.
    const earnedPeriod = earnedDays(period, today);
    const { reports } = storage;
    const boundaries = bucketBoundaries(period, interval, timezone);
    // The buckets of both periods and the days so far of each, summed in one reading of the payments.
    const spans = mergedBoundaries([
        boundaries,
        bucketBoundaries(previous, interval, timezone),
        ...(toDate ? [toDate.current, toDate.previous].map(({ from, to }) => instantRange(from, to, timezone)) : []),
    ]);
    const [sums, shares, earned] = await Promise.all([
        reports.incomeBetween(spans.boundaries),
        reports.incomeShares(boundaries[0], boundaries[boundaries.length - 1]),
        earnedPeriod ? reports.earned(earnedPeriod).then(earnedBreakdown) : earnedBreakdown(nothingEarned),
    ]);
    const [current, before, toDateSums = [0], toDateBefore = [0]] = spans.split(sums);
    const [toDateTotal, toDatePrevious] = [fromCents(toDateSums[0]), fromCents(toDateBefore[0])];
    const series = seriesOf(period, interval, current);
    const [plans, byDirection, byTeacher, byStudio] = await Promise.all([
        storage.select('subscriptions'),
        labelled(earned.byDirection, ids => storage.getMany('directions', ids)),
        labelled(earned.byTeacher, ids => storage.getMany('users', ids)),
        labelled(earned.byStudio, ids => storage.getMany('studios', ids)),
    ]);
    return {
        ...period,
        interval,
        total: series.total,
        series: series.series,
        comparison: { kind, length },
        toDate: toDate && {
            ...toDate.current,
            total: toDateTotal,
            previous: { ...toDate.previous, total: toDatePrevious },
        },
        byMethod: incomeByMethod(shares),
        byPlan: incomeByPlan(shares, byId(plans)),
        previous: { ...previous, ...seriesOf(previous, interval, before) },
        earned: { to: earnedPeriod?.to ?? null, total: earned.total, byDirection, byTeacher, byStudio },
    };
};

/** The dashboard of the signed-in user at `now` (the server's clock): a teacher's own day; the studio's numbers for staff. */
export const dashboard = async (
    storage: Storage,
    user: AuthenticatedRequest['user'],
    now: Date,
): Promise<TeacherDashboard | StaffDashboard> => {
    const config = await studioConfig(storage);
    const today = studioToday(config.timezone, now);
    // Staff's numbers are read while the day's classes are.
    const [todayEvents, withoutMarks, numbers] = await Promise.all([
        classesOf(storage, user, today),
        classesWithoutMarks(storage, user, now),
        user.role === 'teacher' ? undefined : studioNumbers(storage, config, today),
    ]);
    return numbers ? { today, todayEvents, withoutMarks, ...numbers } : { today, todayEvents, withoutMarks };
};

/** The classes of the day, with what the dashboard shows of each. For a teacher, their own classes only. */
const classesOf = async (
    reader: Reader,
    user: AuthenticatedRequest['user'],
    today: string,
): Promise<TeacherDashboard['todayEvents']> => {
    const events = await reader.select(
        'events',
        [...startsWithin(today, today), ...(await visibilityFilters(user, 'events', reader))],
        {
            sort: { field: 'startsAt', order: 'ASC' },
        },
    );
    // The names of what the day's classes name, and no more.
    const idsOf = (field: 'courseId' | 'studioId' | 'teacherId') => [...new Set(events.map(event => event[field]))];
    const [courses, studios, users, marks, groups] = await Promise.all([
        reader.getMany('courses', idsOf('courseId')).then(byId),
        reader.getMany('studios', idsOf('studioId')).then(byId),
        reader.getMany('users', idsOf('teacherId')).then(byId),
        reader.select('attendances', { eventId: events.map(event => event.id) }),
        reader
            .getMany('schedules', [
                ...new Set(events.flatMap(event => (event.scheduleId == null ? [] : [event.scheduleId]))),
            ])
            .then(byId),
    ]);
    const marked = new Map<Identifier, number>();
    for (const attendance of marks) marked.set(attendance.eventId, (marked.get(attendance.eventId) ?? 0) + 1);
    // Marked of enrolled: a class of a group counts its members, a class of no group has none.
    const enrolledIn = (event: StudioEvent) =>
        event.scheduleId == null ? null : (groups.get(event.scheduleId)?.customerIds.length ?? null);
    return events.map(event => ({
        id: event.id,
        startsAt: event.startsAt,
        durationMinutes: event.durationMinutes,
        status: event.status,
        title: classTitle(courses.get(event.courseId)?.name, event.title),
        studio: studios.get(event.studioId)?.name ?? '',
        teacher: users.get(event.teacherId)?.name ?? '',
        capacity: event.capacity,
        marked: marked.get(event.id) ?? 0,
        enrolled: enrolledIn(event),
    }));
};

/** How many entries of each list the dashboard shows. */
const shown = 50;

/** What staff see beyond the day's classes: income, passes, visits and debts. */
const studioNumbers = async (storage: Storage, config: Config, today: string): Promise<StudioNumbers> => {
    // This month so far against the same days of last month, and all of last month: the income page's rule.
    const month = presetPeriod('this_month', today);
    const { previous, toDate } = comparisonOf(month, today);
    const sameDays = toDate ?? { current: { from: month.from, to: today }, previous };
    // One sum for the three: each takes its own spans of the income since last month began.
    const months = periodTotals([sameDays.current, sameDays.previous, previous], config.timezone);
    const week = { from: weekStart(today), to: addDays(weekStart(today), 6) };
    const [sums, passes, unpaid, visitsThisWeek] = await Promise.all([
        storage.reports.incomeBetween(months.boundaries),
        storage.reports.activePasses(today, {
            endingBy: addDays(today, config.expiringPassDays),
            visitsLeft: config.lowVisitsThreshold,
            limit: shown,
        }),
        storage.select('attendances', { unpaid: true }),
        chargingStatuses(storage).then(charging => storage.reports.marks(week, [...charging])),
    ]);
    const [thisMonth, lastMonthToDate, lastMonth] = months.totals(sums);
    const unpaidVisits = new Map<Identifier, number>();
    unpaid.forEach(attendance =>
        unpaidVisits.set(attendance.customerId, (unpaidVisits.get(attendance.customerId) ?? 0) + 1),
    );
    const expiringShown = passes.firstRunningOut;
    const unpaidShown = [...unpaidVisits].slice(0, shown);
    // Names only of the customers on the lists.
    const customers = byId(
        await storage.getMany('customers', [
            ...new Set([...expiringShown.map(pass => pass.customerId), ...unpaidShown.map(([id]) => id)]),
        ]),
    );
    const nameOf = (customerId: Identifier) => {
        const customer = customers.get(customerId);
        return customer ? personName(customer) : '';
    };
    return {
        income: { thisMonth, lastMonthToDate, lastMonth, toDate: sameDays, previous },
        activePasses: passes.active,
        visitsThisWeek,
        expiringPasses: expiringShown.map(pass => ({
            id: pass.id,
            customerId: pass.customerId,
            customer: nameOf(pass.customerId),
            name: pass.name,
            endsOn: pass.endsOn,
            visitsLeft: visitsLeft(pass),
        })),
        expiringCount: passes.runningOut,
        unpaidVisits: unpaid.length,
        unpaidCustomers: unpaidShown.map(([id, visits]) => ({ customerId: id, customer: nameOf(id), visits })),
    };
};
