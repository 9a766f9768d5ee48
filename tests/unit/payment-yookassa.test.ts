import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
    ProviderError,
    type CreatePaymentInput,
    type NoticeVerdict,
    type PaymentProvider,
} from '../../src/server/payments/provider';
import { receiptFor, refundReceipt } from '../../src/server/payments/receipts';
import { yookassaProvider } from '../../src/server/payments/yookassa';
import { startYookassa, type YookassaStandIn } from '../support/yookassa';

/*
 * The ЮKassa adapter against a stand-in of ЮKassa's API: payments made with their key and 54-FZ receipt,
 * refusals told from outcomes worth repeating, and notices believed only as far as ЮKassa itself confirms
 * them when asked again, and only from ЮKassa's addresses.
 */

let standIn: YookassaStandIn;
let provider: PaymentProvider;
/** A stand-in of the server's notice route: each notice goes through handleNotice and is answered as it says. */
let noticeServer: Server;
const verdicts: NoticeVerdict[] = [];

const makeProvider = (options: Partial<Parameters<typeof yookassaProvider>[0]> = {}) =>
    yookassaProvider({
        shopId: standIn.shopId,
        secretKey: standIn.secretKey,
        apiUrl: standIn.apiUrl,
        noticeIps: ['127.0.0.1/32'],
        ...options,
    });

beforeAll(async () => {
    standIn = await startYookassa();
    provider = makeProvider();
    noticeServer = createServer((request, response) => {
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', async () => {
            const verdict = await provider.handleNotice(
                Buffer.concat(chunks),
                request.headers,
                request.socket.remoteAddress ?? '',
            );
            verdicts.push(verdict);
            const answer = provider.answer(verdict.verified ? 'accepted' : 'rejected');
            response.writeHead(answer.status, { 'content-type': answer.type });
            response.end(answer.body);
        });
    });
    noticeServer.listen(0, '127.0.0.1');
    await once(noticeServer, 'listening');
    const { port } = noticeServer.address() as AddressInfo;
    standIn.noticeUrl = `http://127.0.0.1:${port}/api/public/providers/yookassa`;
});

afterAll(async () => {
    await standIn?.stop();
    noticeServer?.closeAllConnections();
    await new Promise(done => noticeServer?.close(done));
});

let counter = 0;
/** A new attempt id: 32 hex characters, as the server makes them. */
const attemptId = () => `${Date.now().toString(16)}${(counter++).toString(16)}`.padEnd(32, 'a').slice(0, 32);

const usn = { taxSystem: 'usn_income', vat: 'none', paymentMode: 'full_payment' } as const;

const paymentInput = (overrides: Partial<CreatePaymentInput> = {}): CreatePaymentInput => {
    const id = overrides.attemptId ?? attemptId();
    const amountMinor = overrides.amountMinor ?? 150050;
    return {
        attemptId: id,
        linkId: 'link-1',
        amountMinor,
        currency: 'RUB',
        description: 'Абонемент 8 занятий',
        receipt: receiptFor({
            description: 'Абонемент 8 занятий',
            amountMinor,
            contact: { email: 'anna@example.com' },
            settings: usn,
        }),
        returnUrl: `https://studio.example/payments/link/link-1?attempt=${id}`,
        notifyUrl: 'https://studio.example/api/public/providers/yookassa',
        expiresAt: new Date(Date.now() + 3_600_000),
        idempotenceKey: id,
        ...overrides,
    };
};

/** The body ЮKassa posts about `object`. */
const noticeBody = (event: string, object: Record<string, unknown>) =>
    Buffer.from(JSON.stringify({ type: 'notification', event, object }));

/** What a call that should fail threw. */
const failure = async (promise: Promise<unknown>): Promise<ProviderError> => {
    try {
        await promise;
    } catch (error) {
        expect(error).toBeInstanceOf(ProviderError);
        return error as ProviderError;
    }
    throw new Error('expected a ProviderError');
};

/** The stand-in's calls since `from`, e.g. those a step made. */
const callsSince = (from: number) => standIn.calls.slice(from);

