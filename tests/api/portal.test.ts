import { readFileSync } from 'node:fs';
import ical, { type VEvent } from 'node-ical';
import { describe, expect, it } from 'vitest';
import { instantAt } from '../../src/domain/time';
import type { Customer, Database } from '../../src/domain/types';
import { addCustomer, addEvent, addPass, freshPhone } from '../support/factories';
import { serverWithMail } from '../support/mailedServer';
import { outboxDesk } from '../support/outbox';
import { portalClient } from '../support/portal';
import { demoDb } from '../support/server';

/*
 * What a signed-in customer does in the portal, on both engines, with the clock the test sets: the
 * classes they may book with seats and lines, booking and its refusals (not_open, no_pass, full, overlap,
 * a class for staff only), a place in line and the promotion a staff cancel gives, cancelling with
 * "late" said before and after, a parent acting for their child and never for a stranger's, pausing
 * their own pass from tomorrow within the plan's days (a dry run listing the seats it gives up), plans
 * sold online bought through a payment link, a balance paid, their settings, and the calendar feed read
 * back by an iCalendar parser in the studio's time zone.
 */

const zone = 'Europe/Moscow';
const local = (time: string) => new Date(instantAt(time, zone));
const db = JSON.parse(readFileSync(demoDb, 'utf8')) as Database;
// The studio sells all its plans online but the 12-visit one.
db.subscriptions.find(plan => plan.name === '12 занятий')!.soldOnline = false;
const eightVisits = db.subscriptions.find(plan => plan.name === '8 занятий')!;

const person = (firstName: string, fields: Partial<Customer> = {}) =>
    addCustomer(db, {
        firstName,
        lastName: 'Member',
        phone: freshPhone(),
        email: `${firstName.toLowerCase()}.member@example.test`,
        locale: 'en',
        ...fields,
    });
const withPass = (customer: Customer, fields = {}) =>
    addPass(db, {
        customerId: customer.id,
        subscriptionId: eightVisits.id,
        name: '8 visits',
        price: 0,
        startsOn: '2031-07-01',
        endsOn: '2031-08-31',
        visitsTotal: 8,
        ...fields,
    });
const pia = person('Pia');
const piaPass = withPass(pia);
const rex = person('Rex');
withPass(rex);
const nopass = person('Nopass');
const lead = person('Lead', { status: 'lead' });
const parent = person('Parent');
const child = person('Child', { guardianId: parent.id, email: null });
withPass(child);
const stranger = person('Stranger');
const strangersChild = person('Other', { guardianId: stranger.id, email: null });
withPass(strangersChild);
const owing = person('Owing');
const owingPass = withPass(owing, { price: 5200 });

const open = addEvent(db, '2031-07-20T18:00', { title: 'Open flow', capacity: 5, durationMinutes: 90 });
const sameTime = addEvent(db, '2031-07-20T18:30', { title: 'Same time', capacity: 5 });
const single = addEvent(db, '2031-07-21T10:00', { title: 'One seat', capacity: 1 });
const soon = addEvent(db, '2031-07-15T20:00', { title: 'Tonight', capacity: 5 });
const far = addEvent(db, '2031-08-10T18:00', { title: 'Far away', capacity: 5 });
const deskOnly = addEvent(db, '2031-07-22T18:00', { title: 'Desk only', bookable: false });
const earlier = addEvent(db, '2031-07-15T14:00', { title: 'This afternoon', capacity: 5 });
const paused = addEvent(db, '2031-07-24T18:00', { title: 'In the pause', capacity: 5 });

let now = local('2031-07-15T12:00');
const served = serverWithMail(db, { PUBLIC_URL: 'https://studio.example.test' }, () => now);

const { as, messagesOf, settled } = outboxDesk(() => served.server);
const { portal, signIn } = portalClient(
    () => served.server,
    () => served.mailbox,
    () => (now = new Date(now.getTime() + 61_000)),
);
const tokens = new Map<number, string>();
const tokenOf = async (customer: Customer) => {
    if (!tokens.has(customer.id)) tokens.set(customer.id, await signIn(customer.email!, customer.email!));
    return tokens.get(customer.id)!;
};
const post = async (customer: Customer, path: string, json: unknown = {}) =>
    portal(path, await tokenOf(customer), { method: 'POST', json });
