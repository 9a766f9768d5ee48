import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instantAt } from '../../src/domain/time';
import type { Booking, Customer, Database } from '../../src/domain/types';
import { addCustomer, addEvent, addPass, freshPhone, nextId } from '../support/factories';
import { call, demoDb, removeDir, startServer, type RunningServer } from '../support/server';
import { outboxDesk } from '../support/outbox';
import { startMailbox, type Mailbox } from '../support/smtp';

/*
 * What the job runner tells customers ahead of time and what quiet hours do, on both engines, by e-mail
 * to a real SMTP server: a reminder 2 hours before the late-cancel cut-off with a link to the public page
 * that cancels (only after a confirmation: a GET never cancels), withdrawn when the booking is cancelled
 * first and never queued twice, even across a restart; a seat freed too near the class told to the whole
 * line; "visits left" once per pass; "ends soon" 5 days before; the night's notices held till morning;
 * staff's booking notices turned off; a seat from the line cancelled free while its notice is fresh.
 */

const zone = 'Europe/Moscow';
const local = (time: string) => new Date(instantAt(time, zone));

const db = JSON.parse(readFileSync(demoDb, 'utf8')) as Database;
const course = db.courses[0];
const person = (lastName: string, visitsTotal = 8, fields: Partial<Customer> = {}) => {
    const customer = addCustomer(db, {
        firstName: lastName,
        lastName: 'Notice',
        phone: freshPhone(),
        email: `${lastName.toLowerCase()}.notice@example.test`,
        locale: 'en',
        ...fields,
    });
    const pass = addPass(db, {
        customerId: customer.id,
        name: `${lastName}'s pass`,
        startsOn: '2031-07-01',
        endsOn: '2031-08-31',
        visitsTotal,
    });
    return { ...customer, pass };
};
const rita = person('Rita');
const walt = person('Walt');
const late = person('Late');
const seated = person('Seated');
const waiting = person('Waiting');
const counting = person('Counting', 4);
const ending = addPass(db, {
    customerId: rita.id,
    name: 'Summer pass',
    startsOn: '2031-06-01',
    endsOn: '2031-07-24',
    visitsTotal: 8,
});
// The studio's window is 12 hours: the class at 19:00 is free to cancel until 07:00, reminded 05:00, which
// is inside the quiet hours (22:00-09:00) and too late for their end, so the reminder goes at 21:00 before.
const evening = addEvent(db, '2031-07-20T19:00', { courseId: course.id, capacity: 10, title: 'Evening flow' });
const noon = addEvent(db, '2031-07-21T22:00', { courseId: course.id, capacity: 10, title: 'Late flow' });
const tight = addEvent(db, '2031-07-22T18:00', { courseId: course.id, capacity: 1, title: 'Tight flow' });
// A plan whose cancels are late a day ahead: its seats given from the line can be late soon after promotion.
const strictPlan = { ...db.subscriptions[0], id: nextId(db.subscriptions), name: 'Strict', lateCancelHours: 24 };
db.subscriptions.push(strictPlan);
const first = person('First');
const strict = person('Strict');
strict.pass.subscriptionId = strictPlan.id;
const promoting = addEvent(db, '2031-07-26T18:00', { courseId: course.id, capacity: 1, title: 'Strict flow' });
const moving = addEvent(db, '2031-07-21T19:00', { courseId: course.id, capacity: 10, title: 'Moving flow' });
const later = addEvent(db, '2031-07-25T19:00', { courseId: course.id, capacity: 10, title: 'Later flow' });
const past = [1, 2, 3, 4].map(day =>
    addEvent(db, `2031-07-0${day}T10:00`, { courseId: course.id, title: 'Past flow' }),
);

let mailbox: Mailbox;
let server: RunningServer;
let now = local('2031-07-15T12:00');

