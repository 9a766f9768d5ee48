import { ProviderError, type ChargeOutcome, type SavedCard } from './provider';

/*
 * CloudPayments' saved cards: the Token a first payment with an AccountId leaves (its Pay notice, or the
 * transaction a look-up answers, names it with the card's first six and last four digits, brand and
 * expiry), and what a renewal's transaction means for the membership, by its ReasonCode.
 */

type Cause = 'money' | 'card';

/**
 * Every ReasonCode of CloudPayments' list of decline codes, in the words ЮKassa uses for the same
 * declines (so that staff read one vocabulary whichever provider took the money), and what a failed
 * renewal means: `card` when this card can no longer be charged at all (expired, lost, stolen, blocked or
 * restricted by its bank, a number no bank knows, fraud suspected), so that trying it again only adds a
 * decline to the studio's record; `money` when a later try may pass (not enough money, a limit, the bank
 * unreachable or declining without saying why, "do not honor" included: banks answer it to temporary
 * refusals as well). A code not listed counts as `money`, as a decline not the card's does.
 */
export const cloudpaymentsDeclines = {
    5001: ['call_issuer', 'money'], // Refer To Card Issuer
    5003: ['general_decline', 'money'], // Invalid Merchant
    5004: ['payment_method_restricted', 'card'], // Pick Up Card
    5005: ['general_decline', 'money'], // Do Not Honor
    5006: ['general_decline', 'money'], // Error
    5007: ['payment_method_restricted', 'card'], // Pick Up Card Special Conditions
    5012: ['payment_method_restricted', 'card'], // Invalid Transaction: the card takes no online payments
    5013: ['general_decline', 'money'], // Amount Error
    5014: ['invalid_card_number', 'card'], // Invalid Card Number
    5015: ['invalid_card_number', 'card'], // No Such Issuer
    5019: ['general_decline', 'money'], // Transaction Error
    5030: ['general_decline', 'money'], // Format Error
    5031: ['invalid_card_number', 'card'], // Bank Not Supported By Switch
    5033: ['card_expired', 'card'], // Expired Card Pickup
    5034: ['fraud_suspected', 'card'], // Suspected Fraud
    5036: ['payment_method_restricted', 'card'], // Restricted Card
    5041: ['payment_method_restricted', 'card'], // Lost Card
    5043: ['payment_method_restricted', 'card'], // Stolen Card
    5051: ['insufficient_funds', 'money'], // Insufficient Funds
    5054: ['card_expired', 'card'], // Expired Card
    5057: ['payment_method_restricted', 'card'], // Transaction Not Permitted
    5058: ['payment_method_restricted', 'card'], // Transaction Not Permitted To Card
    5059: ['fraud_suspected', 'card'], // Suspected Fraud
    5061: ['payment_method_limit_exceeded', 'money'], // Exceeds Approval Amount
    5062: ['payment_method_restricted', 'card'], // Restricted Card
    5063: ['payment_method_restricted', 'card'], // Security Violation
    5065: ['payment_method_limit_exceeded', 'money'], // Exceed Withdrawal Frequency
    5082: ['invalid_csc', 'money'], // Incorrect CVV
    5091: ['issuer_unavailable', 'money'], // Timeout
    5092: ['issuer_unavailable', 'money'], // Cannot Reach Network
    5096: ['general_decline', 'money'], // System Error
    5204: ['general_decline', 'money'], // Unable To Process
    5206: ['3d_secure_failed', 'money'], // Authentication failed
    5207: ['3d_secure_failed', 'money'], // Authentication unavailable
    5300: ['payment_method_limit_exceeded', 'money'], // Anti Fraud: the acquirer's limits
} as const satisfies Record<number, readonly [string, Cause]>;

/** A decline's reason and cause by its ReasonCode; an unlisted code is a general decline, for money. */
export const cloudpaymentsDecline = (reasonCode: unknown): { reason: string; cause: Cause } => {
    const code = Number(reasonCode);
    if (!Object.hasOwn(cloudpaymentsDeclines, code)) return { reason: 'general_decline', cause: 'money' };
    const [reason, cause] = cloudpaymentsDeclines[code as keyof typeof cloudpaymentsDeclines];
    return { reason, cause };
};

