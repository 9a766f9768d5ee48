import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { minorText } from '../../src/server/payments/provider';
import { cloudpaymentsHmac } from '../../src/server/payments/signatures';

/*
 * A stand-in for CloudPayments' API for the tests, on a port of its own: an adapter reaches it with
 * `apiUrl: standIn.url`. It answers as CloudPayments documents (developers.cloudpayments.ru): POST with
 * a JSON or form body, Basic auth with the Public ID and API secret (else HTTP 401), an envelope
 * `{ Model, Success, Message }` whose refusals are HTTP 200 with `Success: false`, and `X-Request-ID`
 * making a repeated request answer what the first one did (kept 1 hour). It takes orders
 * (orders/create, orders/cancel), refunds (payments/refund), look-ups (payments/get, v2/payments/find) and
 * renewals on a saved card (payments/tokens/charge: a Token the Pay notice of an order made with an AccountId
 * gave, charged on that account; `declineToken` makes its charges declined with a ReasonCode; with
 * `chargeNotices` each sends its Pay or Fail notice after its answer),
 * and checks the receipt in JsonData as the online kassa would: each item's amount is its price times
 * its quantity, the items add up to the amount, the VAT is one CloudKassir knows.
 *
 * A test plays the payer on the order's page: `pay` (optionally asking Check first), `fail` with a
 * decline code. Each sends the notice CloudPayments would to `noticeUrl`, as a signed form (or JSON),
 * and delivers it again, at `redeliveryMs` apart, while the answer is not `{"code":0}` (a Check only
 * once: CloudPayments declines the payment instead). A refund sends its Refund notice the same way.
 */

/** An order made by orders/create: its page takes card payments until one succeeds or it is cancelled. */
export interface StandInOrder {
    Id: string;
    Number: number;
    amountMinor: number;
    Currency: string;
    Description: string;
    Email?: string;
    InvoiceId?: string;
    AccountId?: string;
    CultureName?: string;
    SuccessRedirectUrl?: string;
    FailRedirectUrl?: string;
    RequireConfirmation: boolean;
    JsonData?: unknown;
    Url: string;
    Status: 'Created' | 'Paid' | 'Cancelled';
}

/** A card payment on an order's page, or a refund of one (Type 1, naming its payment). */
export interface StandInTransaction {
    TransactionId: number;
    /** 0 a payment, 1 a refund. */
    Type: 0 | 1;
    OriginalTransactionId: number | null;
    orderId?: string;
    InvoiceId?: string;
    AccountId?: string;
    Email?: string;
    Description?: string;
    amountMinor: number;
    Currency: string;
    Status: 'Completed' | 'Declined';
    Reason: string;
    ReasonCode: number;
    /** Of a payment: how much of it was given back. */
    refundedMinor: number;
    JsonData?: unknown;
    DateTime: string;
    /** The card paying it, as notices and look-ups name it (the documentation's Visa when not said). */
    card?: StandInCard;
    /** Of a payment made on an account: the Token that charges its card again. */
    Token?: string;
}

/** A card as CloudPayments names it in notices and look-ups. */
export interface StandInCard {
    CardFirstSix: string;
    CardLastFour: string;
    CardType: string;
    /** MM/YY */
    CardExpDate: string;
}

/** A card saved by a payment on an account: its Token charges it on that account only. */
export interface StandInToken {
    AccountId: string;
    card: StandInCard;
    /** Its charges are declined with this ReasonCode while it is set. */
    declineCode?: number;
}

export type NoticeType = 'Check' | 'Pay' | 'Fail' | 'Refund';

/** One POST of a notice to the notice URL, and how it was answered (status 0: no connection or no answer in time). */
export interface NoticeDelivery {
    type: NoticeType;
    /** 1 for the first delivery, 2 for the first redelivery… */
    attempt: number;
    body: string;
    headers: Record<string, string>;
    status: number;
    answer: string;
    at: number;
}

/** A notice and all its deliveries: accepted once answered `{"code":0}` with HTTP 200. */
export interface NoticeRun {
    type: NoticeType;
    deliveries: NoticeDelivery[];
    accepted: boolean;
    /** The code of the last answer, when it was CloudPayments' `{"code":N}`. */
    code?: number;
}

/** How a notice is sent: its body's format and which signatures it carries. */
export interface NoticeOptions {
    format?: 'form' | 'json';
    /** Both headers (as CloudPayments sends), one of them, none, or both wrong (a forgery). */
    signatures?: 'both' | 'content-hmac' | 'x-content-hmac' | 'none' | 'bad';
}

