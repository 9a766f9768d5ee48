import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { Membership, PaymentMethod } from '../../src/domain/api/memberships';
import { retryTime } from '../../src/domain/memberships';
import type { Database, Pass } from '../../src/domain/types';
import { tbankToken } from '../../src/server/payments/signatures';
import { addCustomer, freshPhone } from '../support/factories';
import { addRenewingPlan } from '../support/memberships';
import { providerMemberships } from '../support/providerMemberships';
import { demoDb, storedDatabase } from '../support/server';
import { startTbank, type TbankStandIn } from '../support/tbank';

/*
 * A membership through T-Bank, the whole server over real HTTP against T-Bank's stand-in, on both engines
 * and a clock the test moves: staff start it, its payer ticks the box and pays the first month on T-Bank's
 * page (Init with Recurrent "Y" on the payer's CustomerKey), the verified CONFIRMED notice's RebillId becomes
 * the saved card and starts the membership once; at the charge time the job makes the renewal's payment
 * (Init under the charge's key, initiated by the studio) and pays it with the RebillId (Charge), which pays
 * the held pass once; a decline for money makes it past due, told of the try a day later, whose notice
 * reaches the server while Charge is still being answered and is settled once all the same.
 */

const db = JSON.parse(readFileSync(demoDb, 'utf8')) as Database;
const plan = addRenewingPlan(db, 'Monthly by T-Bank');
// Receipts go through the provider: renewals carry theirs too.
db.configs[0].receiptTaxSystem = 'usn_income';
const timur = addCustomer(db, {
    firstName: 'Timur',
    lastName: 'Bank',
    phone: freshPhone(),
    email: 'timur.bank@example.test',
    locale: 'en',
});

let standIn: TbankStandIn;
const { served, begin, toCharge, toNextTry, list, read, until, firstMonthOnce, renewedOnce } = providerMemberships(
    db,
    async () => {
        standIn = await startTbank();
        return {
            name: 'tbank',
            env: {
                TBANK_TERMINAL_KEY: standIn.terminalKey,
                TBANK_PASSWORD: standIn.password,
                TBANK_API_URL: standIn.apiUrl,
            },
        };
    },
    new Date(),
);
afterAll(() => standIn?.stop());

type Call = TbankStandIn['calls'][number];
/** The Init T-Bank was asked for under an OrderId, and the payment it made. */
const initOf = (orderId: string) => {
    const made = standIn.calls.find(call => call.method === 'Init' && call.body.OrderId === orderId) as Call;
    expect(made?.answer).toMatchObject({ Success: true, ErrorCode: '0' });
    return { body: made.body, paymentId: String(made.answer?.PaymentId) };
};
/** The Charges T-Bank was asked for. */
const charges = () => standIn.calls.filter(call => call.method === 'Charge');
/** The notices of a payment in a status, each as the server answered it. */
const noticesOf = (paymentId: string, status: string) =>
    standIn.deliveries
        .filter(delivery => delivery.paymentId === paymentId && delivery.status === status)
        .map(delivery => [delivery.httpStatus, delivery.answer]);

let membershipId: number;
let rebillId: string;