const start = (dbFile?: string) =>
    startServer({
        ...(dbFile ? { dbFile } : { db }),
        env: {
            SMTP_URL: mailbox.url,
            MAIL_FROM: 'Studio <studio@example.test>',
            PUBLIC_URL: 'https://studio.example.test',
            MESSAGES_EVERY_MS: '50',
            NOTICES_EVERY_MS: '50',
        },
        clock: () => now,
    });

beforeAll(async () => {
    mailbox = await startMailbox();
    server = await start();
});

afterAll(async () => {
    await server?.stop();
    if (server) removeDir(server.dir);
    await mailbox?.stop();
});

const { as, book, messagesOf, settled } = outboxDesk(() => server);

/** Moves the server's clock and lets the runner look. */
const moveTo = async (time: string) => {
    now = local(time);
    await new Promise(done => setTimeout(done, 300));
};

describe('reminders', () => {
    let reminded: Booking;
    let link = '';

    it('are queued a day ahead for 2 hours before the cut-off, moved out of the night, and sent with a cancel link', async () => {
        reminded = await book(evening.id, rita.id);
        const withdrawn = await book(evening.id, walt.id);
        await moveTo('2031-07-18T12:00');
        expect(await messagesOf(rita.id, 'reminder')).toEqual([]);
        await moveTo('2031-07-19T12:00');
        const [queued] = await settled(rita.id, 'reminder', messages =>
            expect(messages).toMatchObject([{ status: 'queued', bookingId: reminded.id }]),
        );
        expect(queued.sendAt).toBe(instantAt('2031-07-19T21:00', zone));

        // Cancelled before its reminder went: the reminder is withdrawn in the same write.
        await settled(walt.id, 'reminder', messages => expect(messages).toHaveLength(1));
        expect((await as('manager', `/bookings/${withdrawn.id}/cancel`, { method: 'POST' })).status).toBe(200);
        expect(await messagesOf(walt.id, 'reminder')).toMatchObject([{ status: 'withdrawn' }]);

        await moveTo('2031-07-19T21:00');
        const mail = await mailbox.waitFor(rita.email!, /your class is soon/);
        expect(mail.text).toMatch(
            /See you at .*Evening flow, Sun 20 July.* 19:00\. Cancelling is free until 07:00 that day/,
        );
        link = /https:\/\/studio\.example\.test\/cancel\/(\S+)/.exec(mail.text ?? '')?.[1] ?? '';
        expect(link).toMatch(/^\d+-[\w-]+$/);
        expect(mailbox.to(walt.email!).filter(found => /soon/.test(found.subject ?? ''))).toEqual([]);
    });

    it('are never queued twice, even across a restart', async () => {
        const dbFile = server.dbFile;
        await server.stop();
        server = await start(dbFile);
        await new Promise(done => setTimeout(done, 500));
        expect(await messagesOf(rita.id, 'reminder')).toHaveLength(1);
        expect(mailbox.to(rita.email!).filter(found => /class is soon/.test(found.subject ?? ''))).toHaveLength(1);
    });

    it('cancel on the public page, without sign-in, only after the customer confirms', async () => {
        const view = await call(server.url, `/api/public/bookings/${link}`);
        expect(view.status, view.text).toBe(200);
        expect(view.body).toMatchObject({
            firstName: 'Rita',
            className: expect.stringContaining('Evening flow'),
            startsAt: '2031-07-20T19:00',
            status: 'booked',
            late: false,
            started: false,
            locale: 'en',
        });
        // Opening the page (a mail scanner following the link) cancels nothing.
        expect((await as('manager', `/bookings/${reminded.id}`)).body.status).toBe('booked');
        const [id] = link.split('-');
        expect((await call(server.url, `/api/public/bookings/${id}-not-the-secret-at-all`)).status).toBe(404);
        expect((await call(server.url, `/api/public/bookings/${id}`)).status).toBe(404);

        const cancelled = await call(server.url, `/api/public/bookings/${link}/cancel`, { method: 'POST' });
        expect(cancelled.status, cancelled.text).toBe(200);
        expect(cancelled.body).toMatchObject({ status: 'cancelled', late: false });
        expect((await as('manager', `/bookings/${reminded.id}`)).body).toMatchObject({
            status: 'cancelled',
            late: false,
        });
        // Twice is the same answer.
        expect((await call(server.url, `/api/public/bookings/${link}/cancel`, { method: 'POST' })).body).toMatchObject({
            status: 'cancelled',
        });
    });

    it('are not sent for a seat booked after their moment', async () => {
        await moveTo('2031-07-20T06:00');
        await book(evening.id, late.id);
        await new Promise(done => setTimeout(done, 300));
        expect(await messagesOf(late.id, 'reminder')).toEqual([]);
    });
});

