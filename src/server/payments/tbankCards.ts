import { ProviderError, type ChargeInput, type ChargeOutcome, type SavedCard } from './provider';
import { cut, tbankReceipt } from './receipts';
import {
    declinedStatuses,
    descriptionLength,
    isCardCode,
    paidStatus,
    paymentIdOf,
    refundedStatuses,
    refusalOf,
    tbankDecline,
    text,
    unpaidStatuses,
} from './tbankTerms';

/*
 * T-Bank's saved cards: the RebillId a first payment made with `Recurrent: "Y"` and the payer's CustomerKey
 * leaves in its notice, and the renewals that charge it. A renewal is two calls: Init makes a payment under
 * our key as its OrderId (the payment initiated by the studio, DATA.OperationInitiatorType "R"), then
 * Charge pays it with the RebillId, without the payer. T-Bank has no idempotence key, so the OrderId is what
 * makes a repeat harmless: a terminal refuses a second Init of an OrderId (error 20), and CheckOrder, which
 * T-Bank documents for finding an order's payments by its OrderId, tells what became of the first one.
 */

/** A card's brand by the first digits of its number, as the payer knows it. */
const brandOf = (pan: string): string => {
    if (/^220[0-4]/.test(pan)) return 'Mir';
    if (/^4/.test(pan)) return 'Visa';
    if (/^(5[1-5]|2[2-7])/.test(pan)) return 'Mastercard';
    if (/^(50|5[6-9]|6[0-9])/.test(pan) && !/^62/.test(pan)) return 'Maestro';
    if (/^62/.test(pan)) return 'UnionPay';
    if (/^35/.test(pan)) return 'JCB';
    if (/^3[47]/.test(pan)) return 'American Express';
    return 'Card';
};

/** The last day of the month of T-Bank's ExpDate "MMYY": "0228" → 2028-02-29. */
export const tbankExpiresOn = (expiry: string | undefined): string | null => {
    const parts = /^(\d{2})(\d{2})$/.exec(expiry ?? '');
    const month = Number(parts?.[1]);
    if (!parts || month < 1 || month > 12) return null;
    // Day 0 of the next month is the last day of this one.
    return new Date(Date.UTC(2000 + Number(parts[2]), month, 0)).toISOString().slice(0, 10);
};

/** The card a paid notice saved: its RebillId, with the masked Pan ("430000******0777") and ExpDate "MMYY". */
export const tbankSavedCard = (notice: Record<string, unknown>): SavedCard | undefined => {
    const rebillId = text(notice.RebillId);
    if (!rebillId || !/^\d{1,20}$/.test(rebillId)) return undefined;
    const pan = text(notice.Pan) ?? '';
    const last4 = /(\d{4})$/.exec(pan)?.[1];
    const brand = brandOf(pan);
    return {
        token: rebillId,
        title: last4 ? `${brand} •• ${last4}` : brand,
        expiresOn: tbankExpiresOn(text(notice.ExpDate)),
    };
};

/** What a renewal's payment in this status means; null while nobody has charged it (NEW, FORM_SHOWED). */
const outcomeOf = (paymentId: string, status: string, errorCode: string | undefined): ChargeOutcome | null => {
    if (status === paidStatus || refundedStatuses.includes(status))
        return { status: 'succeeded', providerPaymentId: paymentId };
    if (declinedStatuses.includes(status))
        return { status: 'declined', providerPaymentId: paymentId, ...tbankDecline(status, errorCode) };
    if (unpaidStatuses.includes(status)) return null;
    // AUTHORIZING, AUTHORIZED, CONFIRMING…: T-Bank is still deciding; its notice or a later look tells.
    return { status: 'pending', providerPaymentId: paymentId };
};

/** One payment of an order, as CheckOrder lists it. */
interface OrderPayment {
    paymentId: string;
    status: string;
    errorCode: string | undefined;
}

/** The calls the renewals make, signed by the provider; refusals are answered, not thrown. */
type Call = (
    method: 'Init' | 'Charge' | 'GetState' | 'CheckOrder',
    params: Record<string, unknown>,
) => Promise<Record<string, unknown>>;

