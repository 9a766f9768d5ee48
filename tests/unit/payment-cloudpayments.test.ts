import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cloudpaymentsProvider } from '../../src/server/payments/cloudpayments';
import {
    ProviderError,
    type CheckCode,
    type CreatePaymentInput,
    type NoticeVerdict,
    type PaymentProvider,
} from '../../src/server/payments/provider';
import { receiptFor } from '../../src/server/payments/receipts';
import { cloudpaymentsHmac } from '../../src/server/payments/signatures';
import { startCloudPayments, type CloudPaymentsStandIn } from '../support/cloudpayments';

/*
 * The CloudPayments adapter against a stand-in that answers as CloudPayments documents: an order on
 * its hosted page with the receipt for the kassa, the signed notices that tell the outcome (taken by a
 * small receiver that answers them as the server's notice route will), refunds and look-ups.
 */

const attemptId = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';

const receipt = (amountMinor = 150000) =>
    receiptFor({
        description: 'Абонемент 8 занятий',
        amountMinor,
        contact: { email: 'anna@example.com' },
        settings: { taxSystem: 'usn_income', vat: 'none', paymentMode: 'full_payment' },
    });

const paymentInput = (overrides: Partial<CreatePaymentInput> = {}): CreatePaymentInput => ({
    attemptId,
    linkId: 'link1',
    amountMinor: 150000,
    currency: 'RUB',
    description: 'Абонемент 8 занятий',
    receipt: receipt(),
    returnUrl: `https://studio.example/payments/link/link1?attempt=${attemptId}`,
    notifyUrl: 'https://studio.example/api/public/providers/cloudpayments',
    expiresAt: new Date(Date.now() + 86_400_000),
    idempotenceKey: attemptId,
    ...overrides,
});

type Outcome = 'accepted' | 'rejected' | { checkCode: CheckCode };

/**
 * The server's side of the notices: passes each body as it came to handleNotice and answers what
 * answer() says; by default a verified notice is accepted (a Check allowed) and any other rejected.
 */
