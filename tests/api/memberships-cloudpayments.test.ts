import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { Membership, PaymentMethod } from '../../src/domain/api/memberships';
import { retryTime } from '../../src/domain/memberships';
import type { Database, Pass, Payment } from '../../src/domain/types';
import { startCloudPayments, type CloudPaymentsStandIn } from '../support/cloudpayments';
import { addCustomer, freshPhone } from '../support/factories';
import { addRenewingPlan } from '../support/memberships';
import { providerMemberships } from '../support/providerMemberships';
import { demoDb, storedDatabase } from '../support/server';

/*
 * A membership through CloudPayments, the whole server over real HTTP against CloudPayments' stand-in, on
 * both engines and a clock the test moves: staff start it, its payer ticks the box and pays the first month
 * on CloudPayments' page on their account (AccountId), the verified Pay notice's Token becomes the saved
 * card and starts the membership once; at the charge time the job charges that Token
 * (payments/tokens/charge) under the charge's key as X-Request-ID and InvoiceId, which pays the held pass
 * once even with CloudPayments' own Pay notice of it; a decline for money makes it past due, told of the
 * try a day later, which pays.
 */

const db = JSON.parse(readFileSync(demoDb, 'utf8')) as Database;
const plan = addRenewingPlan(db, 'Monthly by CloudPayments');
// Receipts go through the provider: renewals carry theirs too.
db.configs[0].receiptTaxSystem = 'usn_income';
const olga = addCustomer(db, {
    firstName: 'Olga',
    lastName: 'Cloud',
    phone: freshPhone(),
    email: 'olga.cloud@example.test',
    locale: 'en',
});

let standIn: CloudPaymentsStandIn;
const { served, begin, toCharge, toNextTry, list, read, until, firstMonthOnce, renewedOnce } = providerMemberships(
    db,
    async () => {
        standIn = await startCloudPayments({ chargeNotices: true });
        return {
            name: 'cloudpayments',
            env: {
                CLOUDPAYMENTS_PUBLIC_ID: standIn.publicId,
                CLOUDPAYMENTS_API_SECRET: standIn.apiSecret,
                CLOUDPAYMENTS_API_URL: standIn.url,
            },
            listen: url => {
                standIn.noticeUrl = url;
            },
        };
    },
    new Date(),
);
afterAll(() => standIn?.stop());

/** The renewals CloudPayments was asked for. */
const tokenCharges = () => standIn.calls.filter(call => call.path === '/payments/tokens/charge');

let membershipId: number;
let token: string;

