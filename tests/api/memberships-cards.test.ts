import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { noticeTime } from '../../src/domain/memberships';
import type { Database, PaymentLink } from '../../src/domain/types';
import { addMembership, addRenewingPlan, addWitness, membershipReads, savedCards } from '../support/memberships';
import { serverWithMail } from '../support/mailedServer';
import { payOnline, testCards } from '../support/payOnline';
import { outboxDesk } from '../support/outbox';
import { demoDb } from '../support/server';

/*
 * A membership's card at its renewals, with the built-in test provider, on both engines and a moved clock:
 * a card declined as expired is never tried again and the payer gets a link that pays the month with a
 * new card, which is saved and charged from then on; a card about to expire is told of once, 7 days ahead.
 */

const db = JSON.parse(readFileSync(demoDb, 'utf8')) as Database;
const plan = addRenewingPlan(db, 'Monthly card');
const gala = addMembership(db, plan, { firstName: 'Gala', startsOn: '2029-03-10', cardNumber: savedCards.expired });
const ivan = addMembership(db, plan, { firstName: 'Ivan', startsOn: '2029-05-20' });
ivan.card.expiresOn = '2029-06-30';
const twoDaysOn = addWitness(db, plan, 'Twodays', '2029-04-12');
const lateJune = addWitness(db, plan, 'Latejune', '2029-06-25');

let now = new Date('2029-03-10T09:00:00Z');
const at = (instant: string | number) => (now = new Date(instant));
const minute = 60_000;
const served = serverWithMail(db, { MEMBERSHIPS_EVERY_MS: '40' }, () => now);
const { read, until, noticeSent } = membershipReads(() => served.server);
const { as } = outboxDesk(() => served.server);

describe('a membership’s card', () => {
    it('declined as expired: no retry, a link pays the month with a new card, which renews from then on', async () => {
        const id = gala.membership.id;
        at(Date.parse(noticeTime(gala.membership.nextChargeAt as string)) + minute);
        const { membership: noticed } = await noticeSent(id);
        at(Date.parse(gala.membership.nextChargeAt as string) + minute);
        const pastDue = await until(id, membership => expect(membership.status).toBe('past_due'));
        expect(pastDue.nextChargeAt).toBeNull();
        const [charge] = await read.charges(id);
        expect(charge).toMatchObject({ status: 'declined', cause: 'card', reason: 'card_expired', attempt: 1 });
        const card = await as('manager', `/paymentMethods/${gala.card.id}`);
        expect(card.body).toMatchObject({ status: 'expired' });
        expect(card.body).not.toHaveProperty('token');
        const links = (
            await as(
                'manager',
                `/paymentLinks?filter=${encodeURIComponent(JSON.stringify({ customerId: gala.customer.id }))}`,
            )
        ).body as unknown as PaymentLink[];
        const link = links.find(one => one.membershipId === id) as PaymentLink;
        expect(link).toMatchObject({ purpose: 'membership', amount: 3500, status: 'pending', payerId: gala.payer.id });
        const [declined] = await read.messages(gala.customer.id, 'charge_declined');
        expect(declined.text).toContain(`/payments/link/${link.id}`);
        // Two days on, nothing was tried again.
        at(Date.parse(gala.membership.nextChargeAt as string) + 2 * 86_400_000);
        await noticeSent(twoDaysOn.membership.id);
        expect(await read.charges(id)).toHaveLength(1);
        const paid = await payOnline(served.server.url, link.id, { card: testCards.paid });
        expect(paid.status, paid.text).toBe(200);
        const active = await until(id, membership => expect(membership.status).toBe('active'));
        expect(active).toMatchObject({ period: 2, periodStart: '2029-04-10', heldPassId: null });
        expect(active.paymentMethodId).not.toBe(gala.card.id);
        const newCard = await as('manager', `/paymentMethods/${active.paymentMethodId}`);
        expect(newCard.body).toMatchObject({ status: 'active', title: 'Visa •• 4242', customerId: gala.payer.id });
        const pass = (await read.passes(gala.customer.id)).find(one => one.id === noticed.heldPassId);
        expect(pass).toMatchObject({ held: false, startsOn: '2029-04-10', endsOn: '2029-05-09' });
        expect(pass?.paymentId).not.toBeNull();
        // The next month is charged to the new card.
        at(Date.parse(noticeTime(active.nextChargeAt as string)) + minute);
        await noticeSent(id);
        at(Date.parse(active.nextChargeAt as string) + minute);
        await until(id, membership => expect(membership.period).toBe(3));
        expect((await read.charges(id)).map(one => [one.status, one.paymentMethodId])).toEqual([
            ['declined', gala.card.id],
            ['succeeded', active.paymentMethodId],
        ]);
    });

    it('about to expire: its payer is told once, 7 days ahead, with where to change it', async () => {
        // Ivan's notice shows a run 8 days before the card's last day.
        at('2029-06-22T09:00:00Z');
        await noticeSent(ivan.membership.id);
        expect(await read.messages(ivan.customer.id, 'card_expiring')).toEqual([]);
        at('2029-06-23T09:00:00Z');
        const [warning] = await vi.waitFor(
            async () => {
                const messages = await read.messages(ivan.customer.id, 'card_expiring');
                expect(messages).toHaveLength(1);
                return messages;
            },
            { timeout: 30_000, interval: 50 },
        );
        expect(warning.text).toContain('30 June');
        at('2029-06-25T09:00:00Z');
        await noticeSent(lateJune.membership.id);
        expect(await read.messages(ivan.customer.id, 'card_expiring')).toHaveLength(1);
    });
});
