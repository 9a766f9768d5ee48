import { Router, type Request } from 'express';
import { z } from 'zod';
import { earnedRevenue, incomeByMethod, incomeByPlan, incomeSeries, incomeTotals, intervals, paymentsIn, type Amount, type Interval, type Period } from '../domain/income';
import { personName } from '../domain/journal';
import { comparisonOf, presetPeriod } from '../domain/periods';
import { isoDate } from '../domain/fields';
import { canOpenPage } from '../domain/permissions';
import { isActiveOn, visitsLeft } from '../domain/passes';
import { addDays, daysBetween, instantRange, studioToday, weekStart } from '../domain/time';
import type { Config, Identifier, StudioEvent } from '../domain/types';
import { validate } from '../domain/validation';
import { visibilityFilters } from './access';
import type { AuthenticatedRequest } from './auth';
import { forbidden, handle, invalidFields } from './errors';
import type { Reader, Storage } from './storage/types';
import { chargingStatuses, studioConfig } from './studio';
import { startsWithin } from './timetable';

const maxDays = 3660;
const dayMs = 86_400_000;

const incomeQuery = z
    .object({ from: isoDate, to: isoDate, interval: z.enum(intervals).default('day') })
    .strict()
    .refine(query => query.from <= query.to, { message: 'app.validation.ends_before_start', path: ['to'] })
    .refine(query => query.from > query.to || daysBetween(query.from, query.to) < maxDays, { message: 'app.validation.too_large', path: ['to'] });

const byId = <T extends { id: Identifier }>(records: T[]) => new Map(records.map(record => [record.id, record]));

const labelled = (amounts: Amount[], names: Map<Identifier, { name: string }>): Amount[] =>
    amounts.map(amount => ({ ...amount, label: amount.key === 'none' ? undefined : names.get(Number(amount.key))?.name }));

/**
 * The payments made around a period: paidAt is compared as text and an instant may be written with or
 * without seconds, so the storage is asked for a day more on each side; the sums cut exactly in the
 * studio's time zone.
 */
const paymentsAround = async (reader: Reader, period: Period, timeZone: string) => {
    const [start, end] = instantRange(period.from, period.to, timeZone).map(instant => Date.parse(instant));
    return reader.select('payments', [
        { field: 'paidAt', kind: 'gte', value: new Date(start - dayMs).toISOString() },
        { field: 'paidAt', kind: 'lte', value: new Date(end + dayMs).toISOString() },
    ]);
};

/** The payments made on the studio's days of a period. */
const paymentsOf = async (reader: Reader, period: Period, timeZone: string) => paymentsIn(await paymentsAround(reader, period, timeZone), period, timeZone);

/** The passes records name, each once: a loop, as a year of visits is too many for an array per record. */
const passIdsOf = (records: { passId?: Identifier | null }[]): Identifier[] => {
    const ids = new Set<Identifier>();
    for (const record of records) if (record.passId != null) ids.add(record.passId);
    return [...ids];
};

/** The events of a period with their marks. */
const visitsOf = async (reader: Reader, period: Period) => {
    const events = await reader.select('events', startsWithin(period.from, period.to));
    return { events, attendances: await reader.select('attendances', { eventId: events.map(event => event.id) }) };
};

/**
 * What the visits of the period earned. Only visits inside the period count, so the marks of the period's
 * events are enough; the passes are those they charged, and the unlimited ones valid on some day of the
 * period, which earn their daily share even on days nobody came.
 */
const earnedIn = async (reader: Reader, period: Period) => {
    const { events, attendances } = await visitsOf(reader, period);
    const passes = byId(await reader.getMany('passes', passIdsOf(attendances)));
    const unlimited = await reader.select('passes', [
        { field: 'visitsTotal', kind: 'equals', values: [null] },
        { field: 'endsOn', kind: 'gte', value: period.from },
    ]);
    // A pass both charged and unlimited is one pass: counted twice, it would earn its days twice.
    for (const pass of unlimited) if (pass.startsOn <= period.to) passes.set(pass.id, pass);
    const courses = byId(await reader.select('courses'));
    return earnedRevenue({ attendances, events: byId(events), courses, passes: [...passes.values()] }, period);
};

