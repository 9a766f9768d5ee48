import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
    ProviderError,
    type CreatePaymentInput,
    type NoticeVerdict,
    type PaymentProvider,
    type Receipt,
} from '../../src/server/payments/provider';
import { receiptFor, refundReceipt } from '../../src/server/payments/receipts';
import { tbankToken } from '../../src/server/payments/signatures';
import { tbankDueDate, tbankProvider } from '../../src/server/payments/tbank';
import { startTbank, type TbankStandIn } from '../support/tbank';

/*
 * T-Bank's provider against the stand-in of its API: Init signed and with a receipt that adds up, notices
 * believed only with our terminal's Token, refunds that send a receipt only for a part and never give back
 * twice, and the notices' redelivery until the server answers OK. The Token's own documented examples are
 * checked with the other signatures.
 */

/** A server of ours for T-Bank's notices: the provider's checks and answer, as the notice route uses them. */
interface Merchant {
    url: string;
    /** What each notice that reached the provider was found to be, with its body. */
    received: { body: string; verdict: NoticeVerdict }[];
    /** The next so many notices get HTTP 500 without being looked at. */
    failNext: number;
    /** A body answered instead of the provider's (to see that only exactly OK stops T-Bank). */
    answerBody?: string;
    server: Server;
}

const startMerchant = async (provider: PaymentProvider): Promise<Merchant> => {
    const server = createServer((request, response) => {
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', () => {
            void (async () => {
                if (merchant.failNext > 0) {
                    merchant.failNext -= 1;
                    response.writeHead(500, { 'content-type': 'text/plain' });
                    return response.end('busy');
                }
                const raw = Buffer.concat(chunks);
                const verdict = await provider.handleNotice(raw, request.headers, request.socket.remoteAddress ?? '');
                merchant.received.push({ body: raw.toString('utf8'), verdict });
                const answer = provider.answer(verdict.verified ? 'accepted' : 'rejected');
                response.writeHead(answer.status, { 'content-type': answer.type });
                response.end(merchant.answerBody ?? answer.body);
            })();
        });
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const merchant: Merchant = {
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/public/providers/tbank`,
        received: [],
        failNext: 0,
        server,
        answerBody: undefined,
    };
    return merchant;
};

const amount = 150000;
const receipt: Receipt = receiptFor({
    description: 'Абонемент 8 занятий',
    amountMinor: amount,
    contact: { email: 'anna@example.com' },
    settings: { taxSystem: 'usn_income', vat: 'none', paymentMode: 'full_payment' },
});

let tbank: TbankStandIn;
let merchant: Merchant;
let provider: PaymentProvider;

beforeAll(async () => {
    tbank = await startTbank();
    provider = tbankProvider({ terminalKey: tbank.terminalKey, password: tbank.password, apiUrl: tbank.apiUrl });
    merchant = await startMerchant(provider);
});

afterAll(async () => {
    await tbank?.stop();
    if (merchant) {
        const closed = new Promise(done => merchant.server.close(done));
        merchant.server.closeAllConnections();
        await closed;
    }
});

const newAttemptId = () => randomBytes(16).toString('hex');

const paymentInput = (overrides: Partial<CreatePaymentInput> = {}): CreatePaymentInput => {
    const attemptId = overrides.attemptId ?? newAttemptId();
    return {
        attemptId,
        linkId: 'lnk_7f3a',
        amountMinor: amount,
        currency: 'RUB',
        description: 'Абонемент 8 занятий',
        receipt,
        returnUrl: `https://studio.example/payments/link/lnk_7f3a?attempt=${attemptId}`,
        notifyUrl: merchant.url,
        expiresAt: new Date(Date.now() + 2 * 60 * 60_000),
        idempotenceKey: attemptId,
        ...overrides,
    };
};

/** Creates a payment on the stand-in; answers its ids. */
const created = async (overrides: Partial<CreatePaymentInput> = {}) => {
    const input = paymentInput(overrides);
    const { providerPaymentId, redirectUrl } = await provider.createPayment(input);
    return { input, paymentId: providerPaymentId, redirectUrl };
};

/** A paid payment, its notices delivered. */
const paid = async () => {
    const payment = await created();
    await tbank.pay(payment.paymentId);
    return payment;
};

/** The last call of that method to the stand-in. */
const lastCall = (method: string) => {
    const call = tbank.calls.filter(each => each.method === method).at(-1);
    if (!call) throw new Error(`no ${method} call`);
    return call;
};