export interface CloudPaymentsStandIn {
    /** The apiUrl to give the adapter, e.g. http://127.0.0.1:PORT (no trailing slash). */
    url: string;
    publicId: string;
    apiSecret: string;
    /** Where notices go; none are sent while it is unset. */
    noticeUrl: string | undefined;
    orders: Map<string, StandInOrder>;
    transactions: Map<number, StandInTransaction>;
    /** The cards saved by payments on an account, by Token. */
    tokens: Map<string, StandInToken>;
    /** Every call with the right credentials, in order, with the HTTP status it was answered. */
    calls: {
        path: string;
        body: Record<string, unknown>;
        requestId?: string;
        contentType: string;
        replayed: boolean;
        status: number;
    }[];
    /** How many calls were refused with 401. */
    unauthorized: number;
    /** Every delivery of every notice, in order. */
    deliveries: NoticeDelivery[];
    /** The payer pays the order: a completed transaction and the Pay notice (after a Check, if asked, that allows it). */
    pay(
        orderId: string,
        options?: NoticeOptions & { check?: boolean; card?: Partial<StandInCard> },
    ): Promise<{ transactionId: number; check?: NoticeRun; pay?: NoticeRun }>;
    /** The saved card's charges are declined with this ReasonCode (5051, 5054…), or pay again with null. */
    declineToken(token: string, reasonCode: number | null): void;
    /** The next call is carried out (and kept for its X-Request-ID) but its answer is lost: HTTP 502. */
    loseNextAnswer(): void;
    /** The payer's card is declined with `reasonCode` (5051 insufficient funds, 5054 expired card…): the Fail notice. */
    fail(
        orderId: string,
        reasonCode?: number,
        options?: NoticeOptions,
    ): Promise<{ transactionId: number; fail?: NoticeRun }>;
    /** A forged Pay notice for the order, signed with another secret; nothing changes. Delivered once. */
    sendBadHmac(orderId: string): Promise<NoticeRun>;
    /** `pay` with the notice as JSON (a format the cabinet may choose). */
    sendJson(orderId: string): Promise<{ transactionId: number; check?: NoticeRun; pay?: NoticeRun }>;
    /** Sends a notice with these fields as it is, changing nothing: for notices the controls above do not make. */
    sendNotice(
        type: NoticeType,
        fields: Record<string, string | number>,
        options?: NoticeOptions & { once?: boolean },
    ): Promise<NoticeRun>;
    /** The next `times` calls (any method) are answered with this HTTP status and no envelope. */
    failNext(status: number, times?: number): void;
    /** Every refund is refused with this message (Success false) until called with null. */
    refuseRefunds(message: string | null): void;
    /** Resolves once every notice being delivered (or redelivered) is done. */
    idle(): Promise<void>;
    stop(): Promise<void>;
}

/** CloudPayments' texts for the decline codes a test uses (developers.cloudpayments.ru "Коды ошибок"). */
const reasons: Record<number, string> = {
    5005: 'Do Not Honor',
    5051: 'Insufficient Funds',
    5054: 'Expired Card',
    5096: 'System Error',
};

/** The VATs CloudKassir takes: none (null), 0, 10, 20 %, 10/110, 20/120. */
const vats = new Set([null, 0, 10, 20, 110, 120]);

const delay = (ms: number) => new Promise(done => setTimeout(done, ms));

/** UTC as CloudPayments writes its notices' DateTime: yyyy-MM-dd HH:mm:ss. */
const dateTime = () => new Date().toISOString().slice(0, 19).replace('T', ' ');

/** A refusal of a request: answered HTTP 200 `{ Success: false, Message }`, as CloudPayments refuses. */
class Refusal extends Error {}

/** A declined card payment: answered HTTP 200 `{ Success: false, Message, Model }` with the transaction. */
class Declined extends Error {
    constructor(readonly model: unknown) {
        super('Declined');
    }
}

/** The card of the documentation's examples. */
const visa: StandInCard = { CardFirstSix: '424242', CardLastFour: '4242', CardType: 'Visa', CardExpDate: '12/30' };

/** A number of a request (form fields are text), or undefined. */
const numberOf = (value: unknown): number | undefined => {
    if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
    if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())) return Number(value);
    return undefined;
};

