import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { instantAt } from '../../src/domain/time';
import type { Booking, Customer, Database, Penalty, Subscription } from '../../src/domain/types';
import { addCustomer, addEvent, addPass, freshPhone, nextId } from '../support/factories';
import { serverWithMail } from '../support/mailedServer';
import { outboxDesk } from '../support/outbox';
import { portalClient } from '../support/portal';
import { beginPayment, payOnline, testCards } from '../support/payOnline';
import { call, demoDb } from '../support/server';

/*
 * The attendance policy's first part, on both engines with the clock the test sets: a late cancel on a
 * plan that says what it costs makes a penalty, forgiven when it is the customer's first in a rolling 30
 * days and pending otherwise (until the class's end plus the studio's hours to waive it), and the
 * customer is told either way; a manager waives a pending one with a reason, once; penalties are never
 * written through the API; the portal says what a late cancel costs before the click and answers the
 * penalty it made. A plan's rule is checked when it is saved.
 */

const zone = 'Europe/Moscow';
const local = (time: string) => new Date(instantAt(time, zone));
const db = JSON.parse(readFileSync(demoDb, 'utf8')) as Database;
const plan = (name: string, fields: Partial<Subscription>): Subscription => {
    const added = { ...db.subscriptions[2], id: nextId(db.subscriptions), name, ...fields };
    db.subscriptions.push(added);
    return added;
};
const visitPlan = plan('Strict visits', { lateCancelPenalty: { kind: 'visit', amount: null } });
const feePlan = plan('Strict fee', { lateCancelPenalty: { kind: 'fee', amount: 300 } });
const noShowPlan = plan('Strict no-shows', { noShowPenalty: { kind: 'visit', amount: null } });
const person = (firstName: string, subscriptionId: number): Customer => {
    const customer = addCustomer(db, {
        firstName,
        lastName: 'Policy',
        phone: freshPhone(),
        email: `${firstName.toLowerCase()}.policy@example.test`,
        locale: 'en',
    });
    addPass(db, { customerId: customer.id, subscriptionId, startsOn: '2031-07-01', endsOn: '2031-08-31', price: 0 });
    return customer;
};
const vera = person('Vera', visitPlan.id);
const fedor = person('Fedor', feePlan.id);
const plain = person('Plain', db.subscriptions[0].id);
const gleb = person('Gleb', feePlan.id);
const nina = person('Nina', noShowPlan.id);
const olga = person('Olga', noShowPlan.id);
const parent = person('Parent', visitPlan.id);
const kid = person('Kid', visitPlan.id);
kid.guardianId = parent.id;
kid.email = null;
const evening = addEvent(db, '2031-08-02T19:00', { title: 'Policy kids', capacity: 10 });
const feeEvening = addEvent(db, '2031-08-05T19:00', { title: 'Policy fee online', capacity: 10 });
const classes = [16, 17, 18, 19, 20, 21, 24, 25].map(day =>
    addEvent(db, `2031-07-${day}T19:00`, { title: `Policy flow ${day}`, capacity: 10 }),
);

let now = local('2031-07-15T12:00');
const served = serverWithMail(db, { PENALTIES_EVERY_MS: '50' }, () => now);

const { as, book, settled } = outboxDesk(() => served.server);
const { portal, signIn } = portalClient(
    () => served.server,
    () => served.mailbox,
    () => (now = new Date(now.getTime() + 61_000)),
);

/** Books the class and cancels it at `time` (the studio's clock), as the desk does. */
const cancelAt = async (eventId: number, customerId: number, time: string) => {
    const booking = await book(eventId, customerId);
    now = local(time);
    const cancelled = await as('manager', `/bookings/${booking.id}/cancel`, { method: 'POST' });
    expect(cancelled.status, cancelled.text).toBe(200);
    return cancelled.body as unknown as Booking;
};
const penaltiesOf = async (customerId: number) =>
    (await as('manager', `/penalties?filter=${encodeURIComponent(JSON.stringify({ customerId }))}&sort=["id","ASC"]`))
        .body as unknown as Penalty[];

