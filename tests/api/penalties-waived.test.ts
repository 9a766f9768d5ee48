import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { instantAt } from '../../src/domain/time';
import type { Customer, Database, Message, Penalty, Subscription } from '../../src/domain/types';
import { addCustomer, addEvent, addPass, freshPhone, nextId } from '../support/factories';
import { serverWithMail } from '../support/mailedServer';
import { outboxDesk } from '../support/outbox';
import { demoDb, login, restClient } from '../support/server';

/*
 * Waiving a penalty tells the customer, on both engines: a message of its own in their language (to
 * their guardian for a ward, skipped when they turned penalty messages off), queued once; the penalty is
 * then waived for good. The notices of a seat carry the link to the portal's bookings at the server's
 * public address. Classes of the test's own teacher and hall, on the clock the test sets.
 */

const zone = 'Europe/Moscow';
const local = (time: string) => new Date(instantAt(time, zone));
const db = JSON.parse(readFileSync(demoDb, 'utf8')) as Database;

const teacher = {
    ...db.users.find(user => user.role === 'teacher')!,
    id: nextId(db.users),
    name: 'Waiver teacher',
    email: 'waiver.teacher@example.test',
};
db.users.push(teacher);
const hall = { ...db.studios[0], id: nextId(db.studios), name: 'Waiver hall' };
db.studios.push(hall);

const plan = (name: string, fields: Partial<Subscription>): Subscription => {
    const added = { ...db.subscriptions[2], id: nextId(db.subscriptions), name, ...fields };
    db.subscriptions.push(added);
    return added;
};
const feePlan = plan('Waiver fee', { lateCancelPenalty: { kind: 'fee', amount: 400 } });
const visitPlan = plan('Waiver visit', { lateCancelPenalty: { kind: 'visit', amount: null } });

const person = (firstName: string, subscriptionId: number, fields: Partial<Customer> = {}): Customer => {
    const customer = addCustomer(db, {
        firstName,
        lastName: 'Waiver',
        phone: freshPhone(),
        email: `${firstName.toLowerCase()}.waiver@example.test`,
        locale: 'en',
        ...fields,
    });
    addPass(db, { customerId: customer.id, subscriptionId, startsOn: '2032-03-01', endsOn: '2032-04-30', price: 0 });
    return customer;
};
const rosa = person('Rosa', feePlan.id);
const ilya = person('Ilya', visitPlan.id, { locale: 'ru' });
const quiet = person('Quiet', feePlan.id, { notify: { email: true, telegram: true, kinds: { penalty: false } } });
const parent = person('Parent', visitPlan.id);
const kid = person('Kid', visitPlan.id, { guardianId: parent.id, email: null });
const seated = person('Seated', visitPlan.id, { locale: 'ru' });
const waiting = person('Waiting', visitPlan.id);

const classAt = (startsAt: string, title: string, capacity = 10) =>
    addEvent(db, startsAt, { title, capacity, teacherId: teacher.id, studioId: hall.id });
const days = [10, 11, 12, 13, 14, 15, 16, 17].map(day => classAt(`2032-03-${day}T19:00`, `Waiver flow ${day}`));
const small = classAt('2032-03-20T19:00', 'Waiver one seat', 1);

let now = local('2032-03-09T12:00');
const served = serverWithMail(
    db,
    { PUBLIC_URL: 'https://studio.example.test', PENALTIES_EVERY_MS: String(60 * 60_000) },
    () => now,
);
const { as, book, messagesOf, settled } = outboxDesk(() => served.server);

/** Booked at once, cancelled late (the evening's class, cancelled that morning): the penalty it made. */
const cancelLate = async (event: { id: number; startsAt: string }, customerId: number): Promise<Penalty> => {
    now = local(`${event.startsAt.slice(0, 10)}T08:00`);
    const booking = await book(event.id, customerId);
    now = local(`${event.startsAt.slice(0, 10)}T10:00`);
    const cancelled = await as('manager', `/bookings/${booking.id}/cancel`, { method: 'POST' });
    expect(cancelled.status, cancelled.text).toBe(200);
    const penalties = await restClient(served.server.url, await login(served.server.url, 'manager')).getList<Penalty>(
        'penalties',
        { filter: { bookingId: booking.id }, sort: { field: 'id', order: 'ASC' }, pagination: { page: 1, perPage: 5 } },
    );
    return penalties.data[0];
};