describe('creating a payment', () => {
    it('sends the amount, metadata and a receipt that adds up, with its key and Basic auth', async () => {
        const input = paymentInput();
        const before = standIn.calls.length;
        const created = await provider.createPayment(input);

        expect(created.redirectUrl).toBe(standIn.checkoutUrl(created.providerPaymentId));
        const [call] = callsSince(before);
        expect(call).toMatchObject({ method: 'POST', path: '/v3/payments', status: 200 });
        expect(call.headers.authorization).toBe(
            `Basic ${Buffer.from(`${standIn.shopId}:${standIn.secretKey}`).toString('base64')}`,
        );
        expect(call.headers.idempotenceKey).toBe(input.attemptId);
        expect(call.headers.contentType).toMatch(/application\/json/);
        const body = call.body as {
            amount: { value: string; currency: string };
            receipt: {
                customer: unknown;
                tax_system_code: number;
                items: { amount: { value: string }; quantity: string; vat_code: number }[];
            };
        };
        expect(body).toMatchObject({
            amount: { value: '1500.50', currency: 'RUB' },
            capture: true,
            confirmation: { type: 'redirect', return_url: input.returnUrl },
            description: 'Абонемент 8 занятий',
            metadata: { linkId: 'link-1', attemptId: input.attemptId },
        });
        expect(body.receipt).toMatchObject({ customer: { email: 'anna@example.com' }, tax_system_code: 2 });
        // The items' sum (price × quantity) is the amount paid, counted in kopecks.
        const itemsMinor = body.receipt.items.reduce(
            (sum, item) => sum + Math.round(Number(item.amount.value) * 100) * Number(item.quantity),
            0,
        );
        expect(itemsMinor).toBe(150050);
        expect(body.receipt.items).toEqual([
            expect.objectContaining({ quantity: '1.00', vat_code: 1, amount: { value: '1500.50', currency: 'RUB' } }),
        ]);
        expect(standIn.payment(created.providerPaymentId)).toMatchObject({ status: 'pending', paid: false });
    });

    it('sends no receipt when the studio sends none, and cuts a long description to 128 characters', async () => {
        const before = standIn.calls.length;
        await provider.createPayment(paymentInput({ receipt: null, description: `${'я'.repeat(127)}😀 and more` }));
        const body = callsSince(before)[0].body as Record<string, unknown>;
        expect(body).not.toHaveProperty('receipt');
        expect(body.description).toBe(`${'я'.repeat(127)}😀`);
    });

    it('answers the same payment to the same key, and refuses the key with other data', async () => {
        const input = paymentInput();
        const first = await provider.createPayment(input);
        const again = await provider.createPayment(input);
        expect(again).toEqual(first);
        expect(standIn.calls.filter(call => call.headers.idempotenceKey === input.attemptId)).toHaveLength(2);

        const refused = await failure(provider.createPayment({ ...input, amountMinor: 100 }));
        expect(refused.retryable).toBe(false);
        expect(refused.code).toBe('invalid_request');
        expect(refused.message).toMatch(/Idempotence key duplicated/);
    });

    it('is refused for good with wrong credentials, and the secret is not in the error', async () => {
        const wrong = makeProvider({ secretKey: 'test_wrong-secret' });
        const refused = await failure(wrong.createPayment(paymentInput()));
        expect(refused.retryable).toBe(false);
        expect(refused.code).toBe('invalid_credentials');
        expect(refused.message).not.toContain('test_wrong-secret');
        expect(standIn.calls.at(-1)?.status).toBe(401);
    });

    it('may be repeated after a 500, a 429 or a 202, and the repeat with its key makes one payment', async () => {
        for (const status of [500, 429, 202]) {
            standIn.failNext(status);
            const unknown = await failure(provider.createPayment(paymentInput()));
            expect(unknown.retryable).toBe(true);
        }

        // The payment made, its answer lost: the same key answers it and makes no other.
        const input = paymentInput();
        standIn.failNext(500, 'internal_server_error', { processed: true });
        expect((await failure(provider.createPayment(input))).retryable).toBe(true);
        const created = await provider.createPayment(input);
        const made = standIn.listPayments().filter(payment => payment.metadata.attemptId === input.attemptId);
        expect(made.map(payment => payment.id)).toEqual([created.providerPaymentId]);
    });

    it('may be repeated when ЮKassa cannot be reached', async () => {
        const closed = createServer();
        closed.listen(0, '127.0.0.1');
        await once(closed, 'listening');
        const port = (closed.address() as AddressInfo).port;
        await new Promise(done => closed.close(done));
        const unreachable = makeProvider({ apiUrl: `http://127.0.0.1:${port}/v3` });
        const error = await failure(unreachable.createPayment(paymentInput()));
        expect(error.retryable).toBe(true);
        expect(error.message).not.toContain(standIn.secretKey);
    });
});

