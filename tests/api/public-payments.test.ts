import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataProvider } from 'ra-core';
import type { Database, OnlinePayment, Pass, Payment, PaymentLink } from '../../src/domain/types';
import { testSignature } from '../../src/server/payments/signatures';
import { call, demoDb, login, removeDir, restClient, startServer, type RunningServer } from '../support/server';
import { beginPayment, checkoutId, payOnline, readAttempt, settledView, testCards } from '../support/payOnline';

/*
 * Paying a payment link online with the built-in test provider, through HTTP as the page and the
 * provider's checkout page do: the payment is recorded only from the provider's signed notice, once.
 */

let server: RunningServer;
let manager: DataProvider;
let managerToken: string;
/** The server's clock runs this far ahead of the machine's: a test moves it past a link's expiry. */
let offsetMs = 0;
/** The key the test provider signs its notices with: the tests sign their own (repeated, forged) with it. */
const secret = 'test-provider-secret-for-the-tests';
/** A pending link whose expiry has passed but whose stored status still says pending. */
const staleLinkId = 'stale-link-for-tests-0000';

beforeAll(async () => {
    const db = JSON.parse(readFileSync(demoDb, 'utf8')) as Database;
    const pending = db.paymentLinks.find(link => link.status === 'pending') as PaymentLink;
    db.paymentLinks.push({ ...pending, id: staleLinkId, expiresAt: '2026-01-01T00:00:00.000Z' });
    server = await startServer({
        db,
        env: { TEST_PROVIDER_SECRET: secret, PAYMENT_LATE_GRACE_MINUTES: '30' },
        clock: () => new Date(Date.now() + offsetMs),
    });
    managerToken = await login(server.url, 'manager');
    manager = restClient(server.url, managerToken);
});

afterAll(async () => {
    await server.stop();
    removeDir(server.dir);
});

const read = (id: string) => call(server.url, `/api/public/payment-links/${id}`);
const begin = (id: string) => beginPayment(server.url, id);
const checkout = (paymentId: string, card: object = testCards.paid) =>
    call(server.url, `/api/public/test-checkout/${paymentId}`, { method: 'POST', json: card });

/** Posts a notice to the provider route as the test provider would, signed with `key`. */
const notice = (body: object, key = secret) => {
    const raw = JSON.stringify(body);
    return call(server.url, '/api/public/providers/test', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Test-Signature': testSignature(raw, key) },
        body: raw,
    });
};

/** Begins a payment from another loopback address (127.0.0.x), as someone elsewhere would. */
const beginFrom = (localAddress: string, id: string) =>
    new Promise<{ status: number; body: Record<string, unknown> }>((resolve, reject) => {
        const sent = httpRequest(
            `${server.url}/api/public/payment-links/${id}/pay`,
            { method: 'POST', localAddress, headers: { 'Content-Type': 'application/json', 'Content-Length': '2' } },
            response => {
                let text = '';
                response.setEncoding('utf8');
                response.on('data', (chunk: string) => (text += chunk));
                response.on('end', () =>
                    resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as Record<string, unknown> }),
                );
            },
        );
        sent.on('error', reject);
        sent.end('{}');
    });

/** Begins a payment from `address` and declines its card: a payer trying cards that do not pay. */
const declineFrom = async (address: string, id: string) => {
    const begun = await beginFrom(address, id);
    if (begun.status !== 200) return begun.status;
    const paymentId = String(begun.body.confirmationUrl).split('/').pop() as string;
    expect((await checkout(paymentId, testCards.declined)).status).toBe(200);
    await settledView(server.url, id, String(begun.body.attemptId));
    return begun.status;
};

const newLink = async (customerId = 21, subscriptionId = 3) =>
    (await manager.create('paymentLinks', { data: { customerId, subscriptionId, description: 'Renewal' } }))
        .data as unknown as PaymentLink;

const all = async <T>(collection: string, filter: object) =>
    (
        await manager.getList(collection, {
            pagination: { page: 1, perPage: 1000 },
            sort: { field: 'id', order: 'ASC' },
            filter,
        })
    ).data as unknown as T[];

const attemptOf = async (id: string) => (await manager.getOne('onlinePayments', { id })).data as OnlinePayment;

