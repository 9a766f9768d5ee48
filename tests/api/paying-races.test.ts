import { once } from 'node:events';
import { copyFileSync, mkdtempSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OnlinePayment, PaymentLink, StoredUser } from '../../src/domain/types';
import type { AuthenticatedRequest } from '../../src/server/http/auth';
import { collectionRoutes } from '../../src/server/routes/crud';
import { errorHandler } from '../../src/server/http/errors';
import { moneyRoutes } from '../../src/server/money';
import { ProviderError, type CreatePaymentInput, type PaymentProvider } from '../../src/server/payments/provider';
import { settlement as settlementOf, type Settlement } from '../../src/server/payments/settle';
import { publicPaymentRoutes } from '../../src/server/payments/publicRoutes';
import { openStorage, type Storage } from '../../src/server/storage';
import { call, demoDb, removeDir } from '../support/server';

/*
 * What happens to a link while its payer is on the provider's page, and to payments whose notice is late
 * or lost. The server runs in this process, over HTTP, with a scripted provider: the test plays the
 * provider (its notices, its refunds' answers, what it says when asked) and acts in between, through the
 * API as staff would, or on the database directly as a hand edit of db.json would.
 */

let dir: string;
let storage: Storage;
let http: Server;
let url: string;
let settlement: Settlement;
/** The server's clock runs this far ahead: the job's "late" is ten minutes. */
let offsetMs = 0;
const log: string[] = [];

const created: CreatePaymentInput[] = [];
const refunds: { providerPaymentId: string; amountMinor: number; idempotenceKey: string }[] = [];
/** What the provider answers to a refund, or throws. */
let refundAnswer: () => Promise<Awaited<ReturnType<PaymentProvider['refund']>>>;
/** What the provider says of a payment when asked. */
const states = new Map<string, 'pending' | 'succeeded' | 'declined'>();
/** Payments the provider says it gave back, whatever it answers to a refund now. */
const refundedAtProvider = new Set<string>();
let createFails = false;

const provider: PaymentProvider = {
    name: 'test',
    createPayment: async input => {
        if (createFails) throw new ProviderError('unavailable', true);
        created.push(input);
        const id = `scripted_${created.length}`;
        states.set(id, 'pending');
        return { providerPaymentId: id, redirectUrl: `https://provider.example/${id}` };
    },
    handleNotice: async () => ({ verified: false, reason: 'not used here' }),
    answer: () => ({ status: 200, type: 'text/plain', body: '' }),
    refund: async request => {
        refunds.push(request);
        return refundAnswer();
    },
    fetchPayment: async (providerPaymentId, attemptId) => {
        const attempt = (await storage.get('onlinePayments', attemptId)) as OnlinePayment;
        return {
            status: states.get(providerPaymentId) ?? 'pending',
            amountMinor: Math.round(attempt.amount * 100),
            currency: 'RUB',
            refunded: refundedAtProvider.has(providerPaymentId),
        };
    },
};

beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'studio-paying-'));
    copyFileSync(demoDb, join(dir, 'db.json'));
    storage = await openStorage({ file: join(dir, 'db.json'), watchIntervalMs: 0 });
    const clock = () => new Date(Date.now() + offsetMs);
    settlement = settlementOf({
        storage,
        provider,
        clock,
        log: { info: () => undefined, warn: line => log.push(line), error: line => log.push(line) },
        lateGraceMs: 30 * 60_000,
    });
    const [manager] = (await storage.select('users', { role: 'manager' })) as StoredUser[];
    const api = express.Router();
    api.use(express.json());
    api.use(
        publicPaymentRoutes(
            storage,
            { provider, mode: 'live', publicAddress: true, noticeUrl: null },
            settlement,
            clock,
            {
                publicUrl: 'https://studio.example',
            },
        ),
    );
    // Signed in as the demo manager: signing in is not what these tests are about.
    api.use((req, _res, next) => {
        (req as AuthenticatedRequest).user = manager;
        next();
    });
    api.use(moneyRoutes(storage, clock, settlement));
    api.use(collectionRoutes(storage, clock));
    api.use(errorHandler);
    http = express().use('/api', api).listen(0, '127.0.0.1');
    await once(http, 'listening');
    url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});

