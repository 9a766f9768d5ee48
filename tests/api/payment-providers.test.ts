import { request as httpRequest } from 'node:http';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataProvider } from 'ra-core';
import type { Customer, OnlinePayment, Pass, Payment, PaymentLink } from '../../src/domain/types';
import type { ProviderName } from '../../src/server/payments/provider';
import { tbankToken } from '../../src/server/payments/signatures';
import { startCloudPayments } from '../support/cloudpayments';
import { beginPayment, readAttempt, settledView } from '../support/payOnline';
import { call, freePort, login, removeDir, restClient, startServer, type RunningServer } from '../support/server';
import { startTbank } from '../support/tbank';
import { startYookassa } from '../support/yookassa';

/*
 * Paying payment links through each real provider's hosted page, the whole server over real HTTP against
 * the provider's local stand-in: Pay asks the provider for a payment with its receipt, the stand-in plays
 * the payer and posts its notice to the server's notice address, and only a notice the provider's checks
 * believe (CloudPayments' HMAC, T-Bank's Token, ЮKassa's sender and a second look at the payment) records
 * the payment, exactly once. A notice for a link staff cancelled meanwhile gives
 * the money back through the provider; forged notices write nothing.
 */

/** What the server asked the provider for when the payer pressed Pay, in the provider-neutral terms of these tests. */
interface Asked {
    /** What keeps a repeated request from making a second payment (the idempotence key, or T-Bank's OrderId). */
    key: string;
    amountMinor: number;
    /** Each receipt item's sum (its price times its quantity), in kopecks. */
    itemsMinor: number[];
    /** Where the receipt goes: an e-mail, or a phone as +7… */
    contact: string;
    /** Where the provider's page sends the payer back. */
    returnUrl: string;
}

/** The refund the server asked the provider for. */
interface RefundAsked {
    key: string;
    amountMinor: number;
    /** The refund receipt, or null when none was sent. */
    receipt: { itemsMinor: number[]; contact: string } | null;
}

/** One provider's stand-in, driven as the payer and the provider's back office. */
interface Driver {
    /** The provider's variables, pointing at its stand-in. */
    env: Record<string, string>;
    /** Points the stand-in's notices at the server (T-Bank takes the address from Init instead). */
    listen(noticeUrl: string): void;
    /** The stand-in's own id of the payment an attempt made, checked against the page the payer was sent to. */
    paymentOf(attemptId: string, confirmationUrl: string): string;
    /** What the server asked for when it created the attempt's payment. */
    created(attemptId: string): Asked;
    /** The payer pays on the provider's page; answers the HTTP status the server gave the notice that paid. */
    pay(payment: string): Promise<number>;
    /** The provider sends the notice of the paid payment once more; answers the server's HTTP status. */
    repeat(payment: string): Promise<number>;
    /** Notices nobody signed as the provider would, for a payment not paid: each is refused or ignored. */
    forge(payment: string, server: RunningServer): Promise<void>;
    /** The payer's card is declined (insufficient funds); answers the server's HTTP status. */
    decline(payment: string): Promise<number>;
    /** The refund asked for an attempt, if any. */
    refundAsked(attemptId: string): RefundAsked | undefined;
    /** Whether the stand-in holds the payment as given back in whole. */
    refundedAtProvider(payment: string): boolean;
    /** Whether a full refund carries a receipt of its own (T-Bank makes the return receipt itself). */
    refundReceipt: boolean;
    /** CloudPayments only: its Check, asked before the card is charged; answers the code and whether it paid. */
    checkThenPay?(payment: string): Promise<{ code: number | undefined; paid: boolean }>;
    /** Waits until no notice is being delivered. */
    idle(): Promise<void>;
    stop(): Promise<void>;
}

/** The items of a ЮKassa receipt: the item's amount is the price of one unit. */
type YookassaItem = { amount: { value: string }; quantity: string };
type YookassaReceipt = { customer: { email?: string; phone?: string }; items: YookassaItem[] };

/** Kopecks of a decimal text or number of roubles, counted without floating-point doubt. */
const kopecks = (value: string | number) => Math.round(Number(value) * 100);

/** A notice posted from another address of this machine (127.0.0.x), as someone elsewhere would post it. */
const postFrom = (localAddress: string, url: string, body: string, headers: Record<string, string> = {}) =>
    new Promise<number>((resolve, reject) => {
        const sent = httpRequest(
            url,
            {
                method: 'POST',
                localAddress,
                headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), ...headers },
            },
            response => {
                response.resume();
                response.on('end', () => resolve(response.statusCode ?? 0));
            },
        );
        sent.on('error', reject);
        sent.end(body);
    });

