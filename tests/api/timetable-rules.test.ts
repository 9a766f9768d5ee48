import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { addDays, studioToday } from '../../src/domain/time';
import type { Config, Database } from '../../src/domain/types';
import { call, demoDb, login, removeDir, serverForEveryRole, startServer, type DemoRole } from '../support/server';
import { freshPhone } from '../support/factories';

/*
 * The timetable's rules of time: a class is marked from its day on, a teacher changes the marks of their
 * class for a few days after it (configs.teacherEditDays), managers at any time; and generating the
 * classes of every active group at once, with the reasons of what was skipped in words.
 */

const served = serverForEveryRole();

// Anna (id 3) teaches and signs in as the demo teacher; the demo timetable has no class before 08:00.
const anna = 3;

const request = async (method: string, path: string, role: DemoRole, json?: unknown) => {
    const answer = await call(served.server.url, `/api${path}`, { method, token: served.tokens[role], json });
    return { status: answer.status, body: answer.body as Record<string, unknown> & Record<string, never>[] };
};

const created = async (path: string, json: unknown) => {
    const answer = await request('POST', path, 'manager', json);
    if (answer.status !== 201) throw new Error(`POST ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body as unknown as { id: number };
};

const today = () => studioToday('Europe/Moscow', new Date());

let slot = 0;
/** One of Anna's classes `daysFromToday` away, each at its own early hour so that none clash. */
const annasClass = (daysFromToday: number) => {
    slot += 1;
    const time = `${String(5 + Math.floor(slot / 6)).padStart(2, '0')}:${String((slot % 6) * 10).padStart(2, '0')}`;
    return created('/events', {
        courseId: 1,
        teacherId: anna,
        studioId: 3,
        startsAt: `${addDays(today(), daysFromToday)}T${time}`,
        durationMinutes: 10,
        capacity: 10,
    });
};

const customer = (lastName: string) =>
    created('/customers', { firstName: 'Rules', lastName, phone: freshPhone(), status: 'active' });

const mark = (role: DemoRole, eventId: number, customerId: number, status = 'attended') =>
    request('POST', '/attendances', role, { eventId, customerId, status });

describe('a class of a later day cannot be marked yet', () => {
    it('refuses every mark on tomorrow’s class with 409 and a message key, for every role; today’s class is marked', async () => {
        const person = await customer('Future');
        const tomorrow = await annasClass(1);
        for (const role of ['teacher', 'manager', 'admin'] as const) {
            const refused = await mark(role, tomorrow.id, person.id);
            expect(refused.status).toBe(409);
            expect(refused.body.errors).toEqual({ eventId: 'app.validation.event_future' });
            expect(refused.body.opensOn).toBe(addDays(today(), 1));
        }
        const own = await annasClass(0);
        expect((await mark('teacher', own.id, person.id)).status).toBe(201);
    });

    it('refuses to move a mark onto a later class or to change one there, and lets one be removed', async () => {
        const person = await customer('Mover');
        const own = await annasClass(0);
        const later = await annasClass(3);
        const { body: attendance } = await mark('manager', own.id, person.id);
        const moved = await request('PUT', `/attendances/${attendance.id}`, 'manager', { eventId: later.id });
        expect(moved.status).toBe(409);
        expect(moved.body.errors).toEqual({ eventId: 'app.validation.event_future' });

        // A mark put on a later class in an older database is still taken off.
        const { body: roster } = await request('GET', `/events/${later.id}/roster`, 'teacher');
        expect(roster.marking).toMatchObject({ future: true, locked: false });
        expect((await request('DELETE', `/attendances/${attendance.id}`, 'manager')).status).toBe(200);
    });
});

describe('a teacher’s marks lock some days after the class', () => {
    it('is 2 days in a database made before the setting, which still starts and takes the default on its next save', async () => {
        const old = JSON.parse(readFileSync(demoDb, 'utf8')) as Database;
        delete (old.configs[0] as Partial<Config>).teacherEditDays;
        const server = await startServer({ db: old });
        try {
            const admin = await login(server.url, 'admin');
            const teacher = await login(server.url, 'teacher');
            const manager = await login(server.url, 'manager');
            const ask = (method: string, path: string, token: string, json?: unknown) =>
                call(server.url, `/api${path}`, { method, token, json });
            const person = (
                await ask('POST', '/customers', manager, {
                    firstName: 'Rules',
                    lastName: 'Olddb',
                    phone: freshPhone(),
                    status: 'active',
                })
            ).body;
            const threeDaysAgo = (
                await ask('POST', '/events', manager, {
                    courseId: 1,
                    teacherId: anna,
                    studioId: 3,
                    startsAt: `${addDays(today(), -3)}T05:00`,
                    durationMinutes: 10,
                    capacity: 10,
                })
            ).body;
            const refused = await ask('POST', '/attendances', teacher, {
                eventId: threeDaysAgo.id,
                customerId: person.id,
                status: 'attended',
            });
            expect(refused.status).toBe(403);
            expect(refused.body.teacherEditDays).toBe(2);
            const saved = await ask('PUT', '/configs/general', admin, { studioName: 'Студия «Пульс»' });
            expect(saved.status).toBe(200);
            expect(saved.body.teacherEditDays).toBe(2);
        } finally {
            await server.stop();
            removeDir(server.dir);
        }
    });

    it('is changed by an admin within 0 to 365 whole days', async () => {
        // The demo database is generated with the setting; an older copy of it reads as the default.
        const { body: config } = await request('GET', '/configs/general', 'manager');
        expect(config.teacherEditDays ?? 2).toBe(2);
        for (const wrong of [-1, 366, 1.5, 'two']) {
            const refused = await request('PUT', '/configs/general', 'admin', { teacherEditDays: wrong });
            expect(refused.status, String(wrong)).toBe(400);
            expect(Object.keys(refused.body.errors as object)).toEqual(['teacherEditDays']);
        }
        const saved = await request('PUT', '/configs/general', 'admin', { teacherEditDays: 7 });
        expect(saved.body.teacherEditDays).toBe(7);
        expect((await request('GET', '/configs/general', 'manager')).body.teacherEditDays).toBe(7);
        expect((await request('PUT', '/configs/general', 'admin', { teacherEditDays: 2 })).status).toBe(200);
    });

    it('lets the teacher mark within the window and refuses with 403 naming the window after it; a manager may always', async () => {
        const person = await customer('Window');
        const inside = await annasClass(-2);
        const outside = await annasClass(-3);
        expect((await mark('teacher', inside.id, person.id)).status).toBe(201);

        const refused = await mark('teacher', outside.id, person.id);
        expect(refused.status).toBe(403);
        expect(refused.body.errors).toEqual({ eventId: 'app.validation.teacher_window' });
        expect(refused.body).toMatchObject({ teacherEditDays: 2, lastTeacherDay: addDays(today(), -1) });
        expect(refused.body.message).toMatch(/2 days/);
        const { body: roster } = await request('GET', `/events/${outside.id}/roster`, 'teacher');
        expect(roster.marking).toMatchObject({ future: false, locked: true, teacherEditDays: 2 });

        // The manager marks the old class; the teacher can neither change nor remove that mark.
        const { body: old } = await mark('manager', outside.id, person.id);
        expect(old).toMatchObject({ status: 'attended', markedBy: 2 });
        expect((await request('PUT', `/attendances/${old.id}`, 'teacher', { status: 'late' })).status).toBe(403);
        expect((await request('DELETE', `/attendances/${old.id}`, 'teacher')).status).toBe(403);
        const { body: managersRoster } = await request('GET', `/events/${outside.id}/roster`, 'manager');
        expect(managersRoster.marking).toMatchObject({ locked: false });
        const changed = await request('PUT', `/attendances/${old.id}`, 'manager', { status: 'excused' });
        expect(changed.status).toBe(200);
        expect(changed.body.status).toBe('excused');
    });

    it('follows the setting: a longer window opens the older class to the teacher, 0 keeps only the class’s day', async () => {
        const person = await customer('Setting');
        const older = await annasClass(-4);
        const yesterday = await annasClass(-1);
        expect((await request('PUT', '/configs/general', 'admin', { teacherEditDays: 5 })).status).toBe(200);
        expect((await mark('teacher', older.id, person.id)).status).toBe(201);

        expect((await request('PUT', '/configs/general', 'admin', { teacherEditDays: 0 })).status).toBe(200);
        const refused = await mark('teacher', yesterday.id, person.id);
        expect(refused.status).toBe(403);
        expect(refused.body.teacherEditDays).toBe(0);
        expect((await mark('teacher', (await annasClass(0)).id, person.id)).status).toBe(201);
        expect((await request('PUT', '/configs/general', 'admin', { teacherEditDays: 2 })).status).toBe(200);
    });
});

interface Skip {
    date: string;
    startTime: string;
    reason: string;
    eventId?: number;
    params: Record<string, string>;
}
interface Group {
    scheduleId: number;
    title: string | null;
    created: number;
    skipped: Skip[];
}

describe('generating the classes of every active group at once', () => {
    // The first week of 2027 Monday to Sunday, after the demo timetable ends.
    const from = '2027-01-04';
    const to = '2027-01-10';
    const generateAll = (role: DemoRole = 'manager', period: unknown = { from, to }) =>
        request('POST', '/schedules/generate', role, period);

    it('answers the result of each active group and names the class in the way in words', async () => {
        // Vera (id 5) teaches the «Классический балет» group (10) on Mondays at 19:00; a class of hers at that time is in the way.
        const busy = await created('/events', {
            courseId: 9,
            teacherId: 5,
            studioId: 3,
            startsAt: `${from}T19:00`,
            durationMinutes: 30,
            capacity: 10,
        });
        const { body: group } = await request('PUT', '/schedules/12', 'manager', { active: false });
        expect(group.active).toBe(false);

        const { status, body } = await generateAll();
        expect(status).toBe(200);
        const groups = body.groups as unknown as Group[];
        expect(body).toMatchObject({ from, to });
        expect(groups.map(each => each.scheduleId)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
        expect(body.created).toBe(groups.reduce((sum, each) => sum + each.created, 0));
        // Wednesday and Friday mornings of the «Хатха-йога» group.
        expect(groups[0]).toMatchObject({ title: 'Хатха-йога · Ср/Пт 08:00', created: 2, skipped: [] });
        const ballet = groups[9];
        expect(ballet.created).toBe(2);
        expect(ballet.skipped).toEqual([
            {
                date: from,
                startTime: '19:00',
                reason: 'teacher_clash',
                eventId: busy.id,
                params: {
                    date: from,
                    time: '19:00',
                    teacher: 'Вера Иванова',
                    course: 'Балет для взрослых',
                    studio: 'Малый зал',
                },
            },
        ]);

        const again = await generateAll();
        const second = again.body.groups as unknown as Group[];
        expect(again.body.created).toBe(0);
        expect(
            second[0].skipped.map(skip => [
                skip.date,
                skip.reason,
                skip.params.teacher,
                skip.params.course,
                skip.params.studio,
            ]),
        ).toEqual([
            ['2027-01-06', 'exists', 'Анна Петрова', 'Хатха-йога', 'Большой зал'],
            ['2027-01-08', 'exists', 'Анна Петрова', 'Хатха-йога', 'Большой зал'],
        ]);
        await request('PUT', '/schedules/12', 'manager', { active: true });
    });

    it('is for staff who create classes, over a valid period', async () => {
        expect((await generateAll('teacher')).status).toBe(403);
        expect((await generateAll('manager', { from: to, to: from })).status).toBe(400);
        expect((await generateAll('manager', { from })).status).toBe(400);
    });
});