/** The customer's second late cancel: pending (the first in 30 days was forgiven). */
const pendingOf = async (customerId: number, first: number) => {
    await cancelLate(days[first], customerId);
    const pending = await cancelLate(days[first + 1], customerId);
    expect(pending.status).toBe('pending');
    return pending;
};

const waive = (id: number, reason = 'Stuck in traffic') =>
    as('manager', `/penalties/${id}/waive`, { method: 'POST', json: { reason } });

const waivedMessages = (messages: Message[]) =>
    messages.filter(message => /penalty waived|штраф отменён/.test(message.subject));

describe('waiving a penalty', () => {
    it('tells the customer in their language that it costs nothing, once', async () => {
        const pending = await pendingOf(rosa.id, 0);
        const waived = await waive(pending.id);
        expect(waived.status, waived.text).toBe(200);
        expect(waived.body).toMatchObject({ status: 'waived', reason: 'Stuck in traffic' });

        const messages = await settled(rosa.id, 'penalty', found => expect(waivedMessages(found)).toHaveLength(1));
        const [told] = waivedMessages(messages);
        expect(told).toMatchObject({ customerId: rosa.id, kind: 'penalty', locale: 'en' });
        expect(told.subject).toBe('Студия «Пульс»: penalty waived');
        expect(told.text).toMatch(
            /the studio waived the penalty for your late cancel of .*Waiver flow 11.*no fee is owed/,
        );
        const mail = await served.mailbox.waitFor(rosa.email!, /penalty waived/);
        expect(mail.text).toMatch(/Waiver flow 11/);

        // Waived for good: a second waive is refused and tells nobody again.
        const again = await waive(pending.id, 'Again');
        expect(again.status).toBe(409);
        expect(again.body.errors).toEqual({ status: 'app.penalties.errors.not_pending' });
        expect(waivedMessages(await messagesOf(rosa.id, 'penalty'))).toHaveLength(1);
        const read = await as('manager', `/penalties/${pending.id}`);
        expect(read.body).toMatchObject({ status: 'waived', reason: 'Stuck in traffic', decidedBy: 2 });
    });

    it('speaks Russian to a Russian customer, and says the visit is kept', async () => {
        const pending = await pendingOf(ilya.id, 2);
        expect((await waive(pending.id)).status).toBe(200);
        const messages = await settled(ilya.id, 'penalty', found => expect(waivedMessages(found)).toHaveLength(1));
        const [told] = waivedMessages(messages);
        expect(told.subject).toBe('Студия «Пульс»: штраф отменён');
        expect(told.text).toMatch(
            /^Студия отменила штраф за позднюю отмену занятия: .*Waiver flow 13.*Посещение не спишется\./,
        );
    });

    it('tells a ward’s guardian, and respects a customer who turned penalty messages off', async () => {
        const ward = await pendingOf(kid.id, 4);
        expect((await waive(ward.id)).status).toBe(200);
        const toParent = await settled(parent.id, 'penalty', found => expect(waivedMessages(found)).toHaveLength(1));
        expect(waivedMessages(toParent)[0].text).toMatch(/^For Kid\. Good news: the studio waived the penalty/);
        expect(await messagesOf(kid.id, 'penalty')).toEqual([]);

        const muted = await pendingOf(quiet.id, 6);
        expect((await waive(muted.id)).status).toBe(200);
        const skipped = await settled(quiet.id, 'penalty', found => expect(waivedMessages(found)).toHaveLength(1));
        expect(waivedMessages(skipped)[0]).toMatchObject({ status: 'skipped', error: 'opted_out' });
    });
});

describe('the notices of a seat', () => {
    it('link to the portal’s bookings at the public address, to cancel there', async () => {
        now = local('2032-03-18T12:00');
        const seat = await book(small.id, seated.id);
        const [booked] = await settled(seated.id, 'booked', found => expect(found).toHaveLength(1));
        expect(booked.text).toMatch(
            /^Вы записаны на занятие: .*Waiver one seat.*отмените запись: https:\/\/studio\.example\.test\/my\/bookings$/,
        );

        const line = await book(small.id, waiting.id, true);
        expect(line.status).toBe('waitlisted');
        expect((await as('manager', `/bookings/${seat.id}/cancel`, { method: 'POST' })).status).toBe(200);
        const [promoted] = await settled(waiting.id, 'promoted', found => expect(found).toHaveLength(1));
        expect(promoted.text).toMatch(/please cancel: https:\/\/studio\.example\.test\/my\/bookings$/);
    });
});