const yookassa = async (): Promise<Driver> => {
    const standIn = await startYookassa();
    const yookassaReceipt = (receipt: YookassaReceipt) => ({
        itemsMinor: receipt.items.map(item => (kopecks(item.amount.value) * kopecks(item.quantity)) / 100),
        contact: receipt.customer.email ?? `+${receipt.customer.phone}`,
    });
    const posted = (path: string, key: string) =>
        standIn.calls.find(each => each.method === 'POST' && each.path === path && each.headers.idempotenceKey === key);
    return {
        env: {
            YOOKASSA_SHOP_ID: standIn.shopId,
            YOOKASSA_SECRET_KEY: standIn.secretKey,
            YOOKASSA_API_URL: standIn.apiUrl,
            // The notices come from this machine: from its loopback address, and only that one.
            YOOKASSA_NOTICE_IPS: '127.0.0.1/32,::1/128',
        },
        listen: url => {
            standIn.noticeUrl = url;
        },
        paymentOf: (_attemptId, confirmationUrl) => {
            const id = confirmationUrl.split('/').pop() as string;
            expect(confirmationUrl).toBe(standIn.checkoutUrl(id));
            return id;
        },
        created: attemptId => {
            const made = standIn.calls.find(
                each =>
                    each.method === 'POST' &&
                    each.path === '/v3/payments' &&
                    (each.body as { metadata?: { attemptId?: string } }).metadata?.attemptId === attemptId,
            );
            expect(made?.status).toBe(200);
            const body = made?.body as {
                amount: { value: string; currency: string };
                confirmation: { return_url: string };
                receipt: YookassaReceipt;
            };
            expect(body.amount.currency).toBe('RUB');
            return {
                key: made?.headers.idempotenceKey as string,
                amountMinor: kopecks(body.amount.value),
                ...yookassaReceipt(body.receipt),
                returnUrl: body.confirmation.return_url,
            };
        },
        pay: async payment => (await standIn.pay(payment))?.status ?? 0,
        repeat: async payment =>
            (await standIn.forge('payment.succeeded', standIn.payment(payment) as unknown as Record<string, unknown>))
                .status,
        forge: async (payment, server) => {
            const object = { ...standIn.payment(payment), status: 'succeeded', paid: true };
            const body = JSON.stringify({ type: 'notification', event: 'payment.succeeded', object });
            const asked = standIn.calls.length;
            // From an address ЮKassa does not post from (a forwarded-for header changes nothing without a
            // trusted proxy): refused before ЮKassa is asked anything.
            expect(
                await postFrom('127.0.0.2', standIn.noticeUrl as string, body, { 'X-Forwarded-For': '185.71.76.1' }),
            ).toBe(401);
            expect(standIn.calls.length).toBe(asked);
            expect(server.output()).toMatch(
                /A yookassa notice from \S+ was refused: notice from \S+, not ЮKassa's address/,
            );
            // From ЮKassa's address but saying "succeeded" of a payment ЮKassa still holds pending: the payment
            // is asked for again, and what ЮKassa answers (pending) is all that is believed.
            expect((await standIn.forge('payment.succeeded', object)).status).toBe(200);
            expect(standIn.calls.slice(asked).map(each => `${each.method} ${each.path}`)).toEqual([
                `GET /v3/payments/${payment}`,
            ]);
            // A payment ЮKassa does not know.
            expect((await standIn.forge('payment.succeeded', { ...object, id: randomUUID() })).status).toBe(401);
        },
        decline: async payment => (await standIn.decline(payment, 'insufficient_funds'))?.status ?? 0,
        refundAsked: attemptId => {
            const asked = posted('/v3/refunds', `${attemptId}-r1`);
            if (!asked) return undefined;
            expect(asked.status).toBe(200);
            const body = asked.body as { amount: { value: string }; receipt?: YookassaReceipt };
            return {
                key: asked.headers.idempotenceKey as string,
                amountMinor: kopecks(body.amount.value),
                receipt: body.receipt ? yookassaReceipt(body.receipt) : null,
            };
        },
        refundedAtProvider: payment => {
            const paid = standIn.payment(payment);
            return !!paid?.refunded_amount && paid.refunded_amount.value === paid.amount.value;
        },
        refundReceipt: true,
        idle: async () => undefined,
        stop: () => standIn.stop(),
    };
};

