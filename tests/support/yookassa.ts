import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A stand-in for ЮKassa's API v3 for the tests, on a port of its own: the adapter reaches it with
 * `apiUrl: standIn.apiUrl`. It answers as ЮKassa documents: HTTP Basic auth with the shop id and secret key
 * (else 401 invalid_credentials); every POST needs an Idempotence-Key, and the same key with the same body
 * answers the first answer again while the same key with another body is refused; payments and refunds are
 * validated (amounts with 2 decimals, a redirect confirmation, the 54-FZ receipt: customer, items that add up
 * to the amount, VAT and taxation codes) with 400 naming the `parameter`. Errors are ЮKassa's
 * `{ type: 'error', id, code, description, parameter? }`.
 *
 * A test plays the payer and ЮKassa's back office: `pay` and `decline` decide a payment, `refundSucceeds` a
 * pending refund, and each posts ЮKassa's notice to `noticeUrl` (the answer's status is kept in `notices`);
 * `forge` posts a notice that changes nothing, as someone pretending to be ЮKassa would. `failNext` makes the
 * next call fail (500 or 429, 202 still processing), `delay` slows every answer.
 *
 * Saved cards, as ЮKassa's autopayments work: a payment created with `save_payment_method: true` and paid
 * gets `payment_method: {id, saved: true, type: 'bank_card', card: {first6, last4, expiry_year, expiry_month,
 * card_type}}`; a payment with that `payment_method_id` and no confirmation is decided at once, `succeeded`
 * or `canceled` with `cancellation_details` as `chargeOutcome` says for the method. A key is remembered for
 * 24 hours of the stand-in's clock (`shift` moves it), after which the same key makes a new payment.
 * `GET /v3/payments` lists payments newest first, by `created_at.gte`/`gt`/`lte`/`lt`, `status`, `limit`
 * (1-100, default 10) and `cursor`.
 */

export interface YookassaAmount {
    value: string;
    currency: string;
}

export interface YookassaPayment {
    id: string;
    status: 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';
    paid: boolean;
    amount: YookassaAmount;
    income_amount?: YookassaAmount;
    refunded_amount?: YookassaAmount;
    description?: string;
    recipient: { account_id: string; gateway_id: string };
    created_at: string;
    captured_at?: string;
    confirmation?: { type: 'redirect'; return_url: string; confirmation_url: string };
    cancellation_details?: { party: string; reason: string };
    metadata: Record<string, string>;
    receipt_registration?: 'pending' | 'succeeded' | 'canceled';
    refundable: boolean;
    test: boolean;
    payment_method?: YookassaPaymentMethod;
}

/** A bank card as ЮKassa answers it inside a payment. */
export interface YookassaCard {
    first6: string;
    last4: string;
    expiry_year: string;
    expiry_month: string;
    card_type: string;
    issuer_country?: string;
}

export interface YookassaPaymentMethod {
    type: 'bank_card';
    id: string;
    saved: boolean;
    title: string;
    card: YookassaCard;
}

/** How a charge of a saved method ends: paid, still pending, or cancelled with ЮKassa's reason. */
export type YookassaChargeOutcome = 'succeeded' | 'pending' | { reason: string };

export interface YookassaRefund {
    id: string;
    payment_id: string;
    status: 'pending' | 'succeeded' | 'canceled';
    amount: YookassaAmount;
    created_at: string;
    description?: string;
    cancellation_details?: { party: string; reason: string };
    receipt_registration?: 'pending' | 'succeeded' | 'canceled';
}

export interface YookassaCall {
    method: string;
    /** The path with its query, e.g. /v3/payments. */
    path: string;
    headers: { authorization?: string; idempotenceKey?: string; contentType?: string };
    /** The JSON body as sent (undefined when there was none or it was not JSON). */
    body: unknown;
    /** The HTTP status it was answered. */
    status?: number;
}

export interface YookassaNoticeDelivery {
    event: string;
    objectId: string;
    /** The raw body posted. */
    body: string;
    /** The status the notice URL answered, or 0 when it could not be reached. */
    status: number;
    /** What the notice URL answered. */
    answer: string;
}

