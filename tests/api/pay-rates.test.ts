import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DataProvider, RaRecord } from 'ra-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payRate, type PayRate } from '../../src/domain/pay';
import { studioToday } from '../../src/domain/time';
import { call, engine, login, removeDir, restClient, startServer, type RunningServer } from '../support/server';

/*
 * Teacher pay that never rewrites the past: rates with the dates they apply from, checked through the
 * API as a studio uses it.
 */

let server: RunningServer;
let admin: DataProvider;
let adminToken: string;
let managerToken: string;
const boris = 4;
const today = studioToday('Europe/Moscow', new Date());

interface PayAnswer {
    total: number;
    visits: number;
    teacher: { pay: PayRate[] };
    events: { event: RaRecord; visits: number; pay: number; rate: PayRate | null }[];
}

const payOf = async (teacherId: unknown, from: string, to: string) => {
    const answer = await call(server.url, `/api/teachers/${teacherId}/pay?from=${from}&to=${to}`, {
        token: managerToken,
    });
    expect(answer.status).toBe(200);
    return answer.body as unknown as PayAnswer;
};

const setPay = (id: number, pay: unknown) =>
    call(server.url, `/api/users/${id}`, { method: 'PUT', token: adminToken, json: { pay } });

/** A class that took place (done), in studio 3 early in the morning, where the demo timetable has none. */
const heldClass = async (teacherId: unknown, startsAt: string, courseId = 3) =>
    (
        await admin.create('events', {
            data: { courseId, teacherId, studioId: 3, startsAt, durationMinutes: 60, capacity: 10, status: 'done' },
        })
    ).data;

beforeAll(async () => {
    server = await startServer();
    adminToken = await login(server.url, 'admin');
    managerToken = await login(server.url, 'manager');
    admin = restClient(server.url, adminToken);
});

afterAll(async () => {
    await server.stop();
    removeDir(server.dir);
});

describe('pay rates with dates', () => {
    it('raising a rate from the first of next month leaves last month, and this month, as they were', async () => {
        const october = await payOf(boris, '2026-10-01', '2026-10-31');
        expect(october.total).toBeGreaterThan(0);
        const { pay } = october.teacher;
        const raise = await setPay(boris, [...pay, payRate({ kind: 'per_event', amount: 2500, from: '2026-12-01' })]);
        expect(raise.status).toBe(200);
        const again = await payOf(boris, '2026-10-01', '2026-10-31');
        expect(again.total).toBe(october.total);
        expect(new Set(again.events.map(row => row.rate?.amount))).toEqual(new Set([1500]));
        expect(again.teacher.pay).toHaveLength(2);
    });

    it('pays the classes on either side of a rate change by their own rate, a course by its own', async () => {
        const before = await heldClass(boris, '2027-01-31T07:00');
        const after = await heldClass(boris, '2027-02-01T07:00');
        const workshop = await heldClass(boris, '2027-02-02T07:00', 4);
        const { teacher } = await payOf(boris, '2027-01-31', '2027-02-02');
        const rates = [
            ...teacher.pay,
            payRate({ kind: 'per_event', amount: 3000, from: '2027-02-01' }),
            payRate({ kind: 'per_event', amount: 7000, from: '2027-02-01', courseId: 4 }),
        ];
        expect((await setPay(boris, rates)).status).toBe(200);
        const rows = (await payOf(boris, '2027-01-31', '2027-02-02')).events;
        const payFor = (event: RaRecord) => rows.find(row => row.event.id === event.id);
        expect(payFor(before)).toMatchObject({ pay: 2500, rate: { amount: 2500, from: '2026-12-01' } });
        expect(payFor(after)).toMatchObject({ pay: 3000, rate: { amount: 3000, from: '2027-02-01', courseId: null } });
        expect(payFor(workshop)).toMatchObject({ pay: 7000, rate: { amount: 7000, courseId: 4 } });
    });

    it('refuses to change or remove a rate in force before today, or to start one before today, naming the field', async () => {
        const { teacher } = await payOf(boris, today, today);
        const [first, ...rest] = teacher.pay;
        const refusals: [unknown, string][] = [
            [[{ ...first, amount: 1 }, ...rest], 'app.validation.pay_past'],
            [
                [...teacher.pay, payRate({ kind: 'per_event', amount: 1, from: '2026-01-01' })],
                'app.validation.pay_past',
            ],
            // Without the rate from the beginning, the first classes would be paid by none.
            [rest, 'app.validation.pay_first'],
        ];
        for (const [pay, problem] of refusals) {
            const answer = await setPay(boris, pay);
            expect(answer.status).toBe(400);
            expect((answer.body as unknown as { errors: Record<string, string> }).errors).toEqual({ pay: problem });
        }
        expect((await payOf(boris, today, today)).teacher.pay).toEqual(teacher.pay);
        // A future rate may still be changed or taken back.
        expect(
            (
                await setPay(
                    boris,
                    teacher.pay.filter(rate => rate.courseId === null || rate.from === null),
                )
            ).status,
        ).toBe(200);
    });

    it('refuses rates that cannot be told apart or that leave classes without a first rate', async () => {
        const [first] = (await payOf(boris, today, today)).teacher.pay;
        expect((await setPay(boris, [payRate({ kind: 'per_event', amount: 1, courseId: 4 })])).status).toBe(400);
        const twice = await setPay(boris, [
            first,
            payRate({ kind: 'per_event', amount: 1, from: '2027-05-01' }),
            payRate({ kind: 'per_event', amount: 2, from: '2027-05-01' }),
        ]);
        expect(twice.status).toBe(400);
        expect((twice.body as unknown as { errors: Record<string, string> }).errors).toEqual({
            pay: 'app.validation.pay_twice',
        });
    });

    it('pays a base with a bonus above a threshold, per visit, and a minimum, as a new teacher is set up with their history', async () => {
        const created = await admin.create('users', {
            data: {
                name: 'Galina Rates',
                email: 'galina@studio.test',
                role: 'teacher',
                password: 'galina-secret',
                pay: [
                    payRate({ kind: 'per_attendee', amount: 200, minimum: 500 }),
                    payRate({ kind: 'base_bonus', amount: 1000, bonus: 150, threshold: 1, from: '2025-08-15' }),
                ],
            },
        });
        const teacherId = created.data.id;
        const early = await heldClass(teacherId, '2025-08-07T06:00');
        const late = await heldClass(teacherId, '2025-08-21T06:00');
        for (const event of [early, late]) {
            for (const customerId of [5, 6, 7])
                await admin.create('attendances', { data: { eventId: event.id, customerId, status: 'attended' } });
        }
        const { events, total } = await payOf(teacherId, '2025-08-01', '2025-08-31');
        // Three visits: 3 × 200 = 600 (over the 500 minimum); then 1000 + 150 × (3 − 1).
        expect(events.map(row => [row.visits, row.pay, row.rate?.kind])).toEqual([
            [3, 600, 'per_attendee'],
            [3, 1300, 'base_bonus'],
        ]);
        expect(total).toBe(1900);
    });
});

