import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataProvider } from 'ra-core';
import type { OnlinePayment, Pass, Payment, PaymentLink } from '../../src/domain/types';
import { testSignature } from '../../src/server/payments/signatures';
import { freshPhone } from '../support/factories';
import { startCloudPayments, type CloudPaymentsStandIn } from '../support/cloudpayments';
import { beginPayment } from '../support/payOnline';
import { call, freePort, login, removeDir, restClient, startServer, type RunningServer } from '../support/server';

/*
 * A provider's verified notice for another amount than the link asked (1.00 for an 800.00 plan): only
 * what was received is ever recorded, never what was asked. It is given back through the provider (the
 * 1.00, not the 800.00); given back, nothing is recorded; refused for good, the 1.00 is a payment of the
 * customer's own in the ledger, nothing is sold, the link stays payable, and staff see the online payment
 * on the customer's card with its reason; its outcome unknown, it is asked again until it is known. On
 * both engines, with the built-in test provider and CloudPayments' stand-in.
 */

interface Staff {
    server: RunningServer;
    manager: DataProvider;
    /** Plans are the admin's to make. */
    admin: DataProvider;
}

const all = async <T>({ manager }: Staff, collection: string, filter: object) =>
    (
        await manager.getList(collection, {
            pagination: { page: 1, perPage: 1000 },
            sort: { field: 'id', order: 'ASC' },
            filter,
        })
    ).data as unknown as T[];

let plans = 0;
/** A customer and a plan of 800.00 of this test's own, and a link to buy it. */
const linkFor800 = async (staff: Staff) => {
    plans += 1;
    const customer = (
        await staff.manager.create('customers', {
            data: {
                firstName: 'Received',
                lastName: `Payer ${plans}`,
                phone: freshPhone(),
                email: `received-${plans}@example.com`,
                status: 'active',
            },
        })
    ).data;
    const plan = (
        await staff.admin.create('subscriptions', {
            data: {
                name: `Received plan ${plans}`,
                price: 800,
                visits: 8,
                validityDays: 30,
                directionIds: [],
                freezeDays: 0,
                active: true,
                soldOnline: true,
            },
        })
    ).data;
    const link = (
        await staff.manager.create('paymentLinks', { data: { customerId: customer.id, subscriptionId: plan.id } })
    ).data as unknown as PaymentLink;
    expect(link).toMatchObject({ amount: 800, status: 'pending' });
    return { customerId: customer.id as number, link };
};

/** What the customer's card shows: the link still payable, the online payment with its reason, the ledger and passes. */
const cardOf = async (staff: Staff, customerId: number, linkId: string) => ({
    link: (await staff.manager.getOne('paymentLinks', { id: linkId })).data as PaymentLink,
    attempts: await all<OnlinePayment>(staff, 'onlinePayments', { customerId }),
    payments: await all<Payment>(staff, 'payments', { customerId }),
    passes: await all<Pass>(staff, 'passes', { customerId }),
});

/** Waits until the attempt leaves `status` (the provider's answer came, or the job asked again). */
const attemptAfter = async (staff: Staff, id: string, status: OnlinePayment['status']) => {
    const until = Date.now() + 15_000;
    for (;;) {
        const attempt = (await staff.manager.getOne('onlinePayments', { id })).data as OnlinePayment;
        if (attempt.status !== status) return attempt;
        if (Date.now() > until) throw new Error(`The attempt ${id} is still ${status}`);
        await new Promise(resolve => setTimeout(resolve, 25));
    }
};

/** The 1.00 kept: a payment of the customer's own, nothing sold, the link still asking its 800.00. */
const keptAsOwnPayment = async (staff: Staff, customerId: number, link: PaymentLink, attemptId: string) => {
    const card = await cardOf(staff, customerId, link.id);
    expect(card.payments).toEqual([
        expect.objectContaining({
            kind: 'payment',
            method: 'online',
            amount: 1,
            passId: null,
            paymentLinkId: link.id,
            note: expect.stringContaining('could not be given back'),
        }),
    ]);
    expect(card.passes).toEqual([]);
    expect(card.link).toMatchObject({ status: 'pending', amount: 800, paymentId: null, passId: null });
    expect(card.attempts).toEqual([
        expect.objectContaining({
            id: attemptId,
            status: 'refund_failed',
            reason: 'amount_differs',
            amount: 1,
            paymentId: card.payments[0].id,
        }),
    ]);
};