export interface YookassaStandIn {
    /** The server's root, e.g. http://127.0.0.1:PORT (no trailing slash). */
    url: string;
    /** The API root to give the adapter: `${url}/v3`. */
    apiUrl: string;
    /** The shop id and secret key it answers to. */
    shopId: string;
    secretKey: string;
    /** Where the notices go (set by the test); unset: `pay` and the others change the state and post nothing. */
    noticeUrl?: string;
    /** Every request to the API, in order (unauthorised ones too). */
    calls: YookassaCall[];
    /** Every notice posted, in order. */
    notices: YookassaNoticeDelivery[];
    /** How a new refund ends at once: succeeded (ЮKassa's usual answer), pending, or canceled. */
    refundOutcome: 'succeeded' | 'pending' | 'canceled';
    /** Where a payment's payer is sent: `${url}/checkout/${id}`. */
    checkoutUrl(paymentId: string): string;
    /** A payment or refund as ЮKassa would answer it now (a copy), or undefined. */
    payment(paymentId: string): YookassaPayment | undefined;
    refund(refundId: string): YookassaRefund | undefined;
    /** Every payment made, in order (copies). */
    listPayments(): YookassaPayment[];
    /**
     * The payer pays: the payment succeeds (or waits for capture, made without capture) and its notice is
     * posted. A payment that asked `save_payment_method` saves the card (`card` changes the default Mir ••
     * 4242 valid to 12/2030) unless `saved: false` (ЮKassa did not save it).
     */
    pay(
        paymentId: string,
        options?: { card?: Partial<YookassaCard>; saved?: boolean },
    ): Promise<YookassaNoticeDelivery | undefined>;
    /** How later charges of a saved method end (`succeeded` until told otherwise). */
    chargeOutcome(paymentMethodId: string, outcome: YookassaChargeOutcome): void;
    /** The calls to `method` and `path` (without its query) so far, e.g. ('POST', '/v3/payments'). */
    callsTo(method: string, path: string): YookassaCall[];
    /** Moves the stand-in's clock (created_at, the 24 hours of a key) this far ahead. */
    shift(ms: number): void;
    /** The payment is cancelled with `reason` (default insufficient_funds) and payment.canceled is posted. */
    decline(paymentId: string, reason?: string): Promise<YookassaNoticeDelivery | undefined>;
    /** A pending refund succeeds and refund.succeeded is posted. */
    refundSucceeds(refundId: string): Promise<YookassaNoticeDelivery | undefined>;
    /** Posts a notice with this event and object, changing nothing. */
    forge(event: string, object: Record<string, unknown>): Promise<YookassaNoticeDelivery>;
    /**
     * The next API call is answered `status` (500, 429, 202…) with ЮKassa's error body of `code`. With
     * `processed`, the call is done first and only its answer lost, as a 500 after the fact would be.
     */
    failNext(status: number, code?: string, options?: { processed?: boolean }): void;
    /** Every later answer (and notice) waits this long first. */
    delay(ms: number): void;
    stop(): Promise<void>;
}

/** ЮKassa's error codes of the HTTP statuses it documents. */
const codes: Record<number, string> = {
    400: 'invalid_request',
    401: 'invalid_credentials',
    403: 'forbidden',
    404: 'not_found',
    429: 'too_many_requests',
    500: 'internal_server_error',
};

const paymentModes = [
    'full_prepayment',
    'partial_prepayment',
    'advance',
    'full_payment',
    'partial_payment',
    'credit',
    'credit_payment',
];
const paymentSubjects = [
    'commodity',
    'excise',
    'job',
    'service',
    'gambling_bet',
    'gambling_prize',
    'lottery',
    'lottery_prize',
    'intellectual_activity',
    'payment',
    'agent_commission',
    'property_right',
    'non_operating_gain',
    'insurance_premium',
    'sales_tax',
    'resort_fee',
    'composite',
    'another',
];

