import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMinutes } from '../../src/domain/closing';
import { addDays, instantAt, localDateTimeAt, studioToday } from '../../src/domain/time';
import type { Database, StudioEvent } from '../../src/domain/types';
import { freshPhone, nextId } from '../support/factories';
import { call, demoDb, login, serverForEveryRole, type DemoRole } from '../support/server';
import { startClockedApp, type ClockedApp } from '../support/signIns';

/*
 * Closing a class: its teacher, managers and admins once it has started (nobody before), reopening by
 * managers and admins; a closed class pays per class held; the server closes classes with marks left
 * open configs.autoCloseHours after their end, and lists those without marks on the dashboard: by its
 * clock, which the tests of the server's sweeps set and move instead of waiting.
 */

const served = serverForEveryRole();

// Anna (id 3) is the demo teacher (paid per visit); Boris (id 4) teaches too, paid 1,500 per class held.
const anna = 3;
const boris = 4;
const zone = 'Europe/Moscow';

const request = async (method: string, path: string, role: DemoRole, json?: unknown) => {
    const answer = await call(served.server.url, `/api${path}`, { method, token: served.tokens[role], json });
    return { status: answer.status, body: answer.body as Record<string, unknown> };
};

let slot = 0;
/** A class `days` from today (negative: in the past), each at its own minute before the demo's first class at 08:00. */
const classOn = async (days: number, teacherId = anna) => {
    slot += 1;
    const created = await request('POST', '/events', 'manager', {
        courseId: 1,
        teacherId,
        studioId: 3,
        startsAt: `${addDays(studioToday(zone, new Date()), days)}T05:${String(slot * 6).padStart(2, '0')}`,
        durationMinutes: 5,
        capacity: 10,
    });
    if (created.status !== 201) throw new Error(`POST /events: ${created.status} ${JSON.stringify(created.body)}`);
    return created.body as unknown as StudioEvent;
};

