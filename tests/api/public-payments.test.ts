import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataProvider } from 'ra-core';
import type { Database, Pass, Payment, PaymentLink } from '../../src/domain/types';
import { call, demoDb, login, removeDir, restClient, startServer, type RunningServer } from '../support/server';

let server: RunningServer;
let manager: DataProvider;
let managerToken: string;
/** A pending link whose expiry has passed but whose stored status still says pending. */
const staleLinkId = 'stale-link-for-tests-0000';

beforeAll(async () => {
    const db = JSON.parse(readFileSync(demoDb, 'utf8')) as Database;
    const pending = db.paymentLinks.find(link => link.status === 'pending') as PaymentLink;
    db.paymentLinks.push({ ...pending, id: staleLinkId, expiresAt: '2026-01-01T00:00:00.000Z' });
    server = await startServer({ db });
    managerToken = await login(server.url, 'manager');
    manager = restClient(server.url, managerToken);
});

afterAll(async () => {
    await server.stop();
    removeDir(server.dir);
});

const testCard = { cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' };
const read = (id: string) => call(server.url, `/api/public/payment-links/${id}`);
const pay = (id: string, card: object = testCard) =>
    call(server.url, `/api/public/payment-links/${id}/pay`, { method: 'POST', json: card });

/** Pays from another loopback address (127.0.0.x), as someone elsewhere would: the server counts attempts by address. */
const payFrom = (localAddress: string, id: string, card: object = testCard) =>
    new Promise<{ status: number; body: Record<string, unknown> }>((resolve, reject) => {
        const json = JSON.stringify(card);
        const headers = { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(json)) };
        const sent = httpRequest(
            `${server.url}/api/public/payment-links/${id}/pay`,
            { method: 'POST', localAddress, headers },
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
        sent.end(json);
    });
const declinedCard = (attempt: number) => ({
    ...testCard,
    cardNumber: `4000 0000 0000 ${String(attempt).padStart(4, '0')}`,
});

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
            locale: 'ru',
            // No PUBLIC_URL: the test provider, which takes no money, and the page says so.
            payments: 'test',
        });
        expect(JSON.stringify(body)).not.toContain(customer.lastName);
        expect(JSON.stringify(body)).not.toContain(customer.phone);
    });

    it('answers 404 for a link that does not exist', async () => {
        expect((await read('no-such-link')).status).toBe(404);
        expect((await pay('no-such-link')).status).toBe(404);
    });

    it('declines another card with a message on the card number, and changes nothing', async () => {
        const link = await newLink();
        const declined = await pay(link.id, { ...testCard, cardNumber: '4000 0000 0000 0002' });
        expect(declined).toMatchObject({
            status: 400,
            body: { errors: { cardNumber: 'app.payment_page.errors.declined' } },
        });
        expect(await pay(link.id, { cardNumber: '12' })).toMatchObject({
            status: 400,
            body: { errors: { cardNumber: 'app.payment_page.errors.card_number' } },
        });
        expect((await read(link.id)).body.status).toBe('pending');
        expect(await all<Payment>('payments', { paymentLinkId: link.id })).toEqual([]);
    });

    it('pays once: sells the pass, records an online payment, and a second pay is a 409', async () => {
        const link = await newLink(22, 5);
        const passesBefore = await all<Pass>('passes', { customerId: 22 });
        const paid = await pay(link.id);
        expect(paid).toMatchObject({ status: 200, body: { status: 'paid', planName: 'Безлимит на месяц' } });

        const { data: stored } = await manager.getOne('paymentLinks', { id: link.id });
        expect(stored).toMatchObject({
            status: 'paid',
            paymentId: expect.any(Number),
            passId: expect.any(Number),
            paidAt: expect.any(String),
        });
        const { data: payment } = await manager.getOne('payments', { id: stored.paymentId });
        expect(payment).toMatchObject({
            customerId: 22,
            kind: 'payment',
            method: 'online',
            amount: 9000,
            paymentLinkId: link.id,
            passId: stored.passId,
            // Taken by nobody on the staff: the customer paid on the payment page.
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

        expect(await pay(link.id)).toMatchObject({
            status: 409,
            body: { errors: { status: 'app.money.errors.link_paid' } },
        });
        expect((await all<Pass>('passes', { customerId: 22 })).length).toBe(passesBefore.length + 1);
        expect((await read(link.id)).body.status).toBe('paid');
    });

    it('two pays at the same moment: one succeeds, the other is a 409, one pass', async () => {
        const link = await newLink(23, 2);
        const passesBefore = await all<Pass>('passes', { customerId: 23 });
        const answers = await Promise.all([pay(link.id), pay(link.id), pay(link.id)]);
        expect(answers.map(answer => answer.status).sort()).toEqual([200, 409, 409]);
        expect((await all<Pass>('passes', { customerId: 23 })).length).toBe(passesBefore.length + 1);
        expect((await all<Payment>('payments', { paymentLinkId: link.id })).length).toBe(1);
    });

    it('a cancelled or expired link cannot be paid and reads as such everywhere', async () => {
        const cancelled = await newLink();
        await call(server.url, `/api/paymentLinks/${cancelled.id}/cancel`, {
            method: 'POST',
            token: managerToken,
        });
        expect(await pay(cancelled.id)).toMatchObject({
            status: 409,
            body: { errors: { status: 'app.money.errors.link_cancelled' } },
        });
        expect((await read(cancelled.id)).body.status).toBe('cancelled');

        expect((await read(staleLinkId)).body.status).toBe('expired');
        expect((await manager.getOne('paymentLinks', { id: staleLinkId })).data.status).toBe('expired');
        expect(await pay(staleLinkId)).toMatchObject({
            status: 409,
            body: { errors: { status: 'app.money.errors.link_expired' } },
        });
        expect(await all<Payment>('payments', { paymentLinkId: [cancelled.id, staleLinkId] })).toEqual([]);
    });

    it('stops card testing: after 10 attempts on one link the next is a 429, and nothing is paid', async () => {
        const link = await newLink(24, 3);
        for (let attempt = 0; attempt < 10; attempt++) {
            expect(
                (
                    await pay(link.id, {
                        ...testCard,
                        cardNumber: `4000 0000 0000 00${String(attempt).padStart(2, '0')}`,
                    })
                ).status,
            ).toBe(400);
        }
        const limited = await pay(link.id);
        expect(limited).toMatchObject({
            status: 429,
            body: { errors: { cardNumber: 'app.payment_page.errors.too_many' } },
        });
        expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0);
        expect((await read(link.id)).body.status).toBe('pending');
        expect(await all<Payment>('payments', { paymentLinkId: link.id })).toEqual([]);
        // Another link of the studio is not held hostage by one link's attempts.
        expect((await pay((await newLink(25, 3)).id)).status).toBe(200);
    });

    it('counts declined cards per link and address: someone declining cards elsewhere does not lock the customer out', async () => {
        const link = await newLink(26, 3);
        for (let attempt = 0; attempt < 10; attempt++)
            expect((await payFrom('127.0.0.2', link.id, declinedCard(attempt))).status).toBe(400);
        expect(await payFrom('127.0.0.2', link.id)).toMatchObject({
            status: 429,
            body: { errors: { cardNumber: 'app.payment_page.errors.too_many' } },
        });
        expect(await all<Payment>('payments', { paymentLinkId: link.id })).toEqual([]);
        // The customer, from their own address, pays.
        expect(await pay(link.id)).toMatchObject({ status: 200, body: { status: 'paid' } });
    });

    it('stops an address that declines cards on many links, on every link, and nobody else', async () => {
        const links = await Promise.all([1, 2, 3].map(() => newLink(27, 3)));
        for (const [index, link] of links.entries()) {
            for (let attempt = 0; attempt < 10; attempt++)
                expect((await payFrom('127.0.0.3', link.id, declinedCard(index * 10 + attempt))).status).toBe(400);
        }
        const fresh = await newLink(27, 3);
        expect((await payFrom('127.0.0.3', fresh.id)).status).toBe(429);
        expect((await payFrom('127.0.0.4', fresh.id)).status).toBe(200);
    });
});
