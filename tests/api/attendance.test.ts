import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataProvider, RaRecord } from 'ra-core';
import { addDays, studioToday } from '../../src/domain/time';
import { call, login, removeDir, restClient, startServer, type RunningServer } from '../support/server';

let server: RunningServer;
let manager: DataProvider;
let teacher: DataProvider;
let managerToken: string;
let teacherToken: string;

// Anna (id 3) teaches; Boris (id 4) is another teacher. Course 1 is yoga (direction 1), course 6 hip-hop.
const anna = 3;
const boris = 4;

beforeAll(async () => {
    server = await startServer();
    managerToken = await login(server.url, 'manager');
    teacherToken = await login(server.url, 'teacher');
    manager = restClient(server.url, managerToken);
    teacher = restClient(server.url, teacherToken);
});

afterAll(async () => {
    await server.stop();
    removeDir(server.dir);
});

const httpError = async (promise: Promise<unknown>) =>
    promise.then(
        () => {
            throw new Error('expected the request to be refused');
        },
        (error: { status: number; body?: Record<string, unknown> }) => error,
    );

let minute = 0;
/** A one-off class in a quiet month of 2025 (past, so it may be marked), each at its own time so that none clash. */
const buildEvent = async (fields: Record<string, unknown> = {}) => {
    minute += 1;
    const day = String(1 + (minute % 28)).padStart(2, '0');
    const hour = String(6 + Math.floor(minute / 28)).padStart(2, '0');
    const { data } = await manager.create('events', {
        data: {
            courseId: 1,
            teacherId: anna,
            studioId: 3,
            startsAt: `2025-05-${day}T${hour}:00`,
            durationMinutes: 30,
            capacity: 10,
            ...fields,
        },
    });
    return data;
};

// A teacher marks only within a few days of the class: their classes are today's, before the demo's first class at 08:00.
const today = studioToday('Europe/Moscow');
let early = 0;
const todaysEvent = (fields: Record<string, unknown> = {}) => {
    early += 1;
    return buildEvent({ startsAt: `${today}T0${5 + Math.floor(early / 2)}:${early % 2 ? '30' : '00'}`, ...fields });
};
const coveringToday = { startsOn: addDays(today, -1), endsOn: addDays(today, 30) };

const buildCustomer = async (lastName: string) =>
    (
        await manager.create('customers', {
            data: { firstName: 'Test', lastName, phone: '+7 900 000-00-00', status: 'active' },
        })
    ).data;

const buildPass = async (customerId: unknown, fields: Record<string, unknown> = {}) =>
    (
        await manager.create('passes', {
            data: {
                customerId,
                subscriptionId: 3,
                name: '8 занятий',
                price: 5200,
                visitsTotal: 8,
                directionIds: [],
                startsOn: '2025-04-01',
                endsOn: '2025-06-30',
                ...fields,
            },
        })
    ).data;

const pass = async (id: unknown) => (await manager.getOne('passes', { id: id as number })).data;
const mark = async (eventId: unknown, customerId: unknown, status = 'attended', client = manager) =>
    (await client.create('attendances', { data: { eventId, customerId, status } })).data;

