import { Router, type Request } from 'express';
import { z } from 'zod';
import { earnedRevenue, incomeByMethod, incomeByPlan, incomeSeries, intervals, paymentsIn, previousPeriod, type Amount, type Period } from '../domain/income';
import { isoDate } from '../domain/fields';
import { canOpenPage } from '../domain/permissions';
import { isActiveOn, visitsLeft } from '../domain/passes';
import { addDays, daysBetween, studioToday, weekStart } from '../domain/time';
import type { Config, Database, Identifier, StudioEvent } from '../domain/types';
import { validate } from '../domain/validation';
import type { AuthenticatedRequest } from './auth';
import { forbidden, handle, invalidFields } from './errors';
import type { Store } from './store';

const maxDays = 3660;

const incomeQuery = z
    .object({ from: isoDate, to: isoDate, interval: z.enum(intervals).default('day') })
    .strict()
    .refine(query => query.from <= query.to, { message: 'app.validation.ends_before_start', path: ['to'] })
    .refine(query => query.from > query.to || daysBetween(query.from, query.to) < maxDays, { message: 'app.validation.too_large', path: ['to'] });

const configOf = (db: Database) => db.configs.find(config => config.id === 'general') as Config;
const byId = <T extends { id: Identifier }>(records: T[]) => new Map(records.map(record => [record.id, record]));

const labelled = (amounts: Amount[], names: Map<Identifier, { name: string }>): Amount[] =>
    amounts.map(amount => ({ ...amount, label: amount.key === 'none' ? undefined : names.get(Number(amount.key))?.name }));

/** Income statistics for a period, computed over the whole database on the server. */
export const incomeStatistics = (db: Database, period: Period, interval: (typeof intervals)[number]) => {
    const { timezone } = configOf(db);
    const previous = previousPeriod(period);
    const passes = byId(db.passes);
    const inPeriod = paymentsIn(db.payments, period, timezone);
    const current = incomeSeries(inPeriod, period, interval, timezone);
    const before = incomeSeries(paymentsIn(db.payments, previous, timezone), previous, interval, timezone);
    const courses = byId(db.courses);
    const events = byId(db.events);
    const earned = earnedRevenue({ attendances: db.attendances, events, courses, passes: db.passes }, period);
    return {
        ...period,
        interval,
        total: current.total,
        series: current.series,
        byMethod: incomeByMethod(inPeriod),
        byPlan: incomeByPlan(inPeriod, passes, byId(db.subscriptions)),
        previous: { ...previous, ...before },
        earned: {
            total: earned.total,
            byDirection: labelled(earned.byDirection, byId(db.directions)),
            byTeacher: labelled(earned.byTeacher, byId(db.users)),
            byStudio: labelled(earned.byStudio, byId(db.studios)),
        },
    };
};

/** The dashboard of the signed-in user: a teacher's own day; the studio's numbers for staff. */
export const dashboard = (db: Database, user: AuthenticatedRequest['user'], now = new Date()): TeacherDashboard | StaffDashboard => {
    const config = configOf(db);
    const today = studioToday(config.timezone, now);
    const courses = byId(db.courses);
    const studios = byId(db.studios);
    const users = byId(db.users);
    const todayEvents = db.events
        .filter(event => event.startsAt.startsWith(today) && (user.role !== 'teacher' || event.teacherId === user.id))
        .sort((a, b) => a.startsAt.localeCompare(b.startsAt))
        .map(event => ({
            id: event.id,
            startsAt: event.startsAt,
            durationMinutes: event.durationMinutes,
            status: event.status,
            title: event.title ?? courses.get(event.courseId)?.name ?? '',
            studio: studios.get(event.studioId)?.name ?? '',
            teacher: users.get(event.teacherId)?.name ?? '',
            capacity: event.capacity,
            marked: db.attendances.filter(attendance => attendance.eventId === event.id).length,
        }));
    if (user.role === 'teacher') return { today, todayEvents };
    return { today, todayEvents, ...studioNumbers(db, config, today) };
};

/** What staff see beyond the day's classes: income, passes, visits and debts. */
const studioNumbers = (db: Database, config: Config, today: string) => {
    const monthStart = `${today.slice(0, 7)}-01`;
    const lastMonthStart = `${addDays(monthStart, -1).slice(0, 7)}-01`;
    const income = (from: string, to: string) => incomeSeries(paymentsIn(db.payments, { from, to }, config.timezone), { from, to }, 'month', config.timezone).total;
    const sameDayLastMonth = addDays(lastMonthStart, Math.min(daysBetween(monthStart, today), daysBetween(lastMonthStart, addDays(monthStart, -1))));
    const charging = new Set(db.statuses.filter(status => status.name === 'attendance' && status.charges).map(status => status.code));
    const week = { from: weekStart(today), to: addDays(weekStart(today), 6) };
    const eventsThisWeek = new Set(db.events.filter(event => event.startsAt.slice(0, 10) >= week.from && event.startsAt.slice(0, 10) <= week.to).map(event => event.id));
    const customers = byId(db.customers);
    const nameOf = (customerId: Identifier) => {
        const customer = customers.get(customerId);
        return customer ? `${customer.firstName} ${customer.lastName}` : '';
    };
    const active = db.passes.filter(pass => isActiveOn(pass, today));
    const expiring = active
        .filter(pass => pass.endsOn <= addDays(today, config.expiringPassDays) || (pass.visitsTotal !== null && (visitsLeft(pass) ?? 0) <= config.lowVisitsThreshold))
        .sort((a, b) => a.endsOn.localeCompare(b.endsOn))
        .map(pass => ({ id: pass.id, customerId: pass.customerId, customer: nameOf(pass.customerId), name: pass.name, endsOn: pass.endsOn, visitsLeft: visitsLeft(pass) }));
    const unpaid = db.attendances.filter(attendance => attendance.unpaid);
    return {
        income: { thisMonth: income(monthStart, today), lastMonthToDate: income(lastMonthStart, sameDayLastMonth), lastMonth: income(lastMonthStart, addDays(monthStart, -1)) },
        activePasses: active.length,
        visitsThisWeek: db.attendances.filter(attendance => eventsThisWeek.has(attendance.eventId) && charging.has(attendance.status)).length,
        expiringPasses: expiring.slice(0, 50),
        expiringCount: expiring.length,
        unpaidVisits: unpaid.length,
        unpaidCustomers: [...new Set(unpaid.map(attendance => attendance.customerId))].slice(0, 50).map(id => ({
            customerId: id,
            customer: nameOf(id),
            visits: unpaid.filter(attendance => attendance.customerId === id).length,
        })),
    };
};

const userOf = (req: Request) => (req as AuthenticatedRequest).user;

export const statisticsRoutes = (store: Store): Router => {
    const router = Router();
    router.get(
        '/statistics/incomes',
        handle((req, res) => {
            if (!canOpenPage(userOf(req).role, 'statistics')) throw forbidden('Statistics are for managers and admins');
            const query = validate(incomeQuery, req.query);
            if (!query.ok) throw invalidFields(query.errors);
            const { from, to, interval } = query.value;
            res.json(incomeStatistics(store.data, { from, to }, interval));
        }),
    );
    router.get(
        '/dashboard',
        handle((req, res) => {
            res.json(dashboard(store.data, userOf(req)));
        }),
    );
    return router;
};

export type IncomeStatistics = ReturnType<typeof incomeStatistics>;
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
    }[];
}
export type StaffDashboard = TeacherDashboard & ReturnType<typeof studioNumbers>;
export type DashboardData = TeacherDashboard | StaffDashboard;
