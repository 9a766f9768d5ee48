import type { ChargeOutcome, SavedCard } from './provider';
import { isRecord, type PaymentObject } from './yookassaObjects';

/*
 * ЮKassa's saved payment methods: the card a membership's first payment saved (`payment_method` with
 * `saved: true`), and what a renewal's payment object means for the membership.
 */

/**
 * Every reason ЮKassa documents for a cancelled payment (`cancellation_details.reason`), by what a failed
 * renewal means: `card` when this card can no longer be charged at all, so that trying it again only adds a
 * decline to the shop's record (expired, autopayments revoked by the payer, a number the bank does not know,
 * the card blocked, a country or operator ЮKassa does not take, fraud suspected); `money` when a later try
 * may pass (not enough money, a limit, the bank unreachable or declining without saying why, a timeout).
 * A reason not listed counts as `money`, as the contract asks of any decline not the card's.
 */
export const yookassaDeclineCauses = {
    '3d_secure_failed': 'money',
    call_issuer: 'money',
    canceled_by_merchant: 'money',
    card_expired: 'card',
    country_forbidden: 'card',
    deal_expired: 'money',
    expired_on_capture: 'money',
    expired_on_confirmation: 'money',
    fraud_suspected: 'card',
    general_decline: 'money',
    identification_required: 'money',
    insufficient_funds: 'money',
    internal_timeout: 'money',
    invalid_card_number: 'card',
    invalid_csc: 'money',
    issuer_unavailable: 'money',
    payment_method_limit_exceeded: 'money',
    payment_method_restricted: 'card',
    permission_revoked: 'card',
    unsupported_mobile_operator: 'card',
} as const satisfies Record<string, 'money' | 'card'>;

export const declineCause = (reason: string): 'money' | 'card' =>
    Object.hasOwn(yookassaDeclineCauses, reason)
        ? yookassaDeclineCauses[reason as keyof typeof yookassaDeclineCauses]
        : 'money';

/** ЮKassa's card_type as the payer knows the brand. */
const brands: Record<string, string> = {
    MasterCard: 'Mastercard',
    AmericanExpress: 'American Express',
    DinersClub: 'Diners Club',
    DiscoverCard: 'Discover',
    InstaPayment: 'InstaPayment',
    InstaPaymentTM: 'InstaPayment',
};

/** The last day of a card's expiry month, from ЮKassa's expiry_year "2030" and expiry_month "02". */
const lastValidDay = (year: unknown, month: unknown): string | null => {
    const y = Number(year);
    const m = Number(month);
    if (!Number.isInteger(y) || !Number.isInteger(m) || y < 2000 || y > 2999 || m < 1 || m > 12) return null;
    // Day 0 of the next month is the last day of this one.
    return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
};

/**
 * The method a payment saved, when ЮKassa says it did (`payment_method.saved`): its id charges the renewals.
 * A card is titled by its brand and last four digits ("Mir •• 4242"); another saved method by ЮKassa's title.
 */
export const savedCardOf = (payment: PaymentObject): SavedCard | undefined => {
    const method = payment.payment_method;
    if (!isRecord(method) || method.saved !== true || typeof method.id !== 'string' || !method.id) return undefined;
    const card = isRecord(method.card) ? method.card : null;
    if (card && typeof card.last4 === 'string') {
        const type = typeof card.card_type === 'string' && card.card_type !== 'Unknown' ? card.card_type : 'Card';
        return {
            token: method.id,
            title: `${brands[type] ?? type} •• ${card.last4}`,
            expiresOn: lastValidDay(card.expiry_year, card.expiry_month),
        };
    }
    const title = typeof method.title === 'string' && method.title ? method.title : String(method.type ?? method.id);
    return { token: method.id, title, expiresOn: null };
};

/** What a renewal's payment, as ЮKassa answered it, means: paid, declined and why, or not decided yet. */
export const chargeOutcomeOf = (payment: PaymentObject): ChargeOutcome | null => {
    const providerPaymentId = payment.id;
    if (payment.status === 'succeeded') return { status: 'succeeded', providerPaymentId };
    if (payment.status === 'pending' || payment.status === 'waiting_for_capture')
        return { status: 'pending', providerPaymentId };
    if (payment.status !== 'canceled') return null;
    const reason = payment.cancellation_details?.reason;
    const known = typeof reason === 'string' && reason ? reason : 'general_decline';
    return { status: 'declined', providerPaymentId, reason: known, cause: declineCause(known) };
};