const get = async (customer: Customer, path: string) => portal(path, await tokenOf(customer));

type Listed = { id: number; free: number; booked: number; waitlisted: number; booking: { status: string } | null };

describe('the classes a customer sees', () => {
    it('are the planned ones open to customers, with their seats, teacher and hall, and why one cannot be booked yet', async () => {
        const answer = await get(pia, '/classes?from=2031-07-15&to=2031-07-24');
        expect(answer.status, answer.text).toBe(200);
        const classes = answer.body.classes as unknown as (Listed & Record<string, unknown>)[];
        const ids = classes.map(item => item.id);
        expect(ids).toEqual(expect.arrayContaining([soon.id, open.id, sameTime.id, single.id, paused.id]));
        expect(ids).not.toContain(deskOnly.id);
        expect(classes.find(item => item.id === open.id)).toMatchObject({
            title: expect.stringContaining('Open flow'),
            startsAt: '2031-07-20T18:00',
            endsAt: '2031-07-20T19:30',
            teacherName: expect.any(String),
            hallName: db.studios[0].name,
            capacity: 5,
            free: 5,
            booking: null,
            refusal: null,
            lateCancelFrom: '2031-07-20T06:00',
        });
        expect((answer.body.teachers as unknown as unknown[]).length).toBeGreaterThan(0);
        expect((answer.body.halls as unknown as unknown[]).length).toBeGreaterThan(0);
        const later = await get(pia, '/classes?from=2031-08-10&to=2031-08-10');
        expect((later.body.classes as unknown as Listed[])[0]).toMatchObject({ id: far.id, refusal: 'not_open' });
    });

    it('are asked for at most 31 days at once', async () => {
        const answer = await get(pia, '/classes?from=2031-07-01&to=2031-09-01');
        expect(answer.status).toBe(400);
        expect(answer.body.errors).toEqual({ to: 'app.portal.range_too_long' });
    });
});