describe('a late cancel', () => {
    it('is forgiven the first time in 30 days, and the customer is told the next one counts', async () => {
        const booking = await cancelAt(classes[0].id, vera.id, '2031-07-16T10:00');
        expect(booking.late).toBe(true);
        expect(await penaltiesOf(vera.id)).toEqual([
            expect.objectContaining({
                bookingId: booking.id,
                eventId: classes[0].id,
                kind: 'late_cancel',
                action: 'visit',
                amount: null,
                status: 'forgiven',
            }),
        ]);
        const [told] = await settled(vera.id, 'penalty', messages => expect(messages).toHaveLength(1));
        expect(told.text).toMatch(/first in 30 days, so it costs nothing\. The next one will cost the visit/);
    });

    it('costs what the plan says the next time: pending until the class’s end and the hours to waive it', async () => {
        const booking = await cancelAt(classes[1].id, vera.id, '2031-07-17T09:00');
        const pending = (await penaltiesOf(vera.id)).find(penalty => penalty.bookingId === booking.id)!;
        // The class ends at 20:00 in Moscow (17:00 UTC); 24 hours on.
        expect(pending).toMatchObject({ status: 'pending', appliesAt: '2031-07-18T17:00:00.000Z' });
        const messages = await settled(vera.id, 'penalty', found => expect(found).toHaveLength(2));
        expect(messages[1].text).toMatch(
            /under your plan it costs the visit from Fri 18 July at 20:00\. If you had a good reason/,
        );
    });

    it('costs nothing on a plan without a rule, or when it is not late', async () => {
        await cancelAt(classes[2].id, plain.id, '2031-07-18T10:00');
        expect(await penaltiesOf(plain.id)).toEqual([]);
        const before = (await penaltiesOf(vera.id)).length;
        await cancelAt(classes[5].id, vera.id, '2031-07-18T10:00');
        expect(await penaltiesOf(vera.id)).toHaveLength(before);
    });
    it('costs a fee on a plan with one', async () => {
        await cancelAt(classes[3].id, fedor.id, '2031-07-19T10:00');
        const booking = await cancelAt(classes[4].id, fedor.id, '2031-07-20T10:00');
        expect((await penaltiesOf(fedor.id)).find(penalty => penalty.bookingId === booking.id)).toMatchObject({
            status: 'pending',
            action: 'fee',
            amount: 300,
        });
    });
});

describe('waiving a penalty', () => {
    it('is for managers and admins, with a reason, once, while it is pending', async () => {
        // Fedor's fee applies on 21 July: still pending.
        const pending = (await penaltiesOf(fedor.id)).find(penalty => penalty.status === 'pending')!;
        const path = `/penalties/${pending.id}/waive`;
        expect((await as('teacher', path, { method: 'POST', json: { reason: 'Traffic' } })).status).toBe(403);
        const noReason = await as('manager', path, { method: 'POST', json: {} });
        expect(noReason.status).toBe(400);
        expect(noReason.body.errors).toEqual({ reason: 'ra.validation.required' });
        const waived = await as('manager', path, { method: 'POST', json: { reason: 'Stuck in traffic' } });
        expect(waived.status, waived.text).toBe(200);
        expect(waived.body).toMatchObject({
            status: 'waived',
            reason: 'Stuck in traffic',
            decidedBy: 2,
            decidedAt: now.toISOString(),
        });
        const again = await as('admin', path, { method: 'POST', json: { reason: 'Again' } });
        expect(again.status).toBe(409);
        expect(again.body.errors).toEqual({ status: 'app.penalties.errors.not_pending' });
        const forgiven = (await penaltiesOf(vera.id)).find(penalty => penalty.status === 'forgiven')!;
        expect(
            (await as('admin', `/penalties/${forgiven.id}/waive`, { method: 'POST', json: { reason: 'x' } })).status,
        ).toBe(409);
        const history = await as(
            'admin',
            `/auditEntries?filter=${encodeURIComponent(JSON.stringify({ collection: 'penalties', recordId: String(pending.id) }))}&sort=["id","DESC"]`,
        );
        expect(history.body[0]).toMatchObject({
            action: 'update',
            endpoint: `POST /api/penalties/${pending.id}/waive`,
        });
    });

    it('is the only change: penalties are never written through the API', async () => {
        const [penalty] = await penaltiesOf(vera.id);
        expect((await as('admin', '/penalties', { method: 'POST', json: penalty })).status).toBe(405);
        expect((await as('admin', `/penalties/${penalty.id}`, { method: 'PUT', json: penalty })).status).toBe(405);
        expect((await as('admin', `/penalties/${penalty.id}`, { method: 'DELETE' })).status).toBe(405);
        // A teacher reads those of their own classes, and writes none.
        const annaId = db.users.find(user => user.email === 'anna@studio.test')?.id;
        const read = await as('teacher', '/penalties');
        expect(read.status).toBe(200);
        expect(
            (read.body as unknown as Penalty[]).map(({ eventId }) => db.events.find(e => e.id === eventId)?.teacherId),
        ).toContain(annaId);
        expect((await as('teacher', `/penalties/${penalty.id}`, { method: 'PUT', json: penalty })).status).toBe(403);
    });
});