describe('a membership through CloudPayments', () => {
    it("starts with the first month paid on the payer's account: the Pay notice's Token is the saved card", async () => {
        const { link, attemptId, confirmationUrl } = await begin(olga.id, plan.id);
        const created = standIn.calls.find(call => call.path === '/orders/create' && call.body.InvoiceId === attemptId);
        expect(created?.requestId).toBe(attemptId);
        expect(created?.body).toMatchObject({ AccountId: `c${olga.id}`, Amount: 3500, Currency: 'RUB' });
        const orderId = confirmationUrl.split('/').pop() as string;
        expect(standIn.orders.get(orderId)?.Url).toBe(confirmationUrl);

        const { pay } = await standIn.pay(orderId);
        expect(pay?.deliveries.map(delivery => [delivery.status, delivery.answer])).toEqual([[200, '{"code":0}']]);
        const fields = Object.fromEntries(new URLSearchParams(pay?.deliveries[0].body));
        token = fields.Token;
        expect(standIn.tokens.get(token)?.AccountId).toBe(`c${olga.id}`);

        const [membership] = await list<Membership>('memberships', { customerId: olga.id });
        membershipId = membership.id;
        expect(membership).toMatchObject({
            status: 'active',
            period: 1,
            payerId: olga.id,
            paymentLinkId: link.id,
            heldPassId: null,
        });
        const [card] = await list<PaymentMethod>('paymentMethods', { customerId: olga.id });
        expect(card).toMatchObject({
            id: membership.paymentMethodId,
            provider: 'cloudpayments',
            title: 'Visa •• 4242',
            expiresOn: '2030-12-31',
            status: 'active',
        });
        expect(card).not.toHaveProperty('token');
        const stored = (await storedDatabase(served.server)).paymentMethods.find(one => one.id === card.id);
        expect(stored).toMatchObject({ token, payerKey: `c${olga.id}` });
        // CloudPayments sends the Pay notice again: accepted, nothing more recorded.
        await firstMonthOnce(olga.id, membership, link.id, async () => {
            expect((await standIn.sendNotice('Pay', fields, { once: true })).code).toBe(0);
        });
    });

    it("charges the saved Token under the charge's key at the renewal: the held pass paid, one charge, one payment", async () => {
        const before = await read.membership(membershipId);
        const { text, charge, heldId } = await renewedOnce(before);
        expect(text).toContain('Visa •• 4242');
        const [asked] = tokenCharges();
        expect(tokenCharges()).toHaveLength(1);
        expect(asked.requestId).toBe(charge.key);
        expect(asked.body).toMatchObject({
            AccountId: `c${olga.id}`,
            Token: token,
            InvoiceId: charge.key,
            Amount: 3500,
            Currency: 'RUB',
            TrInitiatorCode: 0,
            Email: olga.email,
        });
        const receipt = (asked.body.JsonData as { cloudPayments: { CustomerReceipt: { Items: { amount: number }[] } } })
            .cloudPayments.CustomerReceipt;
        expect(receipt.Items.map(item => item.amount)).toEqual([3500]);
        expect(standIn.transactions.get(Number(charge.providerPaymentId))).toMatchObject({
            Status: 'Completed',
            InvoiceId: charge.key,
            AccountId: `c${olga.id}`,
        });

        // CloudPayments' own Pay notice of the renewal is taken and records nothing more.
        await standIn.idle();
        const renewalNotice = standIn.deliveries.filter(
            delivery => delivery.type === 'Pay' && new URLSearchParams(delivery.body).get('InvoiceId') === charge.key,
        );
        expect(renewalNotice.map(delivery => [delivery.status, delivery.answer])).toEqual([[200, '{"code":0}']]);
        // Known as a renewal's, not logged as a stranger's.
        expect(served.server.output()).not.toContain('names no payment of this server');

        const held = (await read.passes(olga.id)).find(pass => pass.id === heldId) as Pass;
        expect(held).toMatchObject({ held: false, paymentId: charge.paymentId, startsOn: before.periodEnd });
        const payments = await read.payments(olga.id);
        expect(payments).toHaveLength(2);
        expect(payments.find(payment => payment.id === charge.paymentId)).toMatchObject({
            amount: 3500,
            method: 'online',
            passId: heldId,
        } satisfies Partial<Payment>);
        // The payer is told of each month paid: the first, and this one.
        expect(await read.messages(olga.id, 'payment')).toHaveLength(2);
    });

    it('a decline for money: past due, told of the try a day later, which pays the month', async () => {
        standIn.declineToken(token, 5051);
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
        expect(standIn.transactions.get(Number(declined.providerPaymentId))).toMatchObject({
            Status: 'Declined',
            ReasonCode: 5051,
            InvoiceId: declined.key,
        });
        expect(pastDue).toMatchObject({ period: 2, nextChargeAt: retryTime(declined.createdAt, 2) });
        expect(await read.payments(olga.id)).toHaveLength(2);

        // The card has money again by the next try, announced by the decline's message.
        standIn.declineToken(token, null);
        const { message } = await toNextTry(pastDue);
        expect(message.kind).toBe('charge_declined');
        const paid = await until(membershipId, membership => expect(membership.period).toBe(3));
        expect(paid.status).toBe('active');
        const charges = await read.charges(membershipId);
        expect(charges.map(charge => [charge.periodStart, charge.attempt, charge.status])).toEqual([
            [charges[0].periodStart, 1, 'succeeded'],
            [before.periodEnd, 1, 'declined'],
            [before.periodEnd, 2, 'succeeded'],
        ]);
        expect(new Set(tokenCharges().map(call => call.requestId))).toEqual(new Set(charges.map(each => each.key)));
        expect(await read.payments(olga.id)).toHaveLength(3);
    });
});
