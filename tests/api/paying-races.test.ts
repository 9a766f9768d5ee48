import { once } from 'node:events';
import { copyFileSync, mkdtempSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { systemClock } from '../../src/domain/time';
import type { PaymentLink, StoredUser } from '../../src/domain/types';
import type { AuthenticatedRequest } from '../../src/server/http/auth';
import { collectionRoutes } from '../../src/server/routes/crud';
import { errorHandler } from '../../src/server/http/errors';
import { moneyRoutes } from '../../src/server/routes/money';
import type {
    ChargeRequest,
    PaymentProvider,
    RefundRequest,
    RefundResult,
} from '../../src/server/routes/paymentProvider';
import { publicPaymentRoutes } from '../../src/server/routes/publicPayments';
import { openStorage, type Storage } from '../../src/server/storage';
import { call, demoDb, removeDir } from '../support/server';

/*
 * What happens to a link while its card is with the provider. The server runs in this process, over HTTP,
 * with a provider that holds each charge until the test lets it answer, so that the test can act in
 * between: through the API as staff would, or on the database directly as a hand edit of db.json would.
 */

let dir: string;
let storage: Storage;
let http: Server;
let url: string;

const charges: ChargeRequest[] = [];
const refunds: RefundRequest[] = [];
let refundAnswer: RefundResult;
let held: { arrive: () => void; released: Promise<void> } | undefined;

/** Holds the next charge: answers when it reached the provider, and the function that lets it answer. */
const holdNextCharge = () => {
    let arrive = () => {};
    let release = () => {};
    const arrived = new Promise<void>(resolve => (arrive = resolve));
    held = { arrive, released: new Promise<void>(resolve => (release = resolve)) };
    return { arrived, release };
};

const provider: PaymentProvider = {
    name: 'held card',
    charge: async request => {
        charges.push(request);
        const hold = held;
        held = undefined;
        if (hold) {
            hold.arrive();
            await hold.released;
        }
        return { approved: true, reference: `charge_${charges.length}` };
    },
    refund: async request => {
        refunds.push(request);
        return refundAnswer;
    },
};

beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'studio-paying-'));
    copyFileSync(demoDb, join(dir, 'db.json'));
    storage = await openStorage({ file: join(dir, 'db.json'), watchIntervalMs: 0 });
    const [manager] = (await storage.select('users', { role: 'manager' })) as StoredUser[];
    const api = express.Router();
    api.use(express.json());
    api.use(publicPaymentRoutes(storage, { provider, mode: 'test', publicAddress: false }, systemClock));
    // Signed in as the demo manager: signing in is not what these tests are about.
    api.use((req, _res, next) => {
        (req as AuthenticatedRequest).user = manager;
        next();
    });
    api.use(moneyRoutes(storage, systemClock));
    api.use(collectionRoutes(storage, systemClock));
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
    refundAnswer = { refunded: true, reference: 'refund' };
});

