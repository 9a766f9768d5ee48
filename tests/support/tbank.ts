import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tbankToken } from '../../src/server/payments/signatures';

/*
 * A stand-in for T-Bank's acquiring API v2 for the tests, on a port of its own: a provider made with
 * `apiUrl: standIn.apiUrl` (the url with /v2) reaches it. It answers Init, GetState and Cancel as T-Bank's
 * documentation (T-Kassa OpenAPI 1.80) says: always HTTP 200 with JSON, a refusal as Success false with a
 * non-zero ErrorCode from T-Bank's list of codes, every request's Token recomputed with the terminal's password.
 *
 * A test plays the payer and the bank: `pay` sends the notices AUTHORIZED then CONFIRMED to the payment's
 * NotificationURL, `reject` and `expire` decline it; a Cancel of a paid payment gives money back and sends
 * its notice. Notices are signed with the password and sent again, after `redelivery.intervalMs`, while the
 * answer is not HTTP 200 with the body exactly OK (T-Bank does so hourly for a day; here up to
 * `redelivery.max` times). `notify` and `sendBadToken` send notices without changing anything, `failNext`
 * makes the API fail with an HTTP status. Every request is kept in `calls`, every notice sent in `deliveries`.
 *
 * Saved cards: a payment whose Init asked `Recurrent: "Y"` with a CustomerKey saves its card once paid, and its
 * AUTHORIZED and CONFIRMED notices name the RebillId. A renewal is Init (DATA.OperationInitiatorType "R") and
 * Charge {PaymentId, RebillId}: paid at once (CONFIRMED), or REJECTED with the card error code `declineRebill`
 * set; its notice follows the answer (or, after `noticeDuringNextCharge`, comes before it). CheckOrder lists an
 * OrderId's payments with their status and error code.
 */

/** A payment as the stand-in keeps it. */
export interface TbankPayment {
    paymentId: string;
    orderId: string;
    /** The amount of Init, in kopecks. */
    amount: number;
    /** What is left of it after refunds (or reversals), in kopecks. */
    remaining: number;
    status: string;
    paymentUrl: string;
    description?: string;
    notificationUrl?: string;
    successUrl?: string;
    failUrl?: string;
    redirectDueDate?: string;
    language?: string;
    data?: Record<string, unknown>;
    receipt?: Record<string, unknown>;
    /** Each money given back: its amount, the receipt sent with it, its ExternalRequestId. */
    refunds: { amount: number; receipt?: Record<string, unknown>; externalRequestId?: string }[];
    /** Init's Recurrent "Y": the card paying it is saved under `customerKey`. */
    recurrent: boolean;
    customerKey?: string;
    /** The card saved when it was paid, or the saved card a Charge paid it with. */
    rebillId?: string;
    /** A declined payment's error code and message. */
    errorCode?: string;
    message?: string;
}

/** A card saved by a recurrent payment: Charge takes it by its RebillId. */
export interface TbankRebill {
    customerKey: string;
    /** Its charges are REJECTED with this error code while it is set. */
    declineCode?: string;
}

/** One notice sent (one attempt of it). */
export interface TbankDelivery {
    paymentId: string;
    status: string;
    /** 1 for the first sending, then 2, 3… for the redeliveries of the same notice. */
    attempt: number;
    url: string;
    body: Record<string, unknown>;
    /** The HTTP status answered; 0 when the notice could not be delivered at all. */
    httpStatus: number;
    /** The body answered (or what went wrong). */
    answer: string;
    at: number;
}

