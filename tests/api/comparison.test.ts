import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths, monthEnd, presetPeriod } from '../../src/domain/periods';
import { studioToday, weekdayOf } from '../../src/domain/time';
import type { Database, Payment } from '../../src/domain/types';
import type { IncomeStatistics, StaffDashboard } from '../../src/domain/api';
import { call, demoDb, login, removeDir, startServer, type RunningServer } from '../support/server';

/*
 * The dashboard and the income page compare by one rule. The payments are put around the studio's real
 * today, since the dashboard always speaks of the current month.
 */
const today = studioToday('Europe/Moscow', new Date());
const thisMonth = presetPeriod('this_month', today);
const lastMonth = presetPeriod('last_month', today);
const twoMonthsAgo = { from: addMonths(today, -2), to: monthEnd(addMonths(today, -2)) };
/** Today's day of the month in last month, or last month's last day where it is shorter. */
const sameDayLastMonth = `${lastMonth.from.slice(0, 8)}${String(Math.min(Number(today.slice(8, 10)), Number(lastMonth.to.slice(8, 10)))).padStart(2, '0')}`;

/** Noon in Moscow on a date: the payment belongs to that studio day whatever the runner's zone. */
const noon = (date: string) => `${date}T09:00:00.000Z`;

const handBuilt = (): Database => {
    const db = JSON.parse(readFileSync(demoDb, 'utf8')) as Database;
    const [anna, boris, clara, dmitry] = db.customers;
    const manager = db.users.find(user => user.role === 'manager')!;
    const teacher = db.users.find(user => user.role === 'teacher')!;
    const created = `${twoMonthsAgo.from}T00:00:00.000Z`;
    const payment = (id: number, amount: number, date: string): Payment => ({
        id,
        createdAt: created,
        customerId: anna.id,
        kind: 'payment',
        amount,
        method: 'cash',
        passId: null,
        paymentLinkId: null,
        paidAt: noon(date),
        note: null,
        createdBy: manager.id,
    });
    // The demo's seats are in its own classes, replaced here.
    db.bookings = [];
    db.passes = [];
    db.paymentLinks = [];
    // The demo's memberships pay by its passes and payments, replaced here.
    db.memberships = [];
    db.charges = [];
    db.paymentMethods = [];
    db.payments = [
        payment(1, 1000, thisMonth.from),
        payment(2, 200, today),
        payment(3, 100, lastMonth.from),
        payment(4, 20, sameDayLastMonth),
        payment(5, 4, lastMonth.to),
        payment(6, 7000, twoMonthsAgo.to),
    ];
    // Today: a class of a group of three with one mark, and a class of no group with one mark.
    db.schedules = [
        {
            id: 1,
            createdAt: created,
            title: 'Evening group',
            courseId: db.courses[0].id,
            teacherId: teacher.id,
            studioId: db.studios[0].id,
            slots: [{ weekday: weekdayOf(today), startTime: '21:00', durationMinutes: 60 }],
            startsOn: twoMonthsAgo.from,
            endsOn: null,
            capacity: 12,
            bookable: true,
            customerIds: [anna.id, boris.id, clara.id],
            active: true,
        },
    ];
    db.events = [1, 2].map(id => ({
        id,
        createdAt: created,
        scheduleId: id === 1 ? 1 : null,
        // The second title repeats its course, as titles typed by hand do.
        title: id === 1 ? 'Evening group' : `${db.courses[0].name} · Open class`,
        courseId: db.courses[0].id,
        teacherId: teacher.id,
        studioId: db.studios[0].id,
        startsAt: `${today}T2${id}:00`,
        durationMinutes: 60,
        capacity: 12,
        bookable: true,
        status: 'planned' as const,
        notes: null,
    }));
    db.attendances = [
        {
            id: 1,
            createdAt: created,
            eventId: 1,
            customerId: boris.id,
            status: 'attended',
            passId: null,
            charged: false,
            unpaid: true,
            markedBy: teacher.id,
        },
        {
            id: 2,
            createdAt: created,
            eventId: 2,
            customerId: dmitry.id,
            status: 'attended',
            passId: null,
            charged: false,
            unpaid: true,
            markedBy: teacher.id,
        },
    ];
    return db;
};

let server: RunningServer;
let manager: string;