export const tbankRenewals = ({
    terminalKey,
    call,
    notifyUrl,
}: {
    terminalKey: string;
    call: Call;
    /** Where T-Bank posts the renewal's notices; the terminal's own address when none. */
    notifyUrl?: string;
}) => {
    const refused = (body: Record<string, unknown>) => {
        const refusal = refusalOf(body);
        return refusal ? new ProviderError(refusal.message, false, refusal.code) : null;
    };

    /** The payments made for an OrderId, oldest first (none: the order was never made). */
    const orderPayments = async (orderId: string): Promise<OrderPayment[]> => {
        const body = await call('CheckOrder', { TerminalKey: terminalKey, OrderId: orderId });
        const refusal = refused(body);
        if (refusal) throw refusal;
        const payments = Array.isArray(body.Payments) ? body.Payments : [];
        return payments.flatMap(payment => {
            const record = typeof payment === 'object' && payment !== null ? (payment as Record<string, unknown>) : {};
            const paymentId = paymentIdOf(record.PaymentId);
            const status = text(record.Status);
            return paymentId && status ? [{ paymentId, status, errorCode: text(record.ErrorCode) }] : [];
        });
    };

    /** What an order's payments mean together: paid or deciding wins over declined; none charged: missing. */
    const outcomeOfOrder = (payments: OrderPayment[]): ChargeOutcome | { status: 'missing' } => {
        const outcomes = payments.flatMap(
            payment => outcomeOf(payment.paymentId, payment.status, payment.errorCode) ?? [],
        );
        return (
            outcomes.find(each => each.status === 'succeeded') ??
            outcomes.find(each => each.status === 'pending') ??
            outcomes.at(-1) ?? { status: 'missing' }
        );
    };

    /** Init of the renewal's payment under its key; a repeat of the key finds the payment the first made. */
    const initRenewal = async (input: ChargeInput): Promise<string | ChargeOutcome> => {
        const description = cut(input.description, descriptionLength);
        const body = await call('Init', {
            TerminalKey: terminalKey,
            Amount: input.amountMinor,
            OrderId: input.key,
            ...(description ? { Description: description } : {}),
            CustomerKey: input.payerKey,
            PayType: 'O',
            ...(notifyUrl ? { NotificationURL: notifyUrl } : {}),
            // A recurring payment the studio initiates on the payer's saved card.
            DATA: { OperationInitiatorType: 'R' },
            ...(input.receipt ? { Receipt: tbankReceipt(input.receipt) } : {}),
        });
        const refusal = refused(body);
        if (refusal?.code === '20') {
            // This key made its payment before (its answer lost): charge it if nobody has, else tell its outcome.
            const payments = await orderPayments(input.key);
            const open = payments.find(payment => unpaidStatuses.includes(payment.status));
            if (open) return open.paymentId;
            const outcome = outcomeOfOrder(payments);
            if (outcome.status === 'missing') throw refusal;
            return outcome;
        }
        if (refusal) throw refusal;
        const paymentId = paymentIdOf(body.PaymentId);
        if (!paymentId) throw new ProviderError('T-Bank answered Init without its PaymentId', true);
        return paymentId;
    };

    return {
        chargeSaved: async (input: ChargeInput): Promise<ChargeOutcome> => {
            if (input.currency !== 'RUB')
                throw new ProviderError(`T-Bank takes payments in roubles only, not ${input.currency}`, false);
            const made = await initRenewal(input);
            if (typeof made !== 'string') return made;
            let body: Record<string, unknown>;
            try {
                body = await call('Charge', { TerminalKey: terminalKey, PaymentId: made, RebillId: input.token });
            } catch (error) {
                // The outcome is unknown; findCharge finds the payment again by the key (CheckOrder).
                if (error instanceof ProviderError && error.retryable)
                    throw new ProviderError(`${error.message} (payment ${made})`, true, made);
                throw error;
            }
            const status = text(body.Status);
            const errorCode = text(body.ErrorCode);
            const outcome = status ? outcomeOf(made, status, errorCode) : null;
            if (outcome) return outcome;
            // A card's decline told without a status is a decline all the same; any other refusal is the request's.
            if (isCardCode(errorCode))
                return { status: 'declined', providerPaymentId: made, ...tbankDecline('REJECTED', errorCode) };
            const refusal = refused(body);
            if (refusal) throw refusal;
            throw new ProviderError(`T-Bank answered Charge of payment ${made} without its status`, true, made);
        },

        findCharge: async ({
            key,
            providerPaymentId,
        }: {
            key: string;
            providerPaymentId: string | null;
        }): Promise<ChargeOutcome | { status: 'missing' }> => {
            if (providerPaymentId) {
                const body = await call('GetState', { TerminalKey: terminalKey, PaymentId: providerPaymentId });
                const refusal = refused(body);
                if (refusal) throw refusal;
                const status = text(body.Status) ?? '';
                // GetState tells no decline's code: the order's list does.
                if (!declinedStatuses.includes(status))
                    return outcomeOf(providerPaymentId, status, undefined) ?? { status: 'missing' };
            }
            // No payment known (Init's or Charge's answer lost): the order's payments, found by the key.
            return outcomeOfOrder(await orderPayments(key));
        },
    };
};
