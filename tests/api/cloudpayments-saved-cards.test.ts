import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloudpaymentsProvider } from '../../src/server/payments/cloudpayments';
import { ProviderError, type ChargeInput, type Notice, type PaymentProvider } from '../../src/server/payments/provider';
import { receiptFor } from '../../src/server/payments/receipts';
import { startCloudPayments, type CloudPaymentsStandIn } from '../support/cloudpayments';

/*
 * CloudPayments saving a membership's card and charging it at renewals, the adapter against the local
 * stand-in over real HTTP: the first payment is made on the payer's account (AccountId), its Pay notice's
 * Token becomes the saved card, and each renewal is payments/tokens/charge under the renewal's key (its
 * X-Request-ID and InvoiceId), paid or declined by the ReasonCode of CloudPayments' list; a renewal whose
 * answer was lost is found by its InvoiceId and never charged twice.
 */

/** The notices the stand-in posts, as the server's notice route would receive them. */
interface Received {
    raw: Buffer;
    headers: IncomingHttpHeaders;
}

const receipt = receiptFor({
    description: 'Membership: Yoga monthly, 1 Dec – 31 Dec',
    amountMinor: 350000,
    contact: { email: 'payer@example.com' },
    settings: { taxSystem: 'usn_income', vat: 'none', paymentMode: 'full_payment' },
});

let standIn: CloudPaymentsStandIn;
let provider: PaymentProvider;
let noticeServer: Server;
const received: Received[] = [];
let attempts = 0;

/** A first payment of a membership, its order made and paid on CloudPayments' page; answers the notice read. */
const payFirst = async (options: { saveCard: boolean; onPage?: Parameters<CloudPaymentsStandIn['pay']>[1] }) => {
    attempts += 1;
    const attemptId = `a${String(attempts).padStart(31, '0')}`;
    const { providerPaymentId } = await provider.createPayment({
        attemptId,
        linkId: '7',
        amountMinor: 350000,
        currency: 'RUB',
        description: 'Membership: Yoga monthly',
        receipt,
        returnUrl: 'https://studio.example.com/pay/7',
        notifyUrl: 'https://studio.example.com/api/public/providers/cloudpayments',
        expiresAt: new Date(Date.now() + 86_400_000),
        idempotenceKey: attemptId,
        ...(options.saveCard ? { saveCard: { payerKey: 'payer-41' } } : {}),
    });
    const from = received.length;
    await standIn.pay(providerPaymentId, options.onPage);
    const pay = received.slice(from).at(-1) as Received;
    const verdict = await provider.handleNotice(pay.raw, pay.headers, '127.0.0.1');
    if (!verdict.verified) throw new Error(`The Pay notice was not believed: ${verdict.reason}`);
    return { attemptId, providerPaymentId, notice: verdict.notice as Extract<Notice, { kind: 'payment' }> };
};

/** A renewal of the saved card under a fresh key. */
let renewals = 0;
const renewal = (token: string, overrides: Partial<ChargeInput> = {}): ChargeInput => {
    renewals += 1;
    return {
        token,
        payerKey: 'payer-41',
        key: `m7-p${renewals}-a1-${Date.now().toString(36)}`,
        amountMinor: 350000,
        currency: 'RUB',
        description: 'Membership: Yoga monthly, 1 Jan – 31 Jan',
        receipt,
        ...overrides,
    };
};

/** The transactions the stand-in made under an InvoiceId. */
const transactionsOf = (invoiceId: string) =>
    [...standIn.transactions.values()].filter(each => each.InvoiceId === invoiceId);

beforeAll(async () => {
    noticeServer = createServer((request, response) => {
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', () => {
            received.push({ raw: Buffer.concat(chunks), headers: request.headers });
            response.writeHead(200, { 'content-type': 'application/json' });
            response.end('{"code":0}');
        });
    });
    noticeServer.listen(0, '127.0.0.1');
    await once(noticeServer, 'listening');
    standIn = await startCloudPayments({
        noticeUrl: `http://127.0.0.1:${(noticeServer.address() as AddressInfo).port}/notices`,
    });
    provider = cloudpaymentsProvider({ publicId: standIn.publicId, apiSecret: standIn.apiSecret, apiUrl: standIn.url });
});

afterAll(async () => {
    await standIn?.stop();
    await new Promise(done => noticeServer?.close(done));
});