describe('booking in the portal', () => {
    it('books a seat paid by the customer’s pass, confirmed to them, and the class shows it', async () => {
        const booked = await post(pia, '/bookings', { eventId: open.id });
        expect(booked.status, booked.text).toBe(201);
        expect(booked.body.booking).toMatchObject({ eventId: open.id, customerId: pia.id, status: 'booked' });
        const stored = await as('admin', `/bookings/${(booked.body.booking as unknown as { id: number }).id}`);
        expect(stored.body).toMatchObject({ source: 'portal', bookedBy: null, passId: piaPass.id });
        await settled(pia.id, 'booked', messages => expect(messages).toMatchObject([{ status: 'sent' }]));
        const listed = await get(pia, '/classes?from=2031-07-20&to=2031-07-20');
        expect((listed.body.classes as unknown as Listed[]).find(item => item.id === open.id)).toMatchObject({
            booked: 1,
            free: 4,
            booking: { status: 'booked' },
        });
    });

    it('refuses: not open yet, no pass, the same time, a class for the desk only, twice', async () => {
        const refusal = async (customer: Customer, eventId: number) =>
            (await post(customer, '/bookings', { eventId })).body.errors;
        expect(await refusal(pia, far.id)).toEqual({ eventId: 'not_open' });
        expect(await refusal(nopass, open.id)).toEqual({ eventId: 'no_pass' });
        expect(await refusal(pia, sameTime.id)).toEqual({ eventId: 'overlap' });
        expect(await refusal(pia, deskOnly.id)).toEqual({ eventId: 'closed' });
        expect(await refusal(pia, open.id)).toEqual({ eventId: 'already_booked' });
    });

    it('gives a place in line in a full class, shown with its number, and a staff cancel promotes it', async () => {
        const first = await post(rex, '/bookings', { eventId: single.id });
        expect(first.status, first.text).toBe(201);
        const full = await post(pia, '/bookings', { eventId: single.id });
        expect(full.status).toBe(409);
        expect(full.body.errors).toEqual({ eventId: 'full' });
        const line = await post(pia, '/bookings', { eventId: single.id, waitlist: true });
        expect(line.status, line.text).toBe(201);
        expect(line.body.booking).toMatchObject({ status: 'waitlisted', position: 1 });
        const mine = await get(pia, '/bookings');
        expect(mine.body.bookings).toEqual(
            expect.arrayContaining([
                expect.objectContaining({ eventId: single.id, status: 'waitlisted', position: 1 }),
            ]),
        );
        const rexBooking = (first.body.booking as unknown as { id: number }).id;
        expect((await as('manager', `/bookings/${rexBooking}/cancel`, { method: 'POST' })).status).toBe(200);
        const after = await get(pia, '/bookings');
        expect(after.body.bookings).toEqual(
            expect.arrayContaining([expect.objectContaining({ eventId: single.id, status: 'booked', position: null })]),
        );
    });

    it('says before the cancel whether it is late, and the cancel answers so', async () => {
        const tonight = await post(pia, '/bookings', { eventId: soon.id });
        expect(tonight.status, tonight.text).toBe(201);
        expect(tonight.body.booking).toMatchObject({ lateNow: true, lateCancelFrom: '2031-07-15T08:00' });
        const cancelled = await post(pia, `/bookings/${(tonight.body.booking as unknown as { id: number }).id}/cancel`);
        expect(cancelled.status, cancelled.text).toBe(200);
        expect(cancelled.body).toMatchObject({ late: true, penalty: null, booking: { status: 'cancelled' } });
        const mine = (await get(pia, '/bookings')).body.bookings as unknown as { eventId: number; lateNow: boolean }[];
        expect(mine.find(booking => booking.eventId === open.id)).toMatchObject({ lateNow: false });
    });

    it('lists the upcoming bookings only: a class that is over is gone from them', async () => {
        const seat = await post(rex, '/bookings', { eventId: earlier.id });
        expect(seat.status, seat.text).toBe(201);
        const upcoming = async () =>
            ((await get(rex, '/bookings')).body.bookings as unknown as { eventId: number }[]).map(one => one.eventId);
        expect(await upcoming()).toContain(earlier.id);
        const before = now;
        now = local('2031-07-15T15:01');
        expect(await upcoming()).not.toContain(earlier.id);
        now = before;
    });

    it('never cancels someone else’s booking', async () => {
        const mine = (await get(pia, '/bookings')).body.bookings as unknown as { id: number }[];
        const answer = await post(rex, `/bookings/${mine[0].id}/cancel`);
        expect(answer.status).toBe(404);
    });
});

describe('a parent in the portal', () => {
    it('sees their child, books for them, and gets the child’s messages', async () => {
        const me = await get(parent, '/me');
        expect(me.body.wards).toEqual([expect.objectContaining({ id: child.id, firstName: 'Child' })]);
        const booked = await post(parent, '/bookings', { eventId: open.id, customerId: child.id });
        expect(booked.status, booked.text).toBe(201);
        expect(booked.body.booking).toMatchObject({ customerId: child.id, status: 'booked' });
        const [notice] = await settled(parent.id, 'booked', messages =>
            expect(messages).toMatchObject([{ status: 'sent' }]),
        );
        expect(notice.text).toMatch(/^For Child\. You have a seat in .*Open flow/);
        expect(await messagesOf(child.id, 'booked')).toEqual([]);
        const passes = await get(parent, `/passes?customerId=${child.id}`);
        expect(passes.body.passes).toHaveLength(1);
        const cancelled = await post(
            parent,
            `/bookings/${(booked.body.booking as unknown as { id: number }).id}/cancel`,
        );
        expect(cancelled.status).toBe(200);
    });

    it('acts for nobody else’s child', async () => {
        expect((await post(parent, '/bookings', { eventId: open.id, customerId: strangersChild.id })).status).toBe(403);
        expect((await get(parent, `/passes?customerId=${strangersChild.id}`)).status).toBe(403);
        expect((await get(parent, `/classes?customerId=${stranger.id}`)).status).toBe(403);
        expect((await post(parent, '/plans/3/buy', { customerId: strangersChild.id })).status).toBe(403);
    });
});