describe('in the portal', () => {
    it('a booking says what a late cancel would cost, and the cancel answers the penalty it made', async () => {
        now = local('2031-07-21T08:00');
        const token = await signIn(vera.email!, vera.email!);
        const booked = await portal('/bookings', token, { method: 'POST', json: { eventId: classes[5].id } });
        expect(booked.status, booked.text).toBe(201);
        expect(booked.body.booking).toMatchObject({ lateCancelCost: { action: 'visit', amount: null } });
        now = local('2031-07-21T18:00');
        const id = (booked.body.booking as unknown as { id: number }).id;
        const cancelled = await portal(`/bookings/${id}/cancel`, token, { method: 'POST', json: {} });
        expect(cancelled.status, cancelled.text).toBe(200);
        expect(cancelled.body).toMatchObject({
            late: true,
            penalty: { bookingId: id, kind: 'late_cancel', status: 'pending', action: 'visit' },
        });
    });
});

describe('applying', () => {
    it('waits for the time to waive it, then burns the visit through a late-cancel mark on the penalty’s pass', async () => {
        // Her late cancel of the 17th was applied when its time came (the 18th, 20:00), on the way here.
        const [earlier, pending] = (await penaltiesOf(vera.id)).filter(penalty => penalty.status !== 'forgiven');
        expect(earlier).toMatchObject({ eventId: classes[1].id, status: 'applied' });
        expect(pending).toMatchObject({
            eventId: classes[5].id,
            action: 'visit',
            appliesAt: '2031-07-22T17:00:00.000Z',
        });
        now = local('2031-07-22T19:59');
        await new Promise(done => setTimeout(done, 300));
        expect((await as('manager', `/penalties/${pending.id}`)).body).toMatchObject({ status: 'pending' });
        now = local('2031-07-22T20:00');
        await expect
            .poll(async () => (await as('manager', `/penalties/${pending.id}`)).body.status, { timeout: 10_000 })
            .toBe('applied');
        const applied = (await as('manager', `/penalties/${pending.id}`)).body as unknown as Penalty;
        const mark = (await as('manager', `/attendances/${applied.attendanceId}`)).body;
        expect(mark).toMatchObject({
            eventId: classes[5].id,
            customerId: vera.id,
            status: 'late_cancel',
            penaltyId: pending.id,
            charged: true,
            passId: pending.passId,
            markedBy: null,
        });
        // Two visits burned; the forgiven first one cost nothing.
        expect((await as('manager', `/passes/${pending.passId}`)).body).toMatchObject({ visitsUsed: 2 });
        // Deleting the late cancel's mark puts the penalty right, and gives the visit back.
        expect((await as('manager', `/attendances/${applied.attendanceId}`, { method: 'DELETE' })).status).toBe(200);
        expect((await as('manager', `/penalties/${pending.id}`)).body).toMatchObject({
            status: 'reversed',
            attendanceId: null,
        });
        expect((await as('manager', `/passes/${pending.passId}`)).body).toMatchObject({ visitsUsed: 1 });
        // A waived one stays waived.
        expect((await penaltiesOf(fedor.id)).map(penalty => penalty.status)).toEqual(['forgiven', 'waived']);
    });

    it('makes a fee owed in the customer’s balance, which the desk takes as a payment naming the penalty', async () => {
        await cancelAt(classes[6].id, gleb.id, '2031-07-24T10:00');
        await cancelAt(classes[7].id, gleb.id, '2031-07-25T10:00');
        const fee = (await penaltiesOf(gleb.id)).find(penalty => penalty.status === 'pending')!;
        const balance = async () =>
            (
                (await as('manager', `/customers?filter=${encodeURIComponent(JSON.stringify({ id: [gleb.id] }))}`))
                    .body as unknown as { balanceDue: number }[]
            )[0].balanceDue;
        expect(await balance()).toBe(0);
        const early = await as('manager', `/penalties/${fee.id}/pay`, { method: 'POST', json: { method: 'cash' } });
        expect(early.status).toBe(409);
        expect(early.body.errors).toEqual({ status: 'app.penalties.errors.not_owed' });
        now = local('2031-07-26T20:00');
        await expect
            .poll(async () => (await as('manager', `/penalties/${fee.id}`)).body.status, { timeout: 10_000 })
            .toBe('applied');
        expect(await balance()).toBe(300);
        const token = await signIn(gleb.email!, gleb.email!);
        expect((await portal('/me', token)).body.customer).toMatchObject({ balanceDue: 300 });
        expect(
            (await as('teacher', `/penalties/${fee.id}/pay`, { method: 'POST', json: { method: 'cash' } })).status,
        ).toBe(403);
        const paid = await as('manager', `/penalties/${fee.id}/pay`, { method: 'POST', json: { method: 'cash' } });
        expect(paid.status, paid.text).toBe(201);
        expect(paid.body.payment).toMatchObject({
            customerId: gleb.id,
            kind: 'payment',
            amount: 300,
            method: 'cash',
            passId: null,
            penaltyId: fee.id,
        });
        expect(paid.body.penalty).toMatchObject({
            status: 'applied',
            paymentId: (paid.body.payment as { id: number }).id,
        });
        expect(await balance()).toBe(0);
        expect(
            (await as('manager', `/penalties/${fee.id}/pay`, { method: 'POST', json: { method: 'cash' } })).status,
        ).toBe(409);
    });

    it('counts the burned visit in no teacher’s pay as an attendee', async () => {
        const statuses = (await as('manager', '/statuses?filter={"name":"attendance"}')).body as unknown as {
            code: string;
            charges: boolean;
        }[];
        expect(statuses.find(status => status.code === 'late_cancel')).toMatchObject({ charges: false });
    });
});