describe('closing a class', () => {
    it('lets its teacher close it once it has started, and not before; a second close changes nothing', async () => {
        const later = await classOn(3);
        const refused = await request('POST', `/events/${later.id}/close`, 'teacher');
        expect(refused.status).toBe(409);
        expect(refused.body.errors).toEqual({ eventId: 'app.timetable.close.not_started' });
        const roster = await request('GET', `/events/${later.id}/roster`, 'teacher');
        expect(roster.body.closing).toEqual({
            canClose: false,
            canReopen: false,
            refusal: 'not_started',
            ended: false,
        });

        const started = await classOn(-2);
        expect((await request('GET', `/events/${started.id}/roster`, 'teacher')).body.closing).toEqual({
            canClose: true,
            canReopen: false,
            refusal: null,
            ended: true,
        });
        const closed = await request('POST', `/events/${started.id}/close`, 'teacher');
        expect(closed.status).toBe(200);
        expect(closed.body.status).toBe('done');
        const again = await request('POST', `/events/${started.id}/close`, 'teacher');
        expect(again.status).toBe(200);
        expect(again.body.status).toBe('done');
        expect((await request('GET', `/events/${started.id}`, 'manager')).body.status).toBe('done');
    });

    it('lets managers and admins close once it has started, not before, and reopen; a teacher may not reopen', async () => {
        const ahead = await classOn(5);
        for (const role of ['manager', 'admin'] as const) {
            const refused = await request('POST', `/events/${ahead.id}/close`, role);
            expect(refused.status).toBe(409);
            expect(refused.body.errors).toEqual({ eventId: 'app.timetable.close.not_started' });
        }
        expect((await request('GET', `/events/${ahead.id}/roster`, 'manager')).body.closing).toMatchObject({
            canClose: false,
            refusal: 'not_started',
        });
        const later = await classOn(-5);
        expect((await request('POST', `/events/${later.id}/close`, 'manager')).body.status).toBe('done');
        const byTeacher = await request('POST', `/events/${later.id}/reopen`, 'teacher');
        expect(byTeacher.status).toBe(403);
        expect((await request('GET', `/events/${later.id}/roster`, 'manager')).body.closing).toMatchObject({
            canReopen: true,
        });
        expect((await request('GET', `/events/${later.id}/roster`, 'teacher')).body.closing).toMatchObject({
            canReopen: false,
        });
        const reopened = await request('POST', `/events/${later.id}/reopen`, 'admin');
        expect(reopened.status).toBe(200);
        expect(reopened.body.status).toBe('planned');
        const notClosed = await request('POST', `/events/${later.id}/reopen`, 'manager');
        expect(notClosed.status).toBe(409);
        expect(notClosed.body.errors).toEqual({ eventId: 'app.timetable.close.not_closed' });
    });

    it('refuses a cancelled class, another teacher’s class and a class that does not exist', async () => {
        const cancelled = await classOn(-3);
        await request('PUT', `/events/${cancelled.id}`, 'manager', { ...cancelled, status: 'cancelled' });
        const refused = await request('POST', `/events/${cancelled.id}/close`, 'manager');
        expect(refused.status).toBe(409);
        expect(refused.body.errors).toEqual({ eventId: 'app.timetable.close.cancelled' });

        const borises = await classOn(-4, boris);
        expect((await request('POST', `/events/${borises.id}/close`, 'teacher')).status).toBe(403);
        expect((await request('POST', '/events/999999/close', 'manager')).status).toBe(404);
        expect((await request('POST', '/events/abc/close', 'manager')).status).toBe(404);
    });

    it('pays a teacher paid per class only for the classes closed, and tells the pay page which are open', async () => {
        const held = await classOn(-6, boris);
        const day = held.startsAt.slice(0, 10);
        const payOf = async () => {
            const { body } = await request('GET', `/teachers/${boris}/pay?from=${day}&to=${day}`, 'manager');
            return (body.events as { event: StudioEvent; pay: number; open: boolean }[]).find(
                row => row.event.id === held.id,
            );
        };
        expect(await payOf()).toMatchObject({ pay: 0, open: true });
        await request('POST', `/events/${held.id}/close`, 'manager');
        expect(await payOf()).toMatchObject({ pay: 1500, open: false });
        await request('POST', `/events/${held.id}/reopen`, 'manager');
        expect(await payOf()).toMatchObject({ pay: 0, open: true });
    });

    it('records who closed the class in its history', async () => {
        const started = await classOn(-7);
        await request('POST', `/events/${started.id}/close`, 'teacher');
        const { body } = await request(
            'GET',
            `/auditEntries?filter=${encodeURIComponent(JSON.stringify({ collection: 'events', recordId: String(started.id) }))}`,
            'admin',
        );
        const entries = body as unknown as { userId: number | null; endpoint: string; after: { status: string } }[];
        expect(entries.some(entry => entry.userId === anna && entry.after?.status === 'done')).toBe(true);
    });
});