describe('the first payment of a membership through CloudPayments', () => {
    it("is made on the payer's account and its Pay notice's Token becomes the saved card", async () => {
        const { attemptId, providerPaymentId, notice } = await payFirst({ saveCard: true });
        const asked = standIn.calls.find(each => each.path === '/orders/create' && each.body.InvoiceId === attemptId);
        expect(asked?.body).toMatchObject({ AccountId: 'payer-41', Amount: 3500, Currency: 'RUB' });
        expect(standIn.orders.get(providerPaymentId)?.AccountId).toBe('payer-41');

        const [token] = [...standIn.tokens.keys()].filter(each => standIn.tokens.get(each)?.AccountId === 'payer-41');
        expect(notice).toMatchObject({ status: 'succeeded', attemptId, amountMinor: 350000 });
        expect(notice.savedCard).toEqual({ token, title: 'Visa •• 4242', expiresOn: '2030-12-31' });

        // Asked for later (a notice lost), the payment tells the same card.
        const fetched = await provider.fetchPayment(providerPaymentId, attemptId);
        expect(fetched).toMatchObject({ status: 'succeeded', savedCard: notice.savedCard });
    });

    it("names the card by its brand and last digits, valid to its expiry month's last day", async () => {
        const { notice } = await payFirst({
            saveCard: true,
            onPage: {
                card: { CardType: 'MasterCard', CardLastFour: '5454', CardFirstSix: '545454', CardExpDate: '02/28' },
            },
        });
        expect(notice.savedCard).toMatchObject({ title: 'Mastercard •• 5454', expiresOn: '2028-02-29' });
    });

    it('saves nothing for a payment that did not ask', async () => {
        const { attemptId, notice } = await payFirst({ saveCard: false });
        const asked = standIn.calls.find(each => each.path === '/orders/create' && each.body.InvoiceId === attemptId);
        expect(asked?.body).not.toHaveProperty('AccountId');
        expect(notice.status).toBe('succeeded');
        expect(notice.savedCard).toBeUndefined();
    });
});

