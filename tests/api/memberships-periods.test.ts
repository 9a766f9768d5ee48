import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../src/domain/types';
import { addMembership, addRenewingPlan, addWitness, membershipReads } from '../support/memberships';
import { serverWithMail } from '../support/mailedServer';
import { call, demoDb, login } from '../support/server';

/*
 * Days a payer cannot come move a membership's period and its charge, on both engines, on a clock the
 * test moves: a freeze of its current pass (and ended early, given back), after the notice withdrawn and
 * told again, the charge waiting for the new date; a studio closure counted once, in the period it begins.
 */

const db = JSON.parse(readFileSync(demoDb, 'utf8')) as Database;
const plan = { ...addRenewingPlan(db, 'Monthly frozen'), freezeDays: 10 };
db.subscriptions[db.subscriptions.length - 1] = plan;
db.configs[0].closures = [
    { from: '2027-07-20', to: '2027-07-22' },
    { from: '2027-08-20', to: '2027-08-24' },
];

const gleb = addMembership(db, plan, { firstName: 'Gleb', startsOn: '2027-03-05' });
const gleWitness = addWitness(db, plan, 'Glebwitness', '2027-04-05');
const hanna = addMembership(db, plan, { firstName: 'Hanna', startsOn: '2027-06-01' });
const irina = addMembership(db, plan, { firstName: 'Irina', startsOn: '2027-08-01' });
const pavel = addMembership(db, plan, { firstName: 'Pavel', startsOn: '2027-10-01' });
// A membership's own pass names it, as its first payment records it.
for (const one of [gleb, hanna, irina, pavel]) one.firstPass.membershipId = one.membership.id;

let now = new Date('2027-04-03T08:00:00Z');
const at = (instant: string) => (now = new Date(instant));
const served = serverWithMail(db, { MEMBERSHIPS_EVERY_MS: '40' }, () => now);
const { read, until, noticeSent } = membershipReads(() => served.server);

const freeze = async (passId: number, from: string, to: string) => {
    const token = await login(served.server.url, 'manager');
    const answer = await call(served.server.url, `/api/passes/${passId}/freeze`, {
        method: 'POST',
        token,
        json: { from, to },
    });
    expect(answer.status, answer.text).toBe(200);
};

const portalTokenOf = async (customerId: number) => {
    const link = await call(served.server.url, `/api/customers/${customerId}/sign-in-link`, {
        method: 'POST',
        token: await login(served.server.url, 'manager'),
    });
    expect(link.status, link.text).toBe(200);
    const token = String(link.body.url).split('/my/link/')[1];
    const spent = await call(served.server.url, '/api/portal/auth/link', { method: 'POST', json: { token } });
    expect(spent.status, spent.text).toBe(200);
    return String(spent.body.token);
};