/** CloudPayments' CardType as the payer knows the brand. */
const brands: Record<string, string> = { MasterCard: 'Mastercard', MIR: 'Mir', Maestro: 'Maestro' };

/** A field as text, from a form (always text) or JSON (numbers too). */
const text = (fields: Record<string, unknown>, name: string): string | undefined => {
    const value = fields[name];
    if (typeof value === 'string') return value.trim() || undefined;
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
    return undefined;
};

/** The last day of the month of CloudPayments' CardExpDate "MM/YY": "02/28" → 2028-02-29. */
export const cardExpiresOn = (expiry: string | undefined): string | null => {
    const parts = /^(\d{2})\/(\d{2})$/.exec(expiry?.trim() ?? '');
    if (!parts) return null;
    const month = Number(parts[1]);
    if (month < 1 || month > 12) return null;
    // Day 0 of the next month is the last day of this one.
    return new Date(Date.UTC(2000 + Number(parts[2]), month, 0)).toISOString().slice(0, 10);
};

/**
 * The card a payment saved: its Token, when the payment was made on an account (AccountId), as a Pay
 * notice or a transaction's model carries it. Undefined for a payment that saved nothing.
 */
export const cloudpaymentsSavedCard = (fields: Record<string, unknown>): SavedCard | undefined => {
    const token = text(fields, 'Token');
    if (!token || !text(fields, 'AccountId')) return undefined;
    const last4 = text(fields, 'CardLastFour');
    const type = text(fields, 'CardType');
    const brand = type ? (brands[type] ?? type) : 'Card';
    return {
        token,
        title: last4 ? `${brand} •• ${last4}` : brand,
        expiresOn: cardExpiresOn(text(fields, 'CardExpDate')),
    };
};

/** A transaction's id as text, when it is one (a positive whole number). */
const transactionIdOf = (value: unknown): string | null =>
    (typeof value === 'number' || typeof value === 'string') && /^\d{1,19}$/.test(String(value)) && Number(value) > 0
        ? String(value)
        : null;

/**
 * What a renewal's transaction (tokens/charge's or v2/payments/find's Model) means: Completed paid it,
 * Declined and Cancelled refused it with its ReasonCode; any other status (Authorized, AwaitingAuthentication)
 * is not decided yet. Null for a model that names no transaction, which no renewal's answer is.
 */
export const cloudpaymentsCharge = (transaction: Record<string, unknown>): ChargeOutcome | null => {
    const id = transactionIdOf(transaction.TransactionId);
    const status = transaction.Status;
    if (status === 'Completed' && id) return { status: 'succeeded', providerPaymentId: id };
    if (status === 'Declined' || status === 'Cancelled')
        return { status: 'declined', providerPaymentId: id, ...cloudpaymentsDecline(transaction.ReasonCode) };
    return id ? { status: 'pending', providerPaymentId: id } : null;
};

/**
 * What tokens/charge answered: Success true with the paid transaction; Success false with a Model is a
 * decline (a transaction with its ReasonCode); Success false with a Message alone is the request refused
 * for good (a token or account unknown, a field wrong); anything else leaves the outcome unknown.
 */
export const renewalOutcome = (
    path: string,
    envelope: { Success?: boolean; Message?: string | null; Model?: Record<string, unknown> | null },
): ChargeOutcome => {
    const transaction = envelope.Model && typeof envelope.Model === 'object' ? envelope.Model : null;
    if (envelope.Success === true && transaction) {
        const outcome = cloudpaymentsCharge(transaction);
        if (outcome) return outcome;
    }
    if (envelope.Success === false && transaction)
        return {
            status: 'declined',
            providerPaymentId: transactionIdOf(transaction.TransactionId),
            ...cloudpaymentsDecline(transaction.ReasonCode),
        };
    if (envelope.Success === false)
        throw new ProviderError(envelope.Message || `CloudPayments ${path}: refused`, false, 'refused');
    throw new ProviderError(`CloudPayments ${path}: an answer without its transaction`, true);
};