/** What the notices of a payment were found to be, in order. */
const verdictsOf = (paymentId: string) =>
    merchant.received
        .filter(each => String((JSON.parse(each.body) as { PaymentId?: unknown }).PaymentId) === paymentId)
        .map(each => each.verdict);

const refusalOf = async (promise: Promise<unknown>) => {
    const error = await promise.then(
        () => null,
        (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(ProviderError);
    return error as ProviderError;
};

/** Moscow time with its offset, as T-Bank writes it, of a moment (whole seconds). */
const moscow = (at: number) => `${new Date(at + 3 * 60 * 60_000).toISOString().slice(0, 19)}+03:00`;

describe('creating a payment', () => {
    it('sends a signed Init whose receipt adds up to the amount, and answers the page to send the payer to', async () => {
        const { input, paymentId, redirectUrl } = await created();
        const { body } = lastCall('Init');
        expect(body.Token).toBe(tbankToken(body, tbank.password));
        expect(body).toMatchObject({
            TerminalKey: tbank.terminalKey,
            Amount: amount,
            OrderId: input.attemptId,
            Description: 'Абонемент 8 занятий',
            PayType: 'O',
            NotificationURL: merchant.url,
            SuccessURL: input.returnUrl,
            FailURL: input.returnUrl,
            RedirectDueDate: moscow(Math.floor(input.expiresAt.getTime() / 1000) * 1000),
            DATA: { linkId: 'lnk_7f3a' },
        });
        expect(body.Language).toBeUndefined();
        const sent = body.Receipt as { Email: string; Taxation: string; Items: { Amount: number; Tax: string }[] };
        expect(sent).toMatchObject({ Email: 'anna@example.com', Taxation: 'usn_income' });
        expect(sent.Items.reduce((sum, item) => sum + item.Amount, 0)).toBe(body.Amount);
        expect(sent.Items[0]).toMatchObject({ Price: amount, Quantity: 1, Tax: 'none', PaymentObject: 'service' });

        expect(paymentId).toMatch(/^\d+$/);
        expect(redirectUrl).toBe(tbank.payment(paymentId).paymentUrl);
        expect(redirectUrl.startsWith(`${tbank.url}/new/`)).toBe(true);
        expect(tbank.payment(paymentId)).toMatchObject({ status: 'NEW', orderId: input.attemptId, amount });
    });

    it('sends no receipt for a studio without receipts, the page language when set, a description cut to 140', async () => {
        const english = tbankProvider({
            terminalKey: tbank.terminalKey,
            password: tbank.password,
            apiUrl: `${tbank.apiUrl}/`,
            language: 'en',
        });
        // Characters, not UTF-16 units: an emoji is not cut in half.
        const description = '😀'.repeat(150);
        await english.createPayment(paymentInput({ receipt: null, description }));
        const { body } = lastCall('Init');
        expect(body.Receipt).toBeUndefined();
        expect(body.Language).toBe('en');
        expect(body.Description).toBe('😀'.repeat(140));
        expect(body.Token).toBe(tbankToken(body, tbank.password));
    });

    it("keeps the page's end within the minute to 90 days T-Bank takes", async () => {
        const now = new Date('2026-03-01T09:00:00.400Z');
        expect(tbankDueDate(new Date('2026-03-01T12:30:15.900Z'), now)).toBe('2026-03-01T15:30:15+03:00');
        // A link about to expire still gets a page that opens for a minute and a half, rounded up to a second.
        expect(tbankDueDate(new Date('2026-03-01T09:00:10Z'), now)).toBe('2026-03-01T12:01:31+03:00');
        expect(tbankDueDate(new Date('2027-03-01T09:00:00Z'), now)).toBe('2026-05-30T11:59:30+03:00');
        expect(() => tbankDueDate(new Date(Number.NaN), now)).toThrow();

        // The stand-in, which refuses a date out of those limits with code 12, takes both ends.
        await created({ expiresAt: new Date(Date.now() - 60_000) });
        const soon = Date.parse(lastCall('Init').body.RedirectDueDate as string);
        expect(soon).toBeGreaterThanOrEqual(Date.now() + 60_000);
        await created({ expiresAt: new Date(Date.now() + 365 * 24 * 60 * 60_000) });
        const late = Date.parse(lastCall('Init').body.RedirectDueDate as string);
        expect(late).toBeLessThanOrEqual(Date.now() + 90 * 24 * 60 * 60_000);
    });

    it('is refused for good with a wrong password (code 204) or a reused order id (code 20)', async () => {
        const wrong = tbankProvider({ terminalKey: tbank.terminalKey, password: 'not-it', apiUrl: tbank.apiUrl });
        const refusal = await refusalOf(wrong.createPayment(paymentInput()));
        expect(refusal).toMatchObject({ retryable: false, code: '204' });
        expect(refusal.message).toMatch(/Неверный токен/);
        expect(refusal.message).not.toContain('not-it');

        const { input } = await created();
        expect(await refusalOf(provider.createPayment({ ...input }))).toMatchObject({ retryable: false, code: '20' });
        await expect(provider.createPayment({ ...input, currency: 'EUR' })).rejects.toMatchObject({ retryable: false });
    });

    it('fails retryably when T-Bank answers 500 or cannot be reached', async () => {
        tbank.failNext(500);
        expect(await refusalOf(provider.createPayment(paymentInput()))).toMatchObject({ retryable: true });
        tbank.failNext(429);
        expect(await refusalOf(provider.createPayment(paymentInput()))).toMatchObject({ retryable: true });

        // A port nobody listens on: the stand-in's own, once closed.
        const gone = await startTbank();
        await gone.stop();
        const unreachable = tbankProvider({ terminalKey: 'T', password: 'p', apiUrl: gone.apiUrl });
        expect(await refusalOf(unreachable.createPayment(paymentInput()))).toMatchObject({ retryable: true });
    });
});

describe("T-Bank's notices", () => {
    it('tell a payment succeeded on CONFIRMED, signed with our password; AUTHORIZED before it is ignored', async () => {
        const { input, paymentId } = await paid();
        expect(verdictsOf(paymentId)).toEqual([
            { verified: true, notice: { kind: 'ignored', why: expect.stringContaining('AUTHORIZED') } },
            {
                verified: true,
                notice: {
                    kind: 'payment',
                    providerPaymentId: paymentId,
                    attemptId: input.attemptId,
                    status: 'succeeded',
                    amountMinor: amount,
                    currency: 'RUB',
                },
            },
        ]);
        // Both acknowledged at once: nothing to send again.
        const deliveries = tbank.deliveries.filter(each => each.paymentId === paymentId);
        expect(deliveries.map(each => [each.status, each.attempt, each.httpStatus, each.answer])).toEqual([
            ['AUTHORIZED', 1, 200, 'OK'],
            ['CONFIRMED', 1, 200, 'OK'],
        ]);
    });

    it('tell a payment declined on REJECTED or DEADLINE_EXPIRED, with a reason', async () => {
        const poor = await created();
        await tbank.reject(poor.paymentId);
        const late = await created();
        await tbank.expire(late.paymentId);
        const refused = await created();
        await tbank.reject(refused.paymentId, '1005', 'Платеж отклонен банком, выпустившим карту');
        const declined = [poor, late, refused].map(({ paymentId }) => verdictsOf(paymentId)[0]);
        expect(declined).toEqual([
            expect.objectContaining({
                notice: expect.objectContaining({ status: 'declined', reason: 'insufficient_funds' }),
            }),
            expect.objectContaining({ notice: expect.objectContaining({ status: 'declined', reason: 'expired' }) }),
            expect.objectContaining({ notice: expect.objectContaining({ status: 'declined', reason: 'rejected' }) }),
        ]);
        expect(declined[0]).toMatchObject({ verified: true, notice: { attemptId: poor.input.attemptId } });
    });

    it('are not believed with a wrong Token, or for another terminal, and are answered so', async () => {
        const { paymentId } = await created();
        const forged = await tbank.sendBadToken(paymentId);
        expect(forged).toMatchObject({ httpStatus: 401, answer: 'rejected', attempt: 1 });
        // Signed with our password, but for a terminal that is not ours.
        await tbank.notify(paymentId, { Status: 'CONFIRMED', TerminalKey: 'OtherTerminalDEMO' }, { once: true });
        expect(verdictsOf(paymentId)).toEqual([
            { verified: false, reason: expect.stringMatching(/Token/) },
            { verified: false, reason: expect.stringMatching(/terminal/) },
        ]);
        expect(tbank.payment(paymentId).status).toBe('NEW');

        // A field T-Bank adds one day is signed like the others, and so still believed.
        await tbank.notify(paymentId, { Status: 'CONFIRMED', Foo: 'bar', Flag: false, Count: 7 }, { once: true });
        expect(verdictsOf(paymentId)[2]).toMatchObject({ verified: true, notice: { status: 'succeeded' } });
    });

    it('never throw for a body that is not one', async () => {
        const bodies = ['', 'not json', '[]', 'null', '{"TerminalKey":"x"}', JSON.stringify({ Token: 42 })];
        for (const body of bodies)
            expect(await provider.handleNotice(Buffer.from(body), {}, '127.0.0.1')).toMatchObject({ verified: false });
        // Signed, but no payment is named by it.
        const bare = { TerminalKey: tbank.terminalKey, Status: 'CONFIRMED', Success: true };
        const signed = JSON.stringify({ ...bare, Token: tbankToken(bare, tbank.password) });
        expect(await provider.handleNotice(Buffer.from(signed), {}, '127.0.0.1')).toMatchObject({ verified: false });
    });

    it('are acknowledged with exactly OK, and refused with 401', () => {
        expect(provider.answer('accepted')).toEqual({ status: 200, type: 'text/plain; charset=utf-8', body: 'OK' });
        expect(provider.answer('rejected')).toMatchObject({ status: 401, body: 'rejected' });
    });

    it('are sent again until answered OK, and no more', async () => {
        const { paymentId } = await created();
        merchant.failNext = 2;
        await tbank.pay(paymentId);
        await tbank.idle();
        const deliveries = () =>
            tbank.deliveries
                .filter(each => each.paymentId === paymentId)
                .map(each => [each.status, each.attempt, each.httpStatus]);
        expect(deliveries()).toEqual([
            ['AUTHORIZED', 1, 500],
            ['AUTHORIZED', 2, 500],
            ['AUTHORIZED', 3, 200],
            ['CONFIRMED', 1, 200],
        ]);
        // The CONFIRMED notice reached the provider once: what records the payment saw it once.
        expect(verdictsOf(paymentId).filter(each => each.verified && each.notice.kind === 'payment')).toHaveLength(1);

        // Anything but exactly OK is a failure to T-Bank: sent again up to the stand-in's limit.
        merchant.answerBody = 'ok';
        try {
            await tbank.notify(paymentId, { Status: 'CONFIRMED' });
        } finally {
            merchant.answerBody = undefined;
        }
        await new Promise(done => setTimeout(done, 3 * tbank.redelivery.intervalMs));
        const again = tbank.deliveries.filter(each => each.paymentId === paymentId).slice(4);
        expect(again.map(each => each.attempt)).toEqual([1, 2, 3, 4, 5]);
        expect(again.every(each => each.answer === 'ok')).toBe(true);
    });
});

describe('refunds', () => {
    it('give the whole payment back without a receipt, and its REFUNDED notice tells so', async () => {
        const { paymentId } = await paid();
        const result = await provider.refund({
            providerPaymentId: paymentId,
            amountMinor: amount,
            currency: 'RUB',
            receipt: refundReceipt(receipt, amount),
            idempotenceKey: 'r-full-1',
        });
        expect(result).toEqual({ status: 'succeeded', providerRefundId: expect.stringContaining(paymentId) });
        const { body } = lastCall('Cancel');
        expect(body).toMatchObject({
            TerminalKey: tbank.terminalKey,
            PaymentId: paymentId,
            Amount: amount,
            ExternalRequestId: 'r-full-1',
        });
        expect(body.Receipt).toBeUndefined();
        expect(body.Token).toBe(tbankToken(body, tbank.password));
        expect(tbank.payment(paymentId)).toMatchObject({ status: 'REFUNDED', remaining: 0 });

        await tbank.idle();
        expect(verdictsOf(paymentId).at(-1)).toEqual({
            verified: true,
            notice: {
                kind: 'refund',
                providerPaymentId: paymentId,
                providerRefundId: result.providerRefundId,
                status: 'succeeded',
                amountMinor: amount,
            },
        });
    });

    it('give a part back with the receipt of that part', async () => {
        const { paymentId } = await paid();
        const part = 50000;
        const result = await provider.refund({
            providerPaymentId: paymentId,
            amountMinor: part,
            currency: 'RUB',
            receipt: refundReceipt(receipt, part),
            idempotenceKey: 'r-part-1',
        });
        expect(result.status).toBe('succeeded');
        const { body } = lastCall('Cancel');
        const sent = body.Receipt as { Items: { Amount: number; Price: number; Quantity: number }[] };
        expect(sent.Items.reduce((sum, item) => sum + item.Amount, 0)).toBe(part);
        expect(sent.Items[0]).toMatchObject({ Price: part, Quantity: 1 });
        expect(body.Amount).toBe(part);
        expect(tbank.payment(paymentId)).toMatchObject({ status: 'PARTIAL_REFUNDED', remaining: amount - part });
        await tbank.idle();
        expect(verdictsOf(paymentId).at(-1)).toMatchObject({ notice: { kind: 'refund', amountMinor: part } });
    });

    it('never give back twice for the same key', async () => {
        const part = await paid();
        const partRefund = {
            providerPaymentId: part.paymentId,
            amountMinor: 40000,
            currency: 'RUB',
            receipt: refundReceipt(receipt, 40000),
            idempotenceKey: 'r-replay-part',
        };
        expect((await provider.refund(partRefund)).status).toBe('succeeded');
        // Sent again with the same ExternalRequestId: T-Bank answers how the payment stands.
        expect((await provider.refund(partRefund)).status).toBe('succeeded');
        expect(tbank.payment(part.paymentId)).toMatchObject({ remaining: amount - 40000 });
        expect(tbank.payment(part.paymentId).refunds).toHaveLength(1);

        const whole = await paid();
        const fullRefund = { ...partRefund, providerPaymentId: whole.paymentId, amountMinor: amount, receipt: null };
        const cancels = () =>
            tbank.calls.filter(call => call.method === 'Cancel' && call.body.PaymentId === whole.paymentId);
        expect((await provider.refund({ ...fullRefund, idempotenceKey: 'r-replay-full' })).status).toBe('succeeded');
        expect((await provider.refund({ ...fullRefund, idempotenceKey: 'r-replay-full' })).status).toBe('succeeded');
        // Already REFUNDED: not even asked again.
        expect(cancels()).toHaveLength(1);
        expect(tbank.payment(whole.paymentId).refunds).toHaveLength(1);
    });

    it('are refused for a payment that was never paid, and unknown when T-Bank fails', async () => {
        const { paymentId } = await created();
        await tbank.reject(paymentId);
        const refund = {
            providerPaymentId: paymentId,
            amountMinor: amount,
            currency: 'RUB',
            receipt: null,
            idempotenceKey: 'r-never',
        };
        expect(await provider.refund(refund)).toEqual({
            status: 'canceled',
            reason: expect.stringContaining('REJECTED'),
        });

        const other = await paid();
        tbank.failNext(500);
        expect(await refusalOf(provider.refund({ ...refund, providerPaymentId: other.paymentId }))).toMatchObject({
            retryable: true,
        });
        expect(tbank.payment(other.paymentId).status).toBe('CONFIRMED');
    });
});

describe("asking for a payment's state", () => {
    it('tells pending, succeeded, refunded and declined, with the amount', async () => {
        const { input, paymentId } = await created();
        const fetch = () => provider.fetchPayment(paymentId, input.attemptId);
        expect(await fetch()).toEqual({ status: 'pending', amountMinor: amount, currency: 'RUB', refunded: false });
        await tbank.pay(paymentId);
        expect(await fetch()).toEqual({ status: 'succeeded', amountMinor: amount, currency: 'RUB', refunded: false });
        await provider.refund({
            providerPaymentId: paymentId,
            amountMinor: amount,
            currency: 'RUB',
            receipt: null,
            idempotenceKey: 'r-fetch',
        });
        expect(await fetch()).toMatchObject({ status: 'succeeded', refunded: true });

        const declined = await created();
        await tbank.reject(declined.paymentId);
        expect(await provider.fetchPayment(declined.paymentId, declined.input.attemptId)).toMatchObject({
            status: 'declined',
        });
    });

    it('refuses a payment of another attempt, or one T-Bank does not know', async () => {
        const { paymentId } = await created();
        expect(await refusalOf(provider.fetchPayment(paymentId, newAttemptId()))).toMatchObject({ retryable: false });
        expect(await refusalOf(provider.fetchPayment('1', newAttemptId()))).toMatchObject({
            retryable: false,
            code: '255',
        });
    });
});

describe('cancelling a payment nobody has paid', () => {
    it('cancels a NEW one, and leaves a paid one to be settled', async () => {
        const fresh = await created();
        await provider.cancelPayment?.(fresh.paymentId);
        expect(tbank.payment(fresh.paymentId).status).toBe('CANCELED');
        await tbank.idle();
        expect(verdictsOf(fresh.paymentId).at(-1)).toMatchObject({
            notice: { status: 'declined', reason: 'canceled' },
        });

        const { paymentId } = await paid();
        await provider.cancelPayment?.(paymentId);
        expect(tbank.payment(paymentId).status).toBe('CONFIRMED');
        expect(tbank.calls.some(call => call.method === 'Cancel' && call.body.PaymentId === paymentId)).toBe(false);
    });
});