describe('a reminder of a class moved after it was queued', () => {
    it('is not sent: the next look queues one for the new time', async () => {
        await book(moving.id, walt.id);
        await settled(walt.id, 'reminder', messages =>
            expect(messages.filter(message => message.status === 'queued')).toHaveLength(1),
        );
        const event = (await as('manager', `/events/${moving.id}`)).body;
        const moved = await as('manager', `/events/${moving.id}`, {
            method: 'PUT',
            json: { ...event, startsAt: '2031-07-21T20:00' },
        });
        expect(moved.status, moved.text).toBe(200);
        await settled(walt.id, 'reminder', messages =>
            expect(messages.filter(message => message.status === 'queued')).toHaveLength(2),
        );
        await moveTo('2031-07-20T21:00');
        const mail = await mailbox.waitFor(walt.email!, /class is soon\n.*Moving flow/);
        expect(mail.text).toMatch(/Moving flow, Mon 21 July.* 20:00/);
        const reminders = await settled(walt.id, 'reminder', messages =>
            expect(messages.filter(message => message.status !== 'queued')).toHaveLength(3),
        );
        expect(
            reminders.filter(message => message.text.includes('Moving flow')).map(message => message.status),
        ).toEqual(['withdrawn', 'sent']);
        expect(mailbox.to(walt.email!).filter(found => /class is soon/.test(found.subject ?? ''))).toHaveLength(1);
    });
});

