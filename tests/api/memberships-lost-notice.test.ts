import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Membership } from '../../src/domain/api/memberships';
import type { Database, PaymentLink } from '../../src/domain/types';
import { addCustomer, freshPhone } from '../support/factories';
import { addRenewingPlan } from '../support/memberships';
import { checkoutId, testCards } from '../support/payOnline';
import { call, demoDb, login, removeDir, restClient, startServer, type RunningServer } from '../support/server';

/*
 * A membership's first payment whose notice never came, on both engines: the job that asks the provider
 * about payments ten minutes late learns it was paid, with the card it saved, and starts the membership
 * as the notice would have.
 */

const db = JSON.parse(readFileSync(demoDb, 'utf8')) as Database;
const plan = addRenewingPlan(db, 'Monthly, notice lost');
const payer = addCustomer(db, {
    firstName: 'Nora',
    lastName: 'Lost',
    phone: freshPhone(),
    email: 'nora.lost@example.test',
    locale: 'en',
});

let server: RunningServer;
let managerToken: string;
/** The server's clock runs this far ahead of the machine's: the test moves it past the notice's lateness. */
let offsetMs = 0;

beforeAll(async () => {
    server = await startServer({
        db,
        // The provider's notice would come in an hour: it is the job that asks.
        env: { TEST_PROVIDER_NOTICE_DELAY_MS: '3600000', PAYMENTS_EVERY_MS: '50' },
        clock: () => new Date(Date.now() + offsetMs),
    });
    managerToken = await login(server.url, 'manager');
});

afterAll(async () => {
    await server.stop();
    removeDir(server.dir);
});

describe('a membership whose first notice is lost', () => {
    it('starts when the job asks the provider, with the card it saved', async () => {
        const made = await call(server.url, '/api/memberships', {
            method: 'POST',
            token: managerToken,
            json: { customerId: payer.id, subscriptionId: plan.id },
        });
        expect(made.status, made.text).toBe(201);
        const link = made.body as unknown as PaymentLink;
        const begun = await call(server.url, `/api/public/payment-links/${link.id}/pay`, {
            method: 'POST',
            json: { consent: true },
        });
        expect(begun.status, begun.text).toBe(200);
        const paid = await call(server.url, `/api/public/test-checkout/${checkoutId(begun)}`, {
            method: 'POST',
            json: testCards.paid,
        });
        expect(paid.status).toBe(200);
        const manager = restClient(server.url, managerToken);
        const memberships = async () =>
            (
                await manager.getList('memberships', {
                    pagination: { page: 1, perPage: 10 },
                    sort: { field: 'id', order: 'ASC' },
                    filter: { customerId: payer.id },
                })
            ).data as unknown as Membership[];
        expect(await memberships()).toEqual([]);
        offsetMs = 11 * 60_000;
        await expect
            .poll(memberships, { timeout: 30_000 })
            .toEqual([expect.objectContaining({ status: 'active', payerId: payer.id, paymentLinkId: link.id })]);
        const [membership] = await memberships();
        const card = (await manager.getOne('paymentMethods', { id: membership.paymentMethodId! })).data;
        expect(card).toMatchObject({ status: 'active', title: 'Visa •• 4242' });
        expect(membership.consentId).toEqual(expect.any(Number));
    });
});