describe('charging a visit when attendance is marked', () => {
    it('charges the active covering pass that ends soonest, skipping frozen, expired, used-up and wrong-direction passes', async () => {
        const customer = await buildCustomer('Chooser');
        const event = await buildEvent();
        // First a pass whose single visit is spent on an earlier class, while it is the only pass.
        const usedUp = await buildPass(customer.id, { endsOn: '2025-05-30', visitsTotal: 1 });
        const earlier = await buildEvent({ startsAt: '2025-04-02T06:00' });
        expect((await mark(earlier.id, customer.id)).passId).toBe(usedUp.id);
        const later = await buildPass(customer.id, { endsOn: '2025-06-30' });
        const sooner = await buildPass(customer.id, { endsOn: '2025-05-31', directionIds: [1] });
        const frozen = await buildPass(customer.id, {
            endsOn: '2025-05-20',
            frozenFrom: '2025-05-01',
            frozenTo: '2025-05-28',
        });
        const expired = await buildPass(customer.id, { startsOn: '2025-03-01', endsOn: '2025-04-30' });
        const wrongDirection = await buildPass(customer.id, { endsOn: '2025-05-29', directionIds: [4] });

        const attendance = await mark(event.id, customer.id);
        expect(attendance).toMatchObject({ passId: sooner.id, charged: true, unpaid: false });
        expect((await pass(sooner.id)).visitsUsed).toBe(1);
        for (const other of [later, frozen, expired, wrongDirection]) expect((await pass(other.id)).visitsUsed).toBe(0);
        expect((await pass(usedUp.id)).visitsUsed).toBe(1);
    });

    it('marks a visit without a pass as a debt, and settles it once a pass is sold and the mark changes', async () => {
        const customer = await buildCustomer('Debtor');
        const event = await buildEvent();
        const attendance = await mark(event.id, customer.id);
        expect(attendance).toMatchObject({ passId: null, charged: false, unpaid: true });
        const bought = await buildPass(customer.id);
        const { data: late } = await manager.update('attendances', {
            id: attendance.id,
            data: { status: 'late' },
            previousData: attendance,
        });
        expect(late).toMatchObject({ passId: bought.id, charged: true, unpaid: false });
    });

    it('gives the visit back when the mark stops charging or is deleted, and keeps it between charging marks', async () => {
        const customer = await buildCustomer('Changer');
        const event = await buildEvent();
        const bought = await buildPass(customer.id);
        const attendance = await mark(event.id, customer.id);
        expect((await pass(bought.id)).visitsUsed).toBe(1);

        const { data: late } = await manager.update('attendances', {
            id: attendance.id,
            data: { status: 'late' },
            previousData: attendance,
        });
        expect(late).toMatchObject({ passId: bought.id, charged: true });
        expect((await pass(bought.id)).visitsUsed).toBe(1);

        const { data: excused } = await manager.update('attendances', {
            id: attendance.id,
            data: { status: 'excused' },
            previousData: late,
        });
        expect(excused).toMatchObject({ passId: null, charged: false, unpaid: false });
        expect((await pass(bought.id)).visitsUsed).toBe(0);

        const { data: again } = await manager.update('attendances', {
            id: attendance.id,
            data: { status: 'missed' },
            previousData: excused,
        });
        expect(again).toMatchObject({ passId: bought.id, charged: true });
        expect((await pass(bought.id)).visitsUsed).toBe(1);

        await manager.delete('attendances', { id: attendance.id, previousData: again });
        expect((await pass(bought.id)).visitsUsed).toBe(0);
    });

    it('refuses a second mark of the same customer on the same class (409) and changes no pass', async () => {
        const customer = await buildCustomer('Twice');
        const event = await buildEvent();
        const bought = await buildPass(customer.id);
        await mark(event.id, customer.id);
        const error = await httpError(mark(event.id, customer.id, 'late'));
        expect(error.status).toBe(409);
        expect((await pass(bought.id)).visitsUsed).toBe(1);
    });

    it('charges nobody on a cancelled class: marking is refused, cancelling gives visits back, reinstating charges again', async () => {
        const customer = await buildCustomer('Cancelled');
        const event = await buildEvent();
        const bought = await buildPass(customer.id);
        const attendance = await mark(event.id, customer.id);
        expect((await pass(bought.id)).visitsUsed).toBe(1);

        const { data: cancelled } = await manager.update('events', {
            id: event.id,
            data: { status: 'cancelled' },
            previousData: event,
        });
        expect((await pass(bought.id)).visitsUsed).toBe(0);
        expect((await manager.getOne('attendances', { id: attendance.id })).data).toMatchObject({
            charged: false,
            passId: null,
            unpaid: false,
        });

        const other = await buildCustomer('Latecomer');
        const refused = await httpError(mark(event.id, other.id));
        expect(refused.status).toBe(409);
        expect(refused.body?.errors).toEqual({ eventId: 'app.validation.event_cancelled' });

        await manager.update('events', { id: event.id, data: { status: 'done' }, previousData: cancelled });
        expect((await pass(bought.id)).visitsUsed).toBe(1);
        expect((await manager.getOne('attendances', { id: attendance.id })).data).toMatchObject({
            charged: true,
            passId: bought.id,
        });
    });
});