/** A refusal of a request, answered as ЮKassa's error object. */
class Refusal extends Error {
    constructor(
        readonly status: number,
        description: string,
        readonly parameter?: string,
        readonly code = codes[status] ?? 'invalid_request',
    ) {
        super(description);
    }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
    typeof value === 'object' && value !== null && !Array.isArray(value);

/** An amount's value in minor units, or a refusal naming `parameter`. */
const minorOf = (amount: unknown, parameter: string, currency?: string): number => {
    if (!isRecord(amount)) throw new Refusal(400, `${parameter} is required`, parameter);
    if (typeof amount.value !== 'string' || !/^\d+\.\d{2}$/.test(amount.value))
        throw new Refusal(400, `Invalid value of ${parameter}.value`, `${parameter}.value`);
    if (typeof amount.currency !== 'string' || !/^[A-Z]{3}$/.test(amount.currency))
        throw new Refusal(400, `Invalid value of ${parameter}.currency`, `${parameter}.currency`);
    if (currency !== undefined && amount.currency !== currency)
        throw new Refusal(400, `${parameter}.currency differs from the payment's`, `${parameter}.currency`);
    const [whole, cents] = amount.value.split('.');
    const minor = Number(whole) * 100 + Number(cents);
    if (minor <= 0) throw new Refusal(400, `${parameter}.value must be above zero`, `${parameter}.value`);
    return minor;
};

const text = (minor: number) => `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;

/** A quantity (string or number, up to 3 decimals) in thousandths, or a refusal. */
const thousandths = (quantity: unknown, parameter: string): number => {
    const written = typeof quantity === 'number' ? String(quantity) : quantity;
    if (typeof written !== 'string' || !/^\d+(\.\d{1,3})?$/.test(written))
        throw new Refusal(400, `Invalid value of ${parameter}`, parameter);
    const [whole, fraction = ''] = written.split('.');
    const value = Number(whole) * 1000 + Number(fraction.padEnd(3, '0'));
    if (value <= 0) throw new Refusal(400, `${parameter} must be above zero`, parameter);
    return value;
};

/** Checks a 54-FZ receipt of `totalMinor` in `currency` as ЮKassa reads one. */
const checkReceipt = (receipt: unknown, totalMinor: number, currency: string) => {
    if (!isRecord(receipt)) throw new Refusal(400, 'Invalid receipt', 'receipt');
    const customer = receipt.customer;
    const email = isRecord(customer) && typeof customer.email === 'string' ? customer.email : '';
    const phone = isRecord(customer) && typeof customer.phone === 'string' ? customer.phone : '';
    if (!email && !phone) throw new Refusal(400, 'Receipt needs customer email or phone', 'receipt.customer');
    if (email && !/^[^@\s]+@[^@\s]+$/.test(email))
        throw new Refusal(400, 'Invalid customer email', 'receipt.customer.email');
    // ЮKassa takes the phone in ITU-T E.164 without the plus: digits only.
    if (phone && !/^\d{7,15}$/.test(phone)) throw new Refusal(400, 'Invalid customer phone', 'receipt.customer.phone');
    if (!Array.isArray(receipt.items) || receipt.items.length === 0)
        throw new Refusal(400, 'Receipt needs items', 'receipt.items');
    let sum = 0;
    receipt.items.forEach((item: unknown, index) => {
        const at = `receipt.items[${index}]`;
        if (!isRecord(item)) throw new Refusal(400, `Invalid ${at}`, at);
        if (typeof item.description !== 'string' || !item.description.trim() || [...item.description].length > 128)
            throw new Refusal(400, `Invalid ${at}.description`, `${at}.description`);
        const quantity = thousandths(item.quantity, `${at}.quantity`);
        // An item's amount is the price of one unit.
        const price = minorOf(item.amount, `${at}.amount`, currency);
        if (!Number.isInteger(item.vat_code) || (item.vat_code as number) < 1 || (item.vat_code as number) > 12)
            throw new Refusal(400, `Invalid ${at}.vat_code`, `${at}.vat_code`);
        if (item.payment_mode !== undefined && !paymentModes.includes(item.payment_mode as string))
            throw new Refusal(400, `Invalid ${at}.payment_mode`, `${at}.payment_mode`);
        if (item.payment_subject !== undefined && !paymentSubjects.includes(item.payment_subject as string))
            throw new Refusal(400, `Invalid ${at}.payment_subject`, `${at}.payment_subject`);
        sum += Math.round((price * quantity) / 1000);
    });
    if (sum !== totalMinor)
        throw new Refusal(400, `Receipt items add up to ${text(sum)}, not ${text(totalMinor)}`, 'receipt.items');
    const tax = receipt.tax_system_code;
    if (tax !== undefined && (!Number.isInteger(tax) || (tax as number) < 1 || (tax as number) > 6))
        throw new Refusal(400, 'Invalid receipt.tax_system_code', 'receipt.tax_system_code');
};

/** JSON with the keys of every object sorted: two bodies that differ only in key order are the same data. */
const canonical = (value: unknown): string =>
    JSON.stringify(value, (_key, inner: unknown) =>
        isRecord(inner)
            ? Object.fromEntries(
                  Object.keys(inner)
                      .sort()
                      .map(key => [key, inner[key]]),
              )
            : inner,
    );

/** Who ЮKassa names as having cancelled a payment for `reason`. */
const partyOf = (reason: string) =>
    reason === 'canceled_by_merchant'
        ? 'merchant'
        : ['expired_on_confirmation', 'expired_on_capture', 'fraud_suspected', 'internal_timeout'].includes(reason)
          ? 'yoo_money'
          : 'payment_network';

/** The card a payer pays with unless a test gives another. */
const defaultCard: YookassaCard = {
    first6: '220220',
    last4: '4242',
    expiry_year: '2030',
    expiry_month: '12',
    card_type: 'Mir',
    issuer_country: 'RU',
};

const pause = (ms: number) => new Promise(done => setTimeout(done, ms));

const copy = <T>(value: T): T => structuredClone(value);

export const startYookassa = async (options?: { shopId?: string; secretKey?: string }): Promise<YookassaStandIn> => {
    const payments = new Map<string, YookassaPayment>();
    const refunds = new Map<string, YookassaRefund>();
    /** The answers given to each Idempotence-Key, with the request they answered. */
    const replays = new Map<string, { request: string; status: number; answer: unknown; at: number }>();
    const failures: { status: number; code?: string; processed: boolean }[] = [];
    /** Whether each payment was made with capture: true (taken at once) or waits for a capture. */
    const captures = new Map<string, boolean>();
    /** The saved methods, and how a charge of each ends. */
    const methods = new Map<string, YookassaPaymentMethod>();
    const chargeOutcomes = new Map<string, YookassaChargeOutcome>();
    /** Which payments asked to save the method they are paid with. */
    const saving = new Set<string>();
    let delayMs = 0;
    let shiftMs = 0;

    const nowMs = () => Date.now() + shiftMs;
    const now = () => new Date(nowMs()).toISOString();

    /** How much of a payment is given back or being given back (refunds not cancelled). */
    const refundedMinor = (paymentId: string, only?: YookassaRefund['status']) =>
        [...refunds.values()]
            .filter(refund => refund.payment_id === paymentId && refund.status !== 'canceled')
            .filter(refund => !only || refund.status === only)
            .reduce((sum, refund) => sum + minorOf(refund.amount, 'amount'), 0);

    const createPayment = (body: Record<string, unknown>): YookassaPayment => {
        const amount = minorOf(body.amount, 'amount');
        const currency = (body.amount as YookassaAmount).currency;
        const methodId = body.payment_method_id;
        if (methodId !== undefined && typeof methodId !== 'string')
            throw new Refusal(400, 'Invalid payment_method_id', 'payment_method_id');
        const method = methodId === undefined ? undefined : methods.get(methodId);
        if (methodId !== undefined && !method?.saved)
            throw new Refusal(400, 'The payment method does not exist or is not saved', 'payment_method_id');
        if (body.save_payment_method !== undefined && typeof body.save_payment_method !== 'boolean')
            throw new Refusal(400, 'Invalid save_payment_method', 'save_payment_method');
        // A saved method is charged without the payer: no confirmation then.
        const confirmation = body.confirmation;
        if (!method || confirmation !== undefined) {
            if (!isRecord(confirmation)) throw new Refusal(400, 'confirmation is required', 'confirmation');
            if (confirmation.type !== 'redirect')
                throw new Refusal(400, 'The stand-in takes only redirect confirmations', 'confirmation.type');
            if (typeof confirmation.return_url !== 'string' || !/^https?:\/\//.test(confirmation.return_url))
                throw new Refusal(400, 'Invalid confirmation.return_url', 'confirmation.return_url');
        }
        if (body.capture !== undefined && typeof body.capture !== 'boolean')
            throw new Refusal(400, 'Invalid capture', 'capture');
        const description = body.description;
        if (description !== undefined && (typeof description !== 'string' || [...description].length > 128))
            throw new Refusal(400, 'Invalid description: at most 128 characters', 'description');
        const metadata = body.metadata ?? {};
        if (
            !isRecord(metadata) ||
            Object.keys(metadata).length > 16 ||
            Object.entries(metadata).some(
                ([key, value]) => key.length > 32 || typeof value !== 'string' || value.length > 512,
            )
        )
            throw new Refusal(400, 'Invalid metadata', 'metadata');
        if (body.receipt !== undefined) checkReceipt(body.receipt, amount, currency);
        const id = randomUUID();
        const payment: YookassaPayment = {
            id,
            status: 'pending',
            paid: false,
            amount: { value: text(amount), currency },
            ...(description !== undefined ? { description } : {}),
            recipient: { account_id: standIn.shopId, gateway_id: '100500' },
            created_at: now(),
            ...(isRecord(confirmation)
                ? {
                      confirmation: {
                          type: 'redirect' as const,
                          return_url: String(confirmation.return_url),
                          confirmation_url: standIn.checkoutUrl(id),
                      },
                  }
                : {}),
            metadata: metadata as Record<string, string>,
            ...(body.receipt !== undefined ? { receipt_registration: 'pending' as const } : {}),
            refundable: false,
            test: true,
            ...(method ? { payment_method: copy(method) } : {}),
        };
        // Kept so that pay() knows whether to capture at once.
        captures.set(id, body.capture === true);
        if (body.save_payment_method === true) saving.add(id);
        payments.set(id, payment);
        if (method) chargeMethod(payment, method.id);
        return payment;
    };

    /** A charge of a saved method, decided at once as the test set it up; its notice follows, as ЮKassa's does. */
    const chargeMethod = (payment: YookassaPayment, methodId: string) => {
        const outcome = chargeOutcomes.get(methodId) ?? 'succeeded';
        if (outcome === 'pending') return;
        if (outcome === 'succeeded') succeed(payment);
        else {
            payment.status = 'canceled';
            payment.cancellation_details = { party: partyOf(outcome.reason), reason: outcome.reason };
            if (payment.receipt_registration) payment.receipt_registration = 'canceled';
        }
        const event = payment.status === 'canceled' ? 'payment.canceled' : `payment.${payment.status}`;
        // After the answer, as ЮKassa's notice comes after it.
        setImmediate(() => void notify(event, payment));
    };

    const createRefund = (body: Record<string, unknown>): YookassaRefund => {
        if (typeof body.payment_id !== 'string') throw new Refusal(400, 'payment_id is required', 'payment_id');
        const payment = payments.get(body.payment_id);
        if (!payment) throw new Refusal(404, 'Payment not found', 'payment_id');
        if (payment.status !== 'succeeded')
            throw new Refusal(400, `Payment is ${payment.status}, only succeeded payments are refunded`, 'payment_id');
        const amount = minorOf(body.amount, 'amount', payment.amount.currency);
        const left = minorOf(payment.amount, 'amount') - refundedMinor(payment.id);
        if (amount > left) throw new Refusal(400, `Refund amount is more than the ${text(left)} left`, 'amount');
        if (body.receipt !== undefined) checkReceipt(body.receipt, amount, payment.amount.currency);
        if (body.description !== undefined && (typeof body.description !== 'string' || body.description.length > 250))
            throw new Refusal(400, 'Invalid description', 'description');
        const refund: YookassaRefund = {
            id: randomUUID(),
            payment_id: payment.id,
            status: standIn.refundOutcome,
            amount: { value: text(amount), currency: payment.amount.currency },
            created_at: now(),
            ...(typeof body.description === 'string' ? { description: body.description } : {}),
            ...(standIn.refundOutcome === 'canceled'
                ? { cancellation_details: { party: 'yoo_money', reason: 'general_decline' } }
                : {}),
            ...(body.receipt !== undefined ? { receipt_registration: 'pending' as const } : {}),
        };
        refunds.set(refund.id, refund);
        if (refund.status === 'succeeded') settleRefunds(payment);
        return refund;
    };

    /** Puts the succeeded refunds of a payment into its refunded_amount. */
    const settleRefunds = (payment: YookassaPayment) => {
        const refunded = refundedMinor(payment.id, 'succeeded');
        payment.refunded_amount = { value: text(refunded), currency: payment.amount.currency };
        payment.refundable = refunded < minorOf(payment.amount, 'amount');
    };

    /** `GET /v3/payments`: the payments its filters take, newest first, a page at a time. */
    const list = (query: URLSearchParams) => {
        const limit = Number(query.get('limit') ?? '10');
        if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw new Refusal(400, 'Invalid limit', 'limit');
        const bounds = (['gte', 'gt', 'lte', 'lt'] as const).map(bound => {
            const written = query.get(`created_at.${bound}`);
            const at = written === null ? null : Date.parse(written);
            if (at !== null && Number.isNaN(at))
                throw new Refusal(400, `Invalid created_at.${bound}`, `created_at.${bound}`);
            return { bound, at };
        });
        const status = query.get('status');
        const taken = [...payments.values()]
            .filter(payment => !status || payment.status === status)
            .filter(payment =>
                bounds.every(({ bound, at }) => {
                    const created = Date.parse(payment.created_at);
                    if (at === null) return true;
                    return bound === 'gte'
                        ? created >= at
                        : bound === 'gt'
                          ? created > at
                          : bound === 'lte'
                            ? created <= at
                            : created < at;
                }),
            )
            .reverse();
        const cursor = query.get('cursor');
        const from = cursor ? Number(Buffer.from(cursor, 'base64url').toString('utf8')) : 0;
        if (!Number.isInteger(from) || from < 0) throw new Refusal(400, 'Invalid cursor', 'cursor');
        const items = taken.slice(from, from + limit);
        const next = from + limit < taken.length ? Buffer.from(String(from + limit)).toString('base64url') : null;
        return { type: 'list', items, ...(next ? { next_cursor: next } : {}) };
    };

    /** Answers an API call (already authorised and recorded), or throws a Refusal. */
    const route = (method: string, path: string, body: unknown, query: URLSearchParams): unknown => {
        if (path === '/v3/payments' && method === 'GET') return list(query);
        const item = /^\/v3\/(payments|refunds)\/([^/]+)$/.exec(path);
        if (item && method === 'GET') {
            const id = decodeURIComponent(item[2]);
            const found = item[1] === 'payments' ? payments.get(id) : refunds.get(id);
            if (!found) throw new Refusal(404, `${item[1] === 'payments' ? 'Payment' : 'Refund'} not found`);
            return found;
        }
        if ((path === '/v3/payments' || path === '/v3/refunds') && method === 'POST') {
            if (!isRecord(body)) throw new Refusal(400, 'Request body is not a JSON object');
            return path === '/v3/payments' ? createPayment(body) : createRefund(body);
        }
        if (item || path === '/v3/payments' || path === '/v3/refunds')
            throw new Refusal(405, `Method ${method} is not allowed`);
        throw new Refusal(404, 'Not found');
    };

    const reply = (response: ServerResponse, status: number, answer: unknown) => {
        if (response.writableEnded || response.destroyed) return;
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(answer));
    };
    const errorBody = (refusal: Refusal) => ({
        type: 'error',
        id: randomUUID(),
        code: refusal.code,
        description: refusal.message,
        ...(refusal.parameter ? { parameter: refusal.parameter } : {}),
    });
    const failureBody = (status: number, code?: string) =>
        status === 202
            ? { type: 'processing', description: 'Request accepted, but not processed yet', retry_after: 1800 }
            : {
                  type: 'error',
                  id: randomUUID(),
                  code: code ?? codes[status] ?? 'internal_server_error',
                  description: 'Failed by the test',
              };

    const handle = async (request: IncomingMessage, response: ServerResponse) => {
        const chunks: Buffer[] = [];
        for await (const chunk of request) chunks.push(chunk as Buffer);
        const raw = Buffer.concat(chunks).toString('utf8');
        const { pathname: path, searchParams: query } = new URL(request.url ?? '/', 'http://localhost');
        const method = request.method ?? 'GET';
        let body: unknown;
        let readable = true;
        try {
            body = raw ? JSON.parse(raw) : undefined;
        } catch {
            readable = false;
        }
        const header = (name: string) => {
            const value = request.headers[name];
            return Array.isArray(value) ? value[0] : value;
        };
        const call: YookassaCall = {
            method,
            path: request.url ?? '/',
            headers: {
                authorization: header('authorization'),
                idempotenceKey: header('idempotence-key'),
                contentType: header('content-type'),
            },
            body,
        };
        standIn.calls.push(call);
        const send = async (status: number, answer: unknown) => {
            call.status = status;
            if (delayMs) await pause(delayMs);
            reply(response, status, answer);
        };

        if (path.startsWith('/checkout/')) {
            // The payer's page: nothing to show; the test decides with pay() or decline().
            call.status = 200;
            response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
            return response.end('<!doctype html><title>ЮKassa stand-in</title><p>Test payment page</p>');
        }

        const expected = `Basic ${Buffer.from(`${standIn.shopId}:${standIn.secretKey}`).toString('base64')}`;
        if (call.headers.authorization !== expected)
            return send(
                401,
                errorBody(
                    new Refusal(
                        401,
                        'Error in shopId or secret key. Check their validity. ' +
                            'You can reissue the key in the Merchant Profile',
                        'Authorization',
                    ),
                ),
            );

        const failure = failures.shift();
        if (failure && !failure.processed) return send(failure.status, failureBody(failure.status, failure.code));

        let status = 200;
        let answer: unknown;
        try {
            if (!readable) throw new Refusal(400, 'Request body is not valid JSON');
            if (method === 'POST') {
                const key = call.headers.idempotenceKey;
                if (!key) throw new Refusal(400, 'Idempotence-Key header is required', 'Idempotence-Key');
                if (key.length > 64) throw new Refusal(400, 'Idempotence-Key is too long', 'Idempotence-Key');
                // ЮKassa remembers a key for 24 hours: after them, the same key is a new request.
                for (const [kept, { at }] of replays) if (nowMs() - at > 24 * 3_600_000) replays.delete(kept);
                const seen = replays.get(key);
                const asked = `${path} ${canonical(body)}`;
                if (seen && seen.request !== asked)
                    throw new Refusal(400, 'Idempotence key duplicated', 'Idempotence-Key');
                if (seen) {
                    status = seen.status;
                    answer = copy(seen.answer);
                } else {
                    answer = copy(route(method, path, body, query));
                    replays.set(key, { request: asked, status, answer: copy(answer), at: nowMs() });
                }
            } else answer = copy(route(method, path, body, query));
        } catch (error) {
            if (!(error instanceof Refusal)) throw error;
            status = error.status;
            answer = errorBody(error);
        }
        if (failure) return send(failure.status, failureBody(failure.status, failure.code));
        return send(status, answer);
    };

    /** Posts ЮKassa's notice of `event` about `object` to the notice URL and keeps what it answered. */
    const post = async (event: string, object: Record<string, unknown>): Promise<YookassaNoticeDelivery> => {
        const noticeUrl = standIn.noticeUrl;
        if (!noticeUrl) throw new Error('The ЮKassa stand-in has no noticeUrl to post to');
        const body = JSON.stringify({ type: 'notification', event, object });
        const objectId = String(object.id ?? '');
        const delivery: YookassaNoticeDelivery = { event, objectId, body, status: 0, answer: '' };
        standIn.notices.push(delivery);
        if (delayMs) await pause(delayMs);
        try {
            const response = await fetch(noticeUrl, {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body,
            });
            delivery.status = response.status;
            delivery.answer = await response.text();
        } catch (error) {
            delivery.answer = String(error);
        }
        return delivery;
    };
    /** Posts the notice of a real change, when a test listens for notices. */
    const notify = (event: string, object: YookassaPayment | YookassaRefund) =>
        standIn.noticeUrl ? post(event, { ...copy(object) }) : Promise.resolve(undefined);

    /** The payment is paid: taken at once, or waiting for a capture when made without one. */
    const succeed = (payment: YookassaPayment) => {
        payment.paid = true;
        if (payment.receipt_registration) payment.receipt_registration = 'succeeded';
        if (!captures.get(payment.id)) {
            payment.status = 'waiting_for_capture';
            return;
        }
        payment.status = 'succeeded';
        payment.captured_at = now();
        payment.refundable = true;
        payment.refunded_amount = { value: '0.00', currency: payment.amount.currency };
        // ЮKassa's fee, so that the income differs from the amount as it does for real.
        const amount = minorOf(payment.amount, 'amount');
        payment.income_amount = {
            value: text(amount - Math.round(amount * 0.035)),
            currency: payment.amount.currency,
        };
    };

    const pending = (paymentId: string) => {
        const payment = payments.get(paymentId);
        if (!payment) throw new Error(`The ЮKassa stand-in has no payment ${paymentId}`);
        if (payment.status !== 'pending') throw new Error(`Payment ${paymentId} is ${payment.status}, not pending`);
        return payment;
    };

    const server = createServer((request, response) => {
        // A caller killed while it waits for an answer resets the connection: nothing to answer then.
        request.on('error', () => undefined);
        response.on('error', () => undefined);
        handle(request, response).catch((error: unknown) =>
            reply(response, 500, {
                type: 'error',
                id: randomUUID(),
                code: 'internal_server_error',
                description: `Stand-in failure: ${String(error)}`,
            }),
        );
    });

    const standIn: YookassaStandIn = {
        url: '',
        apiUrl: '',
        shopId: options?.shopId ?? '506751',
        secretKey: options?.secretKey ?? 'test_stand-in-secret-key',
        calls: [],
        notices: [],
        refundOutcome: 'succeeded',
        checkoutUrl: paymentId => `${standIn.url}/checkout/${paymentId}`,
        payment: paymentId => {
            const payment = payments.get(paymentId);
            return payment && copy(payment);
        },
        refund: refundId => {
            const refund = refunds.get(refundId);
            return refund && copy(refund);
        },
        listPayments: () => [...payments.values()].map(copy),
        pay: (paymentId, payOptions) => {
            const payment = pending(paymentId);
            if (!payment.payment_method) {
                const card = { ...defaultCard, ...payOptions?.card };
                const saved = saving.has(paymentId) && (payOptions?.saved ?? true);
                const method: YookassaPaymentMethod = {
                    type: 'bank_card',
                    id: `${randomUUID().slice(0, 8)}-000f-5000-9000-${randomUUID().slice(-12)}`,
                    saved,
                    title: `Bank card *${card.last4}`,
                    card,
                };
                if (saved) methods.set(method.id, method);
                payment.payment_method = copy(method);
            }
            succeed(payment);
            return notify(
                payment.status === 'succeeded' ? 'payment.succeeded' : 'payment.waiting_for_capture',
                payment,
            );
        },
        chargeOutcome: (paymentMethodId, outcome) => {
            chargeOutcomes.set(paymentMethodId, outcome);
        },
        callsTo: (method, path) =>
            standIn.calls.filter(each => each.method === method && each.path.split('?')[0] === path),
        shift: ms => {
            shiftMs += ms;
        },
        decline: (paymentId, reason = 'insufficient_funds') => {
            const payment = pending(paymentId);
            payment.status = 'canceled';
            payment.cancellation_details = { party: partyOf(reason), reason };
            if (payment.receipt_registration) payment.receipt_registration = 'canceled';
            return notify('payment.canceled', payment);
        },
        refundSucceeds: refundId => {
            const refund = refunds.get(refundId);
            if (!refund) throw new Error(`The ЮKassa stand-in has no refund ${refundId}`);
            if (refund.status !== 'pending') throw new Error(`Refund ${refundId} is ${refund.status}, not pending`);
            refund.status = 'succeeded';
            if (refund.receipt_registration) refund.receipt_registration = 'succeeded';
            const payment = payments.get(refund.payment_id);
            if (payment) settleRefunds(payment);
            return notify('refund.succeeded', refund);
        },
        forge: (event, object) => post(event, object),
        failNext: (status, code, failOptions) => {
            failures.push({ status, code, processed: failOptions?.processed ?? false });
        },
        delay: ms => {
            delayMs = ms;
        },
        stop: async () => {
            const closed = new Promise<void>(done => server.close(() => done()));
            server.closeAllConnections();
            await closed;
        },
    };

    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    standIn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    standIn.apiUrl = `${standIn.url}/v3`;
    return standIn;
};
