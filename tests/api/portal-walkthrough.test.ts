import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { instantAt } from '../../src/domain/time';
import type { Customer, Database, Subscription } from '../../src/domain/types';
import { addCustomer, addEvent, addPass, freshPhone, nextId } from '../support/factories';
import { serverWithMail } from '../support/mailedServer';
import { outboxDesk } from '../support/outbox';
import { payOnline, testCards } from '../support/payOnline';
import { portalClient } from '../support/portal';
import { call, demoDb } from '../support/server';

/*
 * What a customer met walking through /my on both engines, on a timetable of this file's own (a teacher,
 * a hall, a course and a group nobody else uses) at the clock the test sets: a group's classes named by
 * their course, a guardian's calendar holding their child's classes, a cancelled seat's event updated in
 * the calendar, the cancel saying whether the forgiven late cancel of 30 days is used, the payment page
 * greeting the guardian who pays, and a lead who buys or books becoming an active customer.
 */

const zone = 'Europe/Moscow';
const local = (time: string) => new Date(instantAt(time, zone));
const db = JSON.parse(readFileSync(demoDb, 'utf8')) as Database;
const created = '2030-01-01T00:00:00.000Z';

const teacher = { ...db.users.find(user => user.role === 'teacher')!, id: nextId(db.users) };
Object.assign(teacher, { name: 'Walk Teacher', email: 'walk.teacher@example.test', phone: null, createdAt: created });
db.users.push(teacher);
const hall = { ...db.studios[0], id: nextId(db.studios), name: 'Walk hall', createdAt: created };
db.studios.push(hall);
const direction = { ...db.directions[0], id: nextId(db.directions), name: 'Walk yoga', createdAt: created };
db.directions.push(direction);
const course = {
    ...db.courses[0],
    id: nextId(db.courses),
    name: 'Garden hatha',
    directionId: direction.id,
    createdAt: created,
};
db.courses.push(course);
const group = {
    ...db.schedules[0],
    id: nextId(db.schedules),
    title: 'Ср/Пт 14:00',
    courseId: course.id,
    teacherId: teacher.id,
    studioId: hall.id,
    startsOn: '2031-07-01',
    customerIds: [],
    createdAt: created,
};
db.schedules.push(group);

const basePlan = db.subscriptions.find(plan => plan.name === '8 занятий')!;
const plan = (name: string, fields: Partial<Subscription> = {}): Subscription => {
    const made = { ...basePlan, id: nextId(db.subscriptions), name, soldOnline: true, createdAt: created, ...fields };
    db.subscriptions.push(made);
    return made;
};
const strict = plan('Walk strict', { lateCancelPenalty: { kind: 'visit', amount: null } });
const online = plan('Walk online', { price: 3000 });

const person = (firstName: string, fields: Partial<Customer> = {}) =>
    addCustomer(db, {
        firstName,
        lastName: 'Walker',
        phone: freshPhone(),
        email: `${firstName.toLowerCase()}.walker@example.test`,
        locale: 'en',
        ...fields,
    });
const withPass = (customer: Customer, subscriptionId = strict.id) =>
    addPass(db, {
        customerId: customer.id,
        subscriptionId,
        name: 'Walk pass',
        price: 0,
        startsOn: '2031-07-01',
        endsOn: '2031-08-31',
        visitsTotal: 8,
    });

const lena = person('Lena');
withPass(lena);
const mother = person('Mother');
const son = person('Son', { guardianId: mother.id, email: null });
withPass(son);
const deskLead = person('Desklead', { status: 'lead' });
const onlineLead = person('Onlinelead', { status: 'lead' });
const bookingLead = person('Booklead', { status: 'lead' });
withPass(bookingLead);
const ward = person('Wardlead', { guardianId: mother.id, email: null, status: 'lead' });

const groupClass = (startsAt: string) =>
    addEvent(db, startsAt, {
        scheduleId: group.id,
        title: `Garden hatha · ${group.title}`,
        courseId: course.id,
        teacherId: teacher.id,
        studioId: hall.id,
    });
const evening = groupClass('2031-07-15T18:00');
const night = groupClass('2031-07-15T20:00');
const tomorrow = groupClass('2031-07-16T14:00');

let now = local('2031-07-15T12:00');
const served = serverWithMail(db, { TEST_PROVIDER_NOTICE_DELAY_MS: '0' }, () => now);
const { as } = outboxDesk(() => served.server);
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

type Listed = { id: number; eventId: number; title: string; class: { title: string } | null; lateForgiven?: boolean };
const bookingsOf = async (customer: Customer) =>
    (await get(customer, '/bookings')).body.bookings as unknown as Listed[];
const book = async (customer: Customer, eventId: number, customerId?: number) => {
    const answer = await post(customer, '/bookings', { eventId, customerId });
    expect(answer.status, answer.text).toBe(201);
    return answer.body.booking as unknown as Listed;
};
const statusOf = async (customer: Customer) =>
    ((await as('manager', `/customers/${customer.id}`)).body as unknown as Customer).status;

/** The feed's events as their lines, by UID. */
const feedOf = async (customer: Customer) => {
    const address = new URL((await get(customer, '/me')).body.calendarUrl as unknown as string);
    const feed = await fetch(`${served.server.url}${address.pathname}`);
    expect(feed.status).toBe(200);
    const text = (await feed.text()).replace(/\r\n[ \t]/g, '');
    return text
        .split('BEGIN:VEVENT')
        .slice(1)
        .map(block => block.split('END:VEVENT')[0].split(/\r?\n/).filter(Boolean));
};
const field = (lines: string[], name: string) =>
    lines.find(line => line.startsWith(`${name}:`))?.slice(name.length + 1);

