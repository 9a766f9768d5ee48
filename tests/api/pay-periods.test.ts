import type { DataProvider, RaRecord } from 'ra-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CloseAllAnswer, ClosedPeriodSummary, TeacherPayAnswer } from '../../src/domain/api';
import type { PayrollAnswer } from '../../src/domain/payroll';
import { addDays, studioToday } from '../../src/domain/time';
import { call, login, removeDir, restClient, startServer, type RunningServer } from '../support/server';

/*
 * Closed pay periods through the API, on either engine: a closed period keeps its figures; a teacher
 * cannot change its marks; a manager's change is paid as an adjustment in the period of the change;
 * an admin reopens. The classes are made by the test in August 2026 (before the demo's history) and
 * yesterday, early in the morning in studio 3, where the demo timetable has none.
 */

let server: RunningServer;
let admin: DataProvider;
let manager: DataProvider;
let teacher: DataProvider;
let adminToken: string;
let managerToken: string;
let teacherToken: string;
const anna = 3; // paid per visit (300)
const boris = 4; // paid per class held (1500)
const today = studioToday('Europe/Moscow', new Date());
const august = { from: '2026-08-01', to: '2026-08-31' };

const payOf = async (teacherId: number, from: string, to: string) => {
    const answer = await call(server.url, `/api/teachers/${teacherId}/pay?from=${from}&to=${to}`, {
        token: managerToken,
    });
    expect(answer.status).toBe(200);
    return answer.body as unknown as TeacherPayAnswer;
};

const close = (teacherId: number, period: { from: string; to: string }, token = managerToken) =>
    call(server.url, `/api/teachers/${teacherId}/pay/close`, { method: 'POST', token, json: period });

const heldClass = async (teacherId: number, startsAt: string, status = 'done') =>
    (
        await admin.create('events', {
            data: { courseId: 3, teacherId, studioId: 3, startsAt, durationMinutes: 60, capacity: 10, status },
        })
    ).data;

const mark = (client: DataProvider, eventId: unknown, customerId: number, status = 'attended') =>
    client.create('attendances', { data: { eventId, customerId, status } });

/** Everything paid in a period: its classes and its adjustments. */
const adjustmentsTotal = (pay: TeacherPayAnswer) =>
    pay.adjustments.reduce((sum, adjustment) => sum + adjustment.pay, 0);

let augustClass: RaRecord;
let augustMark: RaRecord;
let augustTotal: number;
let closed: ClosedPeriodSummary;

beforeAll(async () => {
    server = await startServer();
    [adminToken, managerToken, teacherToken] = await Promise.all([
        login(server.url, 'admin'),
        login(server.url, 'manager'),
        login(server.url, 'teacher'),
    ]);
    admin = restClient(server.url, adminToken);
    manager = restClient(server.url, managerToken);
    teacher = restClient(server.url, teacherToken);
    augustClass = await heldClass(anna, '2026-08-10T07:00');
    augustMark = (await mark(manager, augustClass.id, 1)).data;
    await mark(manager, augustClass.id, 2);
    await heldClass(anna, '2026-08-17T07:00').then(event => mark(manager, event.id, 3));
    augustTotal = (await payOf(anna, august.from, august.to)).total;
});

afterAll(async () => {
    await server.stop();
    removeDir(server.dir);
});

