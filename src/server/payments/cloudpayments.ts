import type { IncomingHttpHeaders } from 'node:http';
import {
    basicAuthorization,
    fromMinor,
    minorOfText,
    ProviderError,
    toMinor,
    type CheckCode,
    type Notice,
    type NoticeVerdict,
    type PaymentProvider,
    type ProviderStatus,
} from './provider';
import { cloudpaymentsReceipt } from './receipts';
import { cloudpaymentsHmac, sameSecret } from './signatures';

/*
 * CloudPayments (developers.cloudpayments.ru) without its widget: the server creates an order
 * ("счёт", orders/create) whose Url is CloudPayments' own payment page, and learns the outcome from
 * the notices CloudPayments posts (Check, Pay, Fail, Refund), signed with an HMAC of the API secret.
 *
 * Two ids name a payment here. The order's `Model.Id` (a short text) is what orders/create answers,
 * so it is the attempt's providerPaymentId from the start; a card payment made on the order's page is
 * a transaction with a numeric `TransactionId`, which only the Pay notice (or a look-up) tells. The
 * notices therefore carry the TransactionId as their providerPaymentId and our attempt id as their
 * attemptId (the order's InvoiceId): the attempt is found by attemptId, and the TransactionId kept
 * with it is what refunds and payments/get need.
 */

/** Where CloudPayments' API is. */
const defaultApiUrl = 'https://api.cloudpayments.ru';

/** How long an API call may take before its outcome counts as unknown (CloudPayments allows itself 5 minutes). */
const defaultTimeoutMs = 30_000;

/**
 * The reasons of a Fail notice's ReasonCode (developers.cloudpayments.ru "Коды ошибок"), in the words
 * the other providers use for the same declines; any other code is a general decline.
 */
const declineReasons: Record<number, string> = {
    5051: 'insufficient_funds',
    5054: 'card_expired',
    5014: 'invalid_card_number',
    5082: 'invalid_csc',
    5034: 'fraud_suspected',
    5059: 'fraud_suspected',
    5206: '3d_secure_failed',
    5091: 'issuer_unavailable',
    5092: 'issuer_unavailable',
    5061: 'payment_method_limit_exceeded',
    5065: 'payment_method_limit_exceeded',
};

/** CloudPayments' answer: at least Success and Message, the result in Model. */
interface Envelope {
    Success?: boolean;
    Message?: string | null;
    Model?: Record<string, unknown> | null;
}

/** A header's single value (Node gives an array for a header sent twice: then none counts). */
const header = (headers: IncomingHttpHeaders, name: string): string | undefined => {
    const value = headers[name];
    return typeof value === 'string' ? value : undefined;
};

/** A field of a notice as text, whether it came from a form (always text) or JSON (numbers too). */
const text = (fields: Record<string, unknown>, name: string): string | undefined => {
    const value = fields[name];
    if (typeof value === 'string') return value.trim() || undefined;
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
    return undefined;
};

/**
 * An amount of a notice or answer in minor units: a number, or a decimal text with a point and at
 * most 2 decimals ("1500.00"); read as whole minor units without floating-point doubt.
 */
const minorOf = (value: unknown): number | undefined => {
    if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? toMinor(value) : undefined;
    return typeof value === 'string' ? minorOfText(value) : undefined;
};

/** A transaction id: a positive whole number, as text. */
const transactionId = (value: string | undefined): string | undefined =>
    value !== undefined && /^\d{1,19}$/.test(value) && !/^0+$/.test(value) ? value : undefined;

/** Whether a notice body is JSON: by its Content-Type, or (a form never starts so) by its first character. */
const isJson = (raw: Buffer, contentType: string | undefined) =>
    contentType?.toLowerCase().includes('json') || raw.toString('utf8').trimStart().startsWith('{');

/** The parameters of a notice body, or undefined when it cannot be read. */
const parseNotice = (raw: Buffer, json: boolean): Record<string, unknown> | undefined => {
    const body = raw.toString('utf8');
    if (!json) return Object.fromEntries(new URLSearchParams(body));
    try {
        const parsed: unknown = JSON.parse(body);
        return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
            ? (parsed as Record<string, unknown>)
            : undefined;
    } catch {
        return undefined;
    }
};

/**
 * The message X-Content-HMAC signs: the parameters URL-decoded. A JSON body is not encoded, so it is
 * itself; a form is decoded as forms are ('+' a space). Undefined for a form that cannot be decoded.
 */
const decodedMessage = (raw: Buffer, json: boolean): string | undefined => {
    const body = raw.toString('utf8');
    if (json) return body;
    try {
        return decodeURIComponent(body.replace(/\+/g, ' '));
    } catch {
        return undefined;
    }
};