afterAll(async () => {
    http.close();
    await storage.close();
    removeDir(dir);
});

beforeEach(() => {
    refundAnswer = async () => ({ status: 'succeeded', providerRefundId: `refund_${refunds.length}` });
    createFails = false;
    offsetMs = 0;
});

const begin = async (id: string) => {
    const begun = await call(url, `/api/public/payment-links/${id}/pay`, { method: 'POST', json: {} });
    expect(begun.status).toBe(200);
    const attemptId = String(begun.body.attemptId);
    return { attemptId, paymentId: (await attemptNow(attemptId)).providerPaymentId as string };
};

/** The provider's notice that the payment succeeded (or was declined), as a verified notice reaches settling. */
const notice = (
    { attemptId, paymentId }: { attemptId: string; paymentId: string },
    amountMinor: number,
    status: 'succeeded' | 'declined' = 'succeeded',
) => {
    states.set(paymentId, status);
    return settlement.settle({
        kind: 'payment',
        providerPaymentId: paymentId,
        attemptId,
        status,
        amountMinor,
        currency: 'RUB',
    });
};

const newLink = async (): Promise<PaymentLink> => {
    const { status, body } = await call(url, '/api/paymentLinks', {
        method: 'POST',
        json: { customerId: 21, subscriptionId: 3 },
    });
    expect(status).toBe(201);
    return body as unknown as PaymentLink;
};

const linkNow = async (id: string) => (await storage.get('paymentLinks', id)) as PaymentLink;
const attemptNow = async (id: string) => (await storage.get('onlinePayments', id)) as OnlinePayment;
const paymentsOf = (id: string) => storage.select('payments', { paymentLinkId: id });
/** A change of the stored link behind the API's back, as a hand edit of db.json makes it. */
const editByHand = (id: string, change: Partial<PaymentLink>) =>
    storage.transaction(async tx => tx.update('paymentLinks', { ...(await linkNow(id)), ...change }));

