import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
    ProviderError,
    type ChargeInput,
    type CreatePaymentInput,
    type NoticeVerdict,
    type PaymentProvider,
} from '../../src/server/payments/provider';
import { receiptFor } from '../../src/server/payments/receipts';
import { yookassaProvider } from '../../src/server/payments/yookassa';
import { yookassaDeclineCauses } from '../../src/server/payments/yookassaCards';
import { startYookassa, type YookassaStandIn } from '../support/yookassa';

/*
 * ЮKassa's autopayments against the stand-in of its API: a membership's first payment saves the card, its
 * notice (as ЮKassa confirms it) tells the saved method, renewals charge that method without the payer under
 * the charge's key, and a renewal whose answer was lost is found again without a second charge.
 */

let standIn: YookassaStandIn;
let provider: Required<PaymentProvider>;
let noticeServer: Server;
const verdicts: NoticeVerdict[] = [];

const makeProvider = () =>
    yookassaProvider({
        shopId: standIn.shopId,
        secretKey: standIn.secretKey,
        apiUrl: standIn.apiUrl,
        noticeIps: ['127.0.0.1/32'],
    }) as Required<PaymentProvider>;

beforeAll(async () => {
    standIn = await startYookassa();
    provider = makeProvider();
    noticeServer = createServer((request, response) => {
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', async () => {
            const verdict = await provider.handleNotice(Buffer.concat(chunks), request.headers, '127.0.0.1');
            verdicts.push(verdict);
            const answer = provider.answer(verdict.verified ? 'accepted' : 'rejected');
            response.writeHead(answer.status, { 'content-type': answer.type });
            response.end(answer.body);
        });
    });
    noticeServer.listen(0, '127.0.0.1');
    await once(noticeServer, 'listening');
    standIn.noticeUrl = `http://127.0.0.1:${(noticeServer.address() as AddressInfo).port}/notices`;
});

afterAll(async () => {
    await standIn?.stop();
    noticeServer?.closeAllConnections();
    await new Promise(done => noticeServer?.close(done));
});

const usn = { taxSystem: 'usn_income', vat: 'none', paymentMode: 'full_payment' } as const;
const receipt = (amountMinor: number) =>
    receiptFor({ description: 'Йога, месяц', amountMinor, contact: { email: 'anna@example.com' }, settings: usn });

let counter = 0;
const next = () => (counter += 1);

const firstPayment = (overrides: Partial<CreatePaymentInput> = {}): CreatePaymentInput => {
    const id = String(next()).padStart(32, 'f');
    return {
        attemptId: id,
        linkId: 'link-membership',
        amountMinor: 450000,
        currency: 'RUB',
        description: 'Йога, месяц: первый период',
        receipt: receipt(450000),
        returnUrl: `https://studio.example/payments/link/link-membership?attempt=${id}`,
        notifyUrl: 'https://studio.example/api/public/providers/yookassa',
        expiresAt: new Date(Date.now() + 3_600_000),
        idempotenceKey: id,
        saveCard: { payerKey: 'customer-7' },
        ...overrides,
    };
};

/** A first payment paid with `card` (a Mir •• 4242 by default): the saved method's id. */
const savedMethod = async (card?: Parameters<YookassaStandIn['pay']>[1]) => {
    const { providerPaymentId } = await provider.createPayment(firstPayment());
    await standIn.pay(providerPaymentId, card);
    const method = standIn.payment(providerPaymentId)?.payment_method;
    if (!method?.saved) throw new Error('The stand-in saved no method');
    return method.id;
};

const renewal = (token: string, overrides: Partial<ChargeInput> = {}): ChargeInput => ({
    token,
    payerKey: 'customer-7',
    key: `dbprefix-m7-20261229-${next()}`,
    amountMinor: 450000,
    currency: 'RUB',
    description: 'Йога, месяц: 29.12.2026–28.01.2027',
    receipt: receipt(overrides.amountMinor ?? 450000),
    ...overrides,
});

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

