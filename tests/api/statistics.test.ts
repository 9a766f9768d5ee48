import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Pass, Payment } from '../../src/domain/types';
import { call, demoDb, login, removeDir, startServer, type RunningServer } from '../support/server';

/*
 * A small hand-built database on top of the demo catalogue: two customers, three passes, a few payments
 * around the Moscow midnight and a refund, two classes with charged visits. In November 2020, wholly
 * past, so that all its days have earned (tests/api/statistics-today.test.ts has the days to come).
 */
const handBuilt = (): Database => {
    const db = JSON.parse(readFileSync(demoDb, 'utf8')) as Database;
    const created = '2020-10-01T00:00:00.000Z';
    const [plan8, planUnlimited] = [
        db.subscriptions.find(plan => plan.visits === 8)!,
        db.subscriptions.find(plan => plan.visits === null)!,
    ];
    const [anna, boris] = db.customers;
    const manager = db.users.find(user => user.role === 'manager')!;
    const teacher = db.users.find(user => user.role === 'teacher')!;
    const course = db.courses[0];
    const studio = db.studios[0];
    const pass = (
        id: number,
        customerId: number,
        plan: typeof plan8,
        startsOn: string,
        endsOn: string,
        price: number,
    ): Pass => ({
        id,
        createdAt: created,
        customerId,
        subscriptionId: plan.id,
        name: plan.name,
        price,
        visitsTotal: plan.visits,
        directionIds: [],
        startsOn,
        endsOn,
        visitsUsed: 0,
        frozenFrom: null,
        frozenTo: null,
        cancelled: false,
        paymentId: null,
    });
    const payment = (
        id: number,
        customerId: number,
        amount: number,
        paidAt: string,
        fields: Partial<Payment> = {},
    ): Payment => ({
        id,
        createdAt: created,
        customerId,
        kind: 'payment',
        amount,
        method: 'cash',
        passId: null,
        paymentLinkId: null,
        paidAt,
        note: null,
        createdBy: manager.id,
        ...fields,
    });
    db.paymentLinks = [];
    // The demo's memberships pay by its passes and payments, replaced here.
    db.memberships = [];
    db.charges = [];
    db.paymentMethods = [];
    // The demo's seats are in its own classes, replaced here.
    db.bookings = [];
    db.attendances = [];
    db.schedules = [];
    db.passes = [
        pass(1, anna.id, plan8, '2020-11-01', '2020-11-30', 8000),
        pass(2, boris.id, planUnlimited, '2020-11-01', '2020-11-30', 3000),
        pass(3, boris.id, plan8, '2020-10-01', '2020-10-30', 4000),
    ];
    db.payments = [
        payment(1, anna.id, 8000, '2020-10-31T21:00:00.000Z', { passId: 1, method: 'card' }), // 1 November 00:00 in Moscow
        payment(2, boris.id, 3000, '2020-11-15T10:00:00.000Z', { passId: 2, method: 'transfer' }),
        payment(3, boris.id, 500, '2020-11-20T10:00:00.000Z', { kind: 'refund', passId: 2, method: 'transfer' }),
        payment(4, boris.id, 700, '2020-11-30T21:00:00.000Z'), // 1 December in Moscow: not November
        payment(5, boris.id, 4000, '2020-10-10T10:00:00.000Z', { passId: 3 }),
    ];
    db.events = [1, 2].map(id => ({
        id,
        createdAt: created,
        scheduleId: null,
        title: null,
        courseId: course.id,
        teacherId: teacher.id,
        studioId: studio.id,
        startsAt: `2020-11-0${id + 1}T19:00`,
        durationMinutes: 60,
        capacity: 10,
        bookable: true,
        status: 'done' as const,
        notes: null,
    }));
    db.attendances = [
        {
            id: 1,
            createdAt: created,
            eventId: 1,
            customerId: anna.id,
            status: 'attended',
            passId: 1,
            charged: true,
            unpaid: false,
            markedBy: teacher.id,
        },
        {
            id: 2,
            createdAt: created,
            eventId: 2,
            customerId: anna.id,
            status: 'attended',
            passId: 1,
            charged: true,
            unpaid: false,
            markedBy: teacher.id,
        },
        {
            id: 3,
            createdAt: created,
            eventId: 2,
            customerId: boris.id,
            status: 'attended',
            passId: 2,
            charged: true,
            unpaid: false,
            markedBy: teacher.id,
        },
    ];
    db.passes[0].visitsUsed = 2;
    db.passes[1].visitsUsed = 1;
    return db;
};