describe('a renewal on a card CloudPayments saved', () => {
    let token: string;

    beforeAll(async () => {
        const { notice } = await payFirst({ saveCard: true });
        token = notice.savedCard?.token as string;
    });

    it('charges the Token on its account under the key, with the receipt, and is paid', async () => {
        const input = renewal(token);
        const outcome = await provider.chargeSaved?.(input);
        const asked = standIn.calls.filter(each => each.path === '/payments/tokens/charge').at(-1);
        expect(asked?.requestId).toBe(input.key);
        expect(asked?.contentType).toContain('application/json');
        expect(asked?.body).toMatchObject({
            Amount: 3500,
            Currency: 'RUB',
            AccountId: 'payer-41',
            Token: token,
            InvoiceId: input.key,
            Description: input.description,
            TrInitiatorCode: 0,
            Email: 'payer@example.com',
        });
        const items = (asked?.body.JsonData as { cloudPayments: { CustomerReceipt: { Items: { amount: number }[] } } })
            .cloudPayments.CustomerReceipt.Items;
        expect(items.map(item => item.amount)).toEqual([3500]);
        expect(standIn.unauthorized).toBe(0);

        const [charged] = transactionsOf(input.key);
        expect(charged).toMatchObject({ Status: 'Completed', amountMinor: 350000, AccountId: 'payer-41' });
        expect(outcome).toEqual({ status: 'succeeded', providerPaymentId: String(charged.TransactionId) });
    });

    // Every code of CloudPayments' list of decline codes, with what it means for the membership: `card`
    // when this card will never pay again, `money` when a later try may.
    const declines: [number, string, 'money' | 'card'][] = [
        [5001, 'call_issuer', 'money'],
        [5003, 'general_decline', 'money'],
        [5004, 'payment_method_restricted', 'card'],
        [5005, 'general_decline', 'money'],
        [5006, 'general_decline', 'money'],
        [5007, 'payment_method_restricted', 'card'],
        [5012, 'payment_method_restricted', 'card'],
        [5013, 'general_decline', 'money'],
        [5014, 'invalid_card_number', 'card'],
        [5015, 'invalid_card_number', 'card'],
        [5019, 'general_decline', 'money'],
        [5030, 'general_decline', 'money'],
        [5031, 'invalid_card_number', 'card'],
        [5033, 'card_expired', 'card'],
        [5034, 'fraud_suspected', 'card'],
        [5036, 'payment_method_restricted', 'card'],
        [5041, 'payment_method_restricted', 'card'],
        [5043, 'payment_method_restricted', 'card'],
        [5051, 'insufficient_funds', 'money'],
        [5054, 'card_expired', 'card'],
        [5057, 'payment_method_restricted', 'card'],
        [5058, 'payment_method_restricted', 'card'],
        [5059, 'fraud_suspected', 'card'],
        [5061, 'payment_method_limit_exceeded', 'money'],
        [5062, 'payment_method_restricted', 'card'],
        [5063, 'payment_method_restricted', 'card'],
        [5065, 'payment_method_limit_exceeded', 'money'],
        [5082, 'invalid_csc', 'money'],
        [5091, 'issuer_unavailable', 'money'],
        [5092, 'issuer_unavailable', 'money'],
        [5096, 'general_decline', 'money'],
        [5204, 'general_decline', 'money'],
        [5206, '3d_secure_failed', 'money'],
        [5207, '3d_secure_failed', 'money'],
        [5300, 'payment_method_limit_exceeded', 'money'],
        // A code not in the list: a decline not the card's.
        [5999, 'general_decline', 'money'],
    ];

    it.each(declines)('declined with ReasonCode %i: %s, for the %s', async (code, reason, cause) => {
        standIn.declineToken(token, code);
        try {
            const input = renewal(token);
            const outcome = await provider.chargeSaved?.(input);
            const [declined] = transactionsOf(input.key);
            expect(declined).toMatchObject({ Status: 'Declined', ReasonCode: code });
            expect(outcome).toEqual({
                status: 'declined',
                providerPaymentId: String(declined.TransactionId),
                reason,
                cause,
            });
        } finally {
            standIn.declineToken(token, null);
        }
    });

    it('is refused for good when CloudPayments refuses the request itself (Success false, no transaction)', async () => {
        const input = renewal('tk_not_a_token_of_this_account');
        const error = await provider.chargeSaved?.(input).catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(ProviderError);
        expect(error).toMatchObject({ retryable: false, message: 'Token not found' });
        expect(transactionsOf(input.key)).toEqual([]);
    });

    it('leaves the outcome unknown (retryable) on a 5xx or no answer, and nothing is charged', async () => {
        const input = renewal(token);
        standIn.failNext(503);
        const error = await provider.chargeSaved?.(input).catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(ProviderError);
        expect(error).toMatchObject({ retryable: true });
        expect(transactionsOf(input.key)).toEqual([]);
        // Never taken: asked about, it is missing, so that it may be asked again.
        expect(await provider.findCharge?.({ key: input.key, providerPaymentId: null, createdAt: new Date() })).toEqual(
            { status: 'missing' },
        );
    });

    it('finds a renewal whose answer was lost by its InvoiceId, and a repeat under its key charges nothing more', async () => {
        const input = renewal(token);
        standIn.loseNextAnswer();
        const error = await provider.chargeSaved?.(input).catch((caught: unknown) => caught);
        expect(error).toMatchObject({ retryable: true });
        const [charged] = transactionsOf(input.key);
        expect(charged.Status).toBe('Completed');

        const found = await provider.findCharge?.({ key: input.key, providerPaymentId: null, createdAt: new Date() });
        expect(found).toEqual({ status: 'succeeded', providerPaymentId: String(charged.TransactionId) });
        const finding = standIn.calls.filter(each => each.path === '/v2/payments/find').at(-1);
        expect(finding?.body).toEqual({ InvoiceId: input.key });

        // The same request again (the job's retry within CloudPayments' hour): the first outcome, once charged.
        expect(await provider.chargeSaved?.(input)).toEqual(found);
        expect(standIn.calls.filter(each => each.requestId === input.key).at(-1)?.replayed).toBe(true);
        expect(transactionsOf(input.key)).toHaveLength(1);
    });

    it('finds a declined renewal as declined, with its reason', async () => {
        standIn.declineToken(token, 5051);
        const input = renewal(token);
        try {
            standIn.loseNextAnswer();
            await expect(provider.chargeSaved?.(input)).rejects.toMatchObject({ retryable: true });
        } finally {
            standIn.declineToken(token, null);
        }
        const [declined] = transactionsOf(input.key);
        expect(await provider.findCharge?.({ key: input.key, providerPaymentId: null, createdAt: new Date() })).toEqual(
            {
                status: 'declined',
                providerPaymentId: String(declined.TransactionId),
                reason: 'insufficient_funds',
                cause: 'money',
            },
        );
    });
});