describe('a link while its payer is on the provider page', () => {
    it('asks the provider for the payment with its receipt, the way back and an idempotence key', async () => {
        const link = await newLink();
        const { attemptId } = await begin(link.id);
        expect(created.at(-1)).toMatchObject({
            attemptId,
            linkId: link.id,
            amountMinor: 520_000,
            currency: 'RUB',
            idempotenceKey: attemptId,
            returnUrl: `https://studio.example/payments/link/${link.id}?attempt=${attemptId}`,
            notifyUrl: 'https://studio.example/api/public/providers/test',
            expiresAt: new Date(link.expiresAt),
            receipt: {
                taxSystem: 'usn_income',
                items: [
                    { amountMinor: 520_000, quantity: 1, vat: 'none', paymentMode: 'full_payment', subject: 'service' },
                ],
            },
        });
    });

    it('stays editable: an amount changed meanwhile gives the payment back, and the next Pay asks and records the new amount', async () => {
        const link = await newLink();
        const first = await begin(link.id);
        expect(
            await call(url, `/api/paymentLinks/${link.id}`, { method: 'PUT', json: { ...link, amount: 3000 } }),
        ).toMatchObject({ status: 200, body: { amount: 3000 } });
        await notice(first, 520_000);
        expect(await attemptNow(first.attemptId)).toMatchObject({ status: 'refunded', reason: 'link_changed' });
        expect(refunds.at(-1)).toEqual({
            providerPaymentId: first.paymentId,
            amountMinor: 520_000,
            currency: 'RUB',
            receipt: expect.objectContaining({ items: [expect.objectContaining({ amountMinor: 520_000 })] }),
            idempotenceKey: `${first.attemptId}-r1`,
        });
        expect(await paymentsOf(link.id)).toEqual([]);

        const second = await begin(link.id);
        expect(second.attemptId).not.toBe(first.attemptId);
        expect(created.at(-1)).toMatchObject({ amountMinor: 300_000 });
        await notice(second, 300_000);
        expect(await paymentsOf(link.id)).toMatchObject([{ amount: 3000, method: 'online' }]);
        expect(await linkNow(link.id)).toMatchObject({ status: 'paid', amount: 3000 });
    });

    it('gives back a payment whose amount is not what was asked, and records nothing', async () => {
        const link = await newLink();
        const begun = await begin(link.id);
        await notice(begun, 100);
        expect(await attemptNow(begun.attemptId)).toMatchObject({ status: 'refunded', reason: 'amount_differs' });
        expect(await linkNow(link.id)).toMatchObject({ status: 'pending' });
    });

    it('records the payment against the link as it was paid when the provider refuses to give it back, and says so', async () => {
        refundAnswer = async () => ({ status: 'canceled', reason: 'provider refuses' });
        const link = await newLink();
        const begun = await begin(link.id);
        await editByHand(link.id, { status: 'cancelled', amount: 3000 });
        await notice(begun, 520_000);
        const [payment] = await paymentsOf(link.id);
        expect(payment).toMatchObject({
            amount: 5200,
            customerId: 21,
            note: expect.stringContaining('could not be given back'),
        });
        const pass = await storage.get('passes', payment.passId as number);
        expect(pass).toMatchObject({ price: 5200, paymentId: payment.id, customerId: 21 });
        expect(await linkNow(link.id)).toMatchObject({ status: 'paid', amount: 5200, paymentId: payment.id });
        expect(await attemptNow(begun.attemptId)).toMatchObject({ status: 'refund_failed', paymentId: payment.id });
        expect(log.join('\n')).toContain('could not be given back (provider refuses)');
    });

    it('records a payment it could not give back for a link paid another way as a payment of its own: nothing sold, the link kept', async () => {
        refundAnswer = async () => ({ status: 'canceled', reason: 'provider refuses' });
        const link = await newLink();
        const first = await begin(link.id);
        await notice(first, 520_000);
        const paid = await linkNow(link.id);
        const passesBefore = await storage.select('passes', { customerId: 21 });
        // A second payment begun before the first was paid (another device), paid after it.
        const second = { attemptId: '', paymentId: '' };
        await storage.transaction(async tx => {
            const attempt = (await tx.get('onlinePayments', first.attemptId)) as OnlinePayment;
            const copy = await tx.insert('onlinePayments', {
                ...attempt,
                id: 'f'.repeat(32),
                providerPaymentId: 'scripted_second',
                status: 'pending',
                paymentId: null,
                settledAt: null,
            });
            second.attemptId = copy.id;
            second.paymentId = 'scripted_second';
        });
        await notice(second, 520_000);
        expect(await attemptNow(second.attemptId)).toMatchObject({ status: 'refund_failed', reason: 'link_paid' });
        const payments = await paymentsOf(link.id);
        expect(payments).toHaveLength(2);
        expect(payments[1]).toMatchObject({
            amount: 5200,
            passId: null,
            note: expect.stringContaining('could not be given back'),
        });
        expect(await linkNow(link.id)).toEqual(paid);
        expect(await storage.select('passes', { customerId: 21 })).toHaveLength(passesBefore.length);
    });

    it('keeps a refund whose outcome is unknown, and the job asks again with the same key until it is given back', async () => {
        refundAnswer = async () => {
            throw new ProviderError('the provider did not answer', true);
        };
        const link = await newLink();
        const begun = await begin(link.id);
        await editByHand(link.id, { status: 'cancelled' });
        await notice(begun, 520_000);
        expect(await attemptNow(begun.attemptId)).toMatchObject({ status: 'refunding', reason: 'link_cancelled' });
        await settlement.reconcileOpen();
        expect(await attemptNow(begun.attemptId)).toMatchObject({ status: 'refunding' });
        refundAnswer = async () => ({ status: 'succeeded', providerRefundId: 'refund_late' });
        await settlement.reconcileOpen();
        expect(await attemptNow(begun.attemptId)).toMatchObject({
            status: 'refunded',
            providerRefundId: 'refund_late',
        });
        const keys = refunds.filter(refund => refund.providerPaymentId === begun.paymentId).map(r => r.idempotenceKey);
        expect(keys).toEqual([`${begun.attemptId}-r1`, `${begun.attemptId}-r1`, `${begun.attemptId}-r1`]);
        expect(await paymentsOf(link.id)).toEqual([]);
    });

    it('asks for one refund however often the notice of a payment to give back comes', async () => {
        refundAnswer = async () => ({ status: 'pending', providerRefundId: 'refund_under_way' });
        const link = await newLink();
        const begun = await begin(link.id);
        await editByHand(link.id, { status: 'cancelled' });
        await Promise.all([notice(begun, 520_000), notice(begun, 520_000), notice(begun, 520_000)]);
        await notice(begun, 520_000);
        expect(refunds.filter(refund => refund.providerPaymentId === begun.paymentId)).toHaveLength(1);
        expect(await attemptNow(begun.attemptId)).toMatchObject({
            status: 'refunding',
            providerRefundId: 'refund_under_way',
        });
    });

    it('takes a refund refused when asked again, but given back by an earlier ask, as given back', async () => {
        refundAnswer = async () => {
            throw new ProviderError('no answer', true);
        };
        const link = await newLink();
        const begun = await begin(link.id);
        await editByHand(link.id, { status: 'cancelled' });
        await notice(begun, 520_000);
        // The first ask went through after all; asked again past its key's lifetime, the provider refuses.
        refundedAtProvider.add(begun.paymentId);
        refundAnswer = async () => ({ status: 'canceled', reason: 'nothing left to refund' });
        await settlement.reconcileOpen();
        expect(await attemptNow(begun.attemptId)).toMatchObject({ status: 'refunded', paymentId: null });
        expect(await paymentsOf(link.id)).toEqual([]);
    });

    it('records a payment whose notice never came: the return page asks after a while, the job after ten minutes', async () => {
        const link = await newLink();
        const begun = await begin(link.id);
        states.set(begun.paymentId, 'succeeded');
        const read = (id: string, attemptId: string) =>
            call(url, `/api/public/payment-links/${id}?attempt=${attemptId}`);
        // At once, the page shows it processing: the notice may yet come.
        expect((await read(link.id, begun.attemptId)).body).toMatchObject({
            status: 'pending',
            attempt: { status: 'pending' },
        });
        offsetMs = 16_000;
        expect((await read(link.id, begun.attemptId)).body).toMatchObject({
            status: 'paid',
            attempt: { status: 'succeeded' },
        });

        const other = await newLink();
        const lost = await begin(other.id);
        states.set(lost.paymentId, 'succeeded');
        offsetMs = 11 * 60_000;
        expect(await settlement.reconcileOpen()).toBeGreaterThanOrEqual(1);
        expect(await linkNow(other.id)).toMatchObject({ status: 'paid' });
        // The notice comes after all: nothing more is recorded.
        await notice(lost, 520_000);
        expect(await paymentsOf(other.id)).toHaveLength(1);
    });

    it("records once when the payer's return page asks the provider at the moment its notice comes", async () => {
        const link = await newLink();
        const begun = await begin(link.id);
        states.set(begun.paymentId, 'succeeded');
        offsetMs = 16_000;
        const read = () => call(url, `/api/public/payment-links/${link.id}?attempt=${begun.attemptId}`);
        await Promise.all([read(), notice(begun, 520_000), read(), notice(begun, 520_000)]);
        expect(await paymentsOf(link.id)).toHaveLength(1);
        expect((await read()).body).toMatchObject({ status: 'paid', attempt: { status: 'succeeded' } });
    });

    it('ends as failed a payment the provider did not create, and the link stays payable', async () => {
        const link = await newLink();
        createFails = true;
        const refused = await call(url, `/api/public/payment-links/${link.id}/pay`, { method: 'POST', json: {} });
        expect(refused).toMatchObject({ status: 502, body: { errors: { status: 'app.payment_page.errors.failed' } } });
        const [attempt] = await storage.select('onlinePayments', { paymentLinkId: link.id });
        expect(attempt).toMatchObject({ status: 'failed', reason: 'unanswered' });
        createFails = false;
        const begun = await begin(link.id);
        await notice(begun, 520_000);
        expect(await linkNow(link.id)).toMatchObject({ status: 'paid' });
    });

    it('a declined payment leaves the link payable, and one nobody paid ends as failed once its link is long expired', async () => {
        const link = await newLink();
        const declined = await begin(link.id);
        await notice(declined, 520_000, 'declined');
        expect(await attemptNow(declined.attemptId)).toMatchObject({ status: 'declined', reason: 'declined' });
        const left = await begin(link.id);
        expect(left.attemptId).not.toBe(declined.attemptId);
        offsetMs = Date.parse(link.expiresAt) - Date.now() + 31 * 60_000;
        await settlement.reconcileOpen();
        expect(await attemptNow(left.attemptId)).toMatchObject({ status: 'failed', reason: 'expired' });
        expect(await paymentsOf(link.id)).toEqual([]);
    });
});

