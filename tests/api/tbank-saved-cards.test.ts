import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderError, type ChargeInput, type Notice, type PaymentProvider } from '../../src/server/payments/provider';
import { receiptFor } from '../../src/server/payments/receipts';
import { tbankToken } from '../../src/server/payments/signatures';
import { tbankProvider } from '../../src/server/payments/tbank';
import { startTbank, type TbankStandIn } from '../support/tbank';

/*
 * T-Bank saving a membership's card and charging it at renewals, the adapter against the local stand-in
 * over real HTTP: the first Init asks Recurrent "Y" on the payer's CustomerKey, its paid notice's RebillId
 * becomes the saved card, and each renewal is Init under the renewal's key (initiated by the studio) then
 * Charge with the RebillId, every request signed; a decline is read by T-Bank's card error codes, and a
 * renewal whose answer was lost is found by its OrderId and never charged twice.
 */

const receipt = receiptFor({
    description: 'Membership: Yoga monthly',
    amountMinor: 350000,
    contact: { phone: '+79001234567' },
    settings: { taxSystem: 'usn_income', vat: 'none', paymentMode: 'full_payment' },
});

let standIn: TbankStandIn;
let provider: PaymentProvider;
let noticeServer: Server;
let noticeUrl: string;
/** The notices T-Bank posted, as the server's notice route receives them. */
const received: Buffer[] = [];

/** The notices received since `from`, read by the provider. */
const readNotices = async (from: number) => {
    const notices: Notice[] = [];
    for (const raw of received.slice(from)) {
        const verdict = await provider.handleNotice(raw, { 'content-type': 'application/json' }, '127.0.0.1');
        if (!verdict.verified) throw new Error(`A T-Bank notice was not believed: ${verdict.reason}`);
        notices.push(verdict.notice);
    }
    return notices;
};

let attempts = 0;
/** A first payment of a membership, made and paid on T-Bank's page; answers its paid notice. */
const payFirst = async (saveCard: boolean) => {
    attempts += 1;
    const attemptId = `f${String(attempts).padStart(31, '0')}`;
    const { providerPaymentId } = await provider.createPayment({
        attemptId,
        linkId: '7',
        amountMinor: 350000,
        currency: 'RUB',
        description: 'Membership: Yoga monthly',
        receipt,
        returnUrl: 'https://studio.example.com/pay/7',
        notifyUrl: noticeUrl,
        expiresAt: new Date(Date.now() + 86_400_000),
        idempotenceKey: attemptId,
        ...(saveCard ? { saveCard: { payerKey: 'payer-41' } } : {}),
    });
    const from = received.length;
    await standIn.pay(providerPaymentId);
    const notices = await readNotices(from);
    const paid = notices.find(notice => notice.kind === 'payment') as Extract<Notice, { kind: 'payment' }>;
    const init = standIn.calls.find(each => each.method === 'Init' && each.body.OrderId === attemptId);
    return { attemptId, providerPaymentId, paid, init };
};

let renewals = 0;
const renewal = (token: string): ChargeInput => {
    renewals += 1;
    return {
        token,
        payerKey: 'payer-41',
        key: `m7-p${renewals}-a1-${Date.now().toString(36)}`,
        amountMinor: 350000,
        currency: 'RUB',
        description: 'Membership: Yoga monthly, 1 Jan – 31 Jan',
        receipt,
    };
};

/** The stand-in's requests of a method for an order or a payment. */
const callsOf = (method: string, match: (body: Record<string, unknown>) => boolean) =>
    standIn.calls.filter(each => each.method === method && match(each.body));
/** The payments T-Bank made for an OrderId. */
const paymentsOf = (orderId: string) =>
    callsOf('Init', body => body.OrderId === orderId).flatMap(each =>
        each.answer?.PaymentId ? [standIn.payment(String(each.answer.PaymentId))] : [],
    );

beforeAll(async () => {
    noticeServer = createServer((request, response) => {
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', () => {
            received.push(Buffer.concat(chunks));
            response.writeHead(200, { 'content-type': 'text/plain' });
            response.end('OK');
        });
    });
    noticeServer.listen(0, '127.0.0.1');
    await once(noticeServer, 'listening');
    noticeUrl = `http://127.0.0.1:${(noticeServer.address() as AddressInfo).port}/api/public/providers/tbank`;
    standIn = await startTbank();
    provider = tbankProvider({
        terminalKey: standIn.terminalKey,
        password: standIn.password,
        apiUrl: standIn.apiUrl,
        notifyUrl: noticeUrl,
    });
});

afterAll(async () => {
    await standIn?.stop();
    await new Promise(done => noticeServer?.close(done));
});