/** The receipt CloudPayments takes in JsonData. */
type CloudPaymentsReceipt = {
    cloudPayments: { CustomerReceipt: { Items: { amount: number }[]; email?: string; phone?: string } };
};

const cloudpayments = async (): Promise<Driver> => {
    const standIn = await startCloudPayments({ redeliveryMs: 20, maxDeliveries: 3 });
    const receiptOf = (jsonData: unknown) => {
        const receipt = (jsonData as CloudPaymentsReceipt).cloudPayments.CustomerReceipt;
        return {
            itemsMinor: receipt.Items.map(item => kopecks(item.amount)),
            contact: (receipt.email ?? receipt.phone) as string,
        };
    };
    /** The fields of the Pay notice the payment's last transaction was told with. */
    const payFields = (payment: string) => {
        const transaction = [...standIn.transactions.values()]
            .filter(each => each.orderId === payment && each.Status === 'Completed')
            .at(-1);
        const delivery = standIn.deliveries.find(
            each =>
                each.type === 'Pay' &&
                new URLSearchParams(each.body).get('TransactionId') === String(transaction?.TransactionId),
        );
        return Object.fromEntries(new URLSearchParams(delivery?.body));
    };
    return {
        env: {
            CLOUDPAYMENTS_PUBLIC_ID: standIn.publicId,
            CLOUDPAYMENTS_API_SECRET: standIn.apiSecret,
            CLOUDPAYMENTS_API_URL: standIn.url,
        },
        listen: url => {
            standIn.noticeUrl = url;
        },
        paymentOf: (_attemptId, confirmationUrl) => {
            const id = confirmationUrl.split('/').pop() as string;
            expect(standIn.orders.get(id)?.Url).toBe(confirmationUrl);
            return id;
        },
        created: attemptId => {
            const made = standIn.calls.find(
                each => each.path === '/orders/create' && each.body.InvoiceId === attemptId,
            );
            expect(made?.status).toBe(200);
            const body = made?.body as {
                Amount: number;
                Currency: string;
                SuccessRedirectUrl: string;
                JsonData: unknown;
            };
            expect(body.Currency).toBe('RUB');
            return {
                key: made?.requestId as string,
                amountMinor: kopecks(body.Amount),
                ...receiptOf(body.JsonData),
                returnUrl: body.SuccessRedirectUrl,
            };
        },
        // Without the Check, which a cabinet may leave off: the test of the Check asks for it.
        pay: async payment => (await standIn.pay(payment)).pay?.deliveries.at(-1)?.status ?? 0,
        repeat: async payment =>
            (await standIn.sendNotice('Pay', payFields(payment), { once: true })).deliveries[0].status,
        forge: async (payment, server) => {
            // A Pay notice signed with another secret, and one not signed at all.
            const forged = await standIn.sendBadHmac(payment);
            expect(forged.deliveries.map(each => [each.status, each.answer])).toEqual([[401, '{"code":13}']]);
            const fields = Object.fromEntries(new URLSearchParams(forged.deliveries[0].body));
            const unsigned = await standIn.sendNotice('Pay', fields, { signatures: 'none', once: true });
            expect(unsigned.deliveries[0].status).toBe(401);
            expect(server.output()).toMatch(
                /A cloudpayments notice from \S+ was refused: the Content-HMAC does not match/,
            );
            expect(server.output()).toMatch(/A cloudpayments notice from \S+ was refused: no Content-HMAC/);
        },
        decline: async payment => {
            const { fail } = await standIn.fail(payment, 5051);
            return fail?.deliveries.at(-1)?.status ?? 0;
        },
        refundAsked: attemptId => {
            const asked = standIn.calls.find(
                each => each.path === '/payments/refund' && each.requestId === `${attemptId}-r1`,
            );
            if (!asked) return undefined;
            expect(asked.status).toBe(200);
            const body = asked.body as { Amount: number; TransactionId: number; JsonData?: unknown };
            // The refund names the transaction that paid the order.
            expect(standIn.transactions.get(body.TransactionId)).toMatchObject({ Type: 0, Status: 'Completed' });
            return {
                key: asked.requestId as string,
                amountMinor: kopecks(body.Amount),
                receipt: body.JsonData ? receiptOf(body.JsonData) : null,
            };
        },
        refundedAtProvider: payment =>
            [...standIn.transactions.values()].some(
                each => each.orderId === payment && each.Type === 0 && each.refundedMinor === each.amountMinor,
            ),
        refundReceipt: true,
        checkThenPay: async payment => {
            const { check, pay } = await standIn.pay(payment, { check: true });
            return { code: check?.code, paid: pay?.accepted === true };
        },
        idle: () => standIn.idle(),
        stop: () => standIn.stop(),
    };
};