describe('a no-show', () => {
    const morning = (day: number) =>
        addEvent(db, `2031-07-${day}T10:00`, { title: `Policy morning ${day}`, capacity: 10 });
    const [first, second, unclosed] = [27, 28, 30].map(morning);
    const markAs = async (eventId: number, customerId: number, status: string) => {
        const made = await as('manager', '/attendances', { method: 'POST', json: { eventId, customerId, status } });
        expect(made.status, made.text).toBe(201);
        return made.body as unknown as { id: number; charged: boolean };
    };
    const markOf = async (eventId: number, customerId: number) =>
        (
            (await as('manager', `/attendances?filter=${encodeURIComponent(JSON.stringify({ eventId, customerId }))}`))
                .body as unknown as { status: string; charged: boolean; penaltyId?: number | null }[]
        ).at(0);
    const close = async (eventId: number) =>
        expect((await as('manager', `/events/${eventId}/close`, { method: 'POST' })).status).toBe(200);

    it('is decided when the class is closed: no mark makes a missed one, the first in 30 days forgiven', async () => {
        await book(first.id, nina.id);
        await book(first.id, olga.id);
        now = local('2031-07-27T11:30');
        await markAs(first.id, olga.id, 'attended');
        expect(await penaltiesOf(nina.id)).toEqual([]);
        await close(first.id);
        expect(await penaltiesOf(olga.id)).toEqual([]);
        const [forgiven] = await penaltiesOf(nina.id);
        expect(forgiven).toMatchObject({ kind: 'no_show', action: 'visit', status: 'forgiven', eventId: first.id });
        expect(await markOf(first.id, nina.id)).toMatchObject({
            status: 'missed',
            charged: false,
            penaltyId: forgiven.id,
        });
        // Closing again changes nothing.
        await close(first.id);
        expect(await penaltiesOf(nina.id)).toHaveLength(1);
    });

    it('keeps a teacher’s missed mark uncharged on such a plan until the penalty applies', async () => {
        await book(second.id, nina.id);
        await book(unclosed.id, nina.id);
        now = local('2031-07-28T11:30');
        expect((await markAs(second.id, nina.id, 'missed')).charged).toBe(false);
        await close(second.id);
        const pending = (await penaltiesOf(nina.id)).find(penalty => penalty.eventId === second.id)!;
        // Closed after the class's end: a day from the closing.
        expect(pending).toMatchObject({ status: 'pending', appliesAt: '2031-07-29T08:30:00.000Z' });
        expect(await markOf(second.id, nina.id)).toMatchObject({ charged: false, penaltyId: pending.id });
        now = local('2031-07-29T11:30');
        await expect
            .poll(async () => (await as('manager', `/penalties/${pending.id}`)).body.status, { timeout: 10_000 })
            .toBe('applied');
        expect(await markOf(second.id, nina.id)).toMatchObject({ status: 'missed', charged: true });
    });

    it('is taken back when the class is reopened: reversed, the visit given back, and decided again at the next close', async () => {
        const applied = (await penaltiesOf(nina.id)).find(penalty => penalty.eventId === second.id)!;
        const visitsUsed = async () =>
            ((await as('manager', `/passes/${applied.passId}`)).body as unknown as { visitsUsed: number }).visitsUsed;
        const before = await visitsUsed();
        const reopened = await as('manager', `/events/${second.id}/reopen`, { method: 'POST' });
        expect(reopened.status, reopened.text).toBe(200);
        expect((await as('manager', `/penalties/${applied.id}`)).body).toMatchObject({ status: 'reversed' });
        const plain = await markOf(second.id, nina.id);
        expect(plain).toMatchObject({ status: 'missed', charged: false });
        expect(plain?.penaltyId ?? null).toBeNull();
        expect(await visitsUsed()).toBe(before - 1);
        await close(second.id);
        const again = (await penaltiesOf(nina.id)).filter(penalty => penalty.eventId === second.id);
        expect(again.map(penalty => penalty.status)).toEqual(['reversed', 'pending']);
    });

    it('is put right when its mark changes: the penalty is reversed and the mark charges by its own status', async () => {
        const pending = (await penaltiesOf(nina.id)).find(penalty => penalty.status === 'pending')!;
        const mark = (
            (
                await as(
                    'manager',
                    `/attendances?filter=${encodeURIComponent(JSON.stringify({ eventId: second.id, customerId: nina.id }))}`,
                )
            ).body as unknown as { id: number }[]
        )[0];
        const changed = await as('manager', `/attendances/${mark.id}`, {
            method: 'PUT',
            json: { eventId: second.id, customerId: nina.id, status: 'attended' },
        });
        expect(changed.status, changed.text).toBe(200);
        expect(changed.body).toMatchObject({ status: 'attended', charged: true });
        expect(changed.body.penaltyId ?? null).toBeNull();
        expect((await as('manager', `/penalties/${pending.id}`)).body).toMatchObject({ status: 'reversed' });
    });

    it('is never guessed from a class nobody closed', async () => {
        now = local('2031-07-31T12:00');
        await new Promise(done => setTimeout(done, 300));
        expect((await penaltiesOf(nina.id)).map(penalty => penalty.eventId)).not.toContain(unclosed.id);
    });
});

