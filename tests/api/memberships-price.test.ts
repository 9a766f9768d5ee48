import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Membership, PortalMembership } from '../../src/domain/api/memberships';
import type { Database } from '../../src/domain/types';
import { addMembership, addRenewingPlan, membershipReads } from '../support/memberships';
import { serverWithMail } from '../support/mailedServer';
import { call, demoDb, login } from '../support/server';

/*
 * A new price for a running membership, on both engines, on a clock the test moves: staff propose it at
 * least 30 days ahead, the payer is told and accepts it in /my, the notice before the first charge at it
 * says it is new, and it is charged from its period; not accepted, the membership ends before it. A
 * plan's new list price changes no running membership.
 */

const db = JSON.parse(readFileSync(demoDb, 'utf8')) as Database;
const plan = addRenewingPlan(db, 'Monthly priced');
const kira = addMembership(db, plan, { firstName: 'Kira', startsOn: '2027-01-10' });
const lena = addMembership(db, plan, { firstName: 'Lena', startsOn: '2027-01-12' });
const mila = addMembership(db, plan, { firstName: 'Mila', startsOn: '2027-03-01' });

let now = new Date('2027-01-20T09:00:00Z');
const at = (instant: string) => (now = new Date(instant));
const served = serverWithMail(db, { MEMBERSHIPS_EVERY_MS: '40' }, () => now);
const { read, until, noticeSent } = membershipReads(() => served.server);
const url = () => served.server.url;

const propose = async (id: number, json: unknown, role: 'manager' | 'teacher' = 'manager') =>
    call(url(), `/api/memberships/${id}/price`, { method: 'POST', token: await login(url(), role), json });

const portalTokenOf = async (customerId: number) => {
    const link = await call(url(), `/api/customers/${customerId}/sign-in-link`, {
        method: 'POST',
        token: await login(url(), 'manager'),
    });
    expect(link.status, link.text).toBe(200);
    const token = String(link.body.url).split('/my/link/')[1];
    const spent = await call(url(), '/api/portal/auth/link', { method: 'POST', json: { token } });
    expect(spent.status, spent.text).toBe(200);
    return String(spent.body.token);
};
const accept = async (customerId: number, id: number) =>
    call(url(), `/api/portal/memberships/${id}/price/accept`, {
        method: 'POST',
        token: await portalTokenOf(customerId),
    });

const chargedAmounts = async (id: number) => (await read.charges(id)).map(charge => [charge.amount, charge.status]);

describe("a membership's new price", () => {
    it('is proposed at least 30 days ahead by staff only, and told to the payer', async () => {
        const id = kira.membership.id;
        // Period 2 starts on 10 February, sooner than 30 days from 20 January; period 1 is under way.
        for (const fromPeriod of [2, 1]) {
            const early = await propose(id, { amount: 4000, fromPeriod });
            expect(early.status, early.text).toBe(400);
            expect(early.body.errors).toEqual({ fromPeriod: 'app.memberships.errors.price_too_soon' });
        }
        const bad = await propose(id, { amount: -1, fromPeriod: 3 });
        expect(bad.status).toBe(400);
        expect(bad.body.errors).toHaveProperty('amount');
        expect((await propose(id, { amount: 4000, fromPeriod: 3 }, 'teacher')).status).toBe(403);
        expect((await read.membership(id)).priceChange).toBeNull();

        for (const one of [kira, lena]) {
            const proposed = await propose(one.membership.id, { amount: 4000, fromPeriod: 3 });
            expect(proposed.status, proposed.text).toBe(200);
            expect((proposed.body as unknown as Membership).priceChange).toMatchObject({
                amount: 4000,
                fromPeriod: 3,
                acceptedAt: null,
            });
        }
        const [told] = await read.messages(kira.customer.id, 'membership_price');
        expect(told.text).toContain('4,000');
        expect(told.text).toContain('10 March');
    });

    it('is accepted in /my by the payer: the schedule gains it', async () => {
        const id = kira.membership.id;
        const token = await portalTokenOf(kira.customer.id);
        const [shown] = (await call(url(), '/api/portal/memberships', { token })).body as unknown as PortalMembership[];
        expect(shown.priceChange).toEqual({ amount: 4000, fromPeriod: 3, startsOn: '2027-03-10' });
        expect((await accept(mila.customer.id, id)).status).toBe(404);
        const accepted = await accept(kira.customer.id, id);
        expect(accepted.status, accepted.text).toBe(200);
        expect((accepted.body as unknown as PortalMembership).priceChange).toBeNull();
        expect((await accept(kira.customer.id, id)).status).toBe(409);
        expect((await read.membership(id)).prices).toEqual([
            { fromPeriod: 1, amount: 3500 },
            { fromPeriod: 3, amount: 4000 },
        ]);
    });

    it('is charged from its period once accepted, its first notice saying so; not accepted, the membership ends before it', async () => {
        // Both are charged the old price for period 2 (Kira on 10, Lena on 12 February).
        at('2027-02-08T07:01:00Z');
        await noticeSent(kira.membership.id);
        at('2027-02-10T07:01:00Z');
        await until(kira.membership.id, membership => expect(membership.period).toBe(2));
        await noticeSent(lena.membership.id);
        at('2027-02-12T07:01:00Z');
        await until(lena.membership.id, membership => expect(membership.period).toBe(2));
        // Period 3: Kira's notice says the price is new; Lena, who never accepted, is set to end instead.
        at('2027-03-08T07:01:00Z');
        const { message } = await noticeSent(kira.membership.id);
        expect(message.text).toContain('4,000');
        expect(message.text).toContain('This is the new price');
        at('2027-03-10T07:01:00Z');
        await until(kira.membership.id, membership => expect(membership.period).toBe(3));
        expect(await chargedAmounts(kira.membership.id)).toEqual([
            [3500, 'succeeded'],
            [4000, 'succeeded'],
        ]);
        const ending = await until(lena.membership.id, membership =>
            expect(membership).toMatchObject({ cancelAtPeriodEnd: true, endReason: 'customer', nextChargeAt: null }),
        );
        expect(ending.noticeMessageId).toBeNull();
        expect(await read.messages(lena.customer.id, 'charge_notice')).toHaveLength(1);
        at('2027-03-12T07:01:00Z');
        await until(lena.membership.id, membership => expect(membership.status).toBe('ended'));
        expect(await chargedAmounts(lena.membership.id)).toEqual([[3500, 'succeeded']]);
        expect((await accept(lena.customer.id, lena.membership.id)).status).toBe(409);
    });

    it("changes no running membership by the plan's new list price", async () => {
        const admin = await login(url(), 'admin');
        const stored = await call(url(), `/api/subscriptions/${plan.id}`, { token: admin });
        const saved = await call(url(), `/api/subscriptions/${plan.id}`, {
            method: 'PUT',
            token: admin,
            json: { ...stored.body, price: 5000 },
        });
        expect(saved.status, saved.text).toBe(200);
        expect(await read.membership(mila.membership.id)).toMatchObject({ nextAmount: 3500 });
        at('2027-03-30T07:01:00Z');
        await noticeSent(mila.membership.id);
        at('2027-04-01T07:01:00Z');
        await until(mila.membership.id, membership => expect(membership.period).toBe(2));
        expect(await chargedAmounts(mila.membership.id)).toEqual([[3500, 'succeeded']]);
    });
});