describe('the stand-in', () => {
    /** A POST /v3/payments with the stand-in's credentials; answers the status and ЮKassa's error parameter. */
    const post = async (body: unknown, key: string | null = attemptId()) => {
        const response = await fetch(`${standIn.apiUrl}/payments`, {
            method: 'POST',
            headers: {
                authorization: `Basic ${Buffer.from(`${standIn.shopId}:${standIn.secretKey}`).toString('base64')}`,
                'content-type': 'application/json',
                ...(key ? { 'idempotence-key': key } : {}),
            },
            body: JSON.stringify(body),
        });
        const answer = (await response.json()) as { code?: string; parameter?: string };
        return { status: response.status, code: answer.code, parameter: answer.parameter };
    };
    const valid = {
        amount: { value: '1000.00', currency: 'RUB' },
        capture: true,
        confirmation: { type: 'redirect', return_url: 'https://studio.example/back' },
        receipt: {
            customer: { phone: '79211234567' },
            items: [
                {
                    description: 'Разовое занятие',
                    quantity: '2.00',
                    amount: { value: '500.00', currency: 'RUB' },
                    vat_code: 1,
                    payment_mode: 'full_payment',
                    payment_subject: 'service',
                },
            ],
            tax_system_code: 6,
        },
    };
    const withItem = (item: Record<string, unknown>) => ({
        ...valid,
        receipt: { ...valid.receipt, items: [{ ...valid.receipt.items[0], ...item }] },
    });

    it('refuses what ЮKassa refuses, naming the parameter', async () => {
        expect((await post(valid)).status).toBe(200);
        expect(await post(valid, null)).toMatchObject({ status: 400, parameter: 'Idempotence-Key' });
        expect(await post({ ...valid, amount: { value: '1000', currency: 'RUB' } })).toMatchObject({
            status: 400,
            parameter: 'amount.value',
        });
        expect(await post({ ...valid, confirmation: { type: 'embedded' } })).toMatchObject({
            status: 400,
            parameter: 'confirmation.type',
        });
        expect(await post({ ...valid, description: 'x'.repeat(129) })).toMatchObject({ parameter: 'description' });
        expect(await post(withItem({ quantity: '1.00' }))).toMatchObject({ status: 400, parameter: 'receipt.items' });
        expect(await post(withItem({ vat_code: 13 }))).toMatchObject({ parameter: 'receipt.items[0].vat_code' });
        expect(await post({ ...valid, receipt: { ...valid.receipt, tax_system_code: 7 } })).toMatchObject({
            parameter: 'receipt.tax_system_code',
        });
        expect(await post({ ...valid, receipt: { ...valid.receipt, customer: {} } })).toMatchObject({
            parameter: 'receipt.customer',
        });
    });
});