describe("a membership's period moved by a freeze or a closure", () => {
    it('moves the period, the held pass and the charge by a freeze after the notice, and tells the payer again', async () => {
        const id = gleb.membership.id;
        const first = await noticeSent(id);
        const heldId = first.membership.heldPassId as number;
        await freeze(gleb.firstPass.id, '2027-04-03', '2027-04-09');
        const moved = await read.membership(id);
        expect(moved).toMatchObject({
            periodStart: '2027-03-05',
            periodEnd: '2027-04-12',
            anchorDay: 12,
            nextChargeAt: '2027-04-12T07:00:00.000Z',
            noticeMessageId: null,
            heldPassId: heldId,
        });
        const passes = await read.passes(gleb.customer.id);
        expect(passes.find(pass => pass.id === gleb.firstPass.id)?.endsOn).toBe('2027-04-11');
        expect(passes.find(pass => pass.id === heldId)).toMatchObject({ startsOn: '2027-04-12', endsOn: '2027-05-11' });
        // The old charge time passes (the witness shows the job ran): nothing is charged, no notice yet.
        at('2027-04-05T08:00:00Z');
        await noticeSent(gleWitness.membership.id);
        expect(await read.charges(id)).toEqual([]);
        expect((await read.membership(id)).noticeMessageId).toBeNull();
        // 48 hours before the new date the payer is told again; then it is charged on it.
        at('2027-04-10T07:01:00Z');
        const second = await noticeSent(id);
        expect(second.message.id).not.toBe(first.message.id);
        at('2027-04-12T07:01:00Z');
        const renewed = await until(id, membership => expect(membership.period).toBe(2));
        expect(renewed).toMatchObject({ periodStart: '2027-04-12', periodEnd: '2027-05-12', passId: heldId });
        expect((await read.charges(id)).map(charge => [charge.periodStart, charge.status])).toEqual([
            ['2027-04-12', 'succeeded'],
        ]);
    });

    it('gives the days back when a freeze ends early', async () => {
        at('2027-06-05T08:00:00Z');
        const id = hanna.membership.id;
        await freeze(hanna.firstPass.id, '2027-06-10', '2027-06-14');
        expect(await read.membership(id)).toMatchObject({
            periodEnd: '2027-07-06',
            nextChargeAt: '2027-07-06T07:00:00.000Z',
        });
        const token = await login(served.server.url, 'manager');
        const unfrozen = await call(served.server.url, `/api/passes/${hanna.firstPass.id}/unfreeze`, {
            method: 'POST',
            token,
            json: { on: '2027-06-12' },
        });
        expect(unfrozen.status, unfrozen.text).toBe(200);
        expect(await read.membership(id)).toMatchObject({
            periodEnd: '2027-07-03',
            nextChargeAt: '2027-07-03T07:00:00.000Z',
        });
    });

    it('counts a closure once, in the period it begins in, and none begun before the membership', async () => {
        at('2027-08-12T07:01:00Z');
        const id = irina.membership.id;
        const moved = await until(id, membership => expect(membership.periodEnd).toBe('2027-09-06'));
        expect(moved).toMatchObject({
            nextChargeAt: '2027-09-06T07:00:00.000Z',
            closuresApplied: [{ from: '2027-08-20', to: '2027-08-24' }],
        });
        const [pass] = await read.passes(irina.customer.id);
        expect(pass.endsOn).toBe('2027-09-05');
        // Renewed on the new date, the next period is a plain month: the closure is not counted again.
        at('2027-09-04T07:01:00Z');
        await noticeSent(id);
        at('2027-09-06T07:01:00Z');
        const renewed = await until(id, membership => expect(membership.period).toBe(2));
        expect(renewed).toMatchObject({ periodStart: '2027-09-06', periodEnd: '2027-10-06' });
    });

    it('moves the period by a pause the customer takes in /my, and back when it ends early', async () => {
        at('2027-10-05T09:00:00Z');
        const id = pavel.membership.id;
        const token = await portalTokenOf(pavel.customer.id);
        const paused = await call(served.server.url, `/api/portal/passes/${pavel.firstPass.id}/freeze`, {
            method: 'POST',
            token,
            json: { from: '2027-10-10', to: '2027-10-13' },
        });
        expect(paused.status, paused.text).toBe(200);
        expect(await read.membership(id)).toMatchObject({
            periodEnd: '2027-11-05',
            nextChargeAt: '2027-11-05T07:00:00.000Z',
        });
        at('2027-10-11T09:00:00Z');
        const resumed = await call(served.server.url, `/api/portal/passes/${pavel.firstPass.id}/unfreeze`, {
            method: 'POST',
            token: await portalTokenOf(pavel.customer.id),
        });
        expect(resumed.status, resumed.text).toBe(200);
        // Paused on 10 October only: one day of the four is kept.
        expect(await read.membership(id)).toMatchObject({
            periodEnd: '2027-11-02',
            nextChargeAt: '2027-11-02T07:00:00.000Z',
        });
    });
});