describe('teachers and the roster', () => {
    it('a teacher marks on their own class only and never reads passes', async () => {
        const customer = await buildCustomer('Pupil');
        const own = await todaysEvent();
        const foreign = await buildEvent({ teacherId: boris, courseId: 6 });
        await buildPass(customer.id, coveringToday);
        const attendance = await mark(own.id, customer.id, 'attended', teacher);
        expect(attendance).toMatchObject({ charged: true, markedBy: anna });
        expect((await httpError(mark(foreign.id, customer.id, 'attended', teacher))).status).toBe(403);
        expect((await call(server.url, '/api/passes', { token: teacherToken })).status).toBe(403);
        expect((await call(server.url, `/api/events/${foreign.id}/roster`, { token: teacherToken })).status).toBe(403);
    });

    it('the roster names members and walk-ins with the pass charged, the visits left and the debts', async () => {
        const paying = await buildCustomer('Rosterpaying');
        const owing = await buildCustomer('Rosterowing');
        const bought = await buildPass(paying.id, { visitsTotal: 4, ...coveringToday });
        const { data: group } = await manager.create('schedules', {
            data: {
                courseId: 1,
                teacherId: anna,
                studioId: 3,
                slots: [{ weekday: 1, startTime: '05:00', durationMinutes: 30 }],
                startsOn: '2025-05-01',
                capacity: 8,
                customerIds: [paying.id],
            },
        });
        const event = await todaysEvent({ scheduleId: group.id });
        await mark(event.id, owing.id);
        const before = await call(server.url, `/api/events/${event.id}/roster`, { token: teacherToken });
        expect(before.status).toBe(200);
        const people = (
            before.body as unknown as {
                people: {
                    name: string;
                    member: boolean;
                    attendance: RaRecord | null;
                    pass: { id: number; visitsLeft: number } | null;
                }[];
            }
        ).people;
        expect(
            people.map(person => [
                person.name,
                person.member,
                person.attendance?.unpaid ?? null,
                person.pass?.visitsLeft ?? null,
            ]),
        ).toEqual([
            ['Rosterowing Test', false, true, null],
            ['Rosterpaying Test', true, null, 4],
        ]);
        await mark(event.id, paying.id, 'attended', teacher);
        const after = await call(server.url, `/api/events/${event.id}/roster`, { token: teacherToken });
        expect(after.body).toMatchObject({ capacity: 10, visits: 2, marked: 2 });
        expect(
            (after.body as unknown as { people: { pass: { id: number; visitsLeft: number } | null }[] }).people[1].pass,
        ).toMatchObject({ id: bought.id, visitsLeft: 3 });

        const walkIns = await call(server.url, `/api/events/${event.id}/walk-ins?q=Roster`, { token: teacherToken });
        expect(walkIns.body).toEqual([]);
        const someone = await buildCustomer('Walkinson');
        const found = await call(server.url, `/api/events/${event.id}/walk-ins?q=walkins`, { token: teacherToken });
        expect(found.body).toEqual([{ id: someone.id, name: 'Test Walkinson' }]);
    });

    it('lists marks by the teacher, course and date of their class', async () => {
        const customer = await buildCustomer('Filtered');
        const mine = await buildEvent({ startsAt: '2025-06-10T06:00' });
        const borisEvent = await buildEvent({ teacherId: boris, courseId: 6, startsAt: '2025-06-10T07:00' });
        await mark(mine.id, customer.id);
        await mark(borisEvent.id, customer.id);
        const list = (filter: object) =>
            manager.getList('attendances', {
                filter,
                pagination: { page: 1, perPage: 50 },
                sort: { field: 'id', order: 'ASC' },
            });
        const byAnna = await list({
            customerId: customer.id,
            teacherId: anna,
            date_gte: '2025-06-10',
            date_lte: '2025-06-10',
        });
        expect(byAnna.data.map(row => row.eventId)).toEqual([mine.id]);
        expect(byAnna.total).toBe(1);
        const byCourse = await list({ customerId: customer.id, courseId: 6 });
        expect(byCourse.data.map(row => row.eventId)).toEqual([borisEvent.id]);
        const outside = await list({ customerId: customer.id, date_gte: '2025-06-11' });
        expect(outside.total).toBe(0);
        const asTeacher = await teacher.getList('attendances', {
            filter: { customerId: customer.id, date_gte: '2025-06-01' },
            pagination: { page: 1, perPage: 50 },
            sort: { field: 'id', order: 'ASC' },
        });
        expect(asTeacher.data.map(row => row.eventId)).toEqual([mine.id]);
    });
});