describe('the first payment of a membership through T-Bank', () => {
    it("asks Recurrent on the payer's CustomerKey, and its paid notice's RebillId becomes the saved card", async () => {
        const { attemptId, providerPaymentId, paid, init } = await payFirst(true);
        expect(init?.body).toMatchObject({
            OrderId: attemptId,
            Recurrent: 'Y',
            CustomerKey: 'payer-41',
            Amount: 350000,
        });
        expect(init?.body.Token).toBe(tbankToken(init?.body ?? {}, standIn.password));

        const rebillId = standIn.payment(providerPaymentId).rebillId as string;
        expect(standIn.rebills.get(rebillId)).toEqual({ customerKey: 'payer-41' });
        expect(paid).toMatchObject({ status: 'succeeded', attemptId, providerPaymentId, amountMinor: 350000 });
        expect(paid.savedCard).toEqual({ token: rebillId, title: 'Visa •• 0777', expiresOn: '2030-11-30' });
    });

    it('saves nothing for a payment that did not ask', async () => {
        const { paid, init } = await payFirst(false);
        expect(init?.body).not.toHaveProperty('Recurrent');
        expect(init?.body).not.toHaveProperty('CustomerKey');
        expect(paid.status).toBe('succeeded');
        expect(paid.savedCard).toBeUndefined();
    });
});

