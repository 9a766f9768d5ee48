import { ProviderError, type Notice, type NoticeVerdict, type PaymentProvider, type ProviderStatus } from './provider';
import { cut, tbankReceipt } from './receipts';
import { sameSecret, tbankToken } from './signatures';
import {
    tbankApiUrl,
    requestTimeoutMs,
    descriptionLength,
    paidStatus,
    declinedStatuses,
    refundedStatuses,
    refundableStatuses,
    inProgressStatuses,
    unpaidStatuses,
    isRecord,
    isRenewalKey,
    text,
    paymentIdOf,
    kopecks,
    tbankDueDate,
    declineReason,
    refusalOf,
} from './tbankTerms';
import { tbankRenewals, tbankSavedCard } from './tbankCards';

export { tbankDueDate } from './tbankTerms';

/*
 * T-Bank (formerly Tinkoff) acquiring, API v2: Init makes a payment and answers the address of T-Bank's
 * page, GetState tells how a payment stands, Cancel gives money back (or drops a payment nobody has paid
 * yet). Every request and every notice is signed with the same Token: SHA-256 over the root-level values
 * and the terminal's password, so a notice is believed only when its Token is the one our password makes.
 *
 * T-Bank takes amounts as whole kopecks and payments in roubles only; a notice is acknowledged by the
 * exact body OK, anything else has it sent again (hourly, for a day). A membership's first payment saves
 * the card (Recurrent "Y" on the payer's CustomerKey): its paid notice names the RebillId that renewals
 * charge (tbankCards).
 */