describe('a refund staff give of an online payment', () => {
    /** A link paid online through the scripted provider: its attempt and the ledger's payment. */
    const paidLink = async () => {
        const { body } = await call(url, '/api/paymentLinks', {
            method: 'POST',
            json: { customerId: 24, subscriptionId: 3 },
        });
        const link = body as unknown as PaymentLink;
        const begun = await begin(link.id);
        await notice(begun, 520_000);
        const [payment] = await paymentsOf(link.id);
        return { link, begun, payment };
    };
    const refund = (body: object) => call(url, '/api/payments/refund', { method: 'POST', json: body });
    const onlineRefunds = (linkId: string) => storage.select('payments', { paymentLinkId: linkId, kind: 'refund' });

    it('goes back through the provider with a refund receipt and a key of its own, and is recorded once it confirms', async () => {
        const { link, begun, payment } = await paidLink();
        const given = await refund({
            customerId: 24,
            amount: 2000,
            method: 'online',
            passId: payment.passId,
            note: 'moved away',
        });
        expect(given).toMatchObject({
            status: 201,
            body: { pending: false, payment: { kind: 'refund', amount: 2000 } },
        });
        expect(refunds.at(-1)).toMatchObject({
            providerPaymentId: begun.paymentId,
            amountMinor: 200_000,
            idempotenceKey: `${begun.attemptId}-s1`,
            receipt: expect.objectContaining({ items: [expect.objectContaining({ amountMinor: 200_000 })] }),
        });
        const [recorded] = await onlineRefunds(link.id);
        expect(recorded).toMatchObject({
            method: 'online',
            amount: 2000,
            passId: payment.passId,
            note: expect.stringMatching(/^test refund refund_\d+: moved away$/),
        });
        expect((await attemptNow(begun.attemptId)).refunds).toMatchObject([
            { key: `${begun.attemptId}-s1`, status: 'succeeded', paymentId: recorded.id, amount: 2000 },
        ]);
        // The rest, and no more: a second refund has its own key; a third finds nothing left.
        expect((await refund({ customerId: 24, amount: 3200, method: 'online' })).status).toBe(201);
        expect(refunds.at(-1)).toMatchObject({ idempotenceKey: `${begun.attemptId}-s2` });
        expect(await refund({ customerId: 24, amount: 1, method: 'online', passId: payment.passId })).toMatchObject({
            status: 409,
            body: { errors: { amount: 'app.money.errors.online_refund_split' }, most: 0 },
        });
    });

    it('is recorded only when the provider confirms a refund it took to think about, once', async () => {
        const { link, begun } = await paidLink();
        refundAnswer = async () => ({ status: 'pending', providerRefundId: 'refund_slow' });
        expect(await refund({ customerId: 24, amount: 1000, method: 'online' })).toMatchObject({
            status: 202,
            body: { pending: true },
        });
        expect(await onlineRefunds(link.id)).toEqual([]);
        expect(await attemptNow(begun.attemptId)).toMatchObject({ refundPending: true });
        const confirmed = {
            kind: 'refund' as const,
            providerPaymentId: begun.paymentId,
            providerRefundId: 'refund_slow',
            status: 'succeeded' as const,
            amountMinor: 100_000,
        };
        await settlement.settle(confirmed);
        await settlement.settle(confirmed);
        expect(await onlineRefunds(link.id)).toMatchObject([{ amount: 1000, note: 'test refund refund_slow' }]);
        expect(await attemptNow(begun.attemptId)).toMatchObject({ refundPending: false });
    });

    it('asks again with the same key when the outcome was unknown, and records nothing the provider refused', async () => {
        const { link, begun } = await paidLink();
        refundAnswer = async () => {
            throw new ProviderError('no answer', true);
        };
        expect((await refund({ customerId: 24, amount: 500, method: 'online' })).status).toBe(202);
        refundAnswer = async () => ({ status: 'succeeded', providerRefundId: 'refund_after_all' });
        await settlement.reconcileOpen();
        expect(await onlineRefunds(link.id)).toMatchObject([{ amount: 500 }]);
        const keys = refunds.filter(one => one.providerPaymentId === begun.paymentId).map(one => one.idempotenceKey);
        expect(keys).toEqual([`${begun.attemptId}-s1`, `${begun.attemptId}-s1`]);

        refundAnswer = async () => ({ status: 'canceled', reason: 'too old' });
        expect(await refund({ customerId: 24, amount: 500, method: 'online' })).toMatchObject({
            status: 409,
            body: { errors: { method: 'app.money.errors.online_refund_refused' } },
        });
        expect(await onlineRefunds(link.id)).toHaveLength(1);
        expect((await attemptNow(begun.attemptId)).refunds.at(-1)).toMatchObject({
            status: 'canceled',
            reason: 'too old',
        });
    });

    it('counts an online refund the provider has not confirmed yet: nothing more is given back meanwhile', async () => {
        // Customer 28 has paid nothing in the demo.
        const { body } = await call(url, '/api/paymentLinks', {
            method: 'POST',
            json: { customerId: 28, subscriptionId: 3 },
        });
        const link = body as unknown as PaymentLink;
        await notice(await begin(link.id), 520_000);
        refundAnswer = async () => ({ status: 'pending', providerRefundId: 'refund_waiting' });
        expect((await refund({ customerId: 28, amount: 5200, method: 'online' })).status).toBe(202);
        expect(await refund({ customerId: 28, amount: 100, method: 'cash' })).toMatchObject({
            status: 400,
            body: { errors: { amount: 'app.money.errors.refund_too_large' } },
        });
    });

    it("refuses more than one payment's card can take back in one refund", async () => {
        const customer = 25;
        const links = await Promise.all(
            [1, 2].map(async () => {
                const { body } = await call(url, '/api/paymentLinks', {
                    method: 'POST',
                    json: { customerId: customer, subscriptionId: 3 },
                });
                return body as unknown as PaymentLink;
            }),
        );
        for (const link of links) await notice(await begin(link.id), 520_000);
        expect(await refund({ customerId: customer, amount: 6000, method: 'online' })).toMatchObject({
            status: 409,
            body: { errors: { amount: 'app.money.errors.online_refund_split' }, most: 5200 },
        });
        expect((await refund({ customerId: customer, amount: 5200, method: 'online' })).status).toBe(201);
    });
});