describe('a notice of another amount, with the built-in test provider', () => {
    const secret = 'received-test-provider-secret';
    const staff = {} as Staff;

    beforeAll(async () => {
        staff.server = await startServer({ env: { TEST_PROVIDER_SECRET: secret } });
        staff.manager = restClient(staff.server.url, await login(staff.server.url, 'manager'));
        staff.admin = restClient(staff.server.url, await login(staff.server.url, 'admin'));
    });
    afterAll(async () => {
        await staff.server?.stop();
        if (staff.server) removeDir(staff.server.dir);
    });

    it('records the 1.00 received as a payment of the customer own when the refund is refused: no pass, the link still payable', async () => {
        const { customerId, link } = await linkFor800(staff);
        const begun = await beginPayment(staff.server.url, link.id);
        expect(begun.status).toBe(200);
        const attemptId = String(begun.body.attemptId);
        const providerPaymentId = String(begun.body.confirmationUrl).split('/').pop();
        // Signed as the provider signs: believed. The provider took no money of this payment, so it
        // refuses to give anything back.
        const raw = JSON.stringify({
            event: 'payment.succeeded',
            paymentId: providerPaymentId,
            attemptId,
            amount: '1.00',
            currency: 'RUB',
        });
        const notice = await call(staff.server.url, '/api/public/providers/test', {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-test-signature': testSignature(raw, secret) },
            body: raw,
        });
        expect(notice.status).toBe(200);
        await attemptAfter(staff, attemptId, 'refunding');
        await keptAsOwnPayment(staff, customerId, link, attemptId);
        expect(staff.server.output()).toMatch(/of 1 RUB for payment link \S+ could not be given back/);

        // The link still asks its 800.00, and takes it.
        const again = await beginPayment(staff.server.url, link.id);
        expect(again.status).toBe(200);
        expect(again.body.attemptId).not.toBe(attemptId);
    });
});