/**
 * Income statistics for a period, computed on the server over the records of the period, with the
 * comparison the dashboard makes too (see comparisonOf): the previous whole month, quarter or year, or the
 * same number of days before, and where the period holds today, the days so far against the same days.
 */
export const incomeStatistics = async (reader: Reader, period: Period, interval: Interval, now = new Date()) => {
    const { timezone } = await studioConfig(reader);
    const { kind, length, previous, toDate } = comparisonOf(period, studioToday(timezone, now));
    const inPeriod = await paymentsOf(reader, period, timezone);
    const current = incomeSeries(inPeriod, period, interval, timezone);
    const inPrevious = await paymentsOf(reader, previous, timezone);
    const before = incomeSeries(inPrevious, previous, interval, timezone);
    // The days so far lie inside the period and their counterparts inside the previous one: summed from what was read.
    const [toDateTotal, toDateBefore] = toDate ? incomeTotals([...inPeriod, ...inPrevious], [toDate.current, toDate.previous], timezone) : [0, 0];
    const paidFor = byId(await reader.getMany('passes', passIdsOf(inPeriod)));
    const earned = await earnedIn(reader, period);
    return {
        ...period,
        interval,
        total: current.total,
        series: current.series,
        comparison: { kind, length },
        toDate: toDate && { ...toDate.current, total: toDateTotal, previous: { ...toDate.previous, total: toDateBefore } },
        byMethod: incomeByMethod(inPeriod),
        byPlan: incomeByPlan(inPeriod, paidFor, byId(await reader.select('subscriptions'))),
        previous: { ...previous, ...before },
        earned: {
            total: earned.total,
            byDirection: labelled(earned.byDirection, byId(await reader.select('directions'))),
            byTeacher: labelled(earned.byTeacher, byId(await reader.select('users'))),
            byStudio: labelled(earned.byStudio, byId(await reader.select('studios'))),
        },
    };
};

/** The dashboard of the signed-in user: a teacher's own day; the studio's numbers for staff. */
export const dashboard = async (reader: Reader, user: AuthenticatedRequest['user'], now = new Date()): Promise<TeacherDashboard | StaffDashboard> => {
    const config = await studioConfig(reader);
    const today = studioToday(config.timezone, now);
    const courses = byId(await reader.select('courses'));
    const studios = byId(await reader.select('studios'));
    const users = byId(await reader.select('users'));
    // For a teacher, their own classes only.
    const events = await reader.select('events', [...startsWithin(today, today), ...(await visibilityFilters(user, 'events', reader))], {
        sort: { field: 'startsAt', order: 'ASC' },
    });
    const marked = new Map<Identifier, number>();
    for (const attendance of await reader.select('attendances', { eventId: events.map(event => event.id) })) {
        marked.set(attendance.eventId, (marked.get(attendance.eventId) ?? 0) + 1);
    }
    // Marked of enrolled: a class of a group counts its members, a class of no group has none.
    const groups = byId(await reader.getMany('schedules', [...new Set(events.flatMap(event => (event.scheduleId == null ? [] : [event.scheduleId])))]));
    const enrolledIn = (event: StudioEvent) => (event.scheduleId == null ? null : (groups.get(event.scheduleId)?.customerIds.length ?? null));
    const todayEvents = events.map(event => ({
        id: event.id,
        startsAt: event.startsAt,
        durationMinutes: event.durationMinutes,
        status: event.status,
        title: event.title ?? courses.get(event.courseId)?.name ?? '',
        studio: studios.get(event.studioId)?.name ?? '',
        teacher: users.get(event.teacherId)?.name ?? '',
        capacity: event.capacity,
        marked: marked.get(event.id) ?? 0,
        enrolled: enrolledIn(event),
    }));
    if (user.role === 'teacher') return { today, todayEvents };
    return { today, todayEvents, ...(await studioNumbers(reader, config, today)) };
};

/** How many entries of each list the dashboard shows. */
const shown = 50;