const unverified = (reason: string): NoticeVerdict => ({ verified: false, reason });
const verified = (notice: Notice): NoticeVerdict => ({ verified: true, notice });

/**
 * What a verified notice tells. CloudPayments posts each kind of notice to an address of its own set in
 * its cabinet, while this server takes all of them at one address; so the kind is read from the
 * fields each kind carries, as documented:
 * - Refund: OperationType 'Refund' (TransactionId is the refund's, PaymentTransactionId the payment's);
 * - Fail: Reason and a non-zero ReasonCode, and no Status, unlike the other notices of a payment;
 * - Pay: OperationType 'Payment', Status and GatewayName (the acquiring bank, required in Pay);
 * - Check: the same as Pay but without GatewayName, for it is sent before the bank is asked. Its
 *   Status is the one the payment will have if allowed ('Completed'), so Status cannot tell it apart.
 *   Reading a notice without GatewayName as a Check is the safe side: a Pay taken for a Check records
 *   nothing (the payment is found later by asking), while a Check taken for a Pay would record money
 *   not yet taken;
 * - Confirm (Status but no OperationType), Cancel, Recurrent and payouts change nothing here.
 */
const readNotice = (fields: Record<string, unknown>): NoticeVerdict => {
    const operation = text(fields, 'OperationType');
    const status = text(fields, 'Status');
    const amountMinor = minorOf(fields.Amount);
    const attemptId = text(fields, 'InvoiceId');
    const reasonCode = text(fields, 'ReasonCode');
    // A Fail has a ReasonCode (0 would be "approved") and, unlike the others, no Status.
    const failed =
        (reasonCode !== undefined && Number(reasonCode) !== 0) ||
        (reasonCode === undefined && status === undefined && text(fields, 'Reason') !== undefined);

    if (operation === 'Refund') {
        const refundId = transactionId(text(fields, 'TransactionId'));
        const paymentId = transactionId(text(fields, 'PaymentTransactionId'));
        // A refund that failed, or one asked about (Check) before it is made: the refund call's answer tells.
        if (failed || !text(fields, 'PaymentTransactionId'))
            return verified({ kind: 'ignored', why: failed ? 'a failed CloudPayments refund' : 'a Check of a refund' });
        if (!refundId || !paymentId || amountMinor === undefined)
            return unverified('a Refund notice without its TransactionId, PaymentTransactionId or Amount');
        return verified({
            kind: 'refund',
            providerPaymentId: paymentId,
            providerRefundId: refundId,
            // CloudPayments sends a Refund notice once the money is given back.
            status: 'succeeded',
            amountMinor,
        });
    }
    if (operation !== undefined && operation !== 'Payment')
        return verified({ kind: 'ignored', why: `CloudPayments operation ${operation}` });

    if (failed) {
        if (!attemptId) return verified({ kind: 'ignored', why: 'a Fail notice of a payment without our InvoiceId' });
        const paymentId = transactionId(text(fields, 'TransactionId'));
        const currency = text(fields, 'Currency');
        if (!paymentId || amountMinor === undefined || !currency)
            return unverified('a Fail notice without its TransactionId, Amount or Currency');
        return verified({
            kind: 'payment',
            providerPaymentId: paymentId,
            attemptId,
            status: 'declined',
            amountMinor,
            currency,
            reason: declineReasons[Number(reasonCode)] ?? 'general_decline',
        });
    }

    if (operation === undefined)
        return verified({
            kind: 'ignored',
            why: status ? `CloudPayments Confirm (${status})` : 'a CloudPayments notice of no payment',
        });

    if (!text(fields, 'GatewayName')) {
        if (amountMinor === undefined) return unverified('a Check notice without its Amount');
        // A Check of a payment without our InvoiceId names no attempt: the server answers it "wrong order".
        return verified({ kind: 'check', attemptId: attemptId ?? '', amountMinor });
    }

    // Two-stage payments are never asked for: an authorization alone takes no money.
    if (status !== 'Completed')
        return verified({ kind: 'ignored', why: `CloudPayments Pay with status ${status ?? 'none'}` });
    if (!attemptId) return verified({ kind: 'ignored', why: 'a Pay notice of a payment without our InvoiceId' });
    const paymentId = transactionId(text(fields, 'TransactionId'));
    const currency = text(fields, 'Currency');
    if (!paymentId || amountMinor === undefined || !currency)
        return unverified('a Pay notice without its TransactionId, Amount or Currency');
    return verified({
        kind: 'payment',
        providerPaymentId: paymentId,
        attemptId,
        status: 'succeeded',
        amountMinor,
        currency,
    });
};