export interface TbankStandIn {
    /** http://127.0.0.1:PORT, without a trailing slash. */
    url: string;
    /** The provider's apiUrl: `${url}/v2`. */
    apiUrl: string;
    terminalKey: string;
    password: string;
    /** Every request to the API, in order, with what was answered (HTTP 200 JSON, or `{ httpStatus }` from failNext). */
    calls: { method: string; body: Record<string, unknown>; answer?: Record<string, unknown> }[];
    /** Every notice sent, each redelivery on its own, in order. */
    deliveries: TbankDelivery[];
    /** How notices not answered OK are sent again: wait between tries, and how many tries in all. */
    redelivery: { intervalMs: number; max: number };
    /** The payment of that id; throws when there is none. */
    payment(paymentId: string): TbankPayment;
    /** The payer pays: AUTHORIZED then CONFIRMED, each notice delivered (or given up) before the next. */
    pay(paymentId: string): Promise<void>;
    /** The bank declines the payment: REJECTED, Success false, the error code (1051, insufficient funds, unless given). */
    reject(paymentId: string, errorCode?: string, message?: string): Promise<void>;
    /** The page's time runs out: DEADLINE_EXPIRED. */
    expire(paymentId: string): Promise<void>;
    /**
     * Sends a notice of the payment as it stands (its fields replaced by `fields`, e.g. another Status or
     * TerminalKey), signed with the password (or `password`), changing nothing; redelivered unless `once`.
     * Answers its last delivery.
     */
    notify(
        paymentId: string,
        fields?: Record<string, unknown>,
        options?: { password?: string; once?: boolean },
    ): Promise<TbankDelivery | undefined>;
    /** Sends one notice (CONFIRMED unless said) whose Token is not the password's; not redelivered. */
    sendBadToken(paymentId: string, status?: string): Promise<TbankDelivery | undefined>;
    /** The next `times` (1) requests to the API (to `method` only, if given) get HTTP `status` (500) and are not carried out. */
    failNext(status?: number, times?: number, method?: string): void;
    /** The next request to `method` is carried out, but its answer is lost: HTTP 502. */
    loseNextAnswer(method: string): void;
    /** The saved cards, by RebillId. */
    rebills: Map<string, TbankRebill>;
    /** Charges of this saved card are REJECTED with `errorCode` (1051, 1054…), or paid again with null. */
    declineRebill(rebillId: string, errorCode: string | null): void;
    /**
     * The next Charge delivers its notice (CONFIRMED or REJECTED) to the NotificationURL, and waits for it to
     * be answered, before it answers the Charge itself: a notice arriving while the charge's caller waits.
     */
    noticeDuringNextCharge(): void;
    /** Waits until no notice is being sent or waiting to be sent again. */
    idle(): Promise<void>;
    /** Stops sending notices and closes the server. */
    stop(): Promise<void>;
}

// The enumerations of T-Bank's receipt (FFD 1.05) and Init.
const taxations = ['osn', 'usn_income', 'usn_income_outcome', 'esn', 'patent'];
const taxes = ['none', 'vat0', 'vat5', 'vat7', 'vat10', 'vat20', 'vat105', 'vat107', 'vat110', 'vat120'];
const paymentMethods = [
    'full_prepayment',
    'prepayment',
    'advance',
    'full_payment',
    'partial_payment',
    'credit',
    'credit_payment',
];
const paymentObjects = [
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
    'composite',
    'another',
];

/** The keys of DATA that T-Bank itself defines, outside the merchant's 20-character limit. */
const ownDataKeys = ['OperationInitiatorType'];

const minuteMs = 60_000;
const dayMs = 24 * 60 * minuteMs;

/** The card a paid payment's notices name (the documentation's example). */
const card = { CardId: 322264, Pan: '430000******0777', ExpDate: '1130' };

/** T-Bank's messages for the card error codes a test uses; any other: a general one. */
const cardMessages: Record<string, string> = {
    '1051': 'Недостаточно средств на карте.',
    '1054': 'Истек срок действия карты.',
    '1041': 'Карта утеряна.',
};

const delay = (ms: number) => new Promise(done => setTimeout(done, ms));

const isRecord = (value: unknown): value is Record<string, unknown> =>
    typeof value === 'object' && value !== null && !Array.isArray(value);

const isKopecks = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value);

/** A refusal as T-Bank answers it. */
interface Refusal {
    ErrorCode: string;
    Message: string;
    Details?: string;
}
const refuse = (code: string, message: string, details?: string): Refusal => ({
    ErrorCode: code,
    Message: message,
    ...(details ? { Details: details } : {}),
});
/** T-Bank's 1, "Параметры не сопоставлены": a value it cannot take, named in Details. */
const badValue = (details: string) => refuse('1', 'Параметры не сопоставлены', details);