describe('the public payment link', () => {
    it('shows, with no sign-in, only what the page may show', async () => {
        const link = await newLink();
        const customer = (await manager.getOne('customers', { id: 21 })).data;
        const { status, body } = await read(link.id);
        expect(status).toBe(200);
        expect(body).toEqual({
            status: 'pending',
            studioName: 'Студия «Пульс»',
            purpose: 'sale',
            planName: '8 занятий',
            passName: null,
            penalty: null,
            amount: 5200,
            currency: 'RUB',
            description: 'Renewal',
            expiresAt: link.expiresAt,
            timezone: 'Europe/Moscow',
            firstName: customer.firstName,
            forName: null,
            locale: 'ru',
            // No PUBLIC_URL: the test provider, which takes no money, and the page says so.
            payments: 'test',
            // The customer has a phone: the receipt goes there, and the page asks for nothing.
            contactNeeded: false,
            attempt: null,
            // A sale starts no membership: no terms to agree to.
            membership: null,
        });
        expect(JSON.stringify(body)).not.toContain(customer.lastName);
        expect(JSON.stringify(body)).not.toContain(customer.phone);
    });

    it('answers 404 for a link that does not exist', async () => {
        expect((await read('no-such-link')).status).toBe(404);
        expect((await begin('no-such-link')).status).toBe(404);
        expect((await call(server.url, '/api/public/test-checkout/test_nothing')).status).toBe(404);
    });

    it("sends the payer to the provider's page with the receipt, offers the same payment again, and records nothing yet", async () => {
        const link = await newLink(21, 3);
        const customer = (await manager.getOne('customers', { id: 21 })).data;
        const begun = await begin(link.id);
        expect(begun).toMatchObject({
            status: 200,
            body: {
                attemptId: expect.stringMatching(/^[0-9a-f]{32}$/),
                confirmationUrl: expect.stringMatching(/^\/payments\/test-checkout\/test_/),
            },
        });
        // A reload or a second click: the same payment, not a second one.
        expect((await begin(link.id)).body).toEqual(begun.body);
        const page = await call(server.url, `/api/public/test-checkout/${checkoutId(begun)}`);
        expect(page.body).toEqual({
            id: checkoutId(begun),
            amount: '5200.00',
            currency: 'RUB',
            description: 'Студия «Пульс»: 8 занятий',
            status: 'pending',
            returnUrl: `/payments/link/${link.id}?attempt=${begun.body.attemptId}`,
            // The demo studio sends receipts (simplified taxation): to the customer's e-mail, else the phone.
            receiptTo: customer.email ?? customer.phone,
        });
        expect(await attemptOf(String(begun.body.attemptId))).toMatchObject({
            paymentLinkId: link.id,
            provider: 'test',
            providerPaymentId: checkoutId(begun),
            status: 'pending',
            amount: 5200,
            currency: 'RUB',
            customerId: 21,
            purpose: 'sale',
            paymentId: null,
        });
        expect((await readAttempt(server.url, link.id, String(begun.body.attemptId))).body).toMatchObject({
            status: 'pending',
            attempt: { status: 'pending', reason: null },
        });
        expect(await all<Payment>('payments', { paymentLinkId: link.id })).toEqual([]);
    });

    it('a declined or expired card leaves the link payable and records nothing; a card that is no test card is refused on the form', async () => {
        const link = await newLink();
        const declined = await payOnline(server.url, link.id, { card: testCards.declined });
        expect(declined.body).toMatchObject({
            status: 'pending',
            attempt: { status: 'declined', reason: 'insufficient_funds' },
        });
        const expired = await payOnline(server.url, link.id, { card: testCards.expired });
        // A declined payment is not offered again: Pay makes a new one.
        expect(expired.attemptId).not.toBe(declined.attemptId);
        expect(expired.body).toMatchObject({
            status: 'pending',
            attempt: { status: 'declined', reason: 'card_expired' },
        });
        const begun = await begin(link.id);
        expect(
            await checkout(checkoutId(begun), { ...testCards.paid, cardNumber: '4111 1111 1111 1111' }),
        ).toMatchObject({ status: 400, body: { errors: { cardNumber: 'app.test_checkout.errors.unknown_card' } } });
        expect(await checkout(checkoutId(begun), { cardNumber: '12' })).toMatchObject({
            status: 400,
            body: { errors: { cardNumber: 'app.payment_page.errors.card_number' } },
        });
        expect(await all<Payment>('payments', { paymentLinkId: link.id })).toEqual([]);
    });

    it('pays once: sells the pass, records an online payment, and a second pay is a 409', async () => {
        const link = await newLink(22, 5);
        const passesBefore = await all<Pass>('passes', { customerId: 22 });
        const paid = await payOnline(server.url, link.id);
        expect(paid).toMatchObject({
            status: 200,
            body: { status: 'paid', planName: 'Безлимит на месяц', attempt: { status: 'succeeded' } },
        });

        const { data: stored } = await manager.getOne('paymentLinks', { id: link.id });
        expect(stored).toMatchObject({
            status: 'paid',
            paymentId: expect.any(Number),
            passId: expect.any(Number),
            paidAt: expect.any(String),
        });
        const attempt = await attemptOf(paid.attemptId as string);
        expect(attempt).toMatchObject({
            status: 'succeeded',
            paymentId: stored.paymentId,
            settledAt: expect.any(String),
        });
        const { data: payment } = await manager.getOne('payments', { id: stored.paymentId });
        expect(payment).toMatchObject({
            customerId: 22,
            kind: 'payment',
            method: 'online',
            amount: 9000,
            paymentLinkId: link.id,
            passId: stored.passId,
            note: `test ${attempt.providerPaymentId}`,
            // Taken by nobody on the staff: the customer paid on the provider's page.
            createdBy: null,
        });
        const { data: pass } = await manager.getOne('passes', { id: stored.passId });
        expect(pass).toMatchObject({
            customerId: 22,
            subscriptionId: 5,
            visitsTotal: null,
            paymentId: payment.id,
            cancelled: false,
        });

        expect(await begin(link.id)).toMatchObject({
            status: 409,
            body: { errors: { status: 'app.money.errors.link_paid' } },
        });
        expect((await all<Pass>('passes', { customerId: 22 })).length).toBe(passesBefore.length + 1);
        expect((await read(link.id)).body.status).toBe('paid');
    });

    it('a notice that comes five times at once, and again later, records one payment and sells one pass', async () => {
        const link = await newLink(23, 2);
        const passesBefore = await all<Pass>('passes', { customerId: 23 });
        const begun = await begin(link.id);
        const body = {
            event: 'payment.succeeded',
            paymentId: checkoutId(begun),
            attemptId: begun.body.attemptId,
            amount: link.amount.toFixed(2),
            currency: 'RUB',
        };
        const answers = await Promise.all([1, 2, 3, 4, 5].map(() => notice(body)));
        expect(answers.map(answer => answer.status)).toEqual([200, 200, 200, 200, 200]);
        expect((await notice(body)).status).toBe(200);
        expect((await read(link.id)).body.status).toBe('paid');
        expect((await all<Pass>('passes', { customerId: 23 })).length).toBe(passesBefore.length + 1);
        expect((await all<Payment>('payments', { paymentLinkId: link.id })).length).toBe(1);
    });

    it('refuses a notice with a wrong signature, without one, or for another provider: nothing is recorded', async () => {
        const link = await newLink(24, 3);
        const begun = await begin(link.id);
        const body = {
            event: 'payment.succeeded',
            paymentId: checkoutId(begun),
            attemptId: begun.body.attemptId,
            amount: '5200.00',
            currency: 'RUB',
        };
        expect((await notice(body, 'not-the-secret')).status).toBe(401);
        const unsigned = await call(server.url, '/api/public/providers/test', { method: 'POST', json: body });
        expect(unsigned.status).toBe(401);
        expect((await call(server.url, '/api/public/providers/yookassa', { method: 'POST', json: body })).status).toBe(
            404,
        );
        expect(server.output()).toMatch(/A test notice from .* was refused: the signature is missing or wrong/);
        expect((await read(link.id)).body.status).toBe('pending');
        expect((await attemptOf(String(begun.body.attemptId))).status).toBe('pending');
        expect(await all<Payment>('payments', { paymentLinkId: link.id })).toEqual([]);
    });

    it('gives back a payment for a link cancelled while the payer was on the provider page, and the page says so', async () => {
        const link = await newLink(25, 3);
        const begun = await begin(link.id);
        await call(server.url, `/api/paymentLinks/${link.id}/cancel`, { method: 'POST', token: managerToken });
        expect((await checkout(checkoutId(begun))).status).toBe(200);
        const back = await settledView(server.url, link.id, String(begun.body.attemptId));
        expect(back.body).toMatchObject({
            status: 'cancelled',
            attempt: { status: 'refunded', reason: 'link_cancelled' },
        });
        expect(await attemptOf(String(begun.body.attemptId))).toMatchObject({
            status: 'refunded',
            reason: 'link_cancelled',
            refundKey: `${String(begun.body.attemptId)}-r1`,
            providerRefundId: expect.stringMatching(/^test_refund_/),
            paymentId: null,
        });
        expect(await all<Payment>('payments', { paymentLinkId: link.id })).toEqual([]);
        expect(server.output()).toMatch(/is given back: link_cancelled/);
    });

    it('takes a payment made shortly after the link expired (the payer was on the page), and gives back one made long after', async () => {
        const inGrace = await newLink(26, 3);
        const late = await newLink(26, 2);
        const soon = await begin(inGrace.id);
        const later = await begin(late.id);
        const ttl = Date.parse(inGrace.expiresAt) - Date.now();
        try {
            offsetMs = ttl + 10 * 60_000;
            expect((await read(inGrace.id)).body.status).toBe('expired');
            expect((await checkout(checkoutId(soon))).status).toBe(200);
            expect((await settledView(server.url, inGrace.id, String(soon.body.attemptId))).body).toMatchObject({
                status: 'paid',
            });
            offsetMs = ttl + 31 * 60_000;
            expect((await checkout(checkoutId(later))).status).toBe(200);
            expect((await settledView(server.url, late.id, String(later.body.attemptId))).body).toMatchObject({
                status: 'expired',
                attempt: { status: 'refunded', reason: 'link_expired' },
            });
        } finally {
            offsetMs = 0;
        }
        expect((await all<Payment>('payments', { paymentLinkId: inGrace.id })).length).toBe(1);
        expect(await all<Payment>('payments', { paymentLinkId: late.id })).toEqual([]);
    });

    it('a cancelled or expired link cannot be paid and reads as such everywhere', async () => {
        const cancelled = await newLink();
        await call(server.url, `/api/paymentLinks/${cancelled.id}/cancel`, {
            method: 'POST',
            token: managerToken,
        });
        expect(await begin(cancelled.id)).toMatchObject({
            status: 409,
            body: { errors: { status: 'app.money.errors.link_cancelled' } },
        });
        expect((await read(cancelled.id)).body.status).toBe('cancelled');

        expect((await read(staleLinkId)).body.status).toBe('expired');
        expect((await manager.getOne('paymentLinks', { id: staleLinkId })).data.status).toBe('expired');
        expect(await begin(staleLinkId)).toMatchObject({
            status: 409,
            body: { errors: { status: 'app.money.errors.link_expired' } },
        });
        expect(await all<Payment>('payments', { paymentLinkId: [cancelled.id, staleLinkId] })).toEqual([]);
    });

    it('counts payments begun per link and address: someone trying cards elsewhere does not lock the customer out', async () => {
        const link = await newLink(27, 3);
        for (let attempt = 0; attempt < 10; attempt++) expect(await declineFrom('127.0.0.2', link.id)).toBe(200);
        expect(await beginFrom('127.0.0.2', link.id)).toMatchObject({
            status: 429,
            body: { errors: { status: 'app.payment_page.errors.too_many' } },
        });
        expect(await all<Payment>('payments', { paymentLinkId: link.id })).toEqual([]);
        // The customer, from their own address, pays.
        expect(await payOnline(server.url, link.id)).toMatchObject({ status: 200, body: { status: 'paid' } });
    });

    it('stops an address that begins payments on many links, on every link, and nobody else', async () => {
        const links = await Promise.all([1, 2, 3].map(() => newLink(28, 3)));
        for (const link of links) {
            for (let attempt = 0; attempt < 10; attempt++) expect(await declineFrom('127.0.0.3', link.id)).toBe(200);
        }
        const fresh = await newLink(28, 3);
        expect((await beginFrom('127.0.0.3', fresh.id)).status).toBe(429);
        expect((await beginFrom('127.0.0.4', fresh.id)).status).toBe(200);
    });
});