describe('notices', () => {
    it('are not believed from an address other than ЮKassa’s, and nothing is asked', async () => {
        const { providerPaymentId } = await provider.createPayment(paymentInput());
        const before = standIn.calls.length;
        const verdict = await provider.handleNotice(
            noticeBody('payment.succeeded', { id: providerPaymentId, status: 'succeeded' }),
            {},
            '203.0.113.9',
        );
        expect(verdict).toMatchObject({ verified: false });
        expect(callsSince(before)).toEqual([]);
    });

    it('of a success that did not happen tell what ЮKassa says when asked again: still pending', async () => {
        const input = paymentInput();
        const { providerPaymentId } = await provider.createPayment(input);
        const forged = standIn.payment(providerPaymentId)!;
        const before = standIn.calls.length;
        const delivery = await standIn.forge('payment.succeeded', {
            ...forged,
            status: 'succeeded',
            paid: true,
            amount: { value: '1.00', currency: 'RUB' },
            metadata: { attemptId: 'f'.repeat(32) },
        });
        expect(delivery.status).toBe(200);
        expect(verdicts.at(-1)).toEqual({
            verified: true,
            notice: {
                kind: 'payment',
                providerPaymentId,
                attemptId: input.attemptId,
                status: 'pending',
                amountMinor: 150050,
                currency: 'RUB',
            },
        });
        expect(callsSince(before)).toEqual([
            expect.objectContaining({ method: 'GET', path: `/v3/payments/${providerPaymentId}`, status: 200 }),
        ]);
    });

    it('of a payment made tell it succeeded, with the attempt and the amount to the kopeck', async () => {
        const input = paymentInput({ amountMinor: 29 });
        const { providerPaymentId } = await provider.createPayment(input);
        const delivery = await standIn.pay(providerPaymentId);
        expect(delivery?.status).toBe(200);
        expect(delivery?.answer).toBe('');
        expect(verdicts.at(-1)).toEqual({
            verified: true,
            notice: {
                kind: 'payment',
                providerPaymentId,
                attemptId: input.attemptId,
                status: 'succeeded',
                amountMinor: 29,
                currency: 'RUB',
            },
        });
        expect(await provider.fetchPayment(providerPaymentId, input.attemptId)).toEqual({
            status: 'succeeded',
            amountMinor: 29,
            currency: 'RUB',
            refunded: false,
        });
    });

    it('of a cancelled payment tell it declined, with ЮKassa’s reason', async () => {
        const input = paymentInput();
        const { providerPaymentId } = await provider.createPayment(input);
        await standIn.decline(providerPaymentId, 'card_expired');
        expect(verdicts.at(-1)).toMatchObject({
            verified: true,
            notice: {
                kind: 'payment',
                providerPaymentId,
                attemptId: input.attemptId,
                status: 'declined',
                reason: 'card_expired',
            },
        });
    });

    it('about a payment ЮKassa does not know are rejected with 401', async () => {
        const delivery = await standIn.forge('payment.succeeded', { id: '2f6b7a3e-000f-5000-8000-1a2b3c4d5e6f' });
        expect(delivery.status).toBe(401);
        expect(verdicts.at(-1)).toMatchObject({ verified: false });
    });

    it('that are not JSON or not ЮKassa’s notifications are rejected; other events are dropped', async () => {
        expect(await provider.handleNotice(Buffer.from('{"type":"notif'), {}, '127.0.0.1')).toMatchObject({
            verified: false,
        });
        expect(
            await provider.handleNotice(Buffer.from(JSON.stringify({ event: 'payment.succeeded' })), {}, '127.0.0.1'),
        ).toMatchObject({ verified: false });
        expect(await provider.handleNotice(Buffer.from(JSON.stringify([1, 2])), {}, '127.0.0.1')).toMatchObject({
            verified: false,
        });
        expect(
            await provider.handleNotice(noticeBody('payout.succeeded', { id: 'po-1' }), {}, '127.0.0.1'),
        ).toMatchObject({ verified: true, notice: { kind: 'ignored' } });
    });

    it('of a payment made elsewhere in the same shop are accepted and dropped', async () => {
        const response = await fetch(`${standIn.apiUrl}/payments`, {
            method: 'POST',
            headers: {
                authorization: `Basic ${Buffer.from(`${standIn.shopId}:${standIn.secretKey}`).toString('base64')}`,
                'content-type': 'application/json',
                'idempotence-key': attemptId(),
            },
            body: JSON.stringify({
                amount: { value: '10.00', currency: 'RUB' },
                capture: false,
                confirmation: { type: 'redirect', return_url: 'https://elsewhere.example/' },
            }),
        });
        const { id } = (await response.json()) as { id: string };
        const delivery = await standIn.pay(id);
        expect(delivery).toMatchObject({ event: 'payment.waiting_for_capture', status: 200 });
        expect(verdicts.at(-1)).toMatchObject({ verified: true, notice: { kind: 'ignored' } });
    });

    it('are taken from ЮKassa’s IPv4 and IPv6 networks, mapped IPv4 addresses too', async () => {
        const input = paymentInput();
        const { providerPaymentId } = await provider.createPayment(input);
        await standIn.pay(providerPaymentId);
        const body = noticeBody('payment.succeeded', { id: providerPaymentId });
        const official = makeProvider({ noticeIps: undefined });
        const from = async (ip: string) => (await official.handleNotice(body, {}, ip)).verified;

        expect(await from('2a02:5180:0:1509::42')).toBe(true);
        expect(await from('2A02:5180:0:2669:ffff:ffff:ffff:ffff')).toBe(true);
        expect(await from('2a02:5180:0:1510::1')).toBe(false);
        expect(await from('185.71.76.31')).toBe(true);
        expect(await from('185.71.76.32')).toBe(false);
        expect(await from('::ffff:185.71.77.5')).toBe(true);
        expect(await from('::ffff:b947:4d05')).toBe(true);
        expect(await from('77.75.156.11')).toBe(true);
        expect(await from('77.75.156.12')).toBe(false);
        expect(await from('77.75.154.200')).toBe(true);
        expect(await from('127.0.0.1')).toBe(false);
        expect(await from('not an address')).toBe(false);
        expect(await from('')).toBe(false);

        const ipv6Only = makeProvider({ noticeIps: ['fd00:1234::/32', '::1'] });
        expect((await ipv6Only.handleNotice(body, {}, 'fd00:1234:ffff::7')).verified).toBe(true);
        expect((await ipv6Only.handleNotice(body, {}, '::1')).verified).toBe(true);
        expect((await ipv6Only.handleNotice(body, {}, 'fd00:1235::7')).verified).toBe(false);
        expect((await ipv6Only.handleNotice(body, {}, '127.0.0.1')).verified).toBe(false);

        const anywhere = makeProvider({ noticeIps: 'off' });
        expect(await anywhere.handleNotice(body, {}, '203.0.113.9')).toMatchObject({
            verified: true,
            notice: { status: 'succeeded', attemptId: input.attemptId },
        });
    });

    it('networks that are none stop the provider from being made', () => {
        expect(() => makeProvider({ noticeIps: ['300.1.1.1/8'] })).toThrow(/300\.1\.1\.1/);
        expect(() => makeProvider({ noticeIps: ['10.0.0.0/33'] })).toThrow();
        expect(() => makeProvider({ noticeIps: ['2a02:5180::/129'] })).toThrow();
    });
});