export const tbankProvider = (options: {
    terminalKey: string;
    password: string;
    /** T-Bank's API with /v2, without a trailing slash; the test environment's or the tests' stand-in's. */
    apiUrl?: string;
    /** The language of T-Bank's payment page; T-Bank shows Russian when none is sent. */
    language?: 'ru' | 'en';
    /** The time now; the tests may set it. */
    now?: () => Date;
    /** Where renewals' notices go (a first payment names its own); the terminal's notice address when unset. */
    notifyUrl?: string;
}): PaymentProvider => {
    if (!options.terminalKey || !options.password) throw new Error('T-Bank needs a terminal key and a password');
    const apiUrl = (options.apiUrl ?? tbankApiUrl).replace(/\/+$/, '');
    const now = options.now ?? (() => new Date());
    const { terminalKey, password } = options;

    /**
     * One signed call to the API, answering its JSON object, refusal or not (T-Bank answers refusals with HTTP
     * 200 and Success false). Network trouble, a timeout, 429, 5xx or an answer that cannot be read leave the
     * outcome unknown: retryable. Any other HTTP status is a refusal.
     */
    const call = async (
        method: 'Init' | 'GetState' | 'Cancel' | 'Charge' | 'CheckOrder',
        params: Record<string, unknown>,
    ) => {
        const body = { ...params, Token: tbankToken(params, password) };
        let response: Response;
        let answer: string;
        try {
            response = await fetch(`${apiUrl}/${method}`, {
                method: 'POST',
                headers: { 'content-type': 'application/json', accept: 'application/json' },
                body: JSON.stringify(body),
                signal: AbortSignal.timeout(requestTimeoutMs),
            });
            answer = await response.text();
        } catch (error) {
            // The cause names the network trouble; the body (and so the token) is not in it.
            const cause = error instanceof Error ? error.message : String(error);
            throw new ProviderError(`T-Bank could not be reached (${method}): ${cause}`, true);
        }
        if (response.status === 429 || response.status >= 500)
            throw new ProviderError(`T-Bank answered ${method} with HTTP ${response.status}`, true);
        if (response.status !== 200)
            throw new ProviderError(
                `T-Bank answered ${method} with HTTP ${response.status}`,
                false,
                String(response.status),
            );
        let parsed: unknown;
        try {
            parsed = JSON.parse(answer);
        } catch {
            parsed = undefined;
        }
        if (!isRecord(parsed)) throw new ProviderError(`T-Bank answered ${method} with no JSON object`, true);
        return parsed;
    };

    /** A call whose refusal is thrown: ProviderError with T-Bank's message and ErrorCode, not retryable. */
    const succeed = async (method: 'Init' | 'GetState' | 'Cancel', params: Record<string, unknown>) => {
        const body = await call(method, params);
        const refusal = refusalOf(body);
        if (refusal) throw new ProviderError(refusal.message, false, refusal.code);
        return body;
    };

    /** A payment's state as GetState answers it. */
    const getState = async (providerPaymentId: string) => {
        const body = await succeed('GetState', { TerminalKey: terminalKey, PaymentId: providerPaymentId });
        const status = text(body.Status);
        const amountMinor = kopecks(body.Amount);
        if (!status || amountMinor === null)
            throw new ProviderError(`T-Bank answered payment ${providerPaymentId} without its status or amount`, true);
        return { status, amountMinor, orderId: text(body.OrderId) };
    };

    /** T-Bank has no id of a refund of its own: one refund per payment is made here, named after the payment. */
    const refundIdOf = (providerPaymentId: string) => `${providerPaymentId}-refund`;

    const readNotice = (body: Record<string, unknown>): NoticeVerdict => {
        const status = text(body.Status);
        const paymentId = paymentIdOf(body.PaymentId);
        if (!status) return { verified: false, reason: 'T-Bank notice without a Status' };
        if (status === paidStatus || declinedStatuses.includes(status) || refundedStatuses.includes(status)) {
            const amountMinor = kopecks(body.Amount);
            const orderId = text(body.OrderId);
            if (!paymentId || amountMinor === null || !orderId)
                return { verified: false, reason: `T-Bank notice ${status} without its PaymentId, OrderId or Amount` };
            if (refundedStatuses.includes(status)) {
                const notice: Notice = {
                    kind: 'refund',
                    providerPaymentId: paymentId,
                    providerRefundId: refundIdOf(paymentId),
                    status: 'succeeded',
                    amountMinor,
                };
                return { verified: true, notice };
            }
            // A renewal's, its OrderId the charge's key: the memberships job settles it once (Charge, GetState).
            if (isRenewalKey(orderId)) return { verified: true, notice: { kind: 'ignored', why: orderId } };
            const paid = status === paidStatus;
            const savedCard = paid ? tbankSavedCard(body) : undefined;
            const notice: Notice = {
                kind: 'payment',
                providerPaymentId: paymentId,
                attemptId: orderId,
                status: paid ? 'succeeded' : 'declined',
                amountMinor,
                currency: 'RUB',
                ...(paid ? {} : { reason: declineReason(status, text(body.ErrorCode)) }),
                ...(savedCard ? { savedCard } : {}),
            };
            return { verified: true, notice };
        }
        // AUTHORIZED (money held, CONFIRMED follows at once in one-stage payments), the page's own steps, the
        // fiscal receipt's RECEIPT: nothing to record.
        return {
            verified: true,
            notice: { kind: 'ignored', why: `T-Bank status ${status}${paymentId ? ` of payment ${paymentId}` : ''}` },
        };
    };

    const renewals = tbankRenewals({ terminalKey, call, notifyUrl: options.notifyUrl });

    return {
        name: 'tbank',
        chargeSaved: renewals.chargeSaved,
        findCharge: renewals.findCharge,

        createPayment: async input => {
            if (input.currency !== 'RUB')
                throw new ProviderError(
                    `T-Bank takes payments in roubles only, not ${input.currency}`,
                    false,
                    'currency',
                );
            if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor <= 0)
                throw new ProviderError(`Not an amount T-Bank takes: ${input.amountMinor}`, false, 'amount');
            const description = cut(input.description, descriptionLength);
            // T-Bank has no idempotence key on Init: the OrderId is the attempt's id, and an attempt whose Init
            // failed or was lost is never sent again (a new attempt gets a new id); the payment such an Init may
            // have made is never shown to anyone and dies at its RedirectDueDate.
            const params = {
                TerminalKey: terminalKey,
                Amount: input.amountMinor,
                OrderId: input.attemptId,
                ...(description ? { Description: description } : {}),
                // One stage: the money is taken at once, with no Confirm that could be forgotten.
                PayType: 'O',
                ...(options.language ? { Language: options.language } : {}),
                NotificationURL: input.notifyUrl,
                // Our page tells how the payment went, whichever way: both ends lead to it.
                SuccessURL: input.returnUrl,
                FailURL: input.returnUrl,
                RedirectDueDate: tbankDueDate(input.expiresAt, now()),
                DATA: { linkId: input.linkId },
                // A membership's first payment saves the card on the payer's key: its notice names the RebillId.
                ...(input.saveCard ? { Recurrent: 'Y', CustomerKey: input.saveCard.payerKey } : {}),
                ...(input.receipt ? { Receipt: tbankReceipt(input.receipt) } : {}),
            };
            const body = await succeed('Init', params);
            const paymentId = paymentIdOf(body.PaymentId);
            const redirectUrl = text(body.PaymentURL);
            if (!paymentId || !redirectUrl)
                throw new ProviderError('T-Bank answered Init without its PaymentId or PaymentURL', false);
            return { providerPaymentId: paymentId, redirectUrl };
        },

        handleNotice: async raw => {
            let body: unknown;
            try {
                body = JSON.parse(raw.toString('utf8'));
            } catch {
                return { verified: false, reason: 'T-Bank notice body is not JSON' };
            }
            if (!isRecord(body)) return { verified: false, reason: 'T-Bank notice is not a JSON object' };
            if (typeof body.Token !== 'string' || !body.Token)
                return { verified: false, reason: 'T-Bank notice without a Token' };
            if (body.TerminalKey !== terminalKey)
                return { verified: false, reason: 'T-Bank notice for another terminal' };
            // Every root-level value is signed, whatever T-Bank adds to its notices; DATA and other objects are not.
            if (!sameSecret(tbankToken(body, password), body.Token.toLowerCase()))
                return { verified: false, reason: 'T-Bank notice with a wrong Token' };
            return readNotice(body);
        },

        // T-Bank reads only the body: exactly OK stops its redelivery. A notice not believed is sent again,
        // which costs nothing and keeps a genuine one whose checks failed here (a password changed) from being lost.
        answer: outcome =>
            outcome === 'accepted' || (typeof outcome === 'object' && outcome.checkCode === 0)
                ? { status: 200, type: 'text/plain; charset=utf-8', body: 'OK' }
                : { status: 401, type: 'text/plain; charset=utf-8', body: 'rejected' },

        refund: async input => {
            const refusal = (error: unknown) => {
                if (error instanceof ProviderError && !error.retryable)
                    return { status: 'canceled' as const, reason: error.message };
                throw error;
            };
            // Whether the whole payment is given back decides the receipt: T-Bank makes the return receipt of a
            // full cancel itself from the payment's (and takes none), while a part cancel names what is returned.
            let state: Awaited<ReturnType<typeof getState>>;
            try {
                state = await getState(input.providerPaymentId);
            } catch (error) {
                return refusal(error);
            }
            if (state.status === 'REFUNDED' || state.status === 'REVERSED')
                return { status: 'succeeded', providerRefundId: refundIdOf(input.providerPaymentId) };
            // A refund under way (asked before, its outcome not yet known here): still pending, never refused.
            if (inProgressStatuses.includes(state.status))
                return { status: 'pending', providerRefundId: refundIdOf(input.providerPaymentId) };
            if (!refundableStatuses.includes(state.status))
                return { status: 'canceled', reason: `T-Bank payment ${input.providerPaymentId} is ${state.status}` };
            const full = state.status !== 'PARTIAL_REFUNDED' && input.amountMinor === state.amountMinor;
            const params = {
                TerminalKey: terminalKey,
                PaymentId: input.providerPaymentId,
                Amount: input.amountMinor,
                // A cancel repeated with the same id answers the payment's state instead of giving back twice.
                ExternalRequestId: input.idempotenceKey,
                ...(input.receipt && !full ? { Receipt: tbankReceipt(input.receipt) } : {}),
            };
            let body: Record<string, unknown>;
            try {
                body = await succeed('Cancel', params);
            } catch (error) {
                return refusal(error);
            }
            const status = text(body.Status) ?? '';
            if (refundedStatuses.includes(status))
                return { status: 'succeeded', providerRefundId: refundIdOf(input.providerPaymentId) };
            // REFUNDING and the like: its REFUNDED notice tells the end.
            return { status: 'pending', providerRefundId: refundIdOf(input.providerPaymentId) };
        },

        fetchPayment: async (providerPaymentId, attemptId) => {
            const state = await getState(providerPaymentId);
            // A payment made for another attempt must not settle this one.
            if (state.orderId !== attemptId)
                throw new ProviderError(`T-Bank's payment ${providerPaymentId} is not attempt ${attemptId}'s`, false);
            const refunded = refundedStatuses.includes(state.status);
            const status: ProviderStatus =
                state.status === paidStatus || refunded
                    ? 'succeeded'
                    : declinedStatuses.includes(state.status)
                      ? 'declined'
                      : 'pending';
            return { status, amountMinor: state.amountMinor, currency: 'RUB', refunded };
        },

        cancelPayment: async providerPaymentId => {
            // Cancel on a paid payment would give the money back behind the settling's back: only an unpaid one
            // is cancelled; one paid meanwhile is settled (and refunded if need be) as any other.
            const state = await getState(providerPaymentId);
            if (!unpaidStatuses.includes(state.status)) return;
            await succeed('Cancel', { TerminalKey: terminalKey, PaymentId: providerPaymentId });
        },
    };
};
