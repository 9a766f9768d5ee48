import {
    basicAuthorization,
    fromMinor,
    ProviderError,
    type CheckCode,
    type PaymentProvider,
    type ProviderStatus,
} from './provider';
import { cloudpaymentsReceipt } from './receipts';
import { cloudpaymentsCharge, cloudpaymentsSavedCard, renewalOutcome } from './cloudpaymentsCards';
import { minorOf, transactionId, verifyNotice } from './cloudpaymentsNotices';

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
 *
 * A membership's first payment is made on the payer's account (AccountId): its Pay notice then carries
 * the card's Token, and each renewal charges that Token (payments/tokens/charge) under our key, which is
 * both the X-Request-ID (a repeat within CloudPayments' hour answers the first outcome) and the InvoiceId
 * (by which v2/payments/find tells, later, what became of a renewal whose answer was lost).
 */

/** CloudPayments' answer: at least Success and Message, the result in Model. */
interface Envelope {
    Success?: boolean;
    Message?: string | null;
    Model?: Record<string, unknown> | null;
}

/** Where CloudPayments' API is. */
const defaultApiUrl = 'https://api.cloudpayments.ru';

/** How long an API call may take before its outcome counts as unknown (CloudPayments allows itself 5 minutes). */
const defaultTimeoutMs = 30_000;

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
        // Only a paid transaction's Token charges anything.
        const savedCard = transaction.Status === 'Completed' ? cloudpaymentsSavedCard(transaction) : undefined;
        return {
            status: paymentStatus(transaction.Status),
            amountMinor,
            currency,
            refunded: transaction.Refunded === true,
            // The transaction that paid the order: its refunds name it.
            ...(typeof transaction.TransactionId === 'number' || typeof transaction.TransactionId === 'string'
                ? { providerTransactionId: String(transaction.TransactionId) }
                : {}),
            ...(savedCard ? { savedCard } : {}),
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
                // The payer's account: the card paying it is kept under it, and its Token told with the payment.
                ...(input.saveCard ? { AccountId: input.saveCard.payerKey } : {}),
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
            return verifyNotice(raw, headers, options.apiSecret);
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

        async chargeSaved(input) {
            const path = '/payments/tokens/charge';
            const envelope = await call(
                path,
                {
                    Amount: fromMinor(input.amountMinor),
                    Currency: input.currency,
                    AccountId: input.payerKey,
                    Token: input.token,
                    InvoiceId: input.key,
                    Description: input.description,
                    // Initiated by the studio, not the payer, and one of a schedule the payer agreed to.
                    TrInitiatorCode: 0,
                    PaymentScheduled: 1,
                    ...(input.receipt && 'email' in input.receipt.contact
                        ? { Email: input.receipt.contact.email }
                        : {}),
                    ...(input.receipt ? { JsonData: cloudpaymentsReceipt(input.receipt) } : {}),
                },
                input.key,
            );
            return renewalOutcome(path, envelope);
        },

        async findCharge({ key }) {
            // The renewal's InvoiceId is its key: the newer find answers its last operation, or "Not found".
            const envelope = await call('/v2/payments/find', { InvoiceId: key });
            if (envelope.Success !== true) {
                if (/not\s*found/i.test(envelope.Message ?? '')) return { status: 'missing' };
                throw new ProviderError(
                    envelope.Message || 'CloudPayments /v2/payments/find: refused',
                    false,
                    'refused',
                );
            }
            const last = model('/v2/payments/find', envelope);
            // A renewal refunded since: its own transaction tells how the charge went.
            const original = last.OriginalTransactionId;
            const charged =
                (typeof original === 'number' || typeof original === 'string') && transactionId(String(original))
                    ? model('/payments/get', await call('/payments/get', { TransactionId: Number(original) }))
                    : last;
            const outcome = cloudpaymentsCharge(charged);
            if (!outcome) throw new ProviderError('CloudPayments answered a payment without its TransactionId', true);
            return outcome;
        },

        async cancelPayment(providerPaymentId) {
            // An unpaid order is cancelled by the order's Id (orders/create's Model.Id).
            const envelope = await call('/orders/cancel', { Id: providerPaymentId });
            if (envelope.Success !== true)
                throw new ProviderError(envelope.Message || 'CloudPayments /orders/cancel: refused', false, 'refused');
        },
    };
};