const startReceiver = async (
    provider: PaymentProvider,
    decide: (verdict: NoticeVerdict, index: number) => Outcome = verdict =>
        !verdict.verified ? 'rejected' : verdict.notice.kind === 'check' ? { checkCode: 0 } : 'accepted',
) => {
    const verdicts: NoticeVerdict[] = [];
    const server = createServer((request, response) => {
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', () => {
            void provider.handleNotice(Buffer.concat(chunks), request.headers, '127.0.0.1').then(verdict => {
                verdicts.push(verdict);
                const answer = provider.answer(decide(verdict, verdicts.length - 1));
                response.writeHead(answer.status, { 'content-type': answer.type });
                response.end(answer.body);
            });
        });
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    return {
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/public/providers/cloudpayments`,
        verdicts,
        stop: () => new Promise<void>(done => server.close(() => done())),
    };
};

let standIn: CloudPaymentsStandIn;
let provider: PaymentProvider;
let receiver: Awaited<ReturnType<typeof startReceiver>> | undefined;

beforeEach(async () => {
    standIn = await startCloudPayments({ redeliveryMs: 10, maxDeliveries: 4 });
    provider = cloudpaymentsProvider({ publicId: standIn.publicId, apiSecret: standIn.apiSecret, apiUrl: standIn.url });
});

afterEach(async () => {
    await standIn.stop();
    await receiver?.stop();
    receiver = undefined;
});

/** Starts the receiver (with its own answers, if given) and points the stand-in's notices at it. */
const receive = async (decide?: Parameters<typeof startReceiver>[1]) => {
    receiver = await startReceiver(provider, decide);
    standIn.noticeUrl = receiver.url;
    return receiver;
};

/** A raw notice signed as CloudPayments signs it. */
const signed = (body: string, headers: Record<string, string> = {}) => ({
    raw: Buffer.from(body, 'utf8'),
    headers: { 'content-hmac': cloudpaymentsHmac(body, standIn.apiSecret), ...headers },
});

const refusal = async (promise: Promise<unknown>) => {
    const error = await promise.then(
        () => undefined,
        (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ProviderError);
    return error as ProviderError;
};

describe('creating a payment', () => {
    it('creates an order with the key, the invoice id and a receipt whose items add up', async () => {
        const created = await provider.createPayment(paymentInput());
        const order = standIn.orders.get(created.providerPaymentId);
        expect(order).toBeDefined();
        expect(created.redirectUrl).toBe(order?.Url);
        expect(created.redirectUrl).toBe(`${standIn.url}/d/${created.providerPaymentId}`);

        const [call] = standIn.calls;
        expect(call.path).toBe('/orders/create');
        expect(call.requestId).toBe(attemptId);
        expect(call.contentType).toContain('application/json');
        expect(call.body).toMatchObject({
            Amount: 1500,
            Currency: 'RUB',
            Description: 'Абонемент 8 занятий',
            InvoiceId: attemptId,
            Email: 'anna@example.com',
            RequireConfirmation: false,
            SuccessRedirectUrl: paymentInput().returnUrl,
            FailRedirectUrl: paymentInput().returnUrl,
        });
        const customerReceipt = (call.body.JsonData as { cloudPayments: { CustomerReceipt: Record<string, unknown> } })
            .cloudPayments.CustomerReceipt;
        const items = customerReceipt.Items as { price: number; quantity: number; amount: number; vat: unknown }[];
        expect(items.reduce((sum, item) => sum + item.amount, 0)).toBe(1500);
        expect(items[0]).toMatchObject({ price: 1500, quantity: 1, amount: 1500, vat: null });
        expect(customerReceipt).toMatchObject({ email: 'anna@example.com', amounts: { electronic: 1500 } });
    });

    it('sends no receipt and no e-mail when the studio sends no receipts, and the page language when set', async () => {
        const english = cloudpaymentsProvider({
            publicId: standIn.publicId,
            apiSecret: standIn.apiSecret,
            apiUrl: `${standIn.url}/`,
            culture: 'en-US',
        });
        await english.createPayment(paymentInput({ receipt: null, amountMinor: 99 }));
        const [call] = standIn.calls;
        expect(call.body).not.toHaveProperty('JsonData');
        expect(call.body).not.toHaveProperty('Email');
        expect(call.body).toMatchObject({ Amount: 0.99, CultureName: 'en-US' });
    });

    it('makes one order however often the same key is sent', async () => {
        const first = await provider.createPayment(paymentInput());
        const again = await provider.createPayment(paymentInput());
        expect(again).toEqual(first);
        expect(standIn.orders.size).toBe(1);
        expect(standIn.calls.map(call => call.replayed)).toEqual([false, true]);
        // Another key is another order.
        await provider.createPayment(paymentInput({ idempotenceKey: 'other-key' }));
        expect(standIn.orders.size).toBe(2);
    });

    it('is refused for good with a wrong secret', async () => {
        const wrong = cloudpaymentsProvider({ publicId: standIn.publicId, apiSecret: 'wrong', apiUrl: standIn.url });
        const error = await refusal(wrong.createPayment(paymentInput()));
        expect(error.retryable).toBe(false);
        expect(error.message).not.toContain('wrong');
        expect(standIn.unauthorized).toBe(1);
        expect(standIn.orders.size).toBe(0);
    });

    it('may be repeated after HTTP 500, 429 or no answer at all', async () => {
        standIn.failNext(500);
        expect((await refusal(provider.createPayment(paymentInput()))).retryable).toBe(true);
        standIn.failNext(429);
        expect((await refusal(provider.createPayment(paymentInput()))).retryable).toBe(true);
        const nobody = cloudpaymentsProvider({
            publicId: 'p',
            apiSecret: 's',
            apiUrl: 'http://127.0.0.1:1',
        });
        expect((await refusal(nobody.createPayment(paymentInput()))).retryable).toBe(true);
        // Repeated with the same key, it makes the one order.
        await provider.createPayment(paymentInput());
        expect(standIn.orders.size).toBe(1);
    });

    it("is refused for good with CloudPayments' message when it refuses the order", async () => {
        // A receipt for another amount than the order's: the kassa would not take it.
        const error = await refusal(provider.createPayment(paymentInput({ receipt: receipt(140000) })));
        expect(error.retryable).toBe(false);
        expect(error.message).toMatch(/add up to 1400\.00, not 1500\.00/);
        expect(standIn.orders.size).toBe(0);
        // A refusal is not kept for its key: the corrected request goes through.
        await provider.createPayment(paymentInput());
        expect(standIn.orders.size).toBe(1);
    });
});

describe('the Pay notice', () => {
    it('with a good HMAC tells the payment succeeded, by its transaction and our attempt, and is answered {"code":0}', async () => {
        const { verdicts } = await receive();
        const { providerPaymentId } = await provider.createPayment(paymentInput());
        const { transactionId, pay } = await standIn.pay(providerPaymentId);
        expect(verdicts).toEqual([
            {
                verified: true,
                notice: {
                    kind: 'payment',
                    providerPaymentId: String(transactionId),
                    attemptId,
                    status: 'succeeded',
                    amountMinor: 150000,
                    currency: 'RUB',
                },
            },
        ]);
        expect(pay?.accepted).toBe(true);
        expect(pay?.deliveries).toHaveLength(1);
        expect(pay?.deliveries[0]).toMatchObject({ status: 200, answer: '{"code":0}' });
        // The form carries the Cyrillic description URL-encoded: the HMAC is over those bytes.
        expect(pay?.deliveries[0].body).toContain('Description=%D0%90%D0%B1%D0%BE%D0%BD%D0%B5%D0%BC%D0%B5%D0%BD%D1%82');
    });

    it('with a wrong HMAC is not verified, answered 401 {"code":13}', async () => {
        const { verdicts } = await receive();
        const { providerPaymentId } = await provider.createPayment(paymentInput());
        const run = await standIn.sendBadHmac(providerPaymentId);
        expect(verdicts).toEqual([{ verified: false, reason: 'the Content-HMAC does not match' }]);
        expect(run.deliveries[0]).toMatchObject({ status: 401, answer: '{"code":13}' });
    });

    it('is not verified without a signature, nor when a byte of the body is changed', async () => {
        const body = `TransactionId=1001&Amount=1500.00&Currency=RUB&InvoiceId=${attemptId}&Status=Completed&OperationType=Payment&GatewayName=Test`;
        const good = signed(body);
        expect((await provider.handleNotice(good.raw, good.headers, '127.0.0.1')).verified).toBe(true);
        expect(await provider.handleNotice(good.raw, {}, '127.0.0.1')).toEqual({
            verified: false,
            reason: 'no Content-HMAC',
        });
        const changed = Buffer.from(body.replace('1500.00', '15.00'));
        expect((await provider.handleNotice(changed, good.headers, '127.0.0.1')).verified).toBe(false);
    });

    it('verifies a form with a Cyrillic description over its raw bytes, or over its decoded parameters', async () => {
        // The documented example's body and both of its signatures.
        const form =
            'TransactionId=1001&Amount=1500.00&Currency=RUB&InvoiceId=att_abc&Status=Completed&OperationType=Payment' +
            '&Description=%D0%90%D0%B1%D0%BE%D0%BD%D0%B5%D0%BC%D0%B5%D0%BD%D1%82';
        const example = cloudpaymentsProvider({ publicId: 'p', apiSecret: 'api_secret_test', apiUrl: standIn.url });
        const raw = Buffer.from(form);
        const contentHmac = { 'content-hmac': 'oAwaOWgT9/cS98p0jXB2D0uyE+xhiqjalVJ99+ZZUGY=' };
        const xContentHmac = { 'x-content-hmac': 'ABjtuBHrcECiDrkXLzXKoHOOrgfjW5/4ORHSGUF3zuI=' };
        // It has no GatewayName, so it reads as the Check asked before the bank is.
        const check = { verified: true, notice: { kind: 'check', attemptId: 'att_abc', amountMinor: 150000 } };
        expect(await example.handleNotice(raw, contentHmac, '127.0.0.1')).toEqual(check);
        expect(await example.handleNotice(raw, xContentHmac, '127.0.0.1')).toEqual(check);
        // X-Content-HMAC is over the decoded text: over the raw bytes it would not match.
        expect(
            (await example.handleNotice(raw, { 'x-content-hmac': contentHmac['content-hmac'] }, '127.0.0.1')).verified,
        ).toBe(false);
        // When Content-HMAC is there it is the one that counts.
        expect(
            (await example.handleNotice(raw, { 'content-hmac': 'AAAA', ...xContentHmac }, '127.0.0.1')).verified,
        ).toBe(false);
    });

    it('verifies a notice that carries only X-Content-HMAC, its spaces sent as +', async () => {
        const { verdicts } = await receive();
        const { providerPaymentId } = await provider.createPayment(paymentInput());
        const { pay } = await standIn.pay(providerPaymentId, { signatures: 'x-content-hmac' });
        expect(pay?.deliveries[0].body).toContain('+8+');
        expect(verdicts[0]).toMatchObject({ verified: true, notice: { kind: 'payment', status: 'succeeded' } });
    });

    it('is read as JSON too, by its Content-Type or its first character', async () => {
        const { verdicts } = await receive();
        const { providerPaymentId } = await provider.createPayment(paymentInput());
        const { transactionId, pay } = await standIn.sendJson(providerPaymentId);
        expect(pay?.deliveries[0].headers['content-type']).toBe('application/json');
        expect(verdicts[0]).toEqual({
            verified: true,
            notice: {
                kind: 'payment',
                providerPaymentId: String(transactionId),
                attemptId,
                status: 'succeeded',
                amountMinor: 150000,
                currency: 'RUB',
            },
        });
        const json = signed(pay?.deliveries[0].body ?? '');
        expect(await provider.handleNotice(json.raw, json.headers, '127.0.0.1')).toEqual(verdicts[0]);
    });

    it('is delivered again until it is answered {"code":0}', async () => {
        const { verdicts } = await receive((_verdict, index) => (index < 2 ? 'rejected' : 'accepted'));
        const { providerPaymentId } = await provider.createPayment(paymentInput());
        const { pay } = await standIn.pay(providerPaymentId);
        expect(pay?.accepted).toBe(true);
        expect(pay?.deliveries.map(delivery => [delivery.attempt, delivery.status, delivery.answer])).toEqual([
            [1, 401, '{"code":13}'],
            [2, 401, '{"code":13}'],
            [3, 200, '{"code":0}'],
        ]);
        // The same notice each time; nothing more once accepted.
        expect(verdicts).toHaveLength(3);
        await standIn.idle();
        expect(standIn.deliveries).toHaveLength(3);
    });

    it('stops being delivered after the most deliveries when never accepted', async () => {
        await receive(() => 'rejected');
        const { providerPaymentId } = await provider.createPayment(paymentInput());
        const { pay } = await standIn.pay(providerPaymentId);
        expect(pay?.accepted).toBe(false);
        expect(pay?.deliveries).toHaveLength(4);
    });
});

describe('the other notices', () => {
    it('Fail tells the payment declined, with the reason of its code', async () => {
        const { verdicts } = await receive();
        const { providerPaymentId } = await provider.createPayment(paymentInput());
        const first = await standIn.fail(providerPaymentId, 5051);
        const second = await standIn.fail(providerPaymentId, 5054);
        await standIn.fail(providerPaymentId, 5005);
        expect(verdicts.map(verdict => verdict.verified && verdict.notice)).toEqual([
            {
                kind: 'payment',
                providerPaymentId: String(first.transactionId),
                attemptId,
                status: 'declined',
                amountMinor: 150000,
                currency: 'RUB',
                reason: 'insufficient_funds',
            },
            expect.objectContaining({ providerPaymentId: String(second.transactionId), reason: 'card_expired' }),
            expect.objectContaining({ status: 'declined', reason: 'general_decline' }),
        ]);
        expect(first.fail?.accepted).toBe(true);
        // The order's page stays open after a decline: the payer may pay with another card.
        const { pay } = await standIn.pay(providerPaymentId);
        expect(pay?.accepted).toBe(true);
        expect(verdicts.at(-1)).toMatchObject({ notice: { attemptId, status: 'succeeded' } });
    });

    it('Check comes before the bank is asked; a code other than 0 declines the payment, and no Pay follows', async () => {
        const { verdicts } = await receive(verdict =>
            verdict.verified && verdict.notice.kind === 'check' ? { checkCode: 20 } : 'accepted',
        );
        const { providerPaymentId } = await provider.createPayment(paymentInput());
        const { transactionId, check, pay } = await standIn.pay(providerPaymentId, { check: true });
        expect(verdicts).toEqual([{ verified: true, notice: { kind: 'check', attemptId, amountMinor: 150000 } }]);
        expect(check?.deliveries).toHaveLength(1);
        expect(check?.deliveries[0]).toMatchObject({ status: 200, answer: '{"code":20}' });
        expect(pay).toBeUndefined();
        expect(standIn.transactions.get(transactionId)?.Status).toBe('Declined');
    });

    it('Check answered {"code":0} lets the payment through, then Pay tells it succeeded', async () => {
        const { verdicts } = await receive();
        const { providerPaymentId } = await provider.createPayment(paymentInput());
        const { check, pay } = await standIn.pay(providerPaymentId, { check: true });
        expect(check?.accepted).toBe(true);
        expect(pay?.accepted).toBe(true);
        expect(verdicts.map(verdict => verdict.verified && verdict.notice.kind)).toEqual(['check', 'payment']);
    });

    it('Refund tells the refund of the payment transaction succeeded', async () => {
        const { verdicts } = await receive();
        const { providerPaymentId } = await provider.createPayment(paymentInput());
        const { transactionId } = await standIn.pay(providerPaymentId);
        const refunded = await provider.refund({
            providerPaymentId: String(transactionId),
            amountMinor: 150000,
            currency: 'RUB',
            receipt: receipt(),
            idempotenceKey: `${attemptId}-r1`,
        });
        await standIn.idle();
        expect(verdicts.at(-1)).toEqual({
            verified: true,
            notice: {
                kind: 'refund',
                providerPaymentId: String(transactionId),
                providerRefundId: refunded.providerRefundId,
                status: 'succeeded',
                amountMinor: 150000,
            },
        });
        expect(standIn.deliveries.at(-1)).toMatchObject({ type: 'Refund', status: 200, answer: '{"code":0}' });
    });

    it('Confirm, Cancel and Recurrent change nothing, and an authorization alone is not a payment', async () => {
        const ignored = async (body: string) => {
            const notice = signed(body);
            const verdict = await provider.handleNotice(notice.raw, notice.headers, '127.0.0.1');
            expect(verdict).toMatchObject({ verified: true, notice: { kind: 'ignored' } });
        };
        await ignored(`TransactionId=5&Amount=10.00&Currency=RUB&Status=Completed&InvoiceId=${attemptId}`);
        await ignored(`TransactionId=5&Amount=10.00&DateTime=2026-01-01+10:00:00&InvoiceId=${attemptId}`);
        await ignored('Id=sc_1&AccountId=a&Description=x&Email=a@b.c&Amount=10&Currency=RUB&Status=Active');
        await ignored(
            `TransactionId=5&Amount=10.00&Currency=RUB&Status=Authorized&OperationType=Payment&GatewayName=Test&InvoiceId=${attemptId}`,
        );
    });

    it("a Check of a membership's renewal, which the server charged itself, is agreed to and records nothing", async () => {
        const notice = signed(
            'TransactionId=9&Amount=3500.00&Currency=RUB&OperationType=Payment&AccountId=c7&InvoiceId=0a1b2c3d-m7-20270101-1',
        );
        const verdict = await provider.handleNotice(notice.raw, notice.headers, '127.0.0.1');
        expect(verdict).toMatchObject({ verified: true, notice: { kind: 'ignored' } });
        expect(provider.answer('accepted')).toMatchObject({ status: 200, body: '{"code":0}' });
    });

    it('is not verified when it cannot be read, and never throws', async () => {
        const notJson = signed('{"TransactionId": 1', { 'content-type': 'application/json' });
        expect(await provider.handleNotice(notJson.raw, notJson.headers, '127.0.0.1')).toMatchObject({
            verified: false,
        });
        const noAmount = signed(
            `TransactionId=5&Currency=RUB&Status=Completed&OperationType=Payment&GatewayName=Test&InvoiceId=${attemptId}`,
        );
        expect(await provider.handleNotice(noAmount.raw, noAmount.headers, '127.0.0.1')).toMatchObject({
            verified: false,
        });
        const badEncoding = Buffer.from('Amount=%E0%A4%A&InvoiceId=x');
        expect(
            await provider.handleNotice(
                badEncoding,
                { 'x-content-hmac': cloudpaymentsHmac(badEncoding, standIn.apiSecret) },
                '127.0.0.1',
            ),
        ).toMatchObject({ verified: false });
    });
});

describe('answers to notices', () => {
    it('are {"code":N} in JSON: 0 accepted, 13 with 401 rejected, a Check code as given', () => {
        expect(provider.answer('accepted')).toEqual({ status: 200, type: 'application/json', body: '{"code":0}' });
        expect(provider.answer('rejected')).toEqual({ status: 401, type: 'application/json', body: '{"code":13}' });
        expect(provider.answer({ checkCode: 12 })).toEqual({
            status: 200,
            type: 'application/json',
            body: '{"code":12}',
        });
    });
});

describe('refunds', () => {
    const paid = async () => {
        const { providerPaymentId } = await provider.createPayment(paymentInput());
        const { transactionId } = await standIn.pay(providerPaymentId);
        return String(transactionId);
    };

    it('give back the payment transaction with the key and a refund receipt, once per key', async () => {
        const transactionId = await paid();
        const input = {
            providerPaymentId: transactionId,
            amountMinor: 50000,
            currency: 'RUB',
            receipt: receipt(50000),
            idempotenceKey: `${attemptId}-r1`,
        };
        const refunded = await provider.refund(input);
        expect(refunded).toEqual({ status: 'succeeded', providerRefundId: expect.stringMatching(/^\d+$/) });
        const call = standIn.calls.find(item => item.path === '/payments/refund');
        expect(call?.requestId).toBe(`${attemptId}-r1`);
        expect(call?.body).toMatchObject({ TransactionId: Number(transactionId), Amount: 500 });
        expect(call?.body.JsonData).toMatchObject({
            cloudPayments: { CustomerReceipt: { Items: [{ amount: 500 }], amounts: { electronic: 500 } } },
        });
        // The same key again gives the same refund, not a second one.
        expect(await provider.refund(input)).toEqual(refunded);
        expect(standIn.transactions.get(Number(transactionId))?.refundedMinor).toBe(50000);
    });

    it('answer canceled with the reason when CloudPayments refuses', async () => {
        const transactionId = await paid();
        standIn.refuseRefunds('Transaction is too old');
        expect(
            await provider.refund({
                providerPaymentId: transactionId,
                amountMinor: 150000,
                currency: 'RUB',
                receipt: null,
                idempotenceKey: 'r1',
            }),
        ).toEqual({ status: 'canceled', reason: 'Transaction is too old' });
    });

    it('need the payment transaction, not the order id', async () => {
        const { providerPaymentId } = await provider.createPayment(paymentInput());
        const error = await refusal(
            provider.refund({
                providerPaymentId,
                amountMinor: 150000,
                currency: 'RUB',
                receipt: null,
                idempotenceKey: 'r1',
            }),
        );
        expect(error.retryable).toBe(false);
        expect(standIn.calls.filter(call => call.path === '/payments/refund')).toHaveLength(0);
    });

    it('may be repeated after HTTP 500', async () => {
        const transactionId = await paid();
        standIn.failNext(503);
        const input = {
            providerPaymentId: transactionId,
            amountMinor: 150000,
            currency: 'RUB',
            receipt: null,
            idempotenceKey: 'r1',
        };
        expect((await refusal(provider.refund(input))).retryable).toBe(true);
        expect((await provider.refund(input)).status).toBe('succeeded');
    });
});

describe('asking for a payment', () => {
    it('finds it by our attempt id: pending before any try, declined, succeeded, refunded', async () => {
        const { providerPaymentId } = await provider.createPayment(paymentInput());
        expect(await provider.fetchPayment(providerPaymentId, attemptId)).toMatchObject({ status: 'pending' });

        await standIn.fail(providerPaymentId, 5051);
        expect(await provider.fetchPayment(providerPaymentId, attemptId)).toMatchObject({ status: 'declined' });

        const { transactionId } = await standIn.pay(providerPaymentId);
        expect(await provider.fetchPayment(providerPaymentId, attemptId)).toEqual({
            status: 'succeeded',
            amountMinor: 150000,
            currency: 'RUB',
            refunded: false,
            // The transaction that paid the order, which refunds name.
            providerTransactionId: String(transactionId),
        });
        expect(standIn.calls.at(-1)).toMatchObject({ path: '/v2/payments/find', body: { InvoiceId: attemptId } });

        await provider.refund({
            providerPaymentId: String(transactionId),
            amountMinor: 150000,
            currency: 'RUB',
            receipt: null,
            idempotenceKey: 'r1',
        });
        // The order's last operation is now the refund: the payment is asked for by its transaction.
        expect(await provider.fetchPayment(String(transactionId), attemptId)).toEqual({
            status: 'succeeded',
            amountMinor: 150000,
            currency: 'RUB',
            refunded: true,
            providerTransactionId: String(transactionId),
        });
        expect(standIn.calls.at(-1)).toMatchObject({
            path: '/payments/get',
            body: { TransactionId: Number(transactionId) },
        });
    });

    it('may be repeated when CloudPayments cannot answer', async () => {
        standIn.failNext(500);
        expect((await refusal(provider.fetchPayment('x', attemptId))).retryable).toBe(true);
    });
});

describe('cancelling an unpaid order', () => {
    it('cancels it by its id, so that its page takes no payment', async () => {
        const { providerPaymentId } = await provider.createPayment(paymentInput());
        await provider.cancelPayment?.(providerPaymentId);
        expect(standIn.orders.get(providerPaymentId)?.Status).toBe('Cancelled');
        expect(standIn.calls.at(-1)).toMatchObject({ path: '/orders/cancel', body: { Id: providerPaymentId } });
        await expect(standIn.pay(providerPaymentId)).rejects.toThrow(/Cancelled/);
    });

    it('is refused for good for a paid order', async () => {
        const { providerPaymentId } = await provider.createPayment(paymentInput());
        await standIn.pay(providerPaymentId);
        const error = await refusal(provider.cancelPayment?.(providerPaymentId) ?? Promise.resolve());
        expect(error.retryable).toBe(false);
    });
});