const isUrl = (value: unknown) => {
    if (typeof value !== 'string') return false;
    try {
        return ['http:', 'https:'].includes(new URL(value).protocol);
    } catch {
        return false;
    }
};

/** The receipt's checks: T-Bank's (and the kassa's) rules for FFD 1.05, its items adding up to `amount`. */
const checkReceipt = (receipt: unknown, amount: number): Refusal | null => {
    if (!isRecord(receipt)) return refuse('309', 'Поле Receipt не должно быть пустым');
    const items = receipt.Items;
    if (!Array.isArray(items) || items.length === 0)
        return refuse('309', 'Поле Receipt не должно быть пустым', 'Items');
    if (items.length > 100) return badValue('Receipt.Items: не более 100 позиций');
    if (typeof receipt.Taxation !== 'string' || !taxations.includes(receipt.Taxation))
        return badValue(`Receipt.Taxation: ${String(receipt.Taxation)}`);
    const email = receipt.Email;
    const phone = receipt.Phone;
    if (!(typeof email === 'string' && email) && !(typeof phone === 'string' && phone))
        return refuse('329', '`email` или `Phone` обязательны при передаче чека');
    if (typeof email === 'string' && email && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email))
        return refuse('224', 'Неверный формат `email`');
    if (typeof phone === 'string' && phone && !/^\+\d{1,63}$/.test(phone)) return badValue(`Receipt.Phone: ${phone}`);
    let total = 0;
    for (const [index, item] of items.entries()) {
        const where = `Receipt.Items[${index}]`;
        if (!isRecord(item)) return badValue(where);
        if (typeof item.Name !== 'string' || !item.Name || Array.from(item.Name).length > 128)
            return badValue(`${where}.Name`);
        if (!isKopecks(item.Price) || item.Price < 0) return badValue(`${where}.Price`);
        if (
            typeof item.Quantity !== 'number' ||
            !(item.Quantity > 0) ||
            Math.round(item.Quantity * 1000) !== item.Quantity * 1000
        )
            return badValue(`${where}.Quantity`);
        if (!isKopecks(item.Amount) || item.Amount < 0) return badValue(`${where}.Amount`);
        if (typeof item.Tax !== 'string' || !taxes.includes(item.Tax))
            return badValue(`${where}.Tax: ${String(item.Tax)}`);
        if (item.PaymentMethod !== undefined && !paymentMethods.includes(String(item.PaymentMethod)))
            return badValue(`${where}.PaymentMethod`);
        if (item.PaymentObject !== undefined && !paymentObjects.includes(String(item.PaymentObject)))
            return badValue(`${where}.PaymentObject`);
        // The item's sum is its price times its quantity (tag 1043), to the kopeck.
        if (item.Amount !== Math.round(item.Price * item.Quantity))
            return badValue(`${where}.Amount ${item.Amount} ≠ Price × Quantity ${item.Price} × ${item.Quantity}`);
        total += item.Amount;
    }
    if (total !== amount) return refuse('334', 'Суммы в чеке и в платеже не совпадают', `${total} ≠ ${amount}`);
    return null;
};

