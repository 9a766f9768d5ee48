import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { noticeTime } from '../../src/domain/memberships';
import type { Booking, Database } from '../../src/domain/types';
import { addCustomer, addEvent, addPass, freshPhone } from '../support/factories';
import { addMembership, addRenewingPlan, addWitness, membershipReads, savedCards } from '../support/memberships';
import { serverWithMail } from '../support/mailedServer';
import { outboxDesk } from '../support/outbox';
import { demoDb } from '../support/server';

/*
 * The memberships job on both engines, on a clock the test moves: the notice 48 hours ahead with the next
 * period's pass held, the charge once that notice was delivered 24 hours before, a year of renewals with
 * one pass and one payment a month, declines for money tried again and then ended unpaid with the held
 * pass's seats ahead given up, a membership set to cancel ending at its period's end. The memberships are
 * made directly in the test's database, as if their first month had been paid.
 */

const db = JSON.parse(readFileSync(demoDb, 'utf8')) as Database;
const plan = addRenewingPlan(db);

const anna = addMembership(db, plan, { firstName: 'Anna', startsOn: '2027-01-31' });
// Anna turned the charge notices off: they go all the same, as the law asks.
anna.customer.notify = { email: true, telegram: true, kinds: { charge_notice: false, charge_declined: false } };
// No message reaches Boris: no e-mail, no Telegram.
const boris = addMembership(db, plan, { firstName: 'Boris', startsOn: '2028-03-10', email: null });
// Gleb's address does not exist: his notice is queued, then refused for good when sent.
const gleb = addMembership(db, plan, { firstName: 'Gleb', startsOn: '2028-03-10' });
const clara = addMembership(db, plan, { firstName: 'Clara', startsOn: '2028-03-08' });
const dan = addWitness(db, plan, 'Dan', '2028-04-09');
const eva = addMembership(db, plan, {
    firstName: 'Eva',
    startsOn: '2028-05-01',
    fields: { cancelAtPeriodEnd: true, endReason: 'customer' },
});
const evaWitness = addWitness(db, plan, 'Evawitness', '2028-05-31');
const fedor = addMembership(db, plan, { firstName: 'Fedor', startsOn: '2028-07-01', cardNumber: savedCards.poor });
// Classes of Fedor's next period: within the grace days (3 from 1 August), and after them.
const inGrace = addEvent(db, '2028-08-02T19:00', { title: 'Grace flow', capacity: 5 });
const afterGrace = addEvent(db, '2028-08-10T19:00', { title: 'Late flow', capacity: 1 });
const laterStill = addEvent(db, '2028-08-12T19:00', { title: 'Later flow', capacity: 5 });
// Waiting for Fedor's seat in the full class after the grace days.
const waiting = addCustomer(db, {
    firstName: 'Wait',
    lastName: 'Line',
    phone: freshPhone(),
    email: 'wait@example.test',
});
addPass(db, { customerId: waiting.id, subscriptionId: plan.id, startsOn: '2028-08-01', endsOn: '2028-08-31' });

let now = new Date('2027-01-31T09:00:00Z');
const at = (instant: string | number) => (now = new Date(instant));
const minute = 60_000;
const served = serverWithMail(db, { MEMBERSHIPS_EVERY_MS: '40' }, () => now);
const { read, until, noticeSent } = membershipReads(() => served.server);
const { as, book } = outboxDesk(() => served.server);

