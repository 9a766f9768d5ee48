import {
    basicAuthorization,
    minorText,
    ProviderError,
    type Notice,
    type NoticeVerdict,
    type PaymentProvider,
} from './provider';
import { cut, yookassaReceipt } from './receipts';
import { savedCardOf } from './yookassaCards';
import { yookassaCharges } from './yookassaCharges';
import {
    amountMinor,
    currencyOf,
    isRecord,
    paymentEvents,
    paymentStatuses,
    readPayment,
    readRefund,
    refundEvent,
    refundStatuses,
    type PaymentObject,
    type RefundObject,
    type RefundStatus,
} from './yookassaObjects';
import { addressBytes, inNetwork, parseNetwork, unmapped, yookassaNoticeIps } from './yookassaNetworks';

/*
 * ЮKassa (API v3): the payer pays on ЮKassa's page, whose address a created payment answers. Requests use
 * HTTP Basic auth with the shop id and secret key; every POST carries an Idempotence-Key, so that a request
 * repeated after a lost answer or an HTTP 500 ("result unknown") creates no second payment or refund.
 *
 * ЮKassa signs nothing it posts: a notice is only a hint that a payment or refund changed. It is taken from
 * ЮKassa's addresses only, and then the object is asked for again with our credentials; only what that answer
 * says is believed, so a forged body can at most make us ask.
 */

export const yookassaApiUrl = 'https://api.yookassa.ru/v3';

/** How long a request may take before its outcome is taken as unknown (and so worth repeating with its key). */
const requestTimeoutMs = 30_000;

/** The longest `description` of a payment ЮKassa takes. */
const descriptionLength = 128;