describe('a notice of another amount, through CloudPayments', () => {
    const staff = {} as Staff;
    let standIn: CloudPaymentsStandIn;
    let transactions = 900_000;

    beforeAll(async () => {
        standIn = await startCloudPayments();
        const port = await freePort();
        staff.server = await startServer({
            env: {
                PORT: String(port),
                PUBLIC_URL: `http://127.0.0.1:${port}`,
                PAYMENT_PROVIDER: 'cloudpayments',
                CLOUDPAYMENTS_PUBLIC_ID: standIn.publicId,
                CLOUDPAYMENTS_API_SECRET: standIn.apiSecret,
                CLOUDPAYMENTS_API_URL: standIn.url,
                // A refund whose outcome was unknown is asked again soon.
                PAYMENTS_EVERY_MS: '200',
            },
        });
        standIn.noticeUrl = `${staff.server.url}/api/public/providers/cloudpayments`;
        staff.manager = restClient(staff.server.url, await login(staff.server.url, 'manager'));
        staff.admin = restClient(staff.server.url, await login(staff.server.url, 'admin'));
    });
    afterAll(async () => {
        await standIn?.idle();
        await staff.server?.stop();
        await standIn?.stop();
        if (staff.server) removeDir(staff.server.dir);
    });

    /**
     * Pay pressed on the link, then 1.00 paid on its order (not the 800.00 it asks) and CloudPayments'
     * signed Pay notice of it: answers the attempt and the transaction.
     */
    const payOneRouble = async (link: PaymentLink, beforeNotice = () => {}) => {
        const begun = await beginPayment(staff.server.url, link.id);
        expect(begun.status).toBe(200);
        const attemptId = String(begun.body.attemptId);
        const order = [...standIn.orders.values()].find(each => each.InvoiceId === attemptId);
        if (!order) throw new Error('Pay made no order');
        transactions += 1;
        const DateTime = new Date().toISOString().slice(0, 19).replace('T', ' ');
        standIn.transactions.set(transactions, {
            TransactionId: transactions,
            Type: 0,
            OriginalTransactionId: null,
            orderId: order.Id,
            InvoiceId: attemptId,
            AccountId: order.AccountId,
            Email: order.Email,
            Description: order.Description,
            amountMinor: 100,
            Currency: 'RUB',
            Status: 'Completed',
            Reason: 'Approved',
            ReasonCode: 0,
            refundedMinor: 0,
            DateTime,
        });
        order.Status = 'Paid';
        beforeNotice();
        const run = await standIn.sendNotice('Pay', {
            TransactionId: transactions,
            Amount: '1.00',
            Currency: 'RUB',
            PaymentAmount: '1.00',
            PaymentCurrency: 'RUB',
            DateTime,
            InvoiceId: attemptId,
            Status: 'Completed',
            OperationType: 'Payment',
            GatewayName: 'Test',
            TestMode: 1,
        });
        expect(run.accepted).toBe(true);
        return { attemptId, transactionId: transactions };
    };

    /**
     * The amounts of the refunds CloudPayments was asked for, of one transaction, each once: the notice
     * and the payments job may both ask, with the attempt's one refund key, so that it is given back once.
     */
    const refundsAsked = (transactionId: number) =>
        standIn.calls
            .filter(each => each.path === '/payments/refund' && Number(each.body.TransactionId) === transactionId)
            .map(each => Number(each.body.Amount))
            .filter((amount, index, all) => all.indexOf(amount) === index);

    it('gives back the 1.00 received, not the 800.00 asked, and records nothing', async () => {
        const { customerId, link } = await linkFor800(staff);
        const { attemptId, transactionId } = await payOneRouble(link);
        const attempt = await attemptAfter(staff, attemptId, 'refunding');
        expect(attempt).toMatchObject({ status: 'refunded', reason: 'amount_differs', amount: 1, paymentId: null });
        expect(refundsAsked(transactionId)).toEqual([1]);
        expect(standIn.transactions.get(transactionId)?.refundedMinor).toBe(100);
        const card = await cardOf(staff, customerId, link.id);
        expect(card.payments).toEqual([]);
        expect(card.passes).toEqual([]);
        expect(card.link).toMatchObject({ status: 'pending', amount: 800, paymentId: null });
    });

    it('records the 1.00 received as a payment of the customer own when CloudPayments refuses to give it back', async () => {
        const { customerId, link } = await linkFor800(staff);
        standIn.refuseRefunds('Refunds are not allowed for this site');
        try {
            const { attemptId, transactionId } = await payOneRouble(link);
            await attemptAfter(staff, attemptId, 'refunding');
            expect(refundsAsked(transactionId)).toEqual([1]);
            await keptAsOwnPayment(staff, customerId, link, attemptId);
        } finally {
            standIn.refuseRefunds(null);
        }
    });

    it('asks again for the 1.00 when the outcome of its refund is unknown, until it is given back', async () => {
        const { customerId, link } = await linkFor800(staff);
        // The first refund is not answered (HTTP 500): whether it was made is unknown.
        const first = standIn.calls.length;
        const { attemptId, transactionId } = await payOneRouble(link, () => standIn.failNext(500));
        const attempt = await attemptAfter(staff, attemptId, 'refunding');
        expect(attempt).toMatchObject({ status: 'refunded', reason: 'amount_differs', amount: 1, paymentId: null });
        expect(standIn.calls.slice(first).some(each => each.status === 500)).toBe(true);
        expect(refundsAsked(transactionId).every(amount => amount === 1)).toBe(true);
        expect(standIn.transactions.get(transactionId)?.refundedMinor).toBe(100);
        const card = await cardOf(staff, customerId, link.id);
        expect(card.payments).toEqual([]);
        expect(card.passes).toEqual([]);
        expect(card.link).toMatchObject({ status: 'pending', paymentId: null });
    });
});