describe('closing a pay period', () => {
    it('stores the figures and shows them as closed, by whom and when', async () => {
        expect(augustTotal).toBe(900);
        const answer = await close(anna, august);
        expect(answer.status).toBe(201);
        closed = answer.body as unknown as ClosedPeriodSummary;
        expect(closed).toMatchObject({
            teacherId: anna,
            startsOn: august.from,
            endsOn: august.to,
            total: 900,
            visits: 3,
            classes: 2,
            closedByName: 'Мария Менеджер',
            reopenedAt: null,
        });
        const pay = await payOf(anna, august.from, august.to);
        expect(pay.total).toBe(900);
        expect(pay.closable).toBe(false);
        expect(pay.periods).toMatchObject([{ id: closed.id, closedByName: 'Мария Менеджер' }]);
        expect(new Set(pay.events.map(row => row.closedIn))).toEqual(new Set([closed.id]));
        // The closed period is a record of its own, read like any other; never written as one.
        expect((await manager.getOne('payPeriods', { id: closed.id })).data).toMatchObject({
            teacherId: anna,
            total: 900,
        });
        expect(
            (
                await call(server.url, `/api/payPeriods/${closed.id}`, {
                    method: 'PUT',
                    token: adminToken,
                    json: { total: 0 },
                })
            ).status,
        ).toBe(405);
        expect(
            (await call(server.url, `/api/payPeriods/${closed.id}`, { method: 'DELETE', token: adminToken })).status,
        ).toBe(405);
        expect((await call(server.url, '/api/payPeriods', { token: teacherToken })).status).toBe(403);
    });

    it('refuses closing a day twice, today or later, and for a teacher', async () => {
        const twice = await close(anna, { from: '2026-08-31', to: '2026-09-05' });
        expect(twice.status).toBe(409);
        expect(twice.body.errors).toEqual({ from: 'app.validation.pay_close_twice' });
        const open = await close(anna, { from: addDays(today, -3), to: today });
        expect(open.status).toBe(400);
        expect(open.body.errors).toEqual({ to: 'app.validation.pay_close_past' });
        expect((await close(anna, { from: '2026-07-01', to: '2026-07-31' }, teacherToken)).status).toBe(403);
        expect((await close(anna, { from: '2026-07-31', to: '2026-07-01' })).status).toBe(400);
    });
});

describe('changes to a closed period', () => {
    it("a manager's changed mark leaves the closed total and is paid as an adjustment in the period of the change", async () => {
        const before = await payOf(anna, today, today);
        await manager.update('attendances', {
            id: augustMark.id,
            data: { ...augustMark, status: 'excused' },
            previousData: augustMark,
        });
        const closedAugust = await payOf(anna, august.from, august.to);
        expect(closedAugust.total).toBe(900);
        const now = await payOf(anna, today, today);
        expect(now.adjustments).toMatchObject([
            {
                pay: -300,
                visits: -1,
                on: today,
                userName: 'Мария Менеджер',
                periodId: closed.id,
                event: { id: augustClass.id },
            },
        ]);
        expect(now.total).toBe(before.total - 300);
        // The studio's pay for the day agrees with the teacher's page.
        const payroll = (await call(server.url, `/api/reports/pay?from=${today}&to=${today}`, { token: managerToken }))
            .body as unknown as PayrollAnswer;
        expect(payroll.teachers.find(line => line.teacherId === anna)).toMatchObject({
            adjustments: -300,
            total: now.total,
        });
    });

    it('cancelling, reinstating, adding and removing classes of a closed period are adjustments too', async () => {
        expect((await close(boris, august)).status).toBe(201);
        const start = adjustmentsTotal(await payOf(boris, today, today));
        // A class held that was forgotten: added to closed August, paid now.
        const forgotten = await heldClass(boris, '2026-08-20T07:00');
        expect(adjustmentsTotal(await payOf(boris, today, today)) - start).toBe(1500);
        await manager.update('events', {
            id: forgotten.id,
            data: { ...forgotten, status: 'cancelled' },
            previousData: forgotten,
        });
        expect(adjustmentsTotal(await payOf(boris, today, today)) - start).toBe(0);
        const cancelled = (await manager.getOne('events', { id: forgotten.id })).data;
        await manager.update('events', {
            id: forgotten.id,
            data: { ...cancelled, status: 'done' },
            previousData: cancelled,
        });
        expect(adjustmentsTotal(await payOf(boris, today, today)) - start).toBe(1500);
        await admin.delete('events', { id: forgotten.id, previousData: forgotten });
        const after = await payOf(boris, today, today);
        expect(adjustmentsTotal(after) - start).toBe(0);
        expect(
            after.adjustments
                .filter(adjustment => adjustment.event.id === forgotten.id)
                .map(adjustment => adjustment.pay),
        ).toEqual([1500, -1500, 1500, -1500]);
        expect((await payOf(boris, august.from, august.to)).total).toBe(0);
    });

    it("refuses a teacher's marks inside a closed period, even within the teacher's window", async () => {
        const yesterday = addDays(today, -1);
        const event = await heldClass(anna, `${yesterday}T07:00`);
        expect((await close(anna, { from: yesterday, to: yesterday })).status).toBe(201);
        const refused = await call(server.url, '/api/attendances', {
            method: 'POST',
            token: teacherToken,
            json: { eventId: event.id, customerId: 4, status: 'attended' },
        });
        expect(refused.status).toBe(403);
        expect(refused.body.errors).toEqual({ eventId: 'app.validation.pay_closed' });
        // The roster says so before anyone tries.
        const roster = await call(server.url, `/api/events/${event.id}/roster`, { token: teacherToken });
        expect(roster.body.payClosed).toMatchObject({ startsOn: yesterday, endsOn: yesterday });
        // A manager may: paid as an adjustment today.
        await mark(manager, event.id, 4);
        expect((await payOf(anna, today, today)).adjustments.at(-1)).toMatchObject({
            pay: 300,
            event: { id: event.id },
        });
        await expect(
            teacher.delete('attendances', {
                id: (
                    await manager.getList('attendances', {
                        filter: { eventId: event.id },
                        pagination: { page: 1, perPage: 5 },
                        sort: { field: 'id', order: 'ASC' },
                    })
                ).data[0].id,
            }),
        ).rejects.toMatchObject({ status: 403 });
    });
});