describe('a ward’s penalties', () => {
    it('are told to and shown to the guardian in the portal, and to nobody else', async () => {
        await cancelAt(evening.id, kid.id, '2031-08-02T10:00');
        const [told] = await settled(parent.id, 'penalty', messages => expect(messages).toHaveLength(1));
        expect(told.text).toMatch(/^For Kid\. Your late cancel of .*Policy kids/);
        const token = await signIn(parent.email!, parent.email!);
        const shown = await portal(`/penalties?customerId=${kid.id}`, token);
        expect(shown.status, shown.text).toBe(200);
        expect(shown.body.penalties).toEqual([
            expect.objectContaining({
                kind: 'late_cancel',
                action: 'visit',
                status: 'forgiven',
                paid: false,
                class: expect.objectContaining({
                    startsAt: '2031-08-02T19:00',
                    title: expect.stringContaining('Policy kids'),
                }),
            }),
        ]);
        expect((await portal('/penalties', token)).body.penalties).toEqual([]);
        const stranger = await signIn(vera.email!, vera.email!);
        expect((await portal(`/penalties?customerId=${kid.id}`, stranger)).status).toBe(403);
    });
});

describe('a plan’s rule', () => {
    it('asks a fee’s amount, and keeps none for a visit', async () => {
        const base = { name: 'Rule check', price: 1000, visits: 4, validityDays: 30 };
        const noAmount = await as('admin', '/subscriptions', {
            method: 'POST',
            json: { ...base, lateCancelPenalty: { kind: 'fee' } },
        });
        expect(noAmount.status).toBe(400);
        expect(noAmount.body.errors).toMatchObject({ 'lateCancelPenalty.amount': 'ra.validation.required' });
        const visit = await as('admin', '/subscriptions', {
            method: 'POST',
            json: { ...base, noShowPenalty: { kind: 'visit', amount: 500 }, makeUps: true },
        });
        expect(visit.status, visit.text).toBe(201);
        expect(visit.body).toMatchObject({
            lateCancelPenalty: { kind: 'none', amount: null },
            noShowPenalty: { kind: 'visit', amount: null },
            makeUps: true,
        });
    });
});