describe('classes the server closes', () => {
    // The server's clock, which its sweeps and the dashboard read: set by the tests, never waited for.
    const clockStart = '2027-04-14T09:00:00.000Z';
    const local = localDateTimeAt(clockStart, zone);
    /** The instant `minutes` after the studio's wall clock shows `at`. */
    const instantOf = (at: string, minutes = 0) => instantAt(addMinutes(at, minutes), zone);
    const createdAt = clockStart;
    const db = JSON.parse(readFileSync(demoDb, 'utf8')) as Database;
    const customerId = nextId(db.customers);
    db.customers.push({
        ...db.customers[0],
        id: customerId,
        firstName: 'Closing',
        lastName: 'Sweep',
        phone: freshPhone(),
        createdAt,
    });
    let hour = 0;
    /** A class `hoursAgo` hours before the clock's start, with or without a mark. */
    const classEndedAgo = (hoursAgo: number, marked: boolean): StudioEvent => {
        hour += 1;
        const event: StudioEvent = {
            id: nextId(db.events),
            scheduleId: null,
            title: `Sweep ${hour}`,
            courseId: 1,
            teacherId: anna,
            studioId: 3,
            startsAt: addMinutes(local, -hoursAgo * 60 - 30),
            durationMinutes: 30,
            capacity: 10,
            bookable: true,
            status: 'planned',
            notes: null,
            createdAt,
        };
        db.events.push(event);
        if (marked)
            db.attendances.push({
                id: nextId(db.attendances),
                eventId: event.id,
                customerId,
                status: 'attended',
                passId: null,
                charged: false,
                unpaid: true,
                markedBy: anna,
                createdAt,
            });
        return event;
    };
    const overdue = classEndedAgo(13, true);
    const recent = classEndedAgo(2, true);
    const unmarked = classEndedAgo(20, false);
    const tooOld = classEndedAgo(40 * 24, true);
    // Due an hour after the clock's start: for the sweeps on the server's timer.
    const dueLater = classEndedAgo(11, true);
    db.configs[0] = { ...db.configs[0], autoCloseHours: 12 };

    let app: ClockedApp;
    let token: string;
    beforeAll(async () => {
        // Signed in for the whole file, while the tests move the clock by hours.
        app = await startClockedApp({ db, at: clockStart, tokenTtlHours: 24 * 365 });
        token = await login(app.url, 'manager');
    });
    afterAll(async () => {
        await app?.stop();
    });
    const statusOf = async (event: StudioEvent) =>
        ((await call(app.url, `/api/events/${event.id}`, { token })).body as unknown as StudioEvent).status;

    it('closes a class with marks once configs.autoCloseHours have passed since its end, by itself', async () => {
        // A minute before the 12 hours are up the sweep leaves it; at the 12th hour it closes it.
        const end = addMinutes(overdue.startsAt, overdue.durationMinutes);
        app.setClock(instantOf(end, 12 * 60 - 1));
        await app.sweep();
        expect(await statusOf(overdue)).toBe('planned');
        app.setClock(instantOf(end, 12 * 60));
        expect(await app.sweep()).toBe(1);
        await expect.poll(() => statusOf(overdue), { timeout: 20_000 }).toBe('done');
        const admin = await login(app.url, 'admin');
        const filter = encodeURIComponent(JSON.stringify({ collection: 'events', recordId: String(overdue.id) }));
        const entries = (await call(app.url, `/api/auditEntries?filter=${filter}`, { token: admin })).body as {
            userId: number | null;
            endpoint: string;
            createdAt: string;
        }[];
        expect(entries.find(entry => entry.endpoint === 'job close-classes')).toMatchObject({ userId: null });
        // Entered in the trail at the server's time.
        expect(entries.find(entry => entry.endpoint === 'job close-classes')?.createdAt).toBe(instantOf(end, 12 * 60));
        app.setClock(clockStart);
    });

    it('leaves open a class that ended recently, one without marks and one older than a month', async () => {
        await expect.poll(() => statusOf(overdue), { timeout: 20_000 }).toBe('done');
        // Sweeps at the clock's time: several look at these classes, and none closes them.
        for (let sweep = 0; sweep < 3; sweep++) expect(await app.sweep()).toBe(0);
        expect(await statusOf(recent)).toBe('planned');
        expect(await statusOf(unmarked)).toBe('planned');
        expect(await statusOf(tooOld)).toBe('planned');
    });

    it('lists the classes without marks on the dashboard, for staff all of them, for a teacher their own', async () => {
        const staff = (await call(app.url, '/api/dashboard', { token })).body as unknown as {
            withoutMarks: { count: number; classes: { id: number; title: string | null; teacher: string }[] };
        };
        expect(staff.withoutMarks.classes.find(row => row.id === unmarked.id)).toMatchObject({
            title: unmarked.title,
            teacher: 'Анна Петрова',
        });
        expect(staff.withoutMarks.classes.some(row => row.id === recent.id)).toBe(false);
        const teacher = (await call(app.url, '/api/dashboard', { token: await login(app.url, 'teacher') }))
            .body as unknown as typeof staff;
        expect(teacher.withoutMarks.classes.some(row => row.id === unmarked.id)).toBe(true);
    });

    it('sweeps on its own timer, each sweep at the time the server’s clock tells then', async () => {
        app.startSweeping(100);
        expect(await statusOf(dueLater)).toBe('planned');
        // An hour later by the clock the class is due: a sweep on the timer closes it.
        app.setClock(instantOf(local, 60));
        await expect.poll(() => statusOf(dueLater)).toBe('done');
        expect(await statusOf(recent)).toBe('planned');
    });
});