describe('memberships renew by themselves', () => {
    it('renews a year from 31 January: one pass and one payment a month, nothing twice', async () => {
        const id = anna.membership.id;
        for (let period = 1; period < 12; period += 1) {
            const before = await read.membership(id);
            at(Date.parse(noticeTime(before.nextChargeAt as string)) + minute);
            const { membership, message } = await noticeSent(id);
            expect(message.text).toContain('Visa •• 4242');
            expect(message.text).toContain('3,500');
            const held = (await read.passes(anna.customer.id)).find(pass => pass.id === membership.heldPassId);
            expect(held).toMatchObject({ held: true, startsOn: before.periodEnd, price: 3500, membershipId: id });
            expect((held as { balanceDue?: number }).balanceDue).toBe(0);
            at(Date.parse(before.nextChargeAt as string) + minute);
            await until(id, after => expect(after.period).toBe(period + 1));
        }
        const passes = await read.passes(anna.customer.id);
        expect(passes.map(pass => [pass.startsOn, pass.endsOn])).toEqual([
            ['2027-01-31', '2027-02-27'],
            ['2027-02-28', '2027-03-30'],
            ['2027-03-31', '2027-04-29'],
            ['2027-04-30', '2027-05-30'],
            ['2027-05-31', '2027-06-29'],
            ['2027-06-30', '2027-07-30'],
            ['2027-07-31', '2027-08-30'],
            ['2027-08-31', '2027-09-29'],
            ['2027-09-30', '2027-10-30'],
            ['2027-10-31', '2027-11-29'],
            ['2027-11-30', '2027-12-30'],
            ['2027-12-31', '2028-01-30'],
        ]);
        expect(passes.every(pass => !pass.held && pass.paymentId !== null)).toBe(true);
        const payments = await read.payments(anna.customer.id);
        expect(payments).toHaveLength(12);
        expect(payments.every(payment => payment.amount === 3500 && payment.method === 'online')).toBe(true);
        expect(new Set(payments.map(payment => payment.passId)).size).toBe(12);
        const charges = await read.charges(id);
        expect(charges.map(charge => [charge.periodStart, charge.attempt, charge.status])).toEqual(
            passes.slice(1).map(pass => [pass.startsOn, 1, 'succeeded']),
        );
        expect(new Set(charges.map(charge => charge.key)).size).toBe(11);
        const membership = await read.membership(id);
        expect(membership).toMatchObject({
            status: 'active',
            period: 12,
            periodStart: '2027-12-31',
            periodEnd: '2028-01-31',
            passId: passes[11].id,
            heldPassId: null,
            nextChargeAt: '2028-01-31T07:00:00.000Z',
        });
        expect(await read.messages(anna.customer.id, 'payment')).toHaveLength(11);
    });

    it('charges only 24 hours after a delivered notice; a payer no message reaches is past due, with a task', async () => {
        served.mailbox.unknown.add(gleb.customer.email as string);
        // Clara's charge time has come, but her notice goes only now; Boris's notice has no channel.
        at('2028-04-08T08:00:00Z');
        const { message } = await noticeSent(clara.membership.id);
        await until(boris.membership.id, membership => expect(membership.status).toBe('past_due'));
        expect(await read.tasks(boris.customer.id)).toEqual([
            expect.objectContaining({ source: 'membership', kind: 'call' }),
        ]);
        const [skipped] = await read.messages(boris.customer.id, 'charge_notice');
        expect(skipped).toMatchObject({ status: 'skipped' });
        // Gleb's notice, refused for good by his mail server, will never be delivered: past due, with one task.
        await until(gleb.membership.id, membership => expect(membership.status).toBe('past_due'));
        expect(await read.messages(gleb.customer.id, 'charge_notice')).toEqual([
            expect.objectContaining({ status: 'failed' }),
        ]);
        // A run 23.5 hours after Clara's notice (Dan's notice shows it ran) charges nobody.
        at('2028-04-09T07:30:00Z');
        await noticeSent(dan.membership.id);
        expect(await read.charges(clara.membership.id)).toEqual([]);
        at('2028-04-10T08:00:00Z');
        await until(clara.membership.id, membership => expect(membership.period).toBe(2));
        const [charge] = await read.charges(clara.membership.id);
        expect(Date.parse(charge.createdAt)).toBeGreaterThanOrEqual(Date.parse(message.sentAt as string) + 86_400_000);
        // The run that charged Clara looked at Boris at the same clock: his charge time had come, no notice reached him.
        expect(await read.charges(boris.membership.id)).toEqual([]);
        expect(await read.charges(gleb.membership.id)).toEqual([]);
        expect(await read.tasks(gleb.customer.id)).toEqual([
            expect.objectContaining({ source: 'membership', kind: 'call' }),
        ]);
    });

    it('ends a membership set to cancel at its period’s end: no notice, no charge', async () => {
        at('2028-05-31T08:00:00Z');
        await noticeSent(evaWitness.membership.id);
        expect(await read.membership(eva.membership.id)).toMatchObject({ status: 'active', noticeMessageId: null });
        // Midnight of 1 June in Moscow.
        at('2028-05-31T21:00:00Z');
        const ended = await until(eva.membership.id, membership => expect(membership.status).toBe('ended'));
        expect(ended).toMatchObject({ endReason: 'customer', nextChargeAt: null, heldPassId: null });
        expect(await read.messages(eva.customer.id, 'charge_notice')).toEqual([]);
        expect(await read.charges(eva.membership.id)).toEqual([]);
        expect((await read.passes(eva.customer.id)).map(pass => pass.startsOn)).toEqual(['2028-05-01']);
        expect(await read.messages(eva.customer.id, 'membership_ended')).toHaveLength(1);
    });

    it('tries a decline for money again on days 1, 3 and 5, each told ahead, then ends it unpaid', async () => {
        const id = fedor.membership.id;
        let visitId = 0;
        at('2028-07-30T07:01:00Z');
        const { membership: noticed } = await noticeSent(id);
        const heldId = noticed.heldPassId as number;
        // The next period's classes book on the held pass.
        const early = await book(inGrace.id, fedor.customer.id);
        const late = await book(afterGrace.id, fedor.customer.id);
        expect([early.passId, late.passId]).toEqual([heldId, heldId]);
        const inLine = await book(afterGrace.id, waiting.id, true);
        expect(inLine.status).toBe('waitlisted');
        at('2028-08-01T07:01:00Z');
        const pastDue = await until(id, membership => expect(membership.status).toBe('past_due'));
        expect(pastDue.nextChargeAt).toBe('2028-08-02T07:01:00.000Z');
        // While past due the held pass pays for the grace days only.
        const held = (await read.passes(fedor.customer.id)).find(pass => pass.id === heldId);
        expect(held?.endsOn).toBe('2028-08-03');
        const beyond = await as('manager', '/bookings', {
            method: 'POST',
            json: { eventId: laterStill.id, customerId: fedor.customer.id, waitlist: false },
        });
        expect((beyond.body as unknown as Booking | undefined)?.passId ?? null).not.toBe(heldId);
        for (const attempt of [2, 3, 4]) {
            const { membership, message } = await noticeSent(id);
            expect(message.kind).toBe('charge_declined');
            const retryAt = Math.max(
                Date.parse(membership.nextChargeAt as string),
                Date.parse(message.sentAt as string) + 86_400_000,
            );
            at(retryAt + minute);
            // Settled, not only written: a charge is committed pending before the provider is asked, and the
            // next round reads the decline's message, written with its outcome.
            await vi.waitFor(
                async () => {
                    const charges = await read.charges(id);
                    expect(charges).toHaveLength(attempt);
                    expect(charges.every(charge => charge.status === 'declined')).toBe(true);
                },
                { timeout: 30_000, interval: 50 },
            );
            if (attempt === 3) {
                // Fedor came to the class within the grace days: the held pass paid the visit.
                const made = await as('manager', '/attendances', {
                    method: 'POST',
                    json: { eventId: inGrace.id, customerId: fedor.customer.id, status: 'attended' },
                });
                expect(made.status, made.text).toBe(201);
                expect(made.body).toMatchObject({ passId: heldId, charged: true, unpaid: false });
                visitId = made.body.id as number;
            }
        }
        const ended = await until(id, membership => expect(membership.status).toBe('ended'));
        expect(ended).toMatchObject({ endReason: 'unpaid', nextChargeAt: null });
        const charges = await read.charges(id);
        expect(charges.map(charge => [charge.attempt, charge.status, charge.cause])).toEqual([
            [1, 'declined', 'money'],
            [2, 'declined', 'money'],
            [3, 'declined', 'money'],
            [4, 'declined', 'money'],
        ]);
        expect(charges.map(charge => charge.createdAt.slice(0, 10))).toEqual([
            '2028-08-01',
            '2028-08-02',
            '2028-08-04',
            '2028-08-06',
        ]);
        expect((await read.passes(fedor.customer.id)).find(pass => pass.id === heldId)?.cancelled).toBe(true);
        // The visit made on it stays, as a visit no pass paid.
        const visit = await as('manager', `/attendances/${visitId}`);
        expect(visit.body).toMatchObject({ charged: false, unpaid: true });
        const seat = await as('manager', `/bookings/${late.id}`);
        expect(seat.body).toMatchObject({ status: 'cancelled', late: false });
        // The line moved up into the seat given up.
        expect((await as('manager', `/bookings/${inLine.id}`)).body).toMatchObject({ status: 'booked' });
        expect(await read.payments(fedor.customer.id)).toHaveLength(1);
        expect(await read.messages(fedor.customer.id, 'membership_ended')).toHaveLength(1);
    });
});