describe('a membership’s first payment', () => {
    it('asks ЮKassa to save the card, and its confirmed notice and the payment tell the saved card', async () => {
        const input = firstPayment();
        const { providerPaymentId } = await provider.createPayment(input);
        const asked = standIn.callsTo('POST', '/v3/payments').at(-1);
        expect(asked?.body).toMatchObject({ save_payment_method: true, confirmation: { type: 'redirect' } });

        await standIn.pay(providerPaymentId, {
            card: { card_type: 'MasterCard', last4: '5555', expiry_year: '2028', expiry_month: '02' },
        });
        const methodId = standIn.payment(providerPaymentId)?.payment_method?.id;
        const savedCard = { token: methodId, title: 'Mastercard •• 5555', expiresOn: '2028-02-29' };
        expect(verdicts.at(-1)).toEqual({
            verified: true,
            notice: expect.objectContaining({ status: 'succeeded', attemptId: input.attemptId, savedCard }),
        });
        expect(await provider.fetchPayment(providerPaymentId, input.attemptId)).toMatchObject({ savedCard });

        const mir = await provider.createPayment(firstPayment());
        await standIn.pay(mir.providerPaymentId);
        expect(verdicts.at(-1)).toMatchObject({
            notice: { savedCard: { title: 'Mir •• 4242', expiresOn: '2030-12-31' } },
        });
    });

    it('tells no saved card when ЮKassa did not save it, or when the payment did not ask', async () => {
        const refused = await provider.createPayment(firstPayment());
        await standIn.pay(refused.providerPaymentId, { saved: false });
        expect(verdicts.at(-1)).toMatchObject({ verified: true, notice: { status: 'succeeded' } });
        expect(verdicts.at(-1)).not.toHaveProperty('notice.savedCard');

        const plain = await provider.createPayment(firstPayment({ saveCard: undefined }));
        expect(standIn.callsTo('POST', '/v3/payments').at(-1)?.body).not.toHaveProperty('save_payment_method');
        await standIn.pay(plain.providerPaymentId);
        expect(verdicts.at(-1)).not.toHaveProperty('notice.savedCard');
        expect(standIn.payment(plain.providerPaymentId)?.payment_method?.saved).toBe(false);
    });
});