describe('pausing one’s own pass', () => {
    it('shows the pass with visits left and the plan’s freeze days', async () => {
        const passes = await get(pia, '/passes');
        expect(passes.body.passes).toEqual([
            expect.objectContaining({
                id: piaPass.id,
                visitsLeft: 8,
                endsOn: '2031-08-31',
                freezeDays: 7,
                freezeDaysLeft: 7,
                canFreeze: true,
                state: 'active',
            }),
        ]);
    });

    it('starts tomorrow at the earliest and lasts no longer than the plan allows', async () => {
        const today = await post(pia, `/passes/${piaPass.id}/freeze`, { from: '2031-07-15', to: '2031-07-16' });
        expect(today.status).toBe(400);
        expect(today.body.errors).toEqual({ from: 'app.portal.freeze_from_tomorrow' });
        const long = await post(pia, `/passes/${piaPass.id}/freeze`, { from: '2031-07-16', to: '2031-07-30' });
        expect(long.status).toBe(400);
        expect(long.body.errors).toEqual({ to: 'app.money.errors.freeze_too_long' });
        expect((await post(rex, `/passes/${piaPass.id}/freeze`, { from: '2031-07-16', to: '2031-07-17' })).status).toBe(
            404,
        );
    });

    it('lists the seats a pause gives up before it is confirmed, then gives them up (never late) and moves the end', async () => {
        const seat = await post(pia, '/bookings', { eventId: paused.id });
        expect(seat.status, seat.text).toBe(201);
        const range = { from: '2031-07-23', to: '2031-07-26' };
        const dry = await post(pia, `/passes/${piaPass.id}/freeze`, { ...range, dryRun: true });
        expect(dry.status, dry.text).toBe(200);
        expect(dry.body.pass).toMatchObject({ frozenFrom: '2031-07-23', endsOn: '2031-09-04' });
        expect(dry.body.cancelled).toEqual([expect.objectContaining({ eventId: paused.id, status: 'booked' })]);
        expect((await get(pia, '/passes')).body.passes).toEqual([
            expect.objectContaining({ endsOn: '2031-08-31', frozenFrom: null }),
        ]);
        const done = await post(pia, `/passes/${piaPass.id}/freeze`, range);
        expect(done.status, done.text).toBe(200);
        expect(done.body.pass).toMatchObject({
            frozenFrom: '2031-07-23',
            frozenTo: '2031-07-26',
            endsOn: '2031-09-04',
            canFreeze: false,
            canUnfreeze: true,
        });
        const seatNow = await as('admin', `/bookings/${(seat.body.booking as unknown as { id: number }).id}`);
        expect(seatNow.body).toMatchObject({ status: 'cancelled', late: false });
        const history = await as(
            'admin',
            `/auditEntries?filter=${encodeURIComponent(JSON.stringify({ collection: 'passes', recordId: String(piaPass.id) }))}`,
        );
        expect(history.body[0]).toMatchObject({
            userName: 'Pia Member',
            endpoint: `POST /api/portal/passes/${piaPass.id}/freeze`,
        });
    });

    it('is ended by resuming: the end date comes back', async () => {
        const resumed = await post(pia, `/passes/${piaPass.id}/unfreeze`);
        expect(resumed.status, resumed.text).toBe(200);
        expect(resumed.body.pass).toMatchObject({ frozenFrom: null, endsOn: '2031-08-31' });
    });
});