describe('refunds', () => {
    const paid = async (amountMinor = 150050) => {
        const input = paymentInput({ amountMinor });
        const { providerPaymentId } = await provider.createPayment(input);
        await standIn.pay(providerPaymentId);
        return { input, providerPaymentId };
    };

    it('give money back with their key and a refund receipt, once per key', async () => {
        const { input, providerPaymentId } = await paid();
        const refund = {
            providerPaymentId,
            amountMinor: 50000,
            currency: 'RUB',
            receipt: refundReceipt(input.receipt!, 50000),
            idempotenceKey: `${input.attemptId}-r1`,
        };
        const before = standIn.calls.length;
        const given = await provider.refund(refund);
        expect(given).toEqual({ status: 'succeeded', providerRefundId: expect.any(String) });
        const [call] = callsSince(before);
        expect(call).toMatchObject({ method: 'POST', path: '/v3/refunds', status: 200 });
        expect(call.headers.idempotenceKey).toBe(`${input.attemptId}-r1`);
        expect(call.body).toMatchObject({
            payment_id: providerPaymentId,
            amount: { value: '500.00', currency: 'RUB' },
            receipt: {
                customer: { email: 'anna@example.com' },
                items: [{ quantity: '1.00', amount: { value: '500.00', currency: 'RUB' } }],
            },
        });

        expect(await provider.refund(refund)).toEqual(given);
        expect(standIn.payment(providerPaymentId)?.refunded_amount?.value).toBe('500.00');
        expect((await provider.fetchPayment(providerPaymentId, input.attemptId)).refunded).toBe(false);

        // The rest given back: the payment counts as refunded.
        const rest = await provider.refund({
            ...refund,
            amountMinor: 100050,
            receipt: refundReceipt(input.receipt!, 100050),
            idempotenceKey: `${input.attemptId}-r2`,
        });
        expect(rest.status).toBe('succeeded');
        expect(await provider.fetchPayment(providerPaymentId, input.attemptId)).toEqual({
            status: 'succeeded',
            amountMinor: 150050,
            currency: 'RUB',
            refunded: true,
        });
    });

    it('that are pending end with a verified refund notice', async () => {
        const { input, providerPaymentId } = await paid();
        standIn.refundOutcome = 'pending';
        try {
            const given = await provider.refund({
                providerPaymentId,
                amountMinor: 150050,
                currency: 'RUB',
                receipt: refundReceipt(input.receipt!, 150050),
                idempotenceKey: `${input.attemptId}-r1`,
            });
            expect(given.status).toBe('pending');
            const refundId = given.providerRefundId!;

            // A forged success of the refund still pending decides nothing.
            await standIn.forge('refund.succeeded', { ...standIn.refund(refundId), status: 'succeeded' });
            expect(verdicts.at(-1)).toMatchObject({ verified: true, notice: { kind: 'ignored' } });

            const delivery = await standIn.refundSucceeds(refundId);
            expect(delivery?.status).toBe(200);
            expect(verdicts.at(-1)).toEqual({
                verified: true,
                notice: {
                    kind: 'refund',
                    providerPaymentId,
                    providerRefundId: refundId,
                    status: 'succeeded',
                    amountMinor: 150050,
                },
            });
        } finally {
            standIn.refundOutcome = 'succeeded';
        }
    });

    it('that ЮKassa cancels answer canceled with the reason', async () => {
        const { input, providerPaymentId } = await paid();
        standIn.refundOutcome = 'canceled';
        try {
            const given = await provider.refund({
                providerPaymentId,
                amountMinor: 150050,
                currency: 'RUB',
                receipt: null,
                idempotenceKey: `${input.attemptId}-r1`,
            });
            expect(given).toEqual({
                status: 'canceled',
                providerRefundId: expect.any(String),
                reason: 'general_decline',
            });
        } finally {
            standIn.refundOutcome = 'succeeded';
        }
    });

    it('of a payment not paid, or of more than is left, are refused for good', async () => {
        const input = paymentInput();
        const { providerPaymentId } = await provider.createPayment(input);
        const unpaid = await failure(
            provider.refund({
                providerPaymentId,
                amountMinor: 150050,
                currency: 'RUB',
                receipt: null,
                idempotenceKey: `${input.attemptId}-r1`,
            }),
        );
        expect(unpaid).toMatchObject({ retryable: false, code: 'invalid_request' });

        const { input: other, providerPaymentId: paidId } = await paid(1000);
        const tooMuch = await failure(
            provider.refund({
                providerPaymentId: paidId,
                amountMinor: 1001,
                currency: 'RUB',
                receipt: null,
                idempotenceKey: `${other.attemptId}-r1`,
            }),
        );
        expect(tooMuch).toMatchObject({ retryable: false, code: 'invalid_request' });
    });
});