describe('a group’s classes in /my', () => {
    it('are named by their course, not by the group’s own name, in the classes, the bookings and the calendar', async () => {
        const listed = await get(lena, '/classes?from=2031-07-15&to=2031-07-16');
        expect(listed.status, listed.text).toBe(200);
        const classes = listed.body.classes as unknown as { id: number; title: string; directionName: string }[];
        const mine = classes.filter(item => [evening.id, night.id, tomorrow.id].includes(item.id));
        expect(mine).toHaveLength(3);
        for (const item of mine) expect(item).toMatchObject({ title: 'Garden hatha', directionName: 'Walk yoga' });
        const seat = await book(lena, tomorrow.id);
        expect(seat.class?.title).toBe('Garden hatha');
        const feed = await feedOf(lena);
        expect(feed.map(lines => field(lines, 'SUMMARY'))).toEqual(['Garden hatha (Walk Teacher)']);
    });
});

describe('cancelling late in /my', () => {
    it('says the first late cancel in 30 days is forgiven, and the next one is not', async () => {
        const first = await book(lena, evening.id);
        const second = await book(lena, night.id);
        expect((await bookingsOf(lena)).filter(one => one.lateForgiven === true).map(one => one.id)).toEqual(
            expect.arrayContaining([first.id, second.id]),
        );
        const cancelled = await post(lena, `/bookings/${first.id}/cancel`);
        expect(cancelled.status, cancelled.text).toBe(200);
        expect(cancelled.body).toMatchObject({ late: true, penalty: { status: 'forgiven' } });
        const after = (await bookingsOf(lena)).find(one => one.id === second.id);
        expect(after).toMatchObject({ lateForgiven: false });
    });
});

describe('the calendar feed', () => {
    it('shows a cancelled seat as cancelled with a higher sequence than when it was booked', async () => {
        const seat = await book(lena, evening.id);
        const booked = (await feedOf(lena)).find(lines => field(lines, 'UID')?.startsWith(`booking-${seat.id}@`))!;
        expect(field(booked, 'STATUS')).toBe('CONFIRMED');
        const before = Number(field(booked, 'SEQUENCE') ?? 0);
        expect((await post(lena, `/bookings/${seat.id}/cancel`)).status).toBe(200);
        const cancelled = (await feedOf(lena)).find(lines => field(lines, 'UID')?.startsWith(`booking-${seat.id}@`))!;
        expect(field(cancelled, 'STATUS')).toBe('CANCELLED');
        expect(Number(field(cancelled, 'SEQUENCE'))).toBeGreaterThan(before);
    });

    it('of a guardian holds their child’s classes, named with the child', async () => {
        const seat = await book(mother, tomorrow.id, son.id);
        const feed = await feedOf(mother);
        const child = feed.find(lines => field(lines, 'UID')?.startsWith(`booking-${seat.id}@`));
        expect(child).toBeDefined();
        expect(field(child!, 'SUMMARY')).toBe('Son: Garden hatha (Walk Teacher)');
        expect(field(child!, 'STATUS')).toBe('CONFIRMED');
    });
});

describe('a lead', () => {
    it('sold a pass at the desk becomes an active customer', async () => {
        expect(await statusOf(deskLead)).toBe('lead');
        const sold = await as('manager', '/passes/sell', {
            method: 'POST',
            json: { customerId: deskLead.id, subscriptionId: strict.id, startsOn: '2031-07-15', method: 'cash' },
        });
        expect(sold.status, sold.text).toBe(201);
        expect(await statusOf(deskLead)).toBe('active');
    });

    it('who pays online for a plan bought in /my becomes an active customer', async () => {
        const bought = await post(onlineLead, `/plans/${online.id}/buy`);
        expect(bought.status, bought.text).toBe(201);
        expect(await statusOf(onlineLead)).toBe('lead');
        // A card valid at the test's clock.
        const card = { ...testCards.paid, expiry: '12/39' };
        const paid = await payOnline(served.server.url, String(bought.body.linkId), { card });
        expect(paid.status, paid.text).toBe(200);
        expect(paid.body.status).toBe('paid');
        expect(await statusOf(onlineLead)).toBe('active');
    });

    it('who books a class with a pass given to them becomes an active customer', async () => {
        await book(bookingLead, tomorrow.id);
        expect(await statusOf(bookingLead)).toBe('active');
    });
});

describe('the payment page of a guardian paying for their child', () => {
    it('greets the guardian and names the child the payment is for', async () => {
        const bought = await post(mother, `/plans/${online.id}/buy`, { customerId: ward.id });
        expect(bought.status, bought.text).toBe(201);
        const page = await call(served.server.url, `/api/public/payment-links/${String(bought.body.linkId)}`);
        expect(page.status, page.text).toBe(200);
        expect(page.body).toMatchObject({ firstName: 'Mother', forName: 'Wardlead' });
        // The page needs no sign-in: the child's last name is not on it.
        expect(JSON.stringify(page.body)).not.toContain('Walker');
        const own = await post(onlineLead, `/plans/${strict.id}/buy`);
        const ownPage = await call(served.server.url, `/api/public/payment-links/${String(own.body.linkId)}`);
        expect(ownPage.body).toMatchObject({ firstName: 'Onlinelead', forName: null });
    });
});