describe('plans and payments', () => {
    it('lists the plans sold online, trial first for someone new', async () => {
        const plans = (await get(lead, '/plans')).body.plans as unknown as { name: string; trial: boolean }[];
        expect(plans[0]).toMatchObject({ trial: true });
        expect(plans.map(plan => plan.name)).not.toContain('12 занятий');
        expect(plans.map(plan => plan.name)).toContain('8 занятий');
    });

    it('buys a plan through a payment link the public page pays', async () => {
        const bought = await post(lead, `/plans/${eightVisits.id}/buy`);
        expect(bought.status, bought.text).toBe(201);
        expect(bought.body.url).toBe(`/payments/link/${bought.body.linkId}`);
        const link = await call(`/api/public/payment-links/${bought.body.linkId}`);
        expect(link.status, link.text).toBe(200);
        expect(link.body).toMatchObject({ amount: eightVisits.price, status: 'pending' });
        const notSold = db.subscriptions.find(plan => plan.name === '12 занятий')!;
        expect((await post(lead, `/plans/${notSold.id}/buy`)).status).toBe(404);
    });

    it('pays what is due on a pass, and refuses when nothing is', async () => {
        const me = await get(owing, '/me');
        expect(me.body.customer).toMatchObject({ balanceDue: 5200 });
        const paid = await post(owing, '/pay', { passId: owingPass.id });
        expect(paid.status, paid.text).toBe(201);
        const link = await call(`/api/public/payment-links/${paid.body.linkId}`);
        expect(link.body).toMatchObject({ amount: 5200 });
        const nothing = await post(pia, '/pay', { passId: piaPass.id });
        expect(nothing.status).toBe(409);
        expect(nothing.body.errors).toEqual({ amount: 'app.portal.nothing_due' });
        expect((await post(pia, '/pay', { passId: owingPass.id })).status).toBe(404);
    });
});

describe('a customer’s settings', () => {
    it('change their language and the messages they take', async () => {
        const changed = await portal('/me', await tokenOf(rex), {
            method: 'PUT',
            json: { locale: 'ru', notify: { email: true, telegram: false, kinds: { reminder: false } } },
        });
        expect(changed.status, changed.text).toBe(200);
        expect(changed.body.customer).toMatchObject({ locale: 'ru', notify: { kinds: { reminder: false } } });
        const wrong = await portal('/me', await tokenOf(rex), { method: 'PUT', json: { locale: 'xx' } });
        expect(wrong.status).toBe(400);
    });

    it('cannot link Telegram where the studio has not set it up', async () => {
        const answer = await post(rex, '/telegram');
        expect(answer.status).toBe(409);
    });
});

describe('the calendar feed', () => {
    it('holds the booked classes in the studio’s time zone, cancelled ones as cancelled, and a renewed address ends the old', async () => {
        const me = await get(pia, '/me');
        const url = new URL(me.body.calendarUrl as unknown as string);
        const feed = await fetch(`${served.server.url}${url.pathname}`);
        expect(feed.status).toBe(200);
        expect(feed.headers.get('content-type')).toMatch(/^text\/calendar/);
        const text = await feed.text();
        expect(text).toMatch(/BEGIN:VTIMEZONE[\s\S]*TZID:Europe\/Moscow/);
        expect(text).toMatch(/DTSTART;TZID=Europe\/Moscow:20310720T180000/);
        const events = Object.values(ical.sync.parseICS(text)).filter(item => item?.type === 'VEVENT') as VEvent[];
        const flow = events.find(event => String(event.summary).includes('Open flow'))!;
        expect(flow).toBeDefined();
        // 18:00 in Moscow is 15:00 UTC.
        expect((flow.start as Date).toISOString()).toBe('2031-07-20T15:00:00.000Z');
        expect((flow.end as Date).toISOString()).toBe('2031-07-20T16:30:00.000Z');
        expect(flow.location).toBe(db.studios[0].name);
        expect(flow.status).toBe('CONFIRMED');
        const tonight = events.find(event => String(event.summary).includes('Tonight'))!;
        expect(tonight.status).toBe('CANCELLED');
        expect(new Set(events.map(event => event.uid)).size).toBe(events.length);

        const renewed = await post(pia, '/calendar/renew');
        expect(renewed.status).toBe(200);
        expect((await fetch(`${served.server.url}${url.pathname}`)).status).toBe(404);
        const next = new URL(renewed.body.calendarUrl as unknown as string);
        expect((await fetch(`${served.server.url}${next.pathname}`)).status).toBe(200);
    });
});

const call = (path: string) =>
    fetch(`${served.server.url}${path}`).then(async answer => ({
        status: answer.status,
        text: await answer.clone().text(),
        body: (await answer.json()) as Record<string, unknown>,
    }));