let server: RunningServer;
let manager: string;
let teacherToken: string;

beforeAll(async () => {
    server = await startServer({ db: handBuilt() });
    [manager, teacherToken] = await Promise.all([login(server.url, 'manager'), login(server.url, 'teacher')]);
});

afterAll(async () => {
    await server.stop();
    removeDir(server.dir);
});

const statistics = (query: string, token = manager) => call(server.url, `/api/statistics/incomes?${query}`, { token });

describe('income statistics', () => {
    it('sums payments minus refunds on the studio days of the period', async () => {
        const { status, body } = await statistics('from=2020-11-01&to=2020-11-30&interval=week');
        expect(status).toBe(200);
        expect(body.total).toBe(10500);
        expect(body.series).toEqual([
            { period: '2020-10-26', income: 8000 },
            { period: '2020-11-02', income: 0 },
            { period: '2020-11-09', income: 3000 },
            { period: '2020-11-16', income: -500 },
            { period: '2020-11-23', income: 0 },
            { period: '2020-11-30', income: 0 },
        ]);
        expect(body.byMethod).toEqual([
            { key: 'card', amount: 8000 },
            { key: 'transfer', amount: 2500 },
        ]);
        expect((body.byPlan as { label: string; amount: number }[]).map(plan => plan.amount)).toEqual([8000, 2500]);
    });

    it('compares a whole month with the whole month before, and other days with as many days before', async () => {
        const { body } = await statistics('from=2020-11-01&to=2020-11-30&interval=month');
        expect(body.previous).toMatchObject({ from: '2020-10-01', to: '2020-10-31', total: 4000 });
        expect(body.comparison).toEqual({ kind: 'month', length: 1 });
        const days = await statistics('from=2020-11-02&to=2020-11-30&interval=month');
        expect(days.body.previous).toMatchObject({ from: '2020-10-04', to: '2020-11-01', total: 12000 });
        expect(days.body.comparison).toEqual({ kind: 'days', length: 29 });
    });

    it('reports what the visits earned by direction, teacher and studio', async () => {
        const { body } = await statistics('from=2020-11-01&to=2020-11-30&interval=month');
        const earned = body.earned as { total: number; byTeacher: { label?: string; amount: number }[] };
        // Two visits of an 8-visit pass at 8000, and the unlimited pass's 3000 less its 500 refund spread
        // over November's 30 days (83.33 a day).
        expect(earned.total).toBe(4499.9);
        expect(earned.byTeacher.find(entry => entry.label)?.amount).toBe(2083.33);
    });

    it('refuses a bad period with 400 and the field, and teachers with 403', async () => {
        const backwards = await statistics('from=2020-11-30&to=2020-11-01');
        expect(backwards.status).toBe(400);
        expect(backwards.body.errors).toHaveProperty('to');
        expect((await statistics('from=2020-11-01&to=2020-11-31')).status).toBe(400);
        expect((await statistics('from=2020-11-01&to=2020-11-30&interval=hour')).status).toBe(400);
        expect((await statistics('from=2020-11-01&to=2020-11-30&extra=1')).status).toBe(400);
        expect((await statistics('from=2020-11-01&to=2020-11-30', teacherToken)).status).toBe(403);
    });
});

describe('the dashboard', () => {
    it('gives staff the studio numbers and a teacher only their own day', async () => {
        const staff = await call(server.url, '/api/dashboard', { token: manager });
        expect(staff.status).toBe(200);
        expect(staff.body).toHaveProperty('income');
        expect(staff.body).toHaveProperty('activePasses');
        const teacher = await call(server.url, '/api/dashboard', { token: teacherToken });
        expect(Object.keys(teacher.body).sort()).toEqual(['today', 'todayEvents', 'withoutMarks']);
    });
});