/** T-Bank's receipt (FFD 1.05): sums in kopecks. */
type TbankReceipt = { Email?: string; Phone?: string; Items: { Amount: number; Price: number; Quantity: number }[] };

const tbank = async (): Promise<Driver> => {
    const standIn = await startTbank();
    const init = (attemptId: string) =>
        standIn.calls.find(each => each.method === 'Init' && each.body.OrderId === attemptId);
    return {
        env: {
            TBANK_TERMINAL_KEY: standIn.terminalKey,
            TBANK_PASSWORD: standIn.password,
            TBANK_API_URL: standIn.apiUrl,
        },
        // T-Bank takes the notice address with each payment (Init's NotificationURL): checked in `created`.
        listen: () => undefined,
        paymentOf: (attemptId, confirmationUrl) => {
            const answer = init(attemptId)?.answer as { PaymentId: string; PaymentURL: string };
            expect(answer.PaymentURL).toBe(confirmationUrl);
            return answer.PaymentId;
        },
        created: attemptId => {
            const made = init(attemptId);
            expect(made?.answer).toMatchObject({ Success: true, ErrorCode: '0' });
            const body = made?.body as { OrderId: string; Amount: number; SuccessURL: string; Receipt: TbankReceipt };
            // Signed with the terminal's password, as T-Bank checks every request.
            expect(made?.body.Token).toBe(tbankToken(made?.body ?? {}, standIn.password));
            for (const item of body.Receipt.Items) expect(item.Amount).toBe(item.Price * item.Quantity);
            return {
                // T-Bank has no idempotence key: the OrderId, the attempt's id, is never sent twice.
                key: body.OrderId,
                amountMinor: body.Amount,
                itemsMinor: body.Receipt.Items.map(item => item.Amount),
                contact: (body.Receipt.Email ?? body.Receipt.Phone) as string,
                returnUrl: body.SuccessURL,
            };
        },
        pay: async payment => {
            const from = standIn.deliveries.length;
            await standIn.pay(payment);
            const confirmed = standIn.deliveries
                .slice(from)
                .filter(each => each.paymentId === payment && each.status === 'CONFIRMED');
            expect(confirmed.map(each => each.answer)).toEqual(['OK']);
            return confirmed[0].httpStatus;
        },
        repeat: async payment =>
            (await standIn.notify(payment, { Status: 'CONFIRMED' }, { once: true }))?.httpStatus ?? 0,
        forge: async (payment, server) => {
            // A Token made with another password, and one made with ours for another terminal.
            expect(await standIn.sendBadToken(payment)).toMatchObject({ httpStatus: 401, answer: 'rejected' });
            const other = await standIn.notify(
                payment,
                { Status: 'CONFIRMED', TerminalKey: 'OtherTerminalDEMO' },
                { once: true },
            );
            expect(other?.httpStatus).toBe(401);
            expect(server.output()).toMatch(/A tbank notice from \S+ was refused: T-Bank notice with a wrong Token/);
            expect(server.output()).toMatch(/A tbank notice from \S+ was refused: T-Bank notice for another terminal/);
        },
        decline: async payment => {
            await standIn.reject(payment, '1051');
            return standIn.deliveries.filter(each => each.paymentId === payment && each.status === 'REJECTED')[0]
                .httpStatus;
        },
        refundAsked: attemptId => {
            const asked = standIn.calls.find(
                each => each.method === 'Cancel' && each.body.ExternalRequestId === `${attemptId}-r1`,
            );
            if (!asked) return undefined;
            expect(asked.answer).toMatchObject({ Success: true, Status: 'REFUNDED' });
            const body = asked.body as { Amount: number; ExternalRequestId: string; Receipt?: TbankReceipt };
            return {
                key: body.ExternalRequestId,
                amountMinor: body.Amount,
                receipt: body.Receipt
                    ? {
                          itemsMinor: body.Receipt.Items.map(item => item.Amount),
                          contact: (body.Receipt.Email ?? body.Receipt.Phone) as string,
                      }
                    : null,
            };
        },
        refundedAtProvider: payment => standIn.payment(payment).status === 'REFUNDED',
        // T-Bank makes the return receipt of a whole refund itself, from the payment's, and takes none with it.
        refundReceipt: false,
        idle: () => standIn.idle(),
        stop: () => standIn.stop(),
    };
};