/** An amount in minor units: positive, at most 2 decimals; else refused as CloudPayments does. */
const amountOf = (value: unknown, name = 'Amount'): number => {
    const number = numberOf(value);
    const minor = number === undefined ? NaN : Math.round(number * 100);
    if (number === undefined || number <= 0 || Math.abs(number * 100 - minor) > 1e-6)
        throw new Refusal(`Invalid ${name} value`);
    return minor;
};

const textOf = (value: unknown): string | undefined =>
    typeof value === 'string' && value.trim() ? value : typeof value === 'number' ? String(value) : undefined;

/** JsonData as an object: JSON as it is, a form's as JSON text. */
const jsonDataOf = (value: unknown): Record<string, unknown> | undefined => {
    if (value === undefined || value === null || value === '') return undefined;
    let data = value;
    if (typeof value === 'string') {
        try {
            data = JSON.parse(value);
        } catch {
            throw new Refusal('Invalid JsonData value');
        }
    }
    if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new Refusal('Invalid JsonData value');
    return data as Record<string, unknown>;
};

/** Checks the receipt in JsonData (if there is one) against the amount paid or refunded, as the kassa would. */
const checkReceipt = (jsonData: Record<string, unknown> | undefined, totalMinor: number) => {
    const wrapper = (jsonData?.cloudPayments ?? jsonData?.cloudpayments ?? jsonData?.CloudPayments) as
        Record<string, unknown> | undefined;
    if (!wrapper) return;
    const receipt = wrapper.CustomerReceipt as Record<string, unknown> | undefined;
    if (!receipt || typeof receipt !== 'object') throw new Refusal('Receipt: no CustomerReceipt');
    const items = receipt.Items;
    if (!Array.isArray(items) || items.length === 0) throw new Refusal('Receipt: no Items');
    let sum = 0;
    for (const item of items as Record<string, unknown>[]) {
        const label = item.label;
        if (typeof label !== 'string' || !label.trim() || Array.from(label).length > 128)
            throw new Refusal('Receipt: an item label must have 1 to 128 characters');
        const price = amountOf(item.price, 'price');
        const amount = amountOf(item.amount, 'amount');
        const quantity = numberOf(item.quantity);
        if (quantity === undefined || quantity <= 0) throw new Refusal('Receipt: invalid quantity');
        if (Math.round(price * quantity) !== amount) throw new Refusal('Receipt: amount is not price × quantity');
        if (!('vat' in item) || !vats.has(item.vat as number | null)) throw new Refusal('Receipt: invalid vat');
        if (!Number.isInteger(item.method) || !Number.isInteger(item.object))
            throw new Refusal('Receipt: method and object must be whole numbers');
        sum += amount;
    }
    const taxation = receipt.taxationSystem;
    if (!Number.isInteger(taxation) || (taxation as number) < 0 || (taxation as number) > 5)
        throw new Refusal('Receipt: invalid taxationSystem');
    if (!textOf(receipt.email) && !textOf(receipt.phone)) throw new Refusal('Receipt: an email or phone is needed');
    if (sum !== totalMinor)
        throw new Refusal(`Receipt: the items add up to ${minorText(sum)}, not ${minorText(totalMinor)}`);
    const amounts = receipt.amounts as Record<string, unknown> | undefined;
    if (amounts && amountOf(amounts.electronic, 'electronic') !== totalMinor)
        throw new Refusal('Receipt: amounts.electronic is not the amount');
};

/** A transaction as payments/get and v2/payments/find answer it. */
const modelOf = (transaction: StandInTransaction) => ({
    TransactionId: transaction.TransactionId,
    Amount: transaction.amountMinor / 100,
    Currency: transaction.Currency,
    CurrencyCode: 0,
    InvoiceId: transaction.InvoiceId ?? null,
    AccountId: transaction.AccountId ?? null,
    Email: transaction.Email ?? null,
    Description: transaction.Description ?? null,
    CreatedDateIso: transaction.DateTime.replace(' ', 'T'),
    TestMode: true,
    OriginalTransactionId: transaction.OriginalTransactionId,
    Status: transaction.Status,
    StatusCode: transaction.Status === 'Completed' ? 3 : 5,
    Reason: transaction.Reason,
    ReasonCode: transaction.ReasonCode,
    Type: transaction.Type,
    Refunded: transaction.Type === 0 ? transaction.refundedMinor >= transaction.amountMinor : false,
    GatewayName: 'Test',
    ...(transaction.card ?? visa),
    Token: transaction.Token ?? null,
});

