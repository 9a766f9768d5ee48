import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataProvider } from 'ra-core';
import type { OnlinePayment, PaymentLink } from '../../src/domain/types';
import { freshPhone } from '../support/factories';
import { beginPayment } from '../support/payOnline';
import {
    engine,
    freePort,
    login,
    removeDir,
    restClient,
    startServer,
    type RunningServer,
    type StartOptions,
} from '../support/server';
import { startYookassa, type YookassaStandIn } from '../support/yookassa';

/*
 * Pay pressed many times at once on one link (a double tap, a payer who presses again while the page
 * waits, several tabs): one payment at the provider, and every press answers that same attempt and the
 * provider's page. On both engines, and on PostgreSQL with two servers on one database, each taking some
 * of the presses. The provider (ЮKassa's stand-in) answers slowly, so that the presses overlap.
 */

const standIns: YookassaStandIn[] = [];
const servers: RunningServer[] = [];
afterAll(async () => {
    for (const server of servers) await server.stop();
    for (const standIn of standIns) await standIn.stop();
    for (const server of servers) removeDir(server.dir);
});

/** A server paying through ЮKassa's stand-in (over `dbFile`, for a second server on the same database). */
const yookassaServer = async (standIn: YookassaStandIn, options: StartOptions = {}) => {
    const port = await freePort();
    const server = await startServer({
        ...options,
        env: {
            PORT: String(port),
            PUBLIC_URL: `http://127.0.0.1:${port}`,
            PAYMENT_PROVIDER: 'yookassa',
            YOOKASSA_SHOP_ID: standIn.shopId,
            YOOKASSA_SECRET_KEY: standIn.secretKey,
            YOOKASSA_API_URL: standIn.apiUrl,
            YOOKASSA_NOTICE_IPS: '127.0.0.1/32,::1/128',
        },
    });
    servers.push(server);
    return server;
};

let customers = 0;
/** A link to buy a plan of the test's own, for a customer of its own. */
const newLink = async (server: RunningServer): Promise<PaymentLink> => {
    customers += 1;
    const admin: DataProvider = restClient(server.url, await login(server.url, 'admin'));
    const customer = (
        await admin.create('customers', {
            data: {
                firstName: 'Presses',
                lastName: `Pay ${customers}`,
                phone: freshPhone(),
                email: `presses-${customers}@example.com`,
                status: 'active',
            },
        })
    ).data;
    const plan = (
        await admin.create('subscriptions', {
            data: {
                name: `Pay once ${customers}`,
                price: 800,
                visits: 8,
                validityDays: 30,
                directionIds: [],
                active: true,
                soldOnline: true,
            },
        })
    ).data;
    return (await admin.create('paymentLinks', { data: { customerId: customer.id, subscriptionId: plan.id } }))
        .data as unknown as PaymentLink;
};

/** The payments the stand-in made for the link (ЮKassa keeps the server's link id in the metadata). */
const paymentsAtProvider = (standIn: YookassaStandIn, link: PaymentLink) =>
    standIn.listPayments().filter(payment => payment.metadata.linkId === link.id);

const attemptsOf = async (server: RunningServer, link: PaymentLink) =>
    (
        await restClient(server.url, await login(server.url, 'manager')).getList('onlinePayments', {
            pagination: { page: 1, perPage: 100 },
            sort: { field: 'createdAt', order: 'ASC' },
            filter: { paymentLinkId: link.id },
        })
    ).data as OnlinePayment[];

/** Eight presses at once, shared among the servers in turn: all answer one attempt and one provider page. */
const eightPresses = async (standIn: YookassaStandIn, on: RunningServer[], link: PaymentLink) => {
    const before = standIn.calls.filter(each => each.method === 'POST' && each.path === '/v3/payments').length;
    standIn.delay(150);
    let answers;
    try {
        answers = await Promise.all(
            Array.from({ length: 8 }, (_, press) => beginPayment(on[press % on.length].url, link.id)),
        );
    } finally {
        standIn.delay(0);
    }
    expect(answers.map(answer => answer.status)).toEqual(Array(8).fill(200));
    const [first] = answers;
    expect(first.body).toEqual({ attemptId: expect.any(String), confirmationUrl: expect.any(String) });
    for (const answer of answers) expect(answer.body).toEqual(first.body);
    const made = standIn.calls.filter(each => each.method === 'POST' && each.path === '/v3/payments').slice(before);
    expect(made).toHaveLength(1);
    const attempts = await attemptsOf(on[0], link);
    expect(attempts).toEqual([
        expect.objectContaining({
            id: first.body.attemptId,
            status: 'pending',
            confirmationUrl: first.body.confirmationUrl,
        }),
    ]);
    expect(paymentsAtProvider(standIn, link)).toHaveLength(1);
};

describe('Pay pressed eight times at once', () => {
    let standIn: YookassaStandIn;
    let server: RunningServer;

    beforeAll(async () => {
        standIn = await startYookassa();
        standIns.push(standIn);
        server = await yookassaServer(standIn);
    });

    it('makes one payment at the provider, and every press answers it', async () => {
        await eightPresses(standIn, [server], await newLink(server));
    });

    it('makes one again on a second round after the first was declined, not one per press', async () => {
        const link = await newLink(server);
        const first = await beginPayment(server.url, link.id);
        expect(first.status).toBe(200);
        standIn.noticeUrl = `${server.url}/api/public/providers/yookassa`;
        try {
            await standIn.decline(String(first.body.confirmationUrl).split('/').pop() as string);
        } finally {
            standIn.noticeUrl = undefined;
        }
        const until = Date.now() + 15_000;
        while ((await attemptsOf(server, link))[0]?.status !== 'declined') {
            if (Date.now() > until) throw new Error('The decline was not taken');
            await new Promise(resolve => setTimeout(resolve, 25));
        }
        const before = standIn.calls.filter(each => each.method === 'POST' && each.path === '/v3/payments').length;
        standIn.delay(150);
        let answers;
        try {
            answers = await Promise.all(Array.from({ length: 8 }, () => beginPayment(server.url, link.id)));
        } finally {
            standIn.delay(0);
        }
        expect(answers.map(answer => answer.status)).toEqual(Array(8).fill(200));
        for (const answer of answers) expect(answer.body).toEqual(answers[0].body);
        expect(answers[0].body.attemptId).not.toBe(first.body.attemptId);
        expect(
            standIn.calls.filter(each => each.method === 'POST' && each.path === '/v3/payments').length - before,
        ).toBe(1);
    });

    (engine === 'postgres' ? it : it.skip)(
        'makes one payment when two servers on one database each take some of the presses',
        async () => {
            const second = await yookassaServer(standIn, { dbFile: server.dbFile });
            await eightPresses(standIn, [server, second], await newLink(server));
        },
    );
});