describe('asking for a payment', () => {
    it('is refused for a payment ЮKassa does not know or one of another attempt', async () => {
        const missing = await failure(provider.fetchPayment('2f6b7a3e-000f-5000-8000-000000000000', attemptId()));
        expect(missing).toMatchObject({ retryable: false, code: 'not_found' });

        const { providerPaymentId } = await provider.createPayment(paymentInput());
        expect((await failure(provider.fetchPayment(providerPaymentId, attemptId()))).retryable).toBe(false);
    });

    it('may be repeated when ЮKassa fails', async () => {
        const input = paymentInput();
        const { providerPaymentId } = await provider.createPayment(input);
        standIn.failNext(500);
        expect((await failure(provider.fetchPayment(providerPaymentId, input.attemptId))).retryable).toBe(true);
        expect((await provider.fetchPayment(providerPaymentId, input.attemptId)).status).toBe('pending');
    });
});

describe('the answer to a notice', () => {
    it('is 200 with no body when taken, 401 when not; ЮKassa has no cancel of an unpaid payment', () => {
        expect(provider.answer('accepted')).toMatchObject({ status: 200, body: '' });
        expect(provider.answer('rejected')).toMatchObject({ status: 401, type: expect.stringMatching(/text\/plain/) });
        expect(provider.answer({ checkCode: 0 })).toMatchObject({ status: 200, body: '' });
        expect(provider.name).toBe('yookassa');
        expect(provider.cancelPayment).toBeUndefined();
    });
});