/** Reads a request's parameters: JSON, or a form (as CloudPayments takes both, by Content-Type). */
const readBody = async (request: IncomingMessage): Promise<Record<string, unknown>> => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const type = request.headers['content-type'] ?? '';
    if (type.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(text));
    if (!text.trim()) return {};
    try {
        const body: unknown = JSON.parse(text);
        if (typeof body === 'object' && body !== null && !Array.isArray(body)) return body as Record<string, unknown>;
    } catch {
        // Refused below.
    }
    throw new Refusal('Invalid request body');
};

/** The message X-Content-HMAC signs: the parameters as `name=value&…`, not encoded. */
const decodedParameters = (fields: Record<string, string>) =>
    Object.entries(fields)
        .map(([name, value]) => `${name}=${value}`)
        .join('&');

export const startCloudPayments = async (options?: {
    publicId?: string;
    apiSecret?: string;
    noticeUrl?: string;
    /** Between deliveries of a notice not answered `{"code":0}` (CloudPayments: 1, 2, 5, 10, 30 minutes). */
    redeliveryMs?: number;
    /** The most deliveries of one notice (CloudPayments: 100). */
    maxDeliveries?: number;
    /** How long a delivery waits for its answer (CloudPayments: 30 s). */
    deliveryTimeoutMs?: number;
    /** How long an X-Request-ID's answer is kept (CloudPayments: 1 hour). */
    requestIdTtlMs?: number;
    /** Payments by token (tokens/charge) send their Pay or Fail notice too, as CloudPayments does (default false). */
    chargeNotices?: boolean;
}): Promise<CloudPaymentsStandIn> => {
    const redeliveryMs = options?.redeliveryMs ?? 20;
    const maxDeliveries = options?.maxDeliveries ?? 5;
    const deliveryTimeoutMs = options?.deliveryTimeoutMs ?? 5_000;
    const requestIdTtlMs = options?.requestIdTtlMs ?? 60 * 60 * 1000;
    /** The answers of requests with an X-Request-ID that succeeded, by that id. */
    const answered = new Map<string, { status: number; body: unknown; at: number }>();
    /** Notices still being delivered. */
    const running = new Set<Promise<unknown>>();
    let failing: { status: number; times: number } | undefined;
    let refundRefusal: string | null = null;
    let losing = false;
    let nextNumber = 2130;
    let nextTransaction = 1001;

    const orderOf = (orderId: string) => {
        const order = standIn.orders.get(orderId);
        if (!order) throw new Error(`No order ${orderId} at the CloudPayments stand-in`);
        return order;
    };

    /** Keeps a notice's delivery among those `idle` waits for. */
    const track = <T>(delivering: Promise<T>): Promise<T> => {
        running.add(delivering);
        void delivering.finally(() => running.delete(delivering));
        return delivering;
    };

    /** Posts a notice once; never throws (no connection: status 0). */
    const deliverOnce = async (type: NoticeType, body: string, headers: Record<string, string>, attempt: number) => {
        const delivery: NoticeDelivery = { type, attempt, body, headers, status: 0, answer: '', at: Date.now() };
        standIn.deliveries.push(delivery);
        try {
            const response = await fetch(standIn.noticeUrl as string, {
                method: 'POST',
                headers,
                body,
                signal: AbortSignal.timeout(deliveryTimeoutMs),
            });
            delivery.status = response.status;
            delivery.answer = await response.text();
        } catch {
            // No connection or no answer in time: recorded as status 0.
        }
        return delivery;
    };

    /** The code of CloudPayments' answer `{"code":N}` (HTTP 200 only), or undefined. */
    const codeOf = (delivery: NoticeDelivery) => {
        if (delivery.status !== 200) return undefined;
        try {
            const answer: unknown = JSON.parse(delivery.answer);
            const code = (answer as { code?: unknown } | null)?.code;
            return typeof code === 'number' ? code : undefined;
        } catch {
            return undefined;
        }
    };

    /** Sends a notice, again while it is not accepted (a Check, or `once`, only once). */
    const notify = (
        type: NoticeType,
        fields: Record<string, string | number>,
        notice: NoticeOptions & { once?: boolean } = {},
    ): Promise<NoticeRun> => {
        const format = notice.format ?? 'form';
        const texts = Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, String(value)]));
        // In JSON the amount is a number, as CloudPayments documents it; in a form everything is text.
        const body =
            format === 'json'
                ? JSON.stringify({
                      ...fields,
                      ...(fields.Amount !== undefined ? { Amount: Number(fields.Amount) } : {}),
                  })
                : new URLSearchParams(texts).toString();
        const signatures = notice.signatures ?? 'both';
        const secret = signatures === 'bad' ? `${standIn.apiSecret}-forged` : standIn.apiSecret;
        const headers: Record<string, string> = {
            'content-type': format === 'json' ? 'application/json' : 'application/x-www-form-urlencoded',
        };
        if (signatures !== 'none' && signatures !== 'x-content-hmac')
            headers['content-hmac'] = cloudpaymentsHmac(Buffer.from(body, 'utf8'), secret);
        if (signatures !== 'none' && signatures !== 'content-hmac')
            headers['x-content-hmac'] = cloudpaymentsHmac(
                Buffer.from(format === 'json' ? body : decodedParameters(texts), 'utf8'),
                secret,
            );
        const run: NoticeRun = { type, deliveries: [], accepted: false };
        const attempts = type === 'Check' || notice.once ? 1 : maxDeliveries;
        const done = (async () => {
            for (let attempt = 1; attempt <= attempts; attempt++) {
                if (attempt > 1) await delay(redeliveryMs);
                const delivery = await deliverOnce(type, body, headers, attempt);
                run.deliveries.push(delivery);
                run.code = codeOf(delivery);
                if (run.code === 0) {
                    run.accepted = true;
                    break;
                }
            }
            return run;
        })();
        return track(done);
    };

    /** The fields every notice of a card payment carries (Check, Pay, Fail). */
    const paymentFields = (transaction: StandInTransaction) => ({
        TransactionId: transaction.TransactionId,
        Amount: minorText(transaction.amountMinor),
        Currency: transaction.Currency,
        PaymentAmount: minorText(transaction.amountMinor),
        PaymentCurrency: transaction.Currency,
        DateTime: transaction.DateTime,
        ...(transaction.card ?? visa),
        TestMode: 1,
        ...(transaction.InvoiceId ? { InvoiceId: transaction.InvoiceId } : {}),
        ...(transaction.AccountId ? { AccountId: transaction.AccountId } : {}),
        ...(transaction.Email ? { Email: transaction.Email } : {}),
        ...(transaction.Description ? { Description: transaction.Description } : {}),
    });

    /** A new card payment on an order's page, not yet decided. */
    const newPayment = (
        order: StandInOrder,
        status: StandInTransaction['Status'],
        transactionId = nextTransaction++,
        card: StandInCard = visa,
    ): StandInTransaction => {
        if (order.Status !== 'Created')
            throw new Error(`Order ${order.Id} is ${order.Status}: its page takes no payment`);
        return {
            TransactionId: transactionId,
            Type: 0,
            OriginalTransactionId: null,
            orderId: order.Id,
            InvoiceId: order.InvoiceId,
            AccountId: order.AccountId,
            Email: order.Email,
            Description: order.Description,
            amountMinor: order.amountMinor,
            Currency: order.Currency,
            Status: status,
            Reason: status === 'Completed' ? 'Approved' : '',
            ReasonCode: 0,
            refundedMinor: 0,
            JsonData: order.JsonData,
            DateTime: dateTime(),
            card,
        };
    };

    const createOrder = (body: Record<string, unknown>) => {
        const amountMinor = amountOf(body.Amount);
        const description = textOf(body.Description);
        if (!description) throw new Refusal('Description is required');
        const currency = textOf(body.Currency) ?? 'RUB';
        if (!/^[A-Z]{3}$/.test(currency)) throw new Refusal('Invalid Currency value');
        const jsonData = jsonDataOf(body.JsonData);
        checkReceipt(jsonData, amountMinor);
        const requireConfirmation = body.RequireConfirmation === true || body.RequireConfirmation === 'true';
        const id = randomBytes(12).toString('base64url').slice(0, 16);
        const order: StandInOrder = {
            Id: id,
            Number: nextNumber++,
            amountMinor,
            Currency: currency,
            Description: description,
            Email: textOf(body.Email),
            InvoiceId: textOf(body.InvoiceId),
            AccountId: textOf(body.AccountId),
            CultureName: textOf(body.CultureName),
            SuccessRedirectUrl: textOf(body.SuccessRedirectUrl),
            FailRedirectUrl: textOf(body.FailRedirectUrl),
            RequireConfirmation: requireConfirmation,
            JsonData: jsonData,
            Url: `${standIn.url}/d/${id}`,
            Status: 'Created',
        };
        standIn.orders.set(id, order);
        return {
            Id: order.Id,
            Number: order.Number,
            Amount: amountMinor / 100,
            Currency: order.Currency,
            CurrencyCode: 0,
            Email: order.Email ?? null,
            Description: order.Description,
            RequireConfirmation: requireConfirmation,
            Url: order.Url,
            CultureName: order.CultureName ?? 'ru-RU',
            CreatedDateIso: new Date().toISOString().slice(0, 19),
            PaymentDate: null,
            StatusCode: 0,
            Status: 'Created',
            InternalId: order.Number * 10,
        };
    };

    const cancelOrder = (body: Record<string, unknown>) => {
        const order = standIn.orders.get(textOf(body.Id) ?? '');
        if (!order) throw new Refusal('Not found');
        if (order.Status === 'Paid') throw new Refusal('The order is paid');
        order.Status = 'Cancelled';
    };

    const refund = (body: Record<string, unknown>) => {
        if (refundRefusal !== null) throw new Refusal(refundRefusal);
        const id = numberOf(body.TransactionId);
        const payment = id === undefined ? undefined : standIn.transactions.get(id);
        if (!payment || payment.Type !== 0) throw new Refusal('Not found');
        if (payment.Status !== 'Completed') throw new Refusal('Transaction status is not Completed');
        const amountMinor = amountOf(body.Amount);
        if (amountMinor > payment.amountMinor - payment.refundedMinor)
            throw new Refusal('Refund amount is more than the amount left');
        const jsonData = jsonDataOf(body.JsonData);
        checkReceipt(jsonData, amountMinor);
        payment.refundedMinor += amountMinor;
        const refundTransaction: StandInTransaction = {
            ...payment,
            TransactionId: nextTransaction++,
            Type: 1,
            OriginalTransactionId: payment.TransactionId,
            amountMinor,
            refundedMinor: 0,
            JsonData: jsonData,
            DateTime: dateTime(),
        };
        standIn.transactions.set(refundTransaction.TransactionId, refundTransaction);
        // The Refund notice follows the answer, as CloudPayments sends it once the refund is made.
        const fields = {
            TransactionId: refundTransaction.TransactionId,
            PaymentTransactionId: payment.TransactionId,
            Amount: minorText(amountMinor),
            DateTime: refundTransaction.DateTime,
            OperationType: 'Refund',
            ...(payment.InvoiceId ? { InvoiceId: payment.InvoiceId } : {}),
            ...(payment.Email ? { Email: payment.Email } : {}),
        };
        if (standIn.noticeUrl) track(delay(5).then(() => notify('Refund', fields)));
        return { TransactionId: refundTransaction.TransactionId };
    };

    const getPayment = (body: Record<string, unknown>) => {
        const id = numberOf(body.TransactionId);
        const transaction = id === undefined ? undefined : standIn.transactions.get(id);
        if (!transaction) throw new Refusal('Not found');
        return modelOf(transaction);
    };

    const findPayment = (body: Record<string, unknown>) => {
        const invoiceId = textOf(body.InvoiceId);
        if (!invoiceId) throw new Refusal('InvoiceId is required');
        // The newer method: the order's last operation, refunds included.
        const last = [...standIn.transactions.values()].filter(item => item.InvoiceId === invoiceId).at(-1);
        if (!last) throw new Refusal('Not found');
        return modelOf(last);
    };

    /** A renewal on a saved card: the Token charged on its account, paid or declined at once, as a transaction. */
    const chargeToken = (body: Record<string, unknown>) => {
        const amountMinor = amountOf(body.Amount);
        const currency = textOf(body.Currency) ?? 'RUB';
        const accountId = textOf(body.AccountId);
        const token = textOf(body.Token);
        if (!accountId) throw new Refusal('AccountId is required');
        if (!token) throw new Refusal('Token is required');
        // Required since version 3.6.0 of the API: 0 the merchant initiates it, 1 the cardholder.
        if (body.TrInitiatorCode !== 0 && body.TrInitiatorCode !== 1) throw new Refusal('TrInitiatorCode is required');
        const saved = standIn.tokens.get(token);
        if (!saved || saved.AccountId !== accountId) throw new Refusal('Token not found');
        const jsonData = jsonDataOf(body.JsonData);
        checkReceipt(jsonData, amountMinor);
        const declined = saved.declineCode;
        const transaction: StandInTransaction = {
            TransactionId: nextTransaction++,
            Type: 0,
            OriginalTransactionId: null,
            InvoiceId: textOf(body.InvoiceId),
            AccountId: accountId,
            Email: textOf(body.Email),
            Description: textOf(body.Description),
            amountMinor,
            Currency: currency,
            Status: declined ? 'Declined' : 'Completed',
            Reason: declined ? (reasons[declined] ?? 'Declined') : 'Approved',
            ReasonCode: declined ?? 0,
            refundedMinor: 0,
            JsonData: jsonData,
            DateTime: dateTime(),
            card: saved.card,
            Token: token,
        };
        standIn.transactions.set(transaction.TransactionId, transaction);
        // CloudPayments tells a payment by token as any other: Pay, or Fail, after its answer.
        if (options?.chargeNotices && standIn.noticeUrl) {
            const fields = { ...paymentFields(transaction), OperationType: 'Payment' };
            const notice: [NoticeType, Record<string, string | number>] = declined
                ? ['Fail', { ...fields, Reason: transaction.Reason, ReasonCode: declined }]
                : [
                      'Pay',
                      {
                          ...fields,
                          Status: 'Completed',
                          GatewayName: 'Test',
                          AuthCode: 'A1B2C3',
                          TotalFee: 0,
                          Token: token,
                      },
                  ];
            track(delay(5).then(() => notify(...notice)));
        }
        if (declined) throw new Declined(modelOf(transaction));
        return modelOf(transaction);
    };

    const methods: Record<string, (body: Record<string, unknown>) => unknown> = {
        '/payments/tokens/charge': chargeToken,
        '/orders/create': createOrder,
        '/orders/cancel': body => {
            cancelOrder(body);
            return undefined;
        },
        '/payments/refund': refund,
        '/payments/get': getPayment,
        '/v2/payments/find': findPayment,
    };

    const send = (response: ServerResponse, status: number, body?: unknown) => {
        if (response.writableEnded || response.destroyed) return;
        response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
        response.end(body === undefined ? '' : JSON.stringify(body));
    };

    const handle = async (request: IncomingMessage, response: ServerResponse) => {
        const path = new URL(request.url ?? '/', 'http://localhost').pathname;
        const method = methods[path];
        if (request.method !== 'POST' || !method) {
            request.resume();
            return send(response, 404, { Success: false, Message: 'Not found' });
        }
        const expected = `Basic ${Buffer.from(`${standIn.publicId}:${standIn.apiSecret}`).toString('base64')}`;
        if (request.headers.authorization !== expected) {
            request.resume();
            standIn.unauthorized += 1;
            return send(response, 401);
        }
        const contentType = request.headers['content-type'] ?? '';
        const requestIdHeader = request.headers['x-request-id'];
        const requestId = typeof requestIdHeader === 'string' && requestIdHeader ? requestIdHeader : undefined;
        let body: Record<string, unknown> = {};
        const call = { path, body, requestId, contentType, replayed: false, status: 200 };
        standIn.calls.push(call);
        try {
            call.body = body = await readBody(request);
        } catch (error) {
            return send(response, 200, { Success: false, Message: (error as Error).message });
        }
        if (failing && failing.times > 0) {
            failing.times -= 1;
            call.status = failing.status;
            return send(response, failing.status, undefined);
        }
        const kept = requestId ? answered.get(requestId) : undefined;
        if (kept && Date.now() - kept.at < requestIdTtlMs) {
            call.replayed = true;
            return send(response, kept.status, kept.body);
        }
        let answer: unknown;
        try {
            answer = { Model: method(body) ?? null, Success: true, Message: null };
        } catch (error) {
            // A declined payment is done as much as a paid one: its answer is kept for its X-Request-ID too.
            if (error instanceof Declined) answer = { Model: error.model, Success: false, Message: 'Declined' };
            else if (!(error instanceof Refusal)) throw error;
            // Only a request that was carried out is kept for its X-Request-ID: a refused one may be tried again.
            else return send(response, 200, { Success: false, Message: error.message });
        }
        if (requestId) answered.set(requestId, { status: 200, body: answer, at: Date.now() });
        if (losing) {
            losing = false;
            call.status = 502;
            return send(response, 502, undefined);
        }
        send(response, 200, answer);
    };

    const server = createServer((request, response) => {
        handle(request, response).catch((error: unknown) => send(response, 500, { Message: String(error) }));
    });

    const standIn: CloudPaymentsStandIn = {
        url: '',
        publicId: options?.publicId ?? 'pk_test_standin',
        apiSecret: options?.apiSecret ?? 'api_secret_test',
        noticeUrl: options?.noticeUrl,
        orders: new Map(),
        transactions: new Map(),
        tokens: new Map(),
        calls: [],
        unauthorized: 0,
        deliveries: [],
        pay: async (orderId, notice = {}) => {
            const order = orderOf(orderId);
            const transaction = newPayment(order, 'Completed', undefined, { ...visa, ...notice.card });
            // A payment on an account saves its card: the Token comes with the Pay notice.
            if (order.AccountId) transaction.Token = `tk_${randomBytes(12).toString('hex')}`;
            const fields = paymentFields(transaction);
            let check: NoticeRun | undefined;
            if (notice.check && standIn.noticeUrl) {
                // Before the bank is asked: the same fields with the status the payment will have, no bank yet.
                check = await notify('Check', { ...fields, Status: 'Completed', OperationType: 'Payment' }, notice);
                if (!check.accepted) {
                    // Not allowed (or no answer): the payment is declined before the card is charged.
                    standIn.transactions.set(transaction.TransactionId, {
                        ...transaction,
                        Status: 'Declined',
                        Reason: 'Check declined',
                        ReasonCode: 5204,
                    });
                    return { transactionId: transaction.TransactionId, check };
                }
            }
            standIn.transactions.set(transaction.TransactionId, transaction);
            if (transaction.Token && order.AccountId)
                standIn.tokens.set(transaction.Token, { AccountId: order.AccountId, card: transaction.card ?? visa });
            order.Status = 'Paid';
            if (!standIn.noticeUrl) return { transactionId: transaction.TransactionId, check };
            const pay = await notify(
                'Pay',
                {
                    ...fields,
                    Status: 'Completed',
                    OperationType: 'Payment',
                    GatewayName: 'Test',
                    AuthCode: 'A1B2C3',
                    TotalFee: 0,
                    ...(transaction.Token ? { Token: transaction.Token } : {}),
                },
                notice,
            );
            return { transactionId: transaction.TransactionId, check, pay };
        },
        fail: async (orderId, reasonCode = 5051, notice = {}) => {
            const order = orderOf(orderId);
            const transaction: StandInTransaction = {
                ...newPayment(order, 'Declined'),
                Reason: reasons[reasonCode] ?? 'Declined',
                ReasonCode: reasonCode,
            };
            // The order's page stays open: the payer may try again with another card.
            standIn.transactions.set(transaction.TransactionId, transaction);
            if (!standIn.noticeUrl) return { transactionId: transaction.TransactionId };
            const fail = await notify(
                'Fail',
                {
                    ...paymentFields(transaction),
                    OperationType: 'Payment',
                    Reason: transaction.Reason,
                    ReasonCode: reasonCode,
                },
                notice,
            );
            return { transactionId: transaction.TransactionId, fail };
        },
        sendBadHmac: async orderId => {
            const order = orderOf(orderId);
            // Whatever the order's state: a forger needs none.
            const forged = newPayment({ ...order, Status: 'Created' }, 'Completed', 999_999);
            return notify(
                'Pay',
                { ...paymentFields(forged), Status: 'Completed', OperationType: 'Payment', GatewayName: 'Test' },
                { signatures: 'bad', once: true },
            );
        },
        sendJson: orderId => standIn.pay(orderId, { format: 'json' }),
        sendNotice: (type, fields, notice) => notify(type, fields, notice),
        failNext: (status, times = 1) => {
            failing = { status, times };
        },
        refuseRefunds: message => {
            refundRefusal = message;
        },
        declineToken: (token, reasonCode) => {
            const saved = standIn.tokens.get(token);
            if (!saved) throw new Error(`No token ${token} at the CloudPayments stand-in`);
            saved.declineCode = reasonCode ?? undefined;
        },
        loseNextAnswer: () => {
            losing = true;
        },
        idle: async () => {
            while (running.size > 0) await Promise.allSettled([...running]);
        },
        stop: async () => {
            await standIn.idle();
            const closed = new Promise<void>(done => server.close(() => done()));
            server.closeAllConnections();
            await closed;
        },
    };

    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    standIn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return standIn;
};
