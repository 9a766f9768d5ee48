import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IncomeStatistics } from '../../src/domain/api';
import { addMonths, monthEnd, presetPeriod } from '../../src/domain/periods';
import { addDays, daysBetween, studioToday } from '../../src/domain/time';
import type { Attendance, Database, Pass, StudioEvent } from '../../src/domain/types';
import { call, demoDb, login } from '../support/server';
import { startClockedApp, type ClockedApp } from '../support/signIns';

/*
 * What visits earned stops at the studio's today: the days still to come of the current month, and its
 * classes to come, have earned nothing yet. Built around the day the server's clock is set to (noon in
 * Moscow, mid-month), which is what the server reads; run on both engines (the db.json and postgres
 * projects).
 */
const clockAt = '2027-02-10T09:00:00.000Z';
const today = studioToday('Europe/Moscow', new Date(clockAt));
const thisMonth = presetPeriod('this_month', today);
const lastMonth = presetPeriod('last_month', today);
const nextMonth = { from: addMonths(thisMonth.from, 1), to: monthEnd(addMonths(thisMonth.from, 1)) };
const daysOf = ({ from, to }: { from: string; to: string }) => daysBetween(from, to) + 1;

const handBuilt = (): Database => {
    const db = JSON.parse(readFileSync(demoDb, 'utf8')) as Database;
    const [anna, boris] = db.customers;
    const teacher = db.users.find(user => user.role === 'teacher')!;
    const [plan8, planUnlimited] = [
        db.subscriptions.find(plan => plan.visits === 8)!,
        db.subscriptions.find(plan => plan.visits === null)!,
    ];
    const created = `${lastMonth.from}T00:00:00.000Z`;
    const pass = (id: number, customerId: number, plan: typeof plan8, period: typeof thisMonth, price: number) =>
        ({
            id,
            createdAt: created,
            customerId,
            subscriptionId: plan.id,
            name: plan.name,
            price,
            visitsTotal: plan.visits,
            directionIds: [],
            startsOn: period.from,
            endsOn: period.to,
            visitsUsed: 0,
            frozenFrom: null,
            frozenTo: null,
            cancelled: false,
            paymentId: null,
        }) satisfies Pass;
    // Unlimited passes of 100 a day, none of them used: each day of theirs earns 100 as a day without visits.
    // The demo's seats are in its own classes, replaced here.
    db.bookings = [];
    db.passes = [
        pass(1, boris.id, planUnlimited, lastMonth, 100 * daysOf(lastMonth)),
        pass(2, boris.id, planUnlimited, thisMonth, 100 * daysOf(thisMonth)),
        pass(3, boris.id, planUnlimited, nextMonth, 100 * daysOf(nextMonth)),
        // 100 a visit, from last month to next.
        pass(4, anna.id, plan8, { from: lastMonth.from, to: nextMonth.to }, 800),
    ];
    db.payments = [];
    db.paymentLinks = [];
    // The demo's memberships pay by its passes and payments, replaced here.
    db.memberships = [];
    db.charges = [];
    db.paymentMethods = [];
    db.schedules = [];
    // A class today and one tomorrow, both marked already: only today's has been visited.
    db.events = [today, addDays(today, 1)].map(
        (date, index) =>
            ({
                id: index + 1,
                createdAt: created,
                scheduleId: null,
                title: null,
                courseId: db.courses[0].id,
                teacherId: teacher.id,
                studioId: db.studios[0].id,
                startsAt: `${date}T00:30`,
                durationMinutes: 60,
                capacity: 10,
                bookable: true,
                status: 'planned',
                notes: null,
            }) satisfies StudioEvent,
    );
    db.attendances = db.events.map(
        event =>
            ({
                id: event.id,
                createdAt: created,
                eventId: event.id,
                customerId: anna.id,
                status: 'attended',
                passId: 4,
                charged: true,
                unpaid: false,
                markedBy: teacher.id,
            }) satisfies Attendance,
    );
    db.passes[3].visitsUsed = 2;
    return db;
};

let app: ClockedApp;
let manager: string;

beforeAll(async () => {
    app = await startClockedApp({ db: handBuilt(), at: clockAt });
    manager = await login(app.url, 'manager');
});

afterAll(async () => {
    await app.stop();
});

const earned = async (period: { from: string; to: string }) => {
    const { status, body } = await call(
        app.url,
        `/api/statistics/incomes?from=${period.from}&to=${period.to}&interval=week`,
        { token: manager },
    );
    expect(status).toBe(200);
    return (body as unknown as IncomeStatistics).earned;
};

describe('what visits earned', () => {
    it('in the current month stops at today: its days and classes to come have earned nothing yet', async () => {
        const month = await earned(thisMonth);
        const daysSoFar = daysOf({ from: thisMonth.from, to: today });
        // The unlimited pass's days so far, and today's visit; not tomorrow's.
        expect(month.total).toBe(100 * daysSoFar + 100);
        expect(month.byDirection.find(entry => entry.key === 'none')?.amount).toBe(100 * daysSoFar);
        expect(month.to).toBe(today);
    });

    it('in a past month counts every day of it, and in a month to come nothing', async () => {
        const past = await earned(lastMonth);
        expect(past.total).toBe(100 * daysOf(lastMonth));
        expect(past.to).toBe(lastMonth.to);
        const toCome = await earned(nextMonth);
        expect(toCome).toEqual({ to: null, total: 0, byDirection: [], byTeacher: [], byStudio: [] });
    });

    it('over a period from last month to next, up to today', async () => {
        const period = { from: lastMonth.from, to: nextMonth.to };
        const daysSoFar = daysOf({ from: thisMonth.from, to: today });
        expect((await earned(period)).total).toBe(100 * daysOf(lastMonth) + 100 * daysSoFar + 100);
    });
});