beforeAll(async () => {
    server = await startServer({ db: handBuilt() });
    manager = await login(server.url, 'manager');
});

afterAll(async () => {
    await server.stop();
    removeDir(server.dir);
});

const statistics = async (period: { from: string; to: string }) => {
    const { status, body } = await call(
        server.url,
        `/api/statistics/incomes?from=${period.from}&to=${period.to}&interval=day`,
        { token: manager },
    );
    expect(status).toBe(200);
    return body as unknown as IncomeStatistics;
};

const dashboard = async () =>
    (await call(server.url, '/api/dashboard', { token: manager })).body as unknown as StaffDashboard;

describe('the dashboard and the income page compare by one rule', () => {
    it('show the same figures for this month, the same days of last month and all of last month', async () => {
        const { income } = await dashboard();
        const month = await statistics(thisMonth);
        // The last day of last month counts among the same days only when today is as late in the month.
        const sameDays = 100 + 20 + (sameDayLastMonth === lastMonth.to ? 4 : 0);
        expect(income).toMatchObject({ thisMonth: 1200, lastMonthToDate: sameDays, lastMonth: 124 });
        expect(income.toDate).toEqual({
            current: { from: thisMonth.from, to: today },
            previous: { from: lastMonth.from, to: sameDayLastMonth },
        });
        expect(income.previous).toEqual(lastMonth);

        expect(month.comparison).toEqual({ kind: 'month', length: 1 });
        expect(month.previous).toMatchObject({ ...lastMonth, total: income.lastMonth });
        expect(month.toDate).toEqual({
            from: thisMonth.from,
            to: today,
            total: income.thisMonth,
            previous: { ...income.toDate.previous, total: income.lastMonthToDate },
        });
        expect(month.total).toBe(income.thisMonth);
    });

    it("gives last month on the income page the dashboard's figure for all of last month, against the whole month before", async () => {
        const { income } = await dashboard();
        const last = await statistics(lastMonth);
        expect(last.total).toBe(income.lastMonth);
        expect(last.previous).toMatchObject({ ...twoMonthsAgo, total: 7000 });
        expect(last.toDate).toBeNull();
    });

    it('compares a quarter with the quarter before, a year with the year before, and other days with as many days before', async () => {
        const quarter = await statistics(presetPeriod('this_quarter', today));
        expect(quarter.comparison).toEqual({ kind: 'quarter', length: 1 });
        expect(quarter.previous.to).toBe(monthEnd(addMonths(quarter.from, -1)));
        expect(quarter.previous.from).toBe(addMonths(quarter.from, -3));
        const year = await statistics(presetPeriod('this_year', today));
        expect(year.comparison).toEqual({ kind: 'year', length: 1 });
        expect(year.previous).toMatchObject({
            from: `${Number(today.slice(0, 4)) - 1}-01-01`,
            to: `${Number(today.slice(0, 4)) - 1}-12-31`,
        });
        const days = await statistics({ from: '2026-10-02', to: '2026-10-31' });
        expect(days.comparison).toEqual({ kind: 'days', length: 30 });
        expect(days.previous).toMatchObject({ from: '2026-09-02', to: '2026-10-01' });
    });

    it('refuses a period that ends before it starts with 400 naming the field', async () => {
        const { status, body } = await call(
            server.url,
            `/api/statistics/incomes?from=${thisMonth.to}&to=${thisMonth.from}`,
            { token: manager },
        );
        expect(status).toBe(400);
        expect(body.errors).toHaveProperty('to');
    });
});

describe("the dashboard's classes of the day", () => {
    it("count the marks of a group's class against its members, and of a class of no group alone", async () => {
        const { todayEvents } = await dashboard();
        expect(todayEvents.map(event => ({ marked: event.marked, enrolled: event.enrolled }))).toEqual([
            { marked: 1, enrolled: 3 },
            { marked: 1, enrolled: null },
        ]);
    });

    it('name their course once, whether or not the title repeats it', async () => {
        const { todayEvents } = await dashboard();
        const course = (JSON.parse(readFileSync(demoDb, 'utf8')) as Database).courses[0].name;
        expect(todayEvents.map(event => event.title)).toEqual([`${course} · Evening group`, `${course} · Open class`]);
    });
});