describe('a renewal', () => {
    it('charges the saved method under its key, with its receipt and no confirmation, once', async () => {
        const token = await savedMethod();
        const input = renewal(token, { description: `Йога ${'месяц '.repeat(40)}` });
        const outcome = await provider.chargeSaved(input);
        const calls = standIn.callsTo('POST', '/v3/payments');
        const asked = calls.at(-1);
        expect(asked?.headers.idempotenceKey).toBe(input.key);
        expect(asked?.body).toEqual({
            amount: { value: '4500.00', currency: 'RUB' },
            capture: true,
            payment_method_id: token,
            description: expect.any(String),
            receipt: expect.objectContaining({
                customer: { email: 'anna@example.com' },
                items: [expect.objectContaining({ amount: { value: '4500.00', currency: 'RUB' }, quantity: '1.00' })],
            }),
            metadata: { chargeKey: input.key },
        });
        expect([...(asked?.body as { description: string }).description]).toHaveLength(128);
        const made = standIn.listPayments().filter(payment => payment.metadata.chargeKey === input.key);
        expect(made).toHaveLength(1);
        expect(outcome).toEqual({ status: 'succeeded', providerPaymentId: made[0].id });
        expect(made[0]).toMatchObject({ status: 'succeeded', paid: true });

        expect(await provider.chargeSaved(input)).toEqual(outcome);
        expect(standIn.listPayments().filter(payment => payment.metadata.chargeKey === input.key)).toHaveLength(1);
    });

    // ЮKassa's documented reasons; the card's are those after which the card can never pay again.
    const cardReasons = [
        'card_expired',
        'country_forbidden',
        'fraud_suspected',
        'invalid_card_number',
        'payment_method_restricted',
        'permission_revoked',
        'unsupported_mobile_operator',
    ];
    const moneyReasons = [
        '3d_secure_failed',
        'call_issuer',
        'canceled_by_merchant',
        'deal_expired',
        'expired_on_capture',
        'expired_on_confirmation',
        'general_decline',
        'identification_required',
        'insufficient_funds',
        'internal_timeout',
        'invalid_csc',
        'issuer_unavailable',
        'payment_method_limit_exceeded',
    ];

    it('names every reason ЮKassa documents, each once', () => {
        expect(Object.keys(yookassaDeclineCauses).sort()).toEqual([...cardReasons, ...moneyReasons].sort());
    });

    it.each([
        ...cardReasons.map(reason => ({ reason, cause: 'card' })),
        ...moneyReasons.map(reason => ({ reason, cause: 'money' })),
        { reason: 'a_reason_ЮKassa_adds_later', cause: 'money' },
    ])('declined for $reason is declined for the $cause', async ({ reason, cause }) => {
        const token = await savedMethod();
        standIn.chargeOutcome(token, { reason });
        const outcome = await provider.chargeSaved(renewal(token));
        expect(outcome).toEqual({
            status: 'declined',
            providerPaymentId: expect.any(String),
            reason,
            cause,
        });
    });

    it('still pending is pending, and later found decided', async () => {
        const token = await savedMethod();
        standIn.chargeOutcome(token, 'pending');
        const input = renewal(token);
        const outcome = await provider.chargeSaved(input);
        expect(outcome).toEqual({ status: 'pending', providerPaymentId: expect.any(String) });
        const providerPaymentId = outcome.status === 'pending' ? outcome.providerPaymentId : '';
        await standIn.decline(providerPaymentId, 'insufficient_funds');
        expect(await provider.findCharge({ key: input.key, providerPaymentId, createdAt: new Date() })).toEqual({
            status: 'declined',
            providerPaymentId,
            reason: 'insufficient_funds',
            cause: 'money',
        });
    });

    it('is unknown after a 500, a 429 or no answer at all, and refused for good on a 4xx', async () => {
        const token = await savedMethod();
        for (const status of [500, 429]) {
            standIn.failNext(status);
            expect((await failure(provider.chargeSaved(renewal(token)))).retryable).toBe(true);
        }
        const unknownMethod = await failure(provider.chargeSaved(renewal('2f0b1d6c-000f-5000-9000-000000000000')));
        expect(unknownMethod).toMatchObject({ retryable: false, code: 'invalid_request' });

        const closed = createServer();
        closed.listen(0, '127.0.0.1');
        await once(closed, 'listening');
        const port = (closed.address() as AddressInfo).port;
        await new Promise(done => closed.close(done));
        const unreachable = yookassaProvider({ shopId: 's', secretKey: 'k', apiUrl: `http://127.0.0.1:${port}/v3` });
        expect((await failure(unreachable.chargeSaved?.(renewal(token)) ?? Promise.resolve())).retryable).toBe(true);
    });
});

describe('a renewal’s notice', () => {
    it('is verified and dropped: the charge’s answer, or its key, tells its outcome', async () => {
        const token = await savedMethod();
        const input = renewal(token);
        const outcome = await provider.chargeSaved(input);
        const heard = verdicts.length;
        const delivery = await standIn.forge('payment.succeeded', { id: outcome.providerPaymentId });
        expect(delivery.status).toBe(200);
        expect(verdicts.slice(heard)).toContainEqual({
            verified: true,
            notice: { kind: 'ignored', why: `payment ${outcome.providerPaymentId} is renewal ${input.key}` },
        });
    });
});