export const yookassaProvider = (options: {
    shopId: string;
    secretKey: string;
    /** ЮKassa's API root (default its own; the tests give their stand-in's). */
    apiUrl?: string;
    /** Where notices may come from (addresses and CIDR networks, IPv4 or IPv6); 'off' takes them from anywhere. */
    noticeIps?: string[] | 'off';
}): PaymentProvider => {
    if (!options.shopId || !options.secretKey) throw new Error('ЮKassa needs a shop id and a secret key');
    const apiUrl = (options.apiUrl ?? yookassaApiUrl).replace(/\/+$/, '');
    const authorization = basicAuthorization(options.shopId, options.secretKey);
    // Read once, so that a mistyped network stops the server at start-up rather than every notice.
    const networks = options.noticeIps === 'off' ? null : (options.noticeIps ?? yookassaNoticeIps).map(parseNetwork);

    const allowed = (remoteIp: string) => {
        if (!networks) return true;
        const bytes = addressBytes(remoteIp);
        return bytes !== null && networks.some(network => inNetwork(unmapped(bytes), network));
    };

    /**
     * One call to the API, answering the JSON object of a 200. Network trouble, a timeout, 202 (still being
     * processed), 429 and 5xx leave the outcome unknown: retryable, with the same key. Any other answer is a
     * refusal with ЮKassa's error code. With `missing`, a 404 answers null instead.
     */
    const call = async (
        method: 'GET' | 'POST',
        path: string,
        request: { body?: unknown; idempotenceKey?: string; missing?: 'null' } = {},
    ): Promise<Record<string, unknown> | null> => {
        const headers: Record<string, string> = { authorization, accept: 'application/json' };
        if (request.body !== undefined) headers['content-type'] = 'application/json';
        if (request.idempotenceKey !== undefined) headers['idempotence-key'] = request.idempotenceKey;
        let response: Response;
        let text: string;
        try {
            response = await fetch(`${apiUrl}${path}`, {
                method,
                headers,
                body: request.body === undefined ? undefined : JSON.stringify(request.body),
                signal: AbortSignal.timeout(requestTimeoutMs),
            });
            text = await response.text();
        } catch (error) {
            // fetch says only "fetch failed"; its cause names the trouble (ECONNREFUSED, a timeout). Neither
            // holds the headers, so the secret stays out of the message.
            const cause =
                error instanceof Error && error.cause instanceof Error
                    ? `${error.message}: ${error.cause.message}`
                    : error instanceof Error
                      ? error.message
                      : String(error);
            throw new ProviderError(`ЮKassa could not be reached (${method} ${path}): ${cause}`, true);
        }
        let body: unknown;
        try {
            body = text ? JSON.parse(text) : undefined;
        } catch {
            body = undefined;
        }
        if (response.status === 200) {
            if (!isRecord(body)) throw new ProviderError(`ЮKassa answered ${method} ${path} with no JSON object`, true);
            return body;
        }
        if (response.status === 404 && request.missing) return null;
        const error = isRecord(body) ? body : {};
        const code = typeof error.code === 'string' ? error.code : undefined;
        const description =
            typeof error.description === 'string' ? error.description : `ЮKassa answered HTTP ${response.status}`;
        const parameter = typeof error.parameter === 'string' ? ` (${error.parameter})` : '';
        const retryable = response.status === 202 || response.status === 429 || response.status >= 500;
        throw new ProviderError(`${description}${parameter}`, retryable, code);
    };

    const charges = yookassaCharges(call);

    const paymentPath = (id: string) => `/payments/${encodeURIComponent(id)}`;
    const refundPath = (id: string) => `/refunds/${encodeURIComponent(id)}`;

    /** The notice a payment, as ЮKassa itself answered it, stands for. */
    const paymentNotice = (payment: PaymentObject): NoticeVerdict => {
        const status = Object.hasOwn(paymentStatuses, payment.status) ? paymentStatuses[payment.status] : undefined;
        const minor = amountMinor(payment.amount);
        const currency = currencyOf(payment.amount);
        if (!status || minor === null || !currency)
            return { verified: false, reason: `payment ${payment.id} has an unknown status or amount` };
        const attemptId = payment.metadata?.attemptId;
        // A renewal's outcome is the charge's answer, or asked for by its key (findCharge), never a notice.
        const chargeKey = payment.metadata?.chargeKey;
        if (typeof chargeKey === 'string' && chargeKey)
            return {
                verified: true,
                notice: { kind: 'ignored', why: `payment ${payment.id} is renewal ${chargeKey}` },
            };
        // Another site of the same shop may take payments too: theirs are ЮKassa's and fine, but none of ours.
        if (typeof attemptId !== 'string' || !attemptId)
            return { verified: true, notice: { kind: 'ignored', why: `payment ${payment.id} is not one of ours` } };
        const notice: Notice = {
            kind: 'payment',
            providerPaymentId: payment.id,
            attemptId,
            status,
            amountMinor: minor,
            currency,
        };
        const reason = payment.cancellation_details?.reason;
        if (status === 'declined' && typeof reason === 'string') notice.reason = reason;
        const savedCard = status === 'succeeded' ? savedCardOf(payment) : undefined;
        if (savedCard) notice.savedCard = savedCard;
        return { verified: true, notice };
    };

    const refundNotice = (refund: RefundObject): NoticeVerdict => {
        const minor = amountMinor(refund.amount);
        if (minor === null) return { verified: false, reason: `refund ${refund.id} has an unknown amount` };
        // A refund still pending (the body said otherwise) decides nothing yet; its real notice will come.
        if (refund.status !== 'succeeded' && refund.status !== 'canceled')
            return { verified: true, notice: { kind: 'ignored', why: `refund ${refund.id} is ${refund.status}` } };
        return {
            verified: true,
            notice: {
                kind: 'refund',
                providerPaymentId: refund.payment_id,
                providerRefundId: refund.id,
                status: refund.status,
                amountMinor: minor,
            },
        };
    };

    return {
        name: 'yookassa',

        createPayment: async input => {
            const description = cut(input.description, descriptionLength);
            const body = {
                amount: { value: minorText(input.amountMinor), currency: input.currency },
                // Taken at once: there is no second step that could be forgotten.
                capture: true,
                confirmation: { type: 'redirect', return_url: input.returnUrl },
                // A membership's first payment: ЮKassa keeps the card for the renewals, if the shop may.
                ...(input.saveCard ? { save_payment_method: true } : {}),
                ...(description ? { description } : {}),
                metadata: { linkId: input.linkId, attemptId: input.attemptId },
                ...(input.receipt ? { receipt: yookassaReceipt(input.receipt, input.currency) } : {}),
            };
            const answer = await call('POST', '/payments', { body, idempotenceKey: input.idempotenceKey });
            const payment = answer && readPayment(answer);
            const redirectUrl = payment?.confirmation?.confirmation_url;
            // Made but unreadable: asking again with the same key answers the same payment.
            if (!payment || typeof redirectUrl !== 'string')
                throw new ProviderError('ЮKassa answered a payment without its id or confirmation_url', true);
            return { providerPaymentId: payment.id, redirectUrl };
        },

        handleNotice: async (raw, _headers, remoteIp) => {
            if (!allowed(remoteIp)) return { verified: false, reason: `notice from ${remoteIp}, not ЮKassa's address` };
            let body: unknown;
            try {
                body = JSON.parse(raw.toString('utf8'));
            } catch {
                return { verified: false, reason: 'notice body is not JSON' };
            }
            if (
                !isRecord(body) ||
                body.type !== 'notification' ||
                typeof body.event !== 'string' ||
                !isRecord(body.object) ||
                typeof body.object.id !== 'string' ||
                !body.object.id
            )
                return { verified: false, reason: 'not a ЮKassa notification' };
            const { event } = body;
            const id = body.object.id;
            // Nothing of the body but the id and event is used: the object is asked for again and only that believed.
            if (paymentEvents.includes(event)) {
                const answer = await call('GET', paymentPath(id), { missing: 'null' });
                const payment = answer && readPayment(answer);
                if (!answer) return { verified: false, reason: `ЮKassa knows no payment ${id}` };
                if (!payment || payment.id !== id)
                    return { verified: false, reason: `ЮKassa answered no payment ${id} readable` };
                return paymentNotice(payment);
            }
            if (event === refundEvent) {
                const answer = await call('GET', refundPath(id), { missing: 'null' });
                const refund = answer && readRefund(answer);
                if (!answer) return { verified: false, reason: `ЮKassa knows no refund ${id}` };
                if (!refund || refund.id !== id)
                    return { verified: false, reason: `ЮKassa answered no refund ${id} readable` };
                return refundNotice(refund);
            }
            return { verified: true, notice: { kind: 'ignored', why: `event ${event}` } };
        },

        answer: outcome =>
            outcome === 'rejected'
                ? { status: 401, type: 'text/plain; charset=utf-8', body: 'Notice not verified' }
                : // ЮKassa reads only the status: 200 stops its redelivery, whatever the body.
                  { status: 200, type: 'text/plain; charset=utf-8', body: '' },

        refund: async input => {
            const body = {
                payment_id: input.providerPaymentId,
                amount: { value: minorText(input.amountMinor), currency: input.currency },
                ...(input.receipt ? { receipt: yookassaReceipt(input.receipt, input.currency) } : {}),
            };
            const answer = await call('POST', '/refunds', { body, idempotenceKey: input.idempotenceKey });
            const refund = answer && readRefund(answer);
            if (!refund || !(refundStatuses as readonly string[]).includes(refund.status))
                throw new ProviderError('ЮKassa answered a refund without its id or a known status', true);
            const status = refund.status as RefundStatus;
            const reason = refund.cancellation_details?.reason;
            return {
                status,
                providerRefundId: refund.id,
                ...(status === 'canceled' && typeof reason === 'string' ? { reason } : {}),
            };
        },

        fetchPayment: async (providerPaymentId, attemptId) => {
            const answer = await call('GET', paymentPath(providerPaymentId));
            const payment = answer && readPayment(answer);
            const status = payment && Object.hasOwn(paymentStatuses, payment.status) && paymentStatuses[payment.status];
            const minor = payment && amountMinor(payment.amount);
            const currency = payment && currencyOf(payment.amount);
            if (!payment || !status || minor === null || !currency)
                throw new ProviderError(`ЮKassa answered payment ${providerPaymentId} unreadable`, false);
            // A payment made for another attempt must not settle this one.
            if (payment.metadata?.attemptId !== attemptId)
                throw new ProviderError(`ЮKassa's payment ${providerPaymentId} is not attempt ${attemptId}'s`, false);
            const refunded = payment.refunded_amount ? amountMinor(payment.refunded_amount) : 0;
            const savedCard = status === 'succeeded' ? savedCardOf(payment) : undefined;
            return {
                status,
                amountMinor: minor,
                currency,
                refunded: refunded === minor,
                ...(savedCard ? { savedCard } : {}),
            };
        },

        chargeSaved: charges.chargeSaved,
        findCharge: charges.findCharge,
    };
};
