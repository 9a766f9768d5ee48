import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Membership, PaymentMethod, PortalMembership } from '../../src/domain/api/memberships';
import { addMonthsOn } from '../../src/domain/memberships';
import { addDays, studioToday } from '../../src/domain/time';
import type { Database, Payment } from '../../src/domain/types';
import { addMembership, addRenewingPlan, zone } from '../support/memberships';
import { testCards } from '../support/payOnline';
import { call, demoDb, serverForEveryRole } from '../support/server';

/*
 * Changing a membership's card in /my, on both engines: its payer ticks the box and pays the next period
 * now on the provider's page with the new card, which is saved and charged from then on; the old card is
 * removed, the period moves as at a renewal, and nothing else is charged. Nobody else changes it, nor
 * for a membership that is ending.
 */

const secret = 'membership-card-provider-secret';
const today = studioToday(zone, new Date());
const db = JSON.parse(readFileSync(demoDb, 'utf8')) as Database;
const plan = addRenewingPlan(db, 'Monthly carded');
db.configs[0].receiptTaxSystem = 'usn_income';
const nora = addMembership(db, plan, { firstName: 'Nora', startsOn: addDays(today, -3) });
const ending = addMembership(db, plan, {
    firstName: 'Ending',
    startsOn: addDays(today, -3),
    fields: { cancelAtPeriodEnd: true, endReason: 'customer', nextChargeAt: null },
});

const served = serverForEveryRole({
    db,
    env: { TEST_PROVIDER_SECRET: secret, TEST_PROVIDER_NOTICE_DELAY_MS: '0' },
});
const url = () => served.server.url;
const list = async <T>(resource: string, filter: object) =>
    (
        await served.clients.manager.getList(resource, {
            pagination: { page: 1, perPage: 100 },
            sort: { field: 'id', order: 'ASC' },
            filter,
        })
    ).data as unknown as T[];

const portalTokenOf = async (customerId: number) => {
    const link = await call(url(), `/api/customers/${customerId}/sign-in-link`, {
        method: 'POST',
        token: served.tokens.manager,
    });
    expect(link.status, link.text).toBe(200);
    const token = String(link.body.url).split('/my/link/')[1];
    const spent = await call(url(), '/api/portal/auth/link', { method: 'POST', json: { token } });
    expect(spent.status, spent.text).toBe(200);
    return String(spent.body.token);
};
const changeCard = (token: string, id: number, json: unknown) =>
    call(url(), `/api/portal/memberships/${id}/card`, { method: 'POST', token, json });

describe("a membership's card changed in /my", () => {
    it('is refused without the ticked box, to anyone but its payer, and for a membership that is ending', async () => {
        const token = await portalTokenOf(nora.customer.id);
        const unticked = await changeCard(token, nora.membership.id, {});
        expect(unticked.status).toBe(400);
        expect(unticked.body.errors).toEqual({ consent: 'app.memberships.errors.consent_required' });
        expect((await changeCard(token, ending.membership.id, { consent: true })).status).toBe(404);
        const endingToken = await portalTokenOf(ending.customer.id);
        expect((await changeCard(endingToken, ending.membership.id, { consent: true })).status).toBe(409);
    });

    it('pays the next period now with the new card, which replaces the old one', async () => {
        const id = nora.membership.id;
        const token = await portalTokenOf(nora.customer.id);
        const terms = await call(url(), `/api/portal/memberships/${id}/card`, { token });
        expect(terms.status, terms.text).toBe(200);
        expect(terms.body).toMatchObject({ amount: 3500, currency: 'RUB' });
        const asked = await changeCard(token, id, { consent: true });
        expect(asked.status, asked.text).toBe(200);
        const checkout = String(asked.body.confirmationUrl).split('/').pop();
        const [consent] = await list<{ source: string; text: string }>('consents', {
            customerId: nora.customer.id,
            kind: 'autopay',
        });
        // The words recorded are those the payer saw beside the box.
        expect(consent).toMatchObject({ source: 'portal', text: terms.body.consentText });
        const paid = await call(url(), `/api/public/test-checkout/${checkout}`, {
            method: 'POST',
            json: testCards.paid,
        });
        expect(paid.status, paid.text).toBe(200);
        const periodEnd = nora.membership.periodEnd;
        await expect
            .poll(async () => (await served.clients.manager.getOne('memberships', { id })).data.period, {
                timeout: 30_000,
            })
            .toBe(2);
        const membership = (await served.clients.manager.getOne('memberships', { id })).data as unknown as Membership;
        expect(membership).toMatchObject({
            status: 'active',
            periodStart: periodEnd,
            periodEnd: addMonthsOn(periodEnd, 1, nora.membership.anchorDay),
            heldPassId: null,
            noticeMessageId: null,
        });
        expect(membership.paymentMethodId).not.toBe(nora.card.id);
        const cards = await list<PaymentMethod>('paymentMethods', { customerId: nora.customer.id });
        expect(cards.map(card => [card.id, card.status])).toEqual([
            [nora.card.id, 'removed'],
            [membership.paymentMethodId, 'active'],
        ]);
        expect(cards.every(card => !('token' in card))).toBe(true);
        const payments = await list<Payment>('payments', { customerId: nora.customer.id });
        expect(payments.map(payment => payment.amount)).toEqual([3500, 3500]);
        expect(payments[1].passId).toBe(membership.passId);
        expect(await list('charges', { membershipId: id })).toEqual([]);
        const [shown] = (await call(url(), '/api/portal/memberships', { token })).body as unknown as PortalMembership[];
        expect(shown.card).toMatchObject({ id: membership.paymentMethodId, title: 'Visa •• 4242', status: 'active' });
    });
});