export const startTbank = async (options?: {
    terminalKey?: string;
    password?: string;
    /** Wait between tries of a notice not answered OK (default 20 ms). */
    redeliveryMs?: number;
    /** Tries of a notice in all (default 5). */
    maxDeliveries?: number;
    /** Init without a Receipt is refused, as on a terminal with an online kassa (default false). */
    requireReceipt?: boolean;
}): Promise<TbankStandIn> => {
    const terminalKey = options?.terminalKey ?? '1321054611234DEMO';
    const password = options?.password ?? 'stand-in-password';
    const payments = new Map<string, TbankPayment>();
    /** The OrderIds Init has taken (T-Bank wants one per operation). */
    const orders = new Set<string>();
    /** The ExternalRequestIds of the cancels made, by payment. */
    const cancelIds = new Map<string, Set<string>>();
    const sending = new Set<Promise<unknown>>();
    const failures: { status: number; method?: string }[] = [];
    const losing = new Set<string>();
    let nextPaymentId = 4_000_000_000 + Math.floor(Math.random() * 1_000_000) * 1000;
    let stopped = false;
    /** The next Charge's notice comes before its answer. */
    let noticeFirst = false;
    let nextRebillId = 6_100_000_000 + Math.floor(Math.random() * 1_000_000);

    const find = (paymentId: string) => {
        const payment = payments.get(paymentId);
        if (!payment) throw new Error(`The T-Bank stand-in has no payment ${paymentId}`);
        return payment;
    };

    /** Sends and keeps a promise until it settles, so that `idle` can wait for it. */
    const track = <T>(promise: Promise<T>): Promise<T> => {
        sending.add(promise);
        void promise.finally(() => sending.delete(promise)).catch(() => {});
        return promise;
    };

    /** The notice of a payment as it stands, `fields` replacing its own, signed with `key`. */
    const noticeOf = (payment: TbankPayment, fields: Record<string, unknown>, key = password) => {
        const paid = ['AUTHORIZED', 'CONFIRMED', 'PARTIAL_REFUNDED', 'REFUNDED', 'REVERSED', 'PARTIAL_REVERSED'];
        const body: Record<string, unknown> = {
            TerminalKey: terminalKey,
            OrderId: payment.orderId,
            Success: true,
            Status: payment.status,
            PaymentId: Number(payment.paymentId),
            ErrorCode: '0',
            Amount: payment.amount,
            ...(paid.includes(String(fields.Status ?? payment.status)) ? card : {}),
            ...(payment.rebillId && payment.recurrent ? { RebillId: Number(payment.rebillId) } : {}),
            ...fields,
        };
        // The data of Init comes back (an object: the token leaves it out).
        if (payment.data && !('DATA' in fields)) body.DATA = payment.data;
        return { ...body, Token: tbankToken(body, key) };
    };

    const post = async (url: string, body: Record<string, unknown>) => {
        try {
            const response = await fetch(url, {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify(body),
                signal: AbortSignal.timeout(10_000),
            });
            return { httpStatus: response.status, answer: await response.text() };
        } catch (error) {
            return { httpStatus: 0, answer: error instanceof Error ? error.message : String(error) };
        }
    };

    /** Delivers a notice, again while it is not answered OK (unless `once`); answers its last delivery. */
    const deliver = (payment: TbankPayment, body: Record<string, unknown>, once = false) =>
        track(
            (async (): Promise<TbankDelivery | undefined> => {
                // No NotificationURL: T-Bank would use the terminal's; the stand-in has none.
                const url = payment.notificationUrl;
                if (!url) return undefined;
                for (let attempt = 1; ; attempt += 1) {
                    const sent = await post(url, body);
                    const delivery: TbankDelivery = {
                        paymentId: payment.paymentId,
                        status: String(body.Status),
                        attempt,
                        url,
                        body,
                        ...sent,
                        at: Date.now(),
                    };
                    standIn.deliveries.push(delivery);
                    const ok = sent.httpStatus === 200 && sent.answer === 'OK';
                    if (ok || once || stopped || attempt >= standIn.redelivery.max) return delivery;
                    await delay(standIn.redelivery.intervalMs);
                }
            })(),
        );

    /** The payment moves to `status`, and its notice says so. */
    const moveTo = async (payment: TbankPayment, status: string, fields: Record<string, unknown> = {}) => {
        payment.status = status;
        await deliver(payment, noticeOf(payment, { Status: status, ...fields }));
    };

    const init = (body: Record<string, unknown>): Record<string, unknown> | Refusal => {
        const { Amount, OrderId } = body;
        if (typeof OrderId !== 'string' || Amount === undefined)
            return refuse('2', 'Отсутствуют обязательные параметры', 'Amount, OrderId');
        if (OrderId.length < 1 || OrderId.length > 36)
            return refuse('212', 'Размер поля `OrderId` должен быть от 1 до 36');
        if (!isKopecks(Amount) || Amount <= 0) return refuse('251', 'Неверная сумма', String(Amount));
        if (
            body.Description !== undefined &&
            (typeof body.Description !== 'string' || Array.from(body.Description).length > 140)
        )
            return badValue('Description: не длиннее 140 знаков');
        if (body.PayType !== undefined && body.PayType !== 'O' && body.PayType !== 'T') return badValue('PayType');
        if (body.Language !== undefined && body.Language !== 'ru' && body.Language !== 'en')
            return badValue('Language');
        for (const field of ['NotificationURL', 'SuccessURL', 'FailURL'])
            if (body[field] !== undefined && !isUrl(body[field])) return badValue(field);
        if (body.RedirectDueDate !== undefined) {
            const due = body.RedirectDueDate;
            const at =
                typeof due === 'string' && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/.test(due)
                    ? Date.parse(due)
                    : NaN;
            const now = Date.now();
            if (!(at >= now + minuteMs && at <= now + 90 * dayMs))
                return refuse('12', 'Неверный параметр `RedirectDueDate`', String(due));
        }
        if (body.DATA !== undefined) {
            if (!isRecord(body.DATA)) return refuse('250', 'Параметр `DATA` не сопоставлен');
            const pairs = Object.entries(body.DATA);
            if (pairs.length > 20) return refuse('207', 'Параметр `DATA` превышает максимально допустимый размер');
            for (const [key, value] of pairs) {
                // T-Bank's own keys (OperationInitiatorType of a recurring payment…) are not the merchant's.
                if (key.length > 20 && !ownDataKeys.includes(key))
                    return refuse(
                        '208',
                        'Наименование ключа из параметра `DATA` превышает максимально допустимый размер',
                    );
                if (String(value).length > 100)
                    return refuse('209', 'Значение ключа из параметра `DATA` превышает максимально допустимый размер');
            }
        }
        if (body.Receipt !== undefined) {
            const refusal = checkReceipt(body.Receipt, Amount);
            if (refusal) return refusal;
        } else if (options?.requireReceipt) return refuse('309', 'Поле Receipt не должно быть пустым');
        if (body.Recurrent !== undefined && body.Recurrent !== 'Y') return badValue('Recurrent');
        if (body.Recurrent === 'Y' && (typeof body.CustomerKey !== 'string' || !body.CustomerKey))
            return refuse('2', 'Отсутствуют обязательные параметры', 'CustomerKey');
        // The documentation's list of codes: 20, «Ошибка повторного идентификатора заказа».
        if (orders.has(OrderId)) return refuse('20', 'Ошибка повторного идентификатора заказа', OrderId);
        orders.add(OrderId);
        const paymentId = String((nextPaymentId += 1));
        const paymentUrl = `${standIn.url}/new/${randomBytes(6).toString('base64url')}`;
        const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
        payments.set(paymentId, {
            paymentId,
            orderId: OrderId,
            amount: Amount,
            remaining: Amount,
            status: 'NEW',
            paymentUrl,
            description: text(body.Description),
            notificationUrl: text(body.NotificationURL),
            successUrl: text(body.SuccessURL),
            failUrl: text(body.FailURL),
            redirectDueDate: text(body.RedirectDueDate),
            language: text(body.Language),
            data: isRecord(body.DATA) ? body.DATA : undefined,
            receipt: isRecord(body.Receipt) ? body.Receipt : undefined,
            refunds: [],
            recurrent: body.Recurrent === 'Y',
            customerKey: text(body.CustomerKey),
        });
        return { Status: 'NEW', PaymentId: paymentId, OrderId, Amount, PaymentURL: paymentUrl };
    };

    const stateOf = (payment: TbankPayment) => ({
        Status: payment.status,
        PaymentId: payment.paymentId,
        OrderId: payment.orderId,
    });

    /** The payment a request names, or T-Bank's refusal when there is none. */
    const named = (body: Record<string, unknown>): TbankPayment | Refusal => {
        const id = body.PaymentId;
        if (id === undefined || id === '') return refuse('2', 'Отсутствуют обязательные параметры', 'PaymentId');
        return payments.get(String(id)) ?? refuse('255', 'Платеж не найден');
    };

    const getState = (body: Record<string, unknown>) => {
        const payment = named(body);
        if ('ErrorCode' in payment) return payment;
        return { Message: 'OK', ...stateOf(payment), Amount: payment.amount };
    };

    /** A cancel's answer, and the notice it sends once answered (none for a replay). */
    const cancel = (
        body: Record<string, unknown>,
    ): { answer: Record<string, unknown> | Refusal; after?: () => void } => {
        const payment = named(body);
        if ('ErrorCode' in payment) return { answer: payment };
        const externalId =
            typeof body.ExternalRequestId === 'string' && body.ExternalRequestId ? body.ExternalRequestId : undefined;
        const answer = () => ({
            ...stateOf(payment),
            OriginalAmount: payment.amount,
            NewAmount: payment.remaining,
            ...(externalId ? { ExternalRequestId: externalId } : {}),
        });
        const done = cancelIds.get(payment.paymentId) ?? new Set<string>();
        cancelIds.set(payment.paymentId, done);
        // A cancel with an ExternalRequestId already made answers how the payment stands, and does nothing more.
        if (externalId && done.has(externalId)) return { answer: answer() };
        const status = payment.status;
        if (status === 'NEW' || status === 'FORM_SHOWED') {
            // The amount is ignored: an unpaid payment is cancelled whole.
            payment.status = 'CANCELED';
            if (externalId) done.add(externalId);
            return { answer: answer(), after: () => void deliver(payment, noticeOf(payment, { Status: 'CANCELED' })) };
        }
        if (!['AUTHORIZED', 'CONFIRMED', 'PARTIAL_REFUNDED', 'PARTIAL_REVERSED'].includes(status))
            return { answer: refuse('8', 'Неверный статус транзакции', status) };
        const amount = body.Amount === undefined ? payment.remaining : body.Amount;
        if (!isKopecks(amount) || amount <= 0) return { answer: refuse('251', 'Неверная сумма', String(amount)) };
        if (amount > payment.remaining)
            return { answer: refuse('330', 'Сумма в запросе больше чем в оригинальной транзакции', String(amount)) };
        const refunding = status === 'CONFIRMED' || status === 'PARTIAL_REFUNDED';
        const whole = amount === payment.amount;
        // A full cancel takes no receipt (the kassa's return receipt is made from the payment's); a part one
        // names what is given back, when the payment had a receipt.
        if (refunding && body.Receipt !== undefined) {
            const refusal = checkReceipt(body.Receipt, amount);
            if (refusal) return { answer: refusal };
        } else if (refunding && !whole && payment.receipt)
            return { answer: refuse('309', 'Поле Receipt не должно быть пустым', 'частичная отмена') };
        payment.remaining -= amount;
        payment.status = refunding
            ? payment.remaining === 0
                ? 'REFUNDED'
                : 'PARTIAL_REFUNDED'
            : payment.remaining === 0
              ? 'REVERSED'
              : 'PARTIAL_REVERSED';
        payment.refunds.push({
            amount,
            ...(isRecord(body.Receipt) ? { receipt: body.Receipt } : {}),
            ...(externalId ? { externalRequestId: externalId } : {}),
        });
        if (externalId) done.add(externalId);
        // The notice of a cancel carries the amount given back by it.
        const notice = noticeOf(payment, { Status: payment.status, Amount: amount });
        return { answer: answer(), after: () => void deliver(payment, notice) };
    };

    /** A renewal: the payment Init made, paid with a saved card at once, or REJECTED with its card's code. */
    const charge = (
        body: Record<string, unknown>,
    ): { answer: Record<string, unknown> | Refusal; after?: () => Promise<unknown> } => {
        const payment = named(body);
        if ('ErrorCode' in payment) return { answer: payment };
        const rebillId = body.RebillId === undefined ? '' : String(body.RebillId);
        const rebill = standIn.rebills.get(rebillId);
        if (!rebillId) return { answer: refuse('2', 'Отсутствуют обязательные параметры', 'RebillId') };
        if (!rebill) return { answer: refuse('6', 'Не получилось привязать карту покупателя', 'RebillId') };
        if (payment.status !== 'NEW') return { answer: refuse('8', 'Неверный статус транзакции', payment.status) };
        if (payment.customerKey !== undefined && payment.customerKey !== rebill.customerKey)
            return { answer: refuse('7', 'Неверный статус покупателя', 'CustomerKey') };
        payment.rebillId = rebillId;
        const declined = rebill.declineCode;
        if (declined) {
            payment.status = 'REJECTED';
            payment.errorCode = declined;
            payment.message = cardMessages[declined] ?? 'Операция отклонена';
            const fields = { Status: 'REJECTED', Success: false, ErrorCode: declined, Message: payment.message };
            return {
                answer: { ...stateOf(payment), Amount: payment.amount, ...fields },
                after: () => deliver(payment, noticeOf(payment, fields)),
            };
        }
        payment.status = 'CONFIRMED';
        return {
            answer: { ...stateOf(payment), Amount: payment.amount },
            after: () => deliver(payment, noticeOf(payment, { Status: 'CONFIRMED' })),
        };
    };

    /** An order's payments, oldest first, each with its status and error code. */
    const checkOrder = (body: Record<string, unknown>) => {
        if (typeof body.OrderId !== 'string' || !body.OrderId)
            return refuse('2', 'Отсутствуют обязательные параметры', 'OrderId');
        const found = [...payments.values()].filter(payment => payment.orderId === body.OrderId);
        return {
            OrderId: body.OrderId,
            Payments: found.map(payment => ({
                PaymentId: payment.paymentId,
                Amount: payment.amount,
                Status: payment.status,
                Success: payment.errorCode === undefined,
                ErrorCode: payment.errorCode ?? '0',
                ...(payment.message ? { Message: payment.message } : {}),
            })),
        };
    };

    const reply = (response: ServerResponse, status: number, type: string, body: string) => {
        if (response.writableEnded || response.destroyed) return;
        response.writeHead(status, { 'content-type': type });
        response.end(body);
    };

    const handle = async (request: IncomingMessage, response: ServerResponse) => {
        const chunks: Buffer[] = [];
        for await (const chunk of request) chunks.push(chunk as Buffer);
        const url = new URL(request.url ?? '/', 'http://localhost');
        // The payment page: only there so that a redirect to it leads somewhere.
        if (request.method === 'GET' && url.pathname.startsWith('/new/'))
            return reply(response, 200, 'text/html; charset=utf-8', '<!doctype html><title>T-Bank stand-in</title>');
        const method = /^\/v2\/(Init|GetState|Cancel|Charge|CheckOrder)$/.exec(url.pathname)?.[1];
        if (request.method !== 'POST' || !method) return reply(response, 404, 'text/plain', 'Not Found');
        let body: unknown;
        try {
            body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
            body = undefined;
        }
        const call: TbankStandIn['calls'][number] = { method, body: isRecord(body) ? body : {} };
        standIn.calls.push(call);
        const failing = failures.findIndex(each => each.method === undefined || each.method === method);
        if (failing >= 0) {
            const [failure] = failures.splice(failing, 1);
            call.answer = { httpStatus: failure.status };
            return reply(response, failure.status, 'text/plain', 'Internal Server Error');
        }
        let answer: Record<string, unknown> | Refusal;
        let after: (() => unknown) | undefined;
        if (!isRecord(body)) answer = badValue('тело запроса не JSON');
        else if (typeof body.TerminalKey !== 'string' || typeof body.Token !== 'string')
            answer = refuse('2', 'Отсутствуют обязательные параметры', 'TerminalKey, Token');
        else if (body.TerminalKey !== terminalKey)
            answer = refuse(
                '205',
                'Неверный токен. Проверьте пару `TerminalKey`/`SecretKey`',
                'Указанный терминал не найден',
            );
        else if (body.Token !== tbankToken(body, password))
            answer = refuse('204', 'Неверный токен. Проверьте пару `TerminalKey`/`SecretKey`');
        else if (method === 'Init') answer = init(body);
        else if (method === 'GetState') answer = getState(body);
        else if (method === 'CheckOrder') answer = checkOrder(body);
        else if (method === 'Charge') ({ answer, after } = charge(body));
        else ({ answer, after } = cancel(body));
        if (method === 'Charge' && after && noticeFirst) {
            // The notice overtakes the answer: delivered (and answered) while the caller still waits.
            noticeFirst = false;
            await after();
            after = undefined;
        }
        const envelope =
            'ErrorCode' in answer
                ? { Success: false, TerminalKey: terminalKey, ...answer }
                : { Success: true, ErrorCode: '0', TerminalKey: terminalKey, ...answer };
        call.answer = envelope;
        if (losing.delete(method)) {
            // Carried out, but the answer never reaches the caller.
            call.answer = { httpStatus: 502, lost: envelope };
            reply(response, 502, 'text/plain', 'Bad Gateway');
        } else reply(response, 200, 'application/json', JSON.stringify(envelope));
        // The notice of a cancel follows its answer, as T-Bank's does.
        after?.();
    };

    const server = createServer((request, response) => {
        handle(request, response).catch((error: unknown) =>
            reply(response, 500, 'text/plain', `Internal Server Error: ${String(error)}`),
        );
    });

    const standIn: TbankStandIn = {
        url: '',
        apiUrl: '',
        terminalKey,
        password,
        calls: [],
        deliveries: [],
        redelivery: { intervalMs: options?.redeliveryMs ?? 20, max: options?.maxDeliveries ?? 5 },
        payment: find,
        pay: async paymentId => {
            const payment = find(paymentId);
            if (payment.status !== 'NEW' && payment.status !== 'FORM_SHOWED')
                throw new Error(`T-Bank payment ${paymentId} is ${payment.status}, it cannot be paid`);
            // A recurrent payment saves the card it is paid with: its notices name the RebillId.
            if (payment.recurrent && payment.customerKey) {
                payment.rebillId = String(nextRebillId++);
                standIn.rebills.set(payment.rebillId, { customerKey: payment.customerKey });
            }
            // One stage: the money is held, then taken at once.
            await moveTo(payment, 'AUTHORIZED');
            await moveTo(payment, 'CONFIRMED');
        },
        reject: async (paymentId, errorCode = '1051', message = 'Недостаточно средств на карте.') => {
            const payment = find(paymentId);
            await moveTo(payment, 'REJECTED', { Success: false, ErrorCode: errorCode, Message: message });
        },
        expire: async paymentId => {
            await moveTo(find(paymentId), 'DEADLINE_EXPIRED', {
                Success: false,
                ErrorCode: '999',
                Message: 'Срок истек',
            });
        },
        notify: (paymentId, fields = {}, notifyOptions = {}) => {
            const payment = find(paymentId);
            return deliver(payment, noticeOf(payment, fields, notifyOptions.password ?? password), notifyOptions.once);
        },
        sendBadToken: (paymentId, status = 'CONFIRMED') =>
            standIn.notify(paymentId, { Status: status }, { password: `${password}-not`, once: true }),
        failNext: (status = 500, times = 1, method) => {
            for (let time = 0; time < times; time += 1) failures.push({ status, method });
        },
        loseNextAnswer: method => {
            losing.add(method);
        },
        rebills: new Map(),
        declineRebill: (rebillId, errorCode) => {
            const rebill = standIn.rebills.get(rebillId);
            if (!rebill) throw new Error(`The T-Bank stand-in has no saved card ${rebillId}`);
            rebill.declineCode = errorCode ?? undefined;
        },
        noticeDuringNextCharge: () => {
            noticeFirst = true;
        },
        idle: async () => {
            while (sending.size > 0) await Promise.allSettled([...sending]);
        },
        stop: async () => {
            stopped = true;
            await standIn.idle();
            const closed = new Promise<void>(done => server.close(() => done()));
            server.closeAllConnections();
            await closed;
        },
    };

    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    standIn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    standIn.apiUrl = `${standIn.url}/v2`;
    return standIn;
};