describe('a fee paid online', () => {
    it('is asked by a payment link made at the desk or in the portal, and paid once', async () => {
        await cancelAt(feeEvening.id, gleb.id, '2031-08-05T10:00');
        const fee = (await penaltiesOf(gleb.id)).find(penalty => penalty.eventId === feeEvening.id)!;
        expect(fee).toMatchObject({ status: 'pending', action: 'fee', amount: 300 });
        const early = await as('manager', '/paymentLinks', {
            method: 'POST',
            json: { customerId: gleb.id, purpose: 'fee', penaltyId: fee.id },
        });
        expect(early.status).toBe(409);
        expect(early.body.errors).toEqual({ penaltyId: 'app.penalties.errors.not_owed' });
        now = local('2031-08-07T12:00');
        await expect
            .poll(async () => (await as('manager', `/penalties/${fee.id}`)).body.status, { timeout: 10_000 })
            .toBe('applied');
        const others = await as('manager', '/paymentLinks', {
            method: 'POST',
            json: { customerId: vera.id, purpose: 'fee', penaltyId: fee.id },
        });
        expect(others.status).toBe(400);
        expect(others.body.errors).toEqual({ penaltyId: 'app.validation.reference' });
        const made = await as('manager', '/paymentLinks', {
            method: 'POST',
            json: { customerId: gleb.id, purpose: 'fee', penaltyId: fee.id, amount: 5 },
        });
        expect(made.status, made.text).toBe(201);
        expect(made.body).toMatchObject({
            purpose: 'fee',
            penaltyId: fee.id,
            amount: 300,
            passId: fee.passId,
            subscriptionId: feePlan.id,
        });
        const url = served.server.url;
        const page = await call(url, `/api/public/payment-links/${made.body.id}`);
        expect(page.body).toMatchObject({
            purpose: 'fee',
            amount: 300,
            penalty: {
                kind: 'late_cancel',
                startsAt: '2031-08-05T19:00',
                title: expect.stringContaining('Policy fee'),
            },
        });
        // The customer asks in the portal too: the link waiting for this fee is answered, not a second one.
        const token = await signIn(gleb.email!, gleb.email!);
        const own = await portal('/pay', token, { method: 'POST', json: { penaltyId: fee.id } });
        expect(own.status, own.text).toBe(200);
        expect(own.body.linkId).toBe(made.body.id);
        expect((await portal('/pay', token, { method: 'POST', json: { penaltyId: 999_999 } })).status).toBe(404);
        // Paid on the test provider's page (a card valid at the server's clock, in 2031); recorded from its notice.
        const card = { ...testCards.paid, expiry: '12/35' };
        const paid = await payOnline(url, String(made.body.id), { card });
        expect(paid.status, paid.text).toBe(200);
        expect(paid.body).toMatchObject({ status: 'paid', attempt: { status: 'succeeded' } });
        const settled = (await as('manager', `/penalties/${fee.id}`)).body as unknown as Penalty;
        const payment = (await as('manager', `/payments/${settled.paymentId}`)).body;
        expect(payment).toMatchObject({
            customerId: gleb.id,
            amount: 300,
            method: 'online',
            penaltyId: fee.id,
            paymentLinkId: made.body.id,
            passId: null,
            createdBy: null,
        });
        expect((await as('manager', `/onlinePayments/${paid.attemptId}`)).body).toMatchObject({
            status: 'succeeded',
            penaltyId: fee.id,
            paymentId: settled.paymentId,
        });
        // Paid once: the link takes no second payment.
        const twice = await beginPayment(url, String(own.body.linkId));
        expect(twice.status, twice.text).toBe(409);
        expect(twice.body.errors).toEqual({ status: 'app.money.errors.link_paid' });
        const shown = (await portal('/penalties', token)).body.penalties as { id: number; paid: boolean }[];
        expect(shown[0]).toMatchObject({ id: fee.id, paid: true });
    });
});