/** A transaction's status (Completed, Declined…) as a payment's. */
const paymentStatus = (status: unknown): ProviderStatus =>
    status === 'Completed' ? 'succeeded' : status === 'Declined' || status === 'Cancelled' ? 'declined' : 'pending';

export const cloudpaymentsProvider = (options: {
    publicId: string;
    apiSecret: string;
    /** Default https://api.cloudpayments.ru; the stand-in's url in tests. */
    apiUrl?: string;
    /** The language of the payment page and of CloudPayments' messages to the payer. */
    culture?: 'ru-RU' | 'en-US';
    /** How long a call may take before its outcome counts as unknown (retryable); default 30 s. */
    timeoutMs?: number;
}): PaymentProvider => {
    const apiUrl = (options.apiUrl ?? defaultApiUrl).replace(/\/+$/, '');
    const authorization = basicAuthorization(options.publicId, options.apiSecret);
    const timeoutMs = options.timeoutMs ?? defaultTimeoutMs;

    /**
     * Calls a method and answers its envelope, whatever its Success. Throws ProviderError when there is
     * no envelope: retryable when the outcome is unknown (no answer, HTTP 5xx or 429, an answer that is
     * not CloudPayments'), not when the call was refused (401 wrong keys, other 4xx).
     */
    const call = async (path: string, body: Record<string, unknown>, requestId?: string): Promise<Envelope> => {
        let response: Response;
        try {
            response = await fetch(`${apiUrl}${path}`, {
                method: 'POST',
                headers: {
                    authorization,
                    'content-type': 'application/json',
                    accept: 'application/json',
                    ...(requestId ? { 'x-request-id': requestId } : {}),
                },
                body: JSON.stringify(body),
                signal: AbortSignal.timeout(timeoutMs),
            });
        } catch (error) {
            const why = error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'failed';
            throw new ProviderError(`CloudPayments ${path}: the request ${why}`, true);
        }
        const answer = await response.text().catch(() => '');
        let envelope: Envelope | undefined;
        try {
            const parsed: unknown = JSON.parse(answer);
            if (typeof parsed === 'object' && parsed !== null && 'Success' in parsed) envelope = parsed as Envelope;
        } catch {
            // Not CloudPayments' envelope: told below.
        }
        const status = response.status;
        if (status === 401)
            throw new ProviderError(`CloudPayments ${path}: the Public ID or API secret is refused`, false, '401');
        if (status === 429 || status >= 500)
            throw new ProviderError(`CloudPayments ${path}: HTTP ${status}`, true, String(status));
        if (status !== 200)
            throw new ProviderError(
                `CloudPayments ${path}: HTTP ${status}${envelope?.Message ? ` ${envelope.Message}` : ''}`,
                false,
                String(status),
            );
        // A 200 that is not CloudPayments' envelope (a proxy's page): whether it was done is unknown.
        if (!envelope) throw new ProviderError(`CloudPayments ${path}: an answer that is not CloudPayments'`, true);
        return envelope;
    };

    /** The envelope's Model when it succeeded; a refusal (Success false) otherwise. */
    const model = (path: string, envelope: Envelope): Record<string, unknown> => {
        if (envelope.Success === true && envelope.Model && typeof envelope.Model === 'object') return envelope.Model;
        throw new ProviderError(envelope.Message || `CloudPayments ${path}: refused`, false, 'refused');
    };

    /** A transaction's state, as payments/get or payments/find answer it. */
    const paymentOf = (transaction: Record<string, unknown>) => {
        const amountMinor = minorOf(transaction.Amount);
        const currency = typeof transaction.Currency === 'string' ? transaction.Currency : undefined;
        if (amountMinor === undefined || !currency)
            throw new ProviderError('CloudPayments answered a payment without its Amount or Currency', true);
        return {
            status: paymentStatus(transaction.Status),
            amountMinor,
            currency,
            refunded: transaction.Refunded === true,
            // The transaction that paid the order: its refunds name it.
            ...(typeof transaction.TransactionId === 'number' || typeof transaction.TransactionId === 'string'
                ? { providerTransactionId: String(transaction.TransactionId) }
                : {}),
        };
    };

    return {
        name: 'cloudpayments',

        async createPayment(input) {
            const receipt = input.receipt;
            const body: Record<string, unknown> = {
                Amount: fromMinor(input.amountMinor),
                Currency: input.currency,
                Description: input.description,
                InvoiceId: input.attemptId,
                // One-stage: the money is taken when the payer pays, as the Pay notice then tells.
                RequireConfirmation: false,
                // The server sends the payer to the page itself; CloudPayments need not mail the link.
                SendEmail: false,
                SuccessRedirectUrl: input.returnUrl,
                FailRedirectUrl: input.returnUrl,
                ...(options.culture ? { CultureName: options.culture } : {}),
                ...(receipt && 'email' in receipt.contact ? { Email: receipt.contact.email } : {}),
                ...(receipt ? { JsonData: cloudpaymentsReceipt(receipt) } : {}),
            };
            const order = model('/orders/create', await call('/orders/create', body, input.idempotenceKey));
            if (typeof order.Id !== 'string' || !order.Id || typeof order.Url !== 'string' || !order.Url)
                throw new ProviderError('CloudPayments /orders/create: an order without its Id or Url', true);
            return { providerPaymentId: order.Id, redirectUrl: order.Url };
        },

        async handleNotice(raw, headers) {
            const json = isJson(raw, header(headers, 'content-type'));
            const signed = header(headers, 'content-hmac');
            const decodedSigned = header(headers, 'x-content-hmac');
            if (signed !== undefined) {
                // Over the body's bytes as they came: still URL-encoded for a form.
                if (!sameSecret(cloudpaymentsHmac(raw, options.apiSecret), signed.trim()))
                    return unverified('the Content-HMAC does not match');
            } else if (decodedSigned !== undefined) {
                const message = decodedMessage(raw, json);
                if (message === undefined) return unverified('a form body that cannot be decoded');
                if (
                    !sameSecret(
                        cloudpaymentsHmac(Buffer.from(message, 'utf8'), options.apiSecret),
                        decodedSigned.trim(),
                    )
                )
                    return unverified('the X-Content-HMAC does not match');
            } else return unverified('no Content-HMAC');
            const fields = parseNotice(raw, json);
            if (!fields) return unverified('a body that is not a JSON object');
            return readNotice(fields);
        },

        answer(outcome) {
            const code: CheckCode = outcome === 'accepted' ? 0 : outcome === 'rejected' ? 13 : outcome.checkCode;
            // Any answer but {"code":0} makes CloudPayments decline a Check and deliver other notices again;
            // a rejected notice is told so with 401 as well, for whoever reads the cabinet's log.
            return {
                status: outcome === 'rejected' ? 401 : 200,
                type: 'application/json',
                body: JSON.stringify({ code }),
            };
        },

        async refund(input) {
            // A refund names the payment's transaction, not the order.
            const paymentId = transactionId(input.providerPaymentId);
            if (!paymentId)
                throw new ProviderError(
                    `CloudPayments refunds a payment by its TransactionId, not ${JSON.stringify(input.providerPaymentId)}`,
                    false,
                );
            const envelope = await call(
                '/payments/refund',
                {
                    TransactionId: Number(paymentId),
                    Amount: fromMinor(input.amountMinor),
                    ...(input.receipt ? { JsonData: cloudpaymentsReceipt(input.receipt) } : {}),
                },
                input.idempotenceKey,
            );
            if (envelope.Success !== true)
                return { status: 'canceled', reason: envelope.Message || 'CloudPayments refused the refund' };
            const refundId = envelope.Model?.TransactionId;
            // CloudPayments gives the money back at once; its Refund notice follows.
            return {
                status: 'succeeded',
                ...(typeof refundId === 'number' || typeof refundId === 'string'
                    ? { providerRefundId: String(refundId) }
                    : {}),
            };
        },

        async fetchPayment(_providerPaymentId, attemptId) {
            // The order's payments are found by its InvoiceId, whichever of the two ids the attempt keeps.
            const envelope = await call('/v2/payments/find', { InvoiceId: attemptId });
            if (envelope.Success !== true) {
                // Nothing paid (or tried) on the order's page yet.
                if (/not\s*found/i.test(envelope.Message ?? ''))
                    return { status: 'pending', amountMinor: 0, currency: '' };
                throw new ProviderError(
                    envelope.Message || 'CloudPayments /v2/payments/find: refused',
                    false,
                    'refused',
                );
            }
            const last = model('/v2/payments/find', envelope);
            // The newer find answers the order's last operation, a refund included: then the payment it gave
            // back is asked for by its own transaction.
            const original = last.OriginalTransactionId;
            if ((typeof original === 'number' || typeof original === 'string') && transactionId(String(original))) {
                const payment = model(
                    '/payments/get',
                    await call('/payments/get', { TransactionId: Number(original) }),
                );
                return paymentOf(payment);
            }
            return paymentOf(last);
        },

        async cancelPayment(providerPaymentId) {
            // An unpaid order is cancelled by the order's Id (orders/create's Model.Id).
            const envelope = await call('/orders/cancel', { Id: providerPaymentId });
            if (envelope.Success !== true)
                throw new ProviderError(envelope.Message || 'CloudPayments /orders/cancel: refused', false, 'refused');
        },
    };
};