describe('reopening', () => {
    it('is for admins, latest first, and pays the classes as they are now without the adjustments', async () => {
        const reopen = (id: number, token: string) =>
            call(server.url, `/api/payPeriods/${id}/reopen`, { method: 'POST', token, json: {} });
        expect((await reopen(closed.id, managerToken)).status).toBe(403);
        const later = (await payOf(anna, addDays(today, -1), addDays(today, -1))).periods[0];
        const blocked = await reopen(closed.id, adminToken);
        expect(blocked.status).toBe(409);
        expect(blocked.body.errors).toEqual({ id: 'app.validation.pay_reopen_later' });
        const todayBefore = await payOf(anna, today, today);
        expect((await reopen(later.id, adminToken)).status).toBe(200);
        const reopened = await reopen(closed.id, adminToken);
        expect(reopened.status).toBe(200);
        expect(reopened.body).toMatchObject({ reopenedByName: 'Ольга Админ' });
        expect((await reopen(closed.id, adminToken)).body.errors).toEqual({ id: 'app.validation.pay_open' });
        const augustNow = await payOf(anna, august.from, august.to);
        // 900 as closed, less the visit marked excused since: what the adjustment paid back.
        expect(augustNow.total).toBe(600);
        expect(augustNow.events.every(row => row.closedIn === null)).toBe(true);
        expect(augustNow.periods).toMatchObject([{ id: closed.id, reopenedByName: 'Ольга Админ' }]);
        const todayAfter = await payOf(anna, today, today);
        expect(
            todayAfter.adjustments.filter(
                adjustment => adjustment.periodId === closed.id || adjustment.periodId === later.id,
            ),
        ).toEqual([]);
        expect(todayAfter.total).toBe(todayBefore.total - adjustmentsTotal(todayBefore) + adjustmentsTotal(todayAfter));
        // Closed again, with what it pays now.
        expect((await close(anna, august)).body).toMatchObject({ total: 600 });
    });
});

describe("closing every teacher's period at once", () => {
    it('closes each teacher once and skips those with a day closed already', async () => {
        const july = { from: '2026-07-01', to: '2026-07-31' };
        expect((await close(boris, july)).status).toBe(201);
        const answer = await call(server.url, '/api/reports/pay/close', {
            method: 'POST',
            token: managerToken,
            json: july,
        });
        expect(answer.status).toBe(200);
        const { closed: done, skipped } = answer.body as unknown as CloseAllAnswer;
        expect(skipped).toEqual([{ teacherId: boris, name: 'Борис Соколов' }]);
        expect(done.map(period => period.teacherId)).toContain(anna);
        const payroll = (
            await call(server.url, `/api/reports/pay?from=${july.from}&to=${july.to}`, { token: managerToken })
        ).body as unknown as PayrollAnswer;
        expect(payroll.teachers.every(line => line.closed)).toBe(true);
        const again = (
            await call(server.url, '/api/reports/pay/close', { method: 'POST', token: managerToken, json: july })
        ).body as unknown as CloseAllAnswer;
        expect(again.closed).toEqual([]);
        expect(
            (await call(server.url, '/api/reports/pay/close', { method: 'POST', token: teacherToken, json: july }))
                .status,
        ).toBe(403);
    });
});