const providers: { name: Exclude<ProviderName, 'test'>; start: () => Promise<Driver> }[] = [
    { name: 'yookassa', start: yookassa },
    { name: 'cloudpayments', start: cloudpayments },
    { name: 'tbank', start: tbank },
];

describe.each(providers)('paying through $name', ({ name, start }) => {
    let driver: Driver;
    let server: RunningServer;
    let manager: DataProvider;
    let managerToken: string;
    let adminToken: string;

    beforeAll(async () => {
        driver = await start();
        const port = await freePort();
        server = await startServer({
            env: {
                PORT: String(port),
                PUBLIC_URL: `http://127.0.0.1:${port}`,
                PAYMENT_PROVIDER: name,
                ...driver.env,
            },
        });
        driver.listen(`${server.url}/api/public/providers/${name}`);
        managerToken = await login(server.url, 'manager');
        adminToken = await login(server.url, 'admin');
        manager = restClient(server.url, managerToken);
    });

    afterAll(async () => {
        await driver?.idle();
        await server?.stop();
        await driver?.stop();
        if (server) removeDir(server.dir);
    });

    const newLink = async (customerId: number, subscriptionId: number) =>
        (await manager.create('paymentLinks', { data: { customerId, subscriptionId } })).data as unknown as PaymentLink;

    const all = async <T>(collection: string, filter: object) =>
        (
            await manager.getList(collection, {
                pagination: { page: 1, perPage: 1000 },
                sort: { field: 'id', order: 'ASC' },
                filter,
            })
        ).data as unknown as T[];

    const attemptOf = async (id: string) => (await manager.getOne('onlinePayments', { id })).data as OnlinePayment;
    const customerOf = async (id: number) => (await manager.getOne('customers', { id })).data as Customer;

    /** Presses Pay on the link: answers the attempt and the stand-in's payment it made. */
    const begin = async (link: PaymentLink) => {
        const begun = await beginPayment(server.url, link.id);
        expect(begun.status).toBe(200);
        const attemptId = String(begun.body.attemptId);
        const confirmationUrl = String(begun.body.confirmationUrl);
        return { attemptId, confirmationUrl, payment: driver.paymentOf(attemptId, confirmationUrl) };
    };

    /** Nothing of the link is in the ledger, and the link still waits for its payment. */
    const nothingRecorded = async (link: PaymentLink, status = 'pending') => {
        expect(await all<Payment>('payments', { paymentLinkId: link.id })).toEqual([]);
        expect((await manager.getOne('paymentLinks', { id: link.id })).data).toMatchObject({
            status,
            paymentId: null,
        });
    };

    it('the settings name the provider and the address its notices go to', async () => {
        const setup = await call(server.url, '/api/settings/payments', { token: adminToken });
        expect(setup.status).toBe(200);
        expect(setup.body).toEqual({
            mode: 'live',
            // 127.0.0.1 is no public address: the server says so, whatever the provider.
            publicAddress: false,
            provider: name,
            noticeUrl: `${server.url}/api/public/providers/${name}`,
        });
        expect(server.output()).toContain(
            `Online payments through ${name}: its notices are taken at ${server.url}/api/public/providers/${name}`,
        );
        // The notice address takes only this provider's notices.
        const other = name === 'tbank' ? 'yookassa' : 'tbank';
        expect((await call(server.url, `/api/public/providers/${other}`, { method: 'POST', json: {} })).status).toBe(
            404,
        );
        expect((await call(server.url, '/api/public/providers/test', { method: 'POST', json: {} })).status).toBe(404);
    });

    it("sends the payer to the provider's page with a receipt that adds up, its contact and the attempt's key, and records nothing yet", async () => {
        const link = await newLink(21, 3);
        const customer = await customerOf(21);
        const { attemptId, confirmationUrl, payment } = await begin(link);
        expect(confirmationUrl.startsWith('http://127.0.0.1:')).toBe(true);
        expect(confirmationUrl.startsWith(server.url)).toBe(false);

        const asked = driver.created(attemptId);
        expect(asked).toEqual({
            key: attemptId,
            amountMinor: 520000,
            itemsMinor: [520000],
            // The customer's e-mail, since the customer has one.
            contact: customer.email,
            returnUrl: `${server.url}/payments/link/${link.id}?attempt=${attemptId}`,
        });
        expect(asked.itemsMinor.reduce((sum, item) => sum + item, 0)).toBe(asked.amountMinor);

        expect(await attemptOf(attemptId)).toMatchObject({
            paymentLinkId: link.id,
            provider: name,
            providerPaymentId: payment,
            status: 'pending',
            amount: 5200,
            currency: 'RUB',
            receiptContact: customer.email,
            confirmationUrl,
            paymentId: null,
        });
        // A reload or a second click: the same payment, not a second one at the provider.
        const again = await beginPayment(server.url, link.id);
        expect(again.body).toEqual({ attemptId, confirmationUrl });
        expect((await readAttempt(server.url, link.id, attemptId)).body).toMatchObject({
            status: 'pending',
            payments: 'live',
            attempt: { id: attemptId, status: 'pending', reason: null },
        });
        await nothingRecorded(link);
    });

    it('records the payment its notice tells, once, however often and however many at once the notice comes', async () => {
        const link = await newLink(22, 5);
        const passesBefore = await all<Pass>('passes', { customerId: 22 });
        const { attemptId, payment } = await begin(link);

        expect(await driver.pay(payment)).toBe(200);
        const view = await settledView(server.url, link.id, attemptId);
        expect(view.body).toMatchObject({ status: 'paid', attempt: { id: attemptId, status: 'succeeded' } });

        const stored = (await manager.getOne('paymentLinks', { id: link.id })).data as PaymentLink;
        expect(stored).toMatchObject({ status: 'paid', paymentId: expect.any(Number), passId: expect.any(Number) });
        const attempt = await attemptOf(attemptId);
        expect(attempt).toMatchObject({
            status: 'succeeded',
            paymentId: stored.paymentId,
            settledAt: expect.any(String),
        });
        const payments = await all<Payment>('payments', { paymentLinkId: link.id });
        expect(payments).toEqual([
            expect.objectContaining({
                id: stored.paymentId,
                customerId: 22,
                kind: 'payment',
                method: 'online',
                amount: 9000,
                passId: stored.passId,
                // The provider's own id of what paid: CloudPayments' transaction, the others' payment.
                note: `${name} ${attempt.providerTransactionId ?? attempt.providerPaymentId}`,
                createdBy: null,
            }),
        ]);
        expect((await manager.getOne('passes', { id: stored.passId })).data).toMatchObject({
            customerId: 22,
            subscriptionId: 5,
            paymentId: stored.paymentId,
        });

        // The provider sends the same notice again: five at once, then once more.
        const answers = await Promise.all([1, 2, 3, 4, 5].map(() => driver.repeat(payment)));
        expect(answers).toEqual([200, 200, 200, 200, 200]);
        expect(await driver.repeat(payment)).toBe(200);
        await driver.idle();

        expect(await all<Payment>('payments', { paymentLinkId: link.id })).toHaveLength(1);
        expect(await all<Pass>('passes', { customerId: 22 })).toHaveLength(passesBefore.length + 1);
        expect(await attemptOf(attemptId)).toMatchObject({ status: 'succeeded', paymentId: stored.paymentId });
        expect(await all<OnlinePayment>('onlinePayments', { paymentLinkId: link.id })).toHaveLength(1);
        expect(await beginPayment(server.url, link.id)).toMatchObject({
            status: 409,
            body: { errors: { status: 'app.money.errors.link_paid' } },
        });
    });

    it('refuses or ignores forged notices, and records nothing for them; the real payment is then recorded once', async () => {
        const link = await newLink(23, 2);
        const { attemptId, payment } = await begin(link);

        await driver.forge(payment, server);
        await driver.idle();
        expect(await attemptOf(attemptId)).toMatchObject({ status: 'pending', paymentId: null, reason: null });
        await nothingRecorded(link);
        expect((await readAttempt(server.url, link.id, attemptId)).body).toMatchObject({
            status: 'pending',
            attempt: { status: 'pending' },
        });

        expect(await driver.pay(payment)).toBe(200);
        expect((await settledView(server.url, link.id, attemptId)).body).toMatchObject({ status: 'paid' });
        expect(await all<Payment>('payments', { paymentLinkId: link.id })).toHaveLength(1);
    });

    it('gives the payment back through the provider when staff cancelled the link while the payer was on its page', async () => {
        // A customer with no e-mail: the receipts go to the phone.
        const link = await newLink(24, 3);
        const customer = await customerOf(24);
        const { attemptId, payment } = await begin(link);
        expect(driver.created(attemptId).contact).toBe(customer.phone);
        const cancelled = await call(server.url, `/api/paymentLinks/${link.id}/cancel`, {
            method: 'POST',
            token: managerToken,
        });
        expect(cancelled.status).toBe(200);

        expect(await driver.pay(payment)).toBe(200);
        await driver.idle();

        const refund = driver.refundAsked(attemptId);
        expect(refund).toEqual({
            key: `${attemptId}-r1`,
            amountMinor: 520000,
            receipt: driver.refundReceipt ? { itemsMinor: [520000], contact: customer.phone } : null,
        });
        expect(driver.refundedAtProvider(payment)).toBe(true);

        const attempts = await all<OnlinePayment>('onlinePayments', { paymentLinkId: link.id });
        expect(attempts).toEqual([
            expect.objectContaining({
                id: attemptId,
                status: 'refunded',
                reason: 'link_cancelled',
                refundKey: `${attemptId}-r1`,
                providerRefundId: expect.any(String),
                paymentId: null,
                settledAt: expect.any(String),
            }),
        ]);
        expect((await settledView(server.url, link.id, attemptId)).body).toMatchObject({
            status: 'cancelled',
            attempt: { status: 'refunded', reason: 'link_cancelled' },
        });
        await nothingRecorded(link, 'cancelled');
        expect(server.output()).toMatch(
            new RegExp(`The ${name} payment \\S+ for payment link ${link.id} is given back: link_cancelled`),
        );

        // The notice once more: the payment is not given back twice.
        expect(await driver.repeat(payment)).toBe(200);
        await driver.idle();
        expect(await attemptOf(attemptId)).toMatchObject({ status: 'refunded', paymentId: null });
        await nothingRecorded(link, 'cancelled');
    });

    it('leaves the link payable after a declined payment, and takes the next one', async () => {
        const link = await newLink(25, 2);
        const declined = await begin(link);
        expect(await driver.decline(declined.payment)).toBe(200);
        expect((await settledView(server.url, link.id, declined.attemptId)).body).toMatchObject({
            status: 'pending',
            attempt: { status: 'declined', reason: 'insufficient_funds' },
        });
        expect(await attemptOf(declined.attemptId)).toMatchObject({ status: 'declined', paymentId: null });
        await nothingRecorded(link);

        // Pay again: a new payment at the provider, which pays.
        const next = await begin(link);
        expect(next.attemptId).not.toBe(declined.attemptId);
        expect(next.payment).not.toBe(declined.payment);
        expect(await driver.pay(next.payment)).toBe(200);
        expect((await settledView(server.url, link.id, next.attemptId)).body).toMatchObject({ status: 'paid' });
        expect(await all<Payment>('payments', { paymentLinkId: link.id })).toHaveLength(1);
        expect(await attemptOf(declined.attemptId)).toMatchObject({ status: 'declined' });
    });

    if (name === 'cloudpayments')
        it('answers the Check {"code":0} while the link is open, and {"code":20} once it is cancelled: that card is not charged', async () => {
            const checkThenPay = driver.checkThenPay as NonNullable<Driver['checkThenPay']>;
            const open = await newLink(26, 2);
            const paying = await begin(open);
            expect(await checkThenPay(paying.payment)).toEqual({ code: 0, paid: true });
            expect((await settledView(server.url, open.id, paying.attemptId)).body).toMatchObject({ status: 'paid' });
            expect(await all<Payment>('payments', { paymentLinkId: open.id })).toHaveLength(1);

            const link = await newLink(26, 3);
            const { attemptId, payment } = await begin(link);
            await call(server.url, `/api/paymentLinks/${link.id}/cancel`, { method: 'POST', token: managerToken });
            expect(await checkThenPay(payment)).toEqual({ code: 20, paid: false });
            await driver.idle();
            // Nothing was paid: nothing to give back either.
            expect(driver.refundAsked(attemptId)).toBeUndefined();
            expect(await attemptOf(attemptId)).toMatchObject({ status: 'pending', paymentId: null });
            await nothingRecorded(link, 'cancelled');
        });
});