describe("the studio's pay for a period", () => {
    it('gives every teacher the total of their own pay page, and the sum; teachers may not see it', async () => {
        const answer = await call(server.url, '/api/reports/pay?from=2026-10-01&to=2026-10-31', {
            token: managerToken,
        });
        expect(answer.status).toBe(200);
        const { teachers, total } = answer.body as unknown as {
            teachers: { teacherId: number; total: number; visits: number }[];
            total: number;
        };
        expect(teachers.length).toBeGreaterThanOrEqual(4);
        for (const line of teachers) {
            const own = await payOf(line.teacherId, '2026-10-01', '2026-10-31');
            expect([line.total, line.visits]).toEqual([own.total, own.visits]);
        }
        expect(total).toBe(Math.round(teachers.reduce((sum, line) => sum + line.total, 0) * 100) / 100);
        expect(total).toBeGreaterThan(0);
        expect(
            (
                await call(server.url, '/api/reports/pay?from=2026-10-01&to=2026-10-31', {
                    token: await login(server.url, 'teacher'),
                })
            ).status,
        ).toBe(403);
        const bad = await call(server.url, '/api/reports/pay?from=2026-10-31&to=2026-10-01', { token: managerToken });
        expect(bad.status).toBe(400);
        expect((bad.body as unknown as { errors: Record<string, string> }).errors).toEqual({
            to: 'app.validation.ends_before_start',
        });
    });
});

describe('a database written before rates had dates', () => {
    let old: RunningServer;

    beforeAll(async () => {
        const db = JSON.parse(readFileSync(join(import.meta.dirname, '../../db.json'), 'utf8')) as {
            users: { pay: PayRate[] }[];
        };
        // As the earlier version wrote it: one rule per user.
        for (const user of db.users)
            user.pay = { kind: user.pay[0].kind, amount: user.pay[0].amount } as unknown as PayRate[];
        old = await startServer({ db });
    });

    afterAll(async () => {
        await old.stop();
        removeDir(old.dir);
    });

    it('reads each rule as the first rate, pays past classes as before, and keeps the new shape', async () => {
        const token = await login(old.url, 'manager');
        const anna = await call(old.url, '/api/users/3', { token });
        expect((anna.body as unknown as { pay: PayRate[] }).pay).toEqual([
            payRate({ kind: 'per_attendee', amount: 300 }),
        ]);
        const [onOld, onNew] = await Promise.all([
            call(old.url, '/api/teachers/3/pay?from=2026-10-01&to=2026-10-31', { token }),
            payOf(3, '2026-10-01', '2026-10-31'),
        ]);
        expect((onOld.body as unknown as PayAnswer).total).toBe(onNew.total);
        await old.stop();
        if (engine === 'json') {
            // Written back in the new shape at the first start.
            const file = JSON.parse(readFileSync(join(old.dir, 'db.json'), 'utf8')) as { users: { pay: unknown }[] };
            expect(file.users[2].pay).toEqual([payRate({ kind: 'per_attendee', amount: 300 })]);
        }
        old = await startServer({ dbFile: join(old.dir, 'db.json') });
        const again = await call(old.url, '/api/users/3', { token: await login(old.url, 'manager') });
        expect((again.body as unknown as { pay: PayRate[] }).pay).toEqual([
            payRate({ kind: 'per_attendee', amount: 300 }),
        ]);
    });
});