/** What staff see beyond the day's classes: income, passes, visits and debts. */
const studioNumbers = async (reader: Reader, config: Config, today: string) => {
    // This month so far against the same days of last month, and all of last month: the income page's rule.
    const month = presetPeriod('this_month', today);
    const { previous, toDate } = comparisonOf(month, today);
    const sameDays = toDate ?? { current: { from: month.from, to: today }, previous };
    // One read for the three sums: each takes its own days out of the payments since last month began.
    const payments = await paymentsAround(reader, { from: previous.from, to: today }, config.timezone);
    const [thisMonth, lastMonthToDate, lastMonth] = incomeTotals(payments, [sameDays.current, sameDays.previous, previous], config.timezone);
    const charging = await chargingStatuses(reader);
    const week = await visitsOf(reader, { from: weekStart(today), to: addDays(weekStart(today), 6) });
    // A pass that ended before today cannot be active.
    const active = (await reader.select('passes', [{ field: 'endsOn', kind: 'gte', value: today }])).filter(pass => isActiveOn(pass, today));
    const expiring = active
        .filter(pass => pass.endsOn <= addDays(today, config.expiringPassDays) || (pass.visitsTotal !== null && (visitsLeft(pass) ?? 0) <= config.lowVisitsThreshold))
        .sort((a, b) => a.endsOn.localeCompare(b.endsOn));
    const unpaid = await reader.select('attendances', { unpaid: true });
    const unpaidVisits = new Map<Identifier, number>();
    unpaid.forEach(attendance => unpaidVisits.set(attendance.customerId, (unpaidVisits.get(attendance.customerId) ?? 0) + 1));
    const expiringShown = expiring.slice(0, shown);
    const unpaidShown = [...unpaidVisits].slice(0, shown);
    // Names only of the customers on the lists.
    const customers = byId(await reader.getMany('customers', [...new Set([...expiringShown.map(pass => pass.customerId), ...unpaidShown.map(([id]) => id)])]));
    const nameOf = (customerId: Identifier) => {
        const customer = customers.get(customerId);
        return customer ? personName(customer) : '';
    };
    return {
        income: { thisMonth, lastMonthToDate, lastMonth, toDate: sameDays, previous },
        activePasses: active.length,
        visitsThisWeek: week.attendances.filter(attendance => charging.has(attendance.status)).length,
        expiringPasses: expiringShown.map(pass => ({
            id: pass.id,
            customerId: pass.customerId,
            customer: nameOf(pass.customerId),
            name: pass.name,
            endsOn: pass.endsOn,
            visitsLeft: visitsLeft(pass),
        })),
        expiringCount: expiring.length,
        unpaidVisits: unpaid.length,
        unpaidCustomers: unpaidShown.map(([id, visits]) => ({ customerId: id, customer: nameOf(id), visits })),
    };
};

const userOf = (req: Request) => (req as AuthenticatedRequest).user;

export const statisticsRoutes = (storage: Storage): Router => {
    const router = Router();
    router.get(
        '/statistics/incomes',
        handle(async (req, res) => {
            if (!canOpenPage(userOf(req).role, 'statistics')) throw forbidden('Statistics are for managers and admins');
            const query = validate(incomeQuery, req.query);
            if (!query.ok) throw invalidFields(query.errors);
            const { from, to, interval } = query.value;
            res.json(await incomeStatistics(storage, { from, to }, interval));
        }),
    );
    router.get(
        '/dashboard',
        handle(async (req, res) => {
            res.json(await dashboard(storage, userOf(req)));
        }),
    );
    return router;
};

export type IncomeStatistics = Awaited<ReturnType<typeof incomeStatistics>>;
export interface TeacherDashboard {
    today: string;
    todayEvents: {
        id: Identifier;
        startsAt: string;
        durationMinutes: number;
        status: StudioEvent['status'];
        title: string;
        studio: string;
        teacher: string;
        capacity: number;
        marked: number;
        /** The members of the class's group; null for a class of no group. */
        enrolled: number | null;
    }[];
}
export type StaffDashboard = TeacherDashboard & Awaited<ReturnType<typeof studioNumbers>>;
export type DashboardData = TeacherDashboard | StaffDashboard;