describe('a renewal on a card T-Bank saved', () => {
    let rebillId: string;

    beforeAll(async () => {
        rebillId = (await payFirst(true)).paid.savedCard?.token as string;
    });

    it('is Init under the key (initiated by the studio) then Charge with the RebillId, both signed, and is paid', async () => {
        const input = renewal(rebillId);
        const from = received.length;
        const outcome = await provider.chargeSaved?.(input);

        const [init] = callsOf('Init', body => body.OrderId === input.key);
        expect(init.body).toMatchObject({
            TerminalKey: standIn.terminalKey,
            Amount: 350000,
            OrderId: input.key,
            Description: input.description,
            CustomerKey: 'payer-41',
            DATA: { OperationInitiatorType: 'R' },
            Receipt: { Phone: '+79001234567', Items: [{ Amount: 350000, Price: 350000, Quantity: 1 }] },
        });
        expect(init.body).not.toHaveProperty('Recurrent');
        expect(init.body.Token).toBe(tbankToken(init.body, standIn.password));
        const paymentId = String(init.answer?.PaymentId);
        const [charge] = callsOf('Charge', body => body.PaymentId === paymentId);
        expect(charge.body).toEqual({
            TerminalKey: standIn.terminalKey,
            PaymentId: paymentId,
            RebillId: rebillId,
            Token: tbankToken(charge.body, standIn.password),
        });
        expect(outcome).toEqual({ status: 'succeeded', providerPaymentId: paymentId });
        expect(standIn.payment(paymentId).status).toBe('CONFIRMED');

        // Its notice names the renewal's key as the attempt it settles.
        await standIn.idle();
        const notices = await readNotices(from);
        expect(notices).toContainEqual({
            kind: 'payment',
            providerPaymentId: paymentId,
            attemptId: input.key,
            status: 'succeeded',
            amountMinor: 350000,
            currency: 'RUB',
        });
    });

    // The card error codes of T-Bank's list, with what each means for the membership: `card` when this card
    // will never pay again, `money` when a later try may.
    const declines: [string, string, 'money' | 'card'][] = [
        ['101', '3d_secure_failed', 'money'],
        ['102', 'rejected', 'money'],
        ['103', 'insufficient_funds', 'money'],
        ['116', 'insufficient_funds', 'money'],
        ['119', 'payment_method_limit_exceeded', 'money'],
        ['1001', 'call_issuer', 'money'],
        ['1003', 'rejected', 'money'],
        ['1004', 'payment_method_restricted', 'card'],
        ['1005', 'rejected', 'money'],
        ['1006', 'call_issuer', 'money'],
        ['1007', 'payment_method_restricted', 'card'],
        ['1008', 'identification_required', 'money'],
        ['1012', 'payment_method_restricted', 'card'],
        ['1013', 'rejected', 'money'],
        ['1014', 'invalid_card_number', 'card'],
        ['1015', 'invalid_card_number', 'card'],
        ['1019', 'rejected', 'money'],
        ['1030', 'rejected', 'money'],
        ['1033', 'card_expired', 'card'],
        ['1034', 'rejected', 'money'],
        ['1038', 'payment_method_limit_exceeded', 'money'],
        ['1039', 'invalid_card_number', 'card'],
        ['1041', 'payment_method_restricted', 'card'],
        ['1043', 'payment_method_restricted', 'card'],
        ['1051', 'insufficient_funds', 'money'],
        ['1053', 'invalid_card_number', 'card'],
        ['1054', 'card_expired', 'card'],
        ['1055', 'rejected', 'money'],
        ['1057', 'payment_method_restricted', 'card'],
        ['1058', 'payment_method_restricted', 'card'],
        ['1059', 'fraud_suspected', 'card'],
        ['1061', 'payment_method_limit_exceeded', 'money'],
        ['1062', 'payment_method_restricted', 'card'],
        ['1063', 'payment_method_restricted', 'card'],
        ['1064', 'rejected', 'money'],
        ['1065', 'payment_method_limit_exceeded', 'money'],
        ['1075', 'payment_method_limit_exceeded', 'money'],
        ['1076', 'rejected', 'money'],
        ['1077', 'rejected', 'money'],
        ['1080', 'card_expired', 'card'],
        ['1082', 'invalid_csc', 'money'],
        ['1086', 'rejected', 'money'],
        ['1088', 'rejected', 'money'],
        ['1089', 'rejected', 'money'],
        ['1091', 'issuer_unavailable', 'money'],
        ['1092', 'rejected', 'money'],
        ['1093', 'fraud_suspected', 'card'],
        ['1094', 'rejected', 'money'],
        ['1096', 'rejected', 'money'],
        // A code not in the list: rejected, for money.
        ['9999', 'rejected', 'money'],
    ];

    it.each(declines)('REJECTED with error code %s: %s, for the %s', async (code, reason, cause) => {
        standIn.declineRebill(rebillId, code);
        try {
            const input = renewal(rebillId);
            const outcome = await provider.chargeSaved?.(input);
            const [payment] = paymentsOf(input.key);
            expect(payment).toMatchObject({ status: 'REJECTED', errorCode: code });
            expect(outcome).toEqual({ status: 'declined', providerPaymentId: payment.paymentId, reason, cause });
        } finally {
            standIn.declineRebill(rebillId, null);
        }
    });

    it('is refused for good when T-Bank refuses the request itself', async () => {
        const input = renewal('7777777777');
        const error = await provider.chargeSaved?.(input).catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(ProviderError);
        expect(error).toMatchObject({ retryable: false, code: '6' });
        expect(paymentsOf(input.key).map(payment => payment.status)).toEqual(['NEW']);
    });

    it('leaves the outcome unknown when Charge gets a 5xx; found missing, it is charged once when asked again', async () => {
        const input = renewal(rebillId);
        standIn.failNext(503, 1, 'Charge');
        const error = await provider.chargeSaved?.(input).catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(ProviderError);
        expect(error).toMatchObject({ retryable: true });
        const [payment] = paymentsOf(input.key);
        expect(payment.status).toBe('NEW');

        // No PaymentId known: the order's payments, found by the key, were never charged.
        expect(await provider.findCharge?.({ key: input.key, providerPaymentId: null, createdAt: new Date() })).toEqual(
            { status: 'missing' },
        );
        expect(callsOf('CheckOrder', body => body.OrderId === input.key).at(-1)?.body).toMatchObject({
            TerminalKey: standIn.terminalKey,
            OrderId: input.key,
        });

        // Asked again under the same key: T-Bank refuses a second Init of the order, and its payment is charged.
        expect(await provider.chargeSaved?.(input)).toEqual({
            status: 'succeeded',
            providerPaymentId: payment.paymentId,
        });
        expect(callsOf('Init', body => body.OrderId === input.key).map(each => each.answer?.ErrorCode)).toEqual([
            '0',
            '20',
        ]);
        expect(paymentsOf(input.key)).toHaveLength(1);
    });

    it('finds a renewal whose Charge answer was lost, by its key or its PaymentId, and never charges it twice', async () => {
        const input = renewal(rebillId);
        standIn.loseNextAnswer('Charge');
        await expect(provider.chargeSaved?.(input)).rejects.toMatchObject({ retryable: true });
        const [payment] = paymentsOf(input.key);
        expect(payment.status).toBe('CONFIRMED');
        const charged = { status: 'succeeded', providerPaymentId: payment.paymentId };

        expect(await provider.findCharge?.({ key: input.key, providerPaymentId: null, createdAt: new Date() })).toEqual(
            charged,
        );
        expect(
            await provider.findCharge?.({
                key: input.key,
                providerPaymentId: payment.paymentId,
                createdAt: new Date(),
            }),
        ).toEqual(charged);
        expect(callsOf('GetState', body => body.PaymentId === payment.paymentId)).toHaveLength(1);

        // The job asking again under the same key: the paid payment is told, no second Charge is sent.
        expect(await provider.chargeSaved?.(input)).toEqual(charged);
        expect(callsOf('Charge', body => body.PaymentId === payment.paymentId)).toHaveLength(1);
    });

    it('finds a declined renewal as declined, with its error code read from the order', async () => {
        standIn.declineRebill(rebillId, '1054');
        const input = renewal(rebillId);
        try {
            standIn.loseNextAnswer('Charge');
            await expect(provider.chargeSaved?.(input)).rejects.toMatchObject({ retryable: true });
        } finally {
            standIn.declineRebill(rebillId, null);
        }
        const [payment] = paymentsOf(input.key);
        const declined = {
            status: 'declined',
            providerPaymentId: payment.paymentId,
            reason: 'card_expired',
            cause: 'card',
        };
        expect(await provider.findCharge?.({ key: input.key, providerPaymentId: null, createdAt: new Date() })).toEqual(
            declined,
        );
        expect(
            await provider.findCharge?.({
                key: input.key,
                providerPaymentId: payment.paymentId,
                createdAt: new Date(),
            }),
        ).toEqual(declined);
    });
});