describe('notices', () => {
    it('hold a notice due at night until the quiet hours end', async () => {
        await moveTo('2031-07-20T23:30');
        await book(noon.id, walt.id);
        const booked = (
            await settled(walt.id, 'booked', messages => expect(messages.at(-1)?.status).toBe('queued'))
        ).at(-1)!;
        expect(booked.sendAt).toBe(instantAt('2031-07-21T09:00', zone));
    });

    it('tell the whole line a seat came free too near the class to move anyone up', async () => {
        await moveTo('2031-07-21T12:00');
        const seat = await book(tight.id, seated.id);
        await book(tight.id, waiting.id, true);
        // 18:00 tomorrow, 12-hour window + 1: from 05:00 nobody is moved up (and after 09:00 nobody sleeps).
        await moveTo('2031-07-22T10:00');
        expect((await as('manager', `/bookings/${seat.id}/cancel`, { method: 'POST' })).body).toMatchObject({
            late: true,
        });
        const mail = await mailbox.waitFor(waiting.email!, /a seat came free/);
        expect(mail.text).toMatch(/Tight flow.*whoever books it first/);
        const [line] = (
            await as('manager', `/bookings?filter=${encodeURIComponent(JSON.stringify({ customerId: waiting.id }))}`)
        ).body as unknown as Booking[];
        expect(line.status).toBe('waitlisted');
    });

    it('say "visits left" once per pass: 1 on a pass of 4 visits', async () => {
        await moveTo('2031-07-05T12:00');
        for (const event of past.slice(0, 3)) {
            const marked = await as('manager', '/attendances', {
                method: 'POST',
                json: { eventId: event.id, customerId: counting.id, status: 'attended' },
            });
            expect(marked.status, marked.text).toBe(201);
        }
        expect((await mailbox.waitFor(counting.email!, /1 visit left/)).text).toMatch(
            /Counting's pass" has 1 visit left/,
        );
        await as('manager', '/attendances', {
            method: 'POST',
            json: { eventId: past[3].id, customerId: counting.id, status: 'attended' },
        });
        await new Promise(done => setTimeout(done, 300));
        expect(await messagesOf(counting.id, 'low_visits')).toHaveLength(1);
    });

    it('say a pass with visits left ends in 5 days, once', async () => {
        await moveTo('2031-07-19T12:00');
        const mail = await mailbox.waitFor(rita.email!, /your pass ends soon/);
        expect(mail.text).toMatch(/"Summer pass" ends on 24 July with 8 visits left/);
        await new Promise(done => setTimeout(done, 300));
        expect((await messagesOf(rita.id, 'expiring')).map(message => message.dedupeKey)).toEqual([
            `expiring:${ending.id}:2031-07-24`,
        ]);
    });

    it('of bookings staff make are not sent when the studio turns them off', async () => {
        const config = (await as('admin', '/configs/general')).body;
        const off = await as('admin', '/configs/general', {
            method: 'PUT',
            json: { ...config, staffBookingNotices: false, quietHours: null },
        });
        expect(off.status, off.text).toBe(200);
        await moveTo('2031-07-21T23:00');
        const before = (await messagesOf(seated.id, 'booked')).length;
        await book(later.id, seated.id);
        await new Promise(done => setTimeout(done, 300));
        expect(await messagesOf(seated.id, 'booked')).toHaveLength(before);
        await as('admin', '/configs/general', { method: 'PUT', json: config });
    });

    it('let a seat given from the line be cancelled free for 2 hours after its notice reached the customer', async () => {
        await moveTo('2031-07-25T12:00');
        const seat = await book(promoting.id, first.id);
        const line = await book(promoting.id, strict.id, true);
        // 14 hours before the class: the line still moves, and Strict's plan already counts cancels late.
        await moveTo('2031-07-26T04:00');
        expect((await as('manager', `/bookings/${seat.id}/cancel`, { method: 'POST' })).body).toMatchObject({
            late: false,
        });
        const [notice] = await settled(strict.id, 'promoted', messages => expect(messages).toHaveLength(1));
        // Queued in the night, the notice waits for the morning: until it is read, nothing is late.
        expect(notice.status).toBe('queued');
        await moveTo('2031-07-26T09:00');
        await settled(strict.id, 'promoted', messages => expect(messages[0].status).toBe('sent'));
        await moveTo('2031-07-26T10:30');
        const cancelled = await as('manager', `/bookings/${line.id}/cancel`, { method: 'POST' });
        expect(cancelled.body).toMatchObject({ status: 'cancelled', late: false });
    });
});

describe('the job runner', () => {
    it('shows its jobs to admins only, with when each ran and is due, and nobody writes them', async () => {
        const jobs = await as('admin', '/jobs?sort=["name","ASC"]');
        expect(jobs.status).toBe(200);
        // The memberships job is paused on the tests' servers (MEMBERSHIPS_EVERY_MS=off): it is not there.
        expect((jobs.body as unknown as { name: string }[]).map(job => job.name)).toEqual([
            'close_classes',
            'pass_notices',
            'penalties',
            'reminders',
            'send_messages',
        ]);
        for (const job of jobs.body as unknown as Record<string, unknown>[])
            expect(job).toMatchObject({ runs: expect.any(Number), runAt: expect.any(String), lastError: null });
        expect((await as('manager', '/jobs')).status).toBe(403);
        const [first] = jobs.body as unknown as { id: number }[];
        expect((await as('admin', '/jobs', { method: 'POST', json: { name: 'reminders' } })).status).toBe(405);
        expect((await as('admin', `/jobs/${first.id}`, { method: 'PUT', json: first })).status).toBe(405);
        expect((await as('admin', `/jobs/${first.id}`, { method: 'DELETE' })).status).toBe(405);
    });
});