describe('a membership through T-Bank', () => {
    it("starts with the first month paid as a recurrent payment: the notice's RebillId is the saved card", async () => {
        const { link, attemptId, confirmationUrl } = await begin(timur.id, plan.id);
        const first = initOf(attemptId);
        expect(first.body).toMatchObject({
            Amount: 350000,
            Recurrent: 'Y',
            CustomerKey: `c${timur.id}`,
            NotificationURL: `${served.server.url}/api/public/providers/tbank`,
        });
        expect(first.body.Token).toBe(tbankToken(first.body, standIn.password));
        expect(standIn.payment(first.paymentId).paymentUrl).toBe(confirmationUrl);

        await standIn.pay(first.paymentId);
        expect(noticesOf(first.paymentId, 'AUTHORIZED')).toEqual([[200, 'OK']]);
        expect(noticesOf(first.paymentId, 'CONFIRMED')).toEqual([[200, 'OK']]);
        rebillId = standIn.payment(first.paymentId).rebillId as string;
        expect(standIn.rebills.get(rebillId)?.customerKey).toBe(`c${timur.id}`);

        const [membership] = await list<Membership>('memberships', { customerId: timur.id });
        membershipId = membership.id;
        expect(membership).toMatchObject({ status: 'active', period: 1, payerId: timur.id, paymentLinkId: link.id });
        const [card] = await list<PaymentMethod>('paymentMethods', { customerId: timur.id });
        // The card the notice names: 430000******0777, valid to November 2030.
        expect(card).toMatchObject({
            id: membership.paymentMethodId,
            provider: 'tbank',
            title: 'Visa •• 0777',
            expiresOn: '2030-11-30',
            status: 'active',
        });
        expect(card).not.toHaveProperty('token');
        const stored = (await storedDatabase(served.server)).paymentMethods.find(one => one.id === card.id);
        expect(stored).toMatchObject({ token: rebillId, payerKey: `c${timur.id}` });
        // T-Bank sends the CONFIRMED notice again: answered OK, nothing more recorded.
        await firstMonthOnce(timur.id, membership, link.id, async () => {
            expect((await standIn.notify(first.paymentId, { Status: 'CONFIRMED' }, { once: true }))?.answer).toBe('OK');
        });
    });

    it('renews with Init under the charge’s key and Charge with the RebillId: the held pass paid, one charge, one payment', async () => {
        const before = await read.membership(membershipId);
        const { text, charge, heldId } = await renewedOnce(before);
        expect(text).toContain('Visa •• 0777');
        const renewal = initOf(charge.key);
        expect(renewal.body).toMatchObject({
            Amount: 350000,
            CustomerKey: `c${timur.id}`,
            PayType: 'O',
            DATA: { OperationInitiatorType: 'R' },
            NotificationURL: `${served.server.url}/api/public/providers/tbank`,
        });
        // The saved card pays it: no payer, no new card saved.
        expect(renewal.body).not.toHaveProperty('Recurrent');
        const items = (renewal.body.Receipt as { Email: string; Items: { Amount: number }[] }).Items;
        expect(items.map(item => item.Amount)).toEqual([350000]);
        expect(charges().map(call => [call.body.PaymentId, call.body.RebillId])).toEqual([
            [renewal.paymentId, rebillId],
        ]);
        expect(charge.providerPaymentId).toBe(renewal.paymentId);
        expect(standIn.payment(renewal.paymentId).status).toBe('CONFIRMED');
        // T-Bank's notice of the renewal, after the answer: taken, nothing more recorded.
        await standIn.idle();
        expect(noticesOf(renewal.paymentId, 'CONFIRMED')).toEqual([[200, 'OK']]);
        // Known as a renewal's, not logged as a stranger's.
        expect(served.server.output()).not.toContain('names no payment of this server');

        const held = (await read.passes(timur.id)).find(pass => pass.id === heldId) as Pass;
        expect(held).toMatchObject({ held: false, paymentId: charge.paymentId, startsOn: before.periodEnd });
        const payments = await read.payments(timur.id);
        expect(payments).toHaveLength(2);
        expect(payments.find(payment => payment.id === charge.paymentId)).toMatchObject({
            amount: 3500,
            method: 'online',
            passId: heldId,
        });
        expect(await read.charges(membershipId)).toHaveLength(1);
    });

    it('a decline for money: past due, then a try a day later whose notice comes during Charge pays the month once', async () => {
        standIn.declineRebill(rebillId, '1051');
        const before = await read.membership(membershipId);
        await toCharge(before);
        const pastDue = await until(membershipId, membership => expect(membership.status).toBe('past_due'));
        const declined = (await read.charges(membershipId))[1];
        expect(declined).toMatchObject({
            status: 'declined',
            attempt: 1,
            cause: 'money',
            reason: 'insufficient_funds',
            periodStart: before.periodEnd,
            paymentId: null,
        });
        expect(standIn.payment(declined.providerPaymentId as string)).toMatchObject({
            orderId: declined.key,
            status: 'REJECTED',
            errorCode: '1051',
        });
        expect(pastDue).toMatchObject({ period: 2, nextChargeAt: retryTime(declined.createdAt, 2) });
        expect(await read.payments(timur.id)).toHaveLength(2);

        // The card has money again; T-Bank's CONFIRMED reaches the server before Charge is answered.
        standIn.declineRebill(rebillId, null);
        standIn.noticeDuringNextCharge();
        const { message } = await toNextTry(pastDue);
        expect(message.kind).toBe('charge_declined');
        const paid = await until(membershipId, membership => expect(membership.period).toBe(3));
        expect(paid.status).toBe('active');
        const all = await read.charges(membershipId);
        expect(all.map(charge => [charge.periodStart, charge.attempt, charge.status])).toEqual([
            [all[0].periodStart, 1, 'succeeded'],
            [before.periodEnd, 1, 'declined'],
            [before.periodEnd, 2, 'succeeded'],
        ]);
        const retry = initOf(all[2].key);
        expect(all[2].providerPaymentId).toBe(retry.paymentId);
        // Delivered once, answered OK, while Charge waited; nothing sent after the answer.
        await standIn.idle();
        expect(noticesOf(retry.paymentId, 'CONFIRMED')).toEqual([[200, 'OK']]);
        expect(charges()).toHaveLength(3);
        const payments = await read.payments(timur.id);
        expect(payments).toHaveLength(3);
        expect(payments.filter(payment => payment.passId === paid.passId)).toEqual([
            expect.objectContaining({ id: all[2].paymentId, amount: 3500 }),
        ]);
    });
});