const testCard = { cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' };
const pay = (id: string) => call(url, `/api/public/payment-links/${id}/pay`, { method: 'POST', json: testCard });

const newLink = async (): Promise<PaymentLink> => {
    const { status, body } = await call(url, '/api/paymentLinks', {
        method: 'POST',
        json: { customerId: 21, subscriptionId: 3 },
    });
    expect(status).toBe(201);
    return body as unknown as PaymentLink;
};

const linkNow = async (id: string) => (await storage.get('paymentLinks', id)) as PaymentLink;
const paymentsOf = (id: string) => storage.select('payments', { paymentLinkId: id });
/** A change of the stored link behind the API's back, as a hand edit of db.json makes it. */
const editByHand = (id: string, change: Partial<PaymentLink>) =>
    storage.transaction(async tx => tx.update('paymentLinks', { ...(await linkNow(id)), ...change }));

describe('a link being paid', () => {
    it('refuses edits, cancelling and deleting with 409 until the provider answers, then records what was charged', async () => {
        const link = await newLink();
        const hold = holdNextCharge();
        const paying = pay(link.id);
        await hold.arrived;
        const busy = { status: 409, body: { errors: { status: 'app.money.errors.link_paying' } } };
        expect(await call(url, `/api/paymentLinks/${link.id}`, { method: 'PUT', json: { amount: 100 } })).toMatchObject(
            busy,
        );
        expect(await call(url, `/api/paymentLinks/${link.id}/cancel`, { method: 'POST', json: {} })).toMatchObject(
            busy,
        );
        expect(await pay(link.id)).toMatchObject(busy);
        hold.release();
        expect(await paying).toMatchObject({ status: 200, body: { status: 'paid', amount: 5200 } });
        expect(charges.at(-1)).toMatchObject({ amount: 5200 });
        const [payment] = await paymentsOf(link.id);
        expect(payment).toMatchObject({
            amount: 5200,
            kind: 'payment',
            method: 'online',
            note: `held card charge_${charges.length}`,
        });
        expect(await linkNow(link.id)).toMatchObject({ status: 'paid', amount: 5200, paymentId: payment.id });
        // Once paid it is closed for good; while it was pending, edits went through.
        expect((await call(url, `/api/paymentLinks/${link.id}`, { method: 'PUT', json: { amount: 100 } })).status).toBe(
            409,
        );
        const other = await newLink();
        expect(
            await call(url, `/api/paymentLinks/${other.id}`, { method: 'PUT', json: { amount: 100 } }),
        ).toMatchObject({ status: 200, body: { amount: 100 } });
    });

    it('is paid even if it expired while the provider was answering: the customer paid while it was open', async () => {
        const link = await newLink();
        const hold = holdNextCharge();
        const paying = pay(link.id);
        await hold.arrived;
        await editByHand(link.id, { expiresAt: new Date(Date.now() - 1000).toISOString() });
        hold.release();
        expect(await paying).toMatchObject({ status: 200, body: { status: 'paid' } });
        expect(await paymentsOf(link.id)).toMatchObject([{ amount: 5200 }]);
        expect(refunds).toEqual([]);
    });

    it('gives the charge back and answers 409 when the link was cancelled meanwhile, recording nothing', async () => {
        const link = await newLink();
        const hold = holdNextCharge();
        const paying = pay(link.id);
        await hold.arrived;
        await editByHand(link.id, { status: 'cancelled' });
        hold.release();
        expect(await paying).toMatchObject({
            status: 409,
            body: { refunded: true, errors: { status: 'app.money.errors.link_cancelled' } },
        });
        expect(refunds.at(-1)).toEqual({ reference: `charge_${charges.length}`, amount: 5200, currency: 'RUB' });
        expect(await paymentsOf(link.id)).toEqual([]);
        expect(await linkNow(link.id)).toMatchObject({ status: 'cancelled', paymentId: null, passId: null });
    });

    it('gives the charge back when the amount changed meanwhile, and the next pay charges and records the new amount', async () => {
        const link = await newLink();
        const hold = holdNextCharge();
        const paying = pay(link.id);
        await hold.arrived;
        await editByHand(link.id, { amount: 3000 });
        hold.release();
        expect(await paying).toMatchObject({ status: 409, body: { refunded: true } });
        expect(refunds.at(-1)).toMatchObject({ amount: 5200 });
        expect(await paymentsOf(link.id)).toEqual([]);

        expect(await pay(link.id)).toMatchObject({ status: 200, body: { status: 'paid', amount: 3000 } });
        expect(charges.at(-1)).toMatchObject({ amount: 3000 });
        expect(await paymentsOf(link.id)).toMatchObject([{ amount: 3000 }]);
    });

    it('records the charge against the link as it was charged when the provider cannot give it back', async () => {
        const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
        refundAnswer = { refunded: false, reason: 'provider unavailable' };
        const link = await newLink();
        const hold = holdNextCharge();
        const paying = pay(link.id);
        await hold.arrived;
        await editByHand(link.id, { status: 'cancelled', amount: 3000 });
        hold.release();
        expect(await paying).toMatchObject({ status: 200, body: { status: 'paid' } });
        const [payment] = await paymentsOf(link.id);
        expect(payment).toMatchObject({
            amount: 5200,
            customerId: 21,
            note: expect.stringContaining('could not be given back'),
        });
        const pass = await storage.get('passes', payment.passId as number);
        expect(pass).toMatchObject({ price: 5200, paymentId: payment.id, customerId: 21 });
        expect(await linkNow(link.id)).toMatchObject({
            status: 'paid',
            amount: 5200,
            paymentId: payment.id,
            passId: pass?.id,
        });
        expect(errors).toHaveBeenCalledWith(expect.stringContaining('could not be given back (provider unavailable)'));
        errors.mockRestore();
    });
});