describe('a renewal whose answer was lost', () => {
    it('is asked again with its key within 24 hours: the payment ЮKassa made, and no second one', async () => {
        const token = await savedMethod();
        const input = renewal(token);
        standIn.failNext(500, undefined, { processed: true });
        expect((await failure(provider.chargeSaved(input))).retryable).toBe(true);
        const posted = standIn.callsTo('POST', '/v3/payments').length;

        const found = await provider.findCharge({ key: input.key, providerPaymentId: null, createdAt: new Date() });
        const made = standIn.listPayments().filter(payment => payment.metadata.chargeKey === input.key);
        expect(made).toHaveLength(1);
        expect(found).toEqual({ status: 'succeeded', providerPaymentId: made[0].id });
        const repeated = standIn.callsTo('POST', '/v3/payments').slice(posted);
        expect(repeated).toHaveLength(1);
        expect(repeated[0].headers.idempotenceKey).toBe(input.key);
    });

    it('never taken by ЮKassa is made by the same request within 24 hours, once', async () => {
        const token = await savedMethod();
        const input = renewal(token);
        standIn.failNext(500);
        await failure(provider.chargeSaved(input));
        expect(standIn.listPayments().filter(payment => payment.metadata.chargeKey === input.key)).toHaveLength(0);
        const found = await provider.findCharge({ key: input.key, providerPaymentId: null, createdAt: new Date() });
        expect(found).toMatchObject({ status: 'succeeded' });
        expect(standIn.listPayments().filter(payment => payment.metadata.chargeKey === input.key)).toHaveLength(1);
    });

    it('after 24 hours is found by its id or among the payments since, never charged again', async () => {
        const token = await savedMethod();
        const input = renewal(token);
        const createdAt = new Date();
        standIn.failNext(500, undefined, { processed: true });
        await failure(provider.chargeSaved(input));
        standIn.shift(25 * 3_600_000);
        // Another process, or this one restarted: nothing of the request is kept but the charge's record.
        const later = makeProvider();
        const posted = standIn.callsTo('POST', '/v3/payments').length;

        const found = await later.findCharge({ key: input.key, providerPaymentId: null, createdAt });
        const made = standIn.listPayments().filter(payment => payment.metadata.chargeKey === input.key);
        expect(made).toHaveLength(1);
        expect(found).toEqual({ status: 'succeeded', providerPaymentId: made[0].id });
        const listed = standIn.callsTo('GET', '/v3/payments').at(-1);
        expect(new URL(listed?.path ?? '', standIn.url).searchParams.get('created_at.gte')).toBe(
            new Date(createdAt.getTime() - 10 * 60_000).toISOString(),
        );

        expect(await later.findCharge({ key: input.key, providerPaymentId: made[0].id, createdAt })).toEqual(found);
        const never = await later.findCharge({ key: `${input.key}-never`, providerPaymentId: null, createdAt });
        expect(never).toEqual({ status: 'missing' });
        expect(standIn.callsTo('POST', '/v3/payments').length).toBe(posted);
        standIn.shift(-25 * 3_600_000);
    });

    it('after 24 hours is found past the first page of the payments since', async () => {
        const token = await savedMethod();
        const input = renewal(token);
        const createdAt = new Date();
        standIn.failNext(500, undefined, { processed: true });
        await failure(provider.chargeSaved(input));
        // ЮKassa lists the newest first, 100 a page: 120 payments made since put it on the second page.
        for (let made = 0; made < 120; made += 1) await provider.chargeSaved(renewal(token));
        const listed = standIn.callsTo('GET', '/v3/payments').length;
        const found = await makeProvider().findCharge({ key: input.key, providerPaymentId: null, createdAt });
        const made = standIn.listPayments().filter(payment => payment.metadata.chargeKey === input.key);
        expect(found).toEqual({ status: 'succeeded', providerPaymentId: made[0].id });
        expect(standIn.callsTo('GET', '/v3/payments').length - listed).toBe(2);
    });

    it('is not taken for another charge’s payment', async () => {
        const token = await savedMethod();
        const other = await provider.chargeSaved(renewal(token));
        const providerPaymentId = other.providerPaymentId ?? '';
        const error = await failure(
            provider.findCharge({ key: 'dbprefix-m7-20261229-x', providerPaymentId, createdAt: new Date() }),
        );
        expect(error.retryable).toBe(false);
    });
});
