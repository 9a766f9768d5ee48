import { z } from 'zod';
import { id, isoDate, money, nonZeroMoney, optional, optionalText, positiveMoney, requiredText } from './fields';
import { paymentMethods } from './schemas';
import { addDays } from './time';
import type { Identifier, Pass, Payment, PaymentLink, Subscription } from './types';

/*
 * The money rules as pure functions: selling a plan, freezing and unfreezing a pass, refunds,
 * corrections of the ledger and the life cycle of a payment link. The server applies them inside one
 * synchronous section per request; the card uses the same schemas to validate its dialogs.
 */

/** Staff take cash, card or transfer at the desk; `online` is only what a payment link records. */
export const deskPaymentMethods = [
    'cash',
    'card',
    'transfer',
] as const satisfies readonly (typeof paymentMethods)[number][];
const deskMethod = z.enum(deskPaymentMethods, { error: 'app.validation.choice' });

/**
 * A refund may also go back online, to the card a payment link charged: the schema takes it, and
 * `checkRefund` allows it only where an online payment was made (the pass's, or the customer's).
 */
export const refundMethods = [
    ...deskPaymentMethods,
    'online',
] as const satisfies readonly (typeof paymentMethods)[number][];

/** Why a price is lower than the plan's: said by whoever gives the discount, kept on the pass. */
const discountReason = optionalText(500).refine(
    value => value == null || value.length >= 3,
    'app.money.errors.reason_too_short',
);

export const sellPassSchema = z
    .object({
        customerId: id,
        subscriptionId: id,
        startsOn: isoDate,
        method: deskMethod,
        /**
         * What the customer pays now: the pass's price when left out; less is a part payment, the rest
         * stays due on the pass; 0 records no payment.
         */
        amount: optional(money),
        /** A discount: the pass's price when it is lower than the plan's; needs `discountReason`. */
        price: optional(money),
        discountReason,
    })
    .refine(value => value.price == null || value.discountReason != null, {
        message: 'app.money.errors.discount_needs_reason',
        path: ['discountReason'],
    });
export type SellPassInput = z.output<typeof sellPassSchema>;

/** Paying what is still due on a pass, at the desk. */
export const passPaymentSchema = z.object({
    amount: positiveMoney,
    method: deskMethod,
});
export type PassPaymentInput = z.output<typeof passPaymentSchema>;

export const refundSchema = z
    .object({
        customerId: id,
        amount: positiveMoney,
        method: z.enum(refundMethods, { error: 'app.validation.choice' }),
        passId: optional(id),
        cancelPass: z.boolean().default(false),
        note: optionalText(500),
    })
    .refine(value => !value.cancelPass || value.passId != null, {
        message: 'app.money.errors.cancel_needs_pass',
        path: ['passId'],
    });
export type RefundInput = z.output<typeof refundSchema>;

const cardDigits = (value: string) => value.replace(/[\s-]/g, '');

const expiryPattern = /^(0[1-9]|1[0-2])\/\d{2}$/;

/**
 * Whether a card's expiry MM/YY has passed at `now`: a card is valid through the last day of its month
 * (11/26 pays until the end of November 2026), so only a month before the current one has passed.
 * Months are counted in UTC: a day's difference at the turn of a month is the provider's to judge.
 */
export const cardExpired = (expiry: string, now: Date): boolean => {
    const [month, year] = expiry.split('/').map(Number);
    return (
        2000 + year < now.getUTCFullYear() || (2000 + year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)
    );
};

/**
 * Formats what the customer types into a card number field as printed on the card, in groups of four
 * ("4242 4242 4242 4242"): digits only, at most 19 of them; the schema reads the digits back.
 */
export const formatCardNumberInput = (typed: string): string =>
    typed
        .replace(/\D/g, '')
        .slice(0, 19)
        .replace(/(\d{4})(?=\d)/g, '$1 ');

/**
 * Formats what the customer types into an expiry field as MM/YY: digits only, the slash put in after
 * the month, so that typing 1228 shows 12/28; a single digit above 1 is a month, 4 becomes 04.
 */
export const formatExpiryInput = (typed: string): string => {
    const digits = typed.replace(/\D/g, '').slice(0, 4);
    const month = digits.length === 1 && digits > '1' ? `0${digits}` : digits;
    // The slash comes with the first digit of the year, so that backspace over it is not undone.
    return month.length <= 2 ? month : `${month.slice(0, 2)}/${month.slice(2)}`;
};

/**
 * The test card form: a number, an expiry MM/YY not in the past at `now` (the server's clock; the
 * browser's on the payment page), and a code, as any card form asks.
 */
export const cardSchemaAt = (now: Date) =>
    z.object({
        cardNumber: z
            .string({ error: 'ra.validation.required' })
            .refine(value => /^\d{12,19}$/.test(cardDigits(value)), 'app.payment_page.errors.card_number')
            .transform(cardDigits),
        expiry: z
            .string({ error: 'ra.validation.required' })
            .trim()
            .regex(expiryPattern, 'app.payment_page.errors.expiry')
            // Only a well-formed expiry is compared, so that a malformed one gets one message, not two.
            .refine(value => !expiryPattern.test(value) || !cardExpired(value, now), 'app.payment_page.errors.expired'),
        cvc: z.string({ error: 'ra.validation.required' }).regex(/^\d{3,4}$/, 'app.payment_page.errors.cvc'),
    });
export type CardInput = z.output<ReturnType<typeof cardSchemaAt>>;

/** A rule refused: the field it concerns (for the form) and the message key. */
export class MoneyRuleError extends Error {
    constructor(
        readonly field: string,
        readonly key: string,
    ) {
        super(key);
    }
}

/** Refuses by the rule whose message is `app.money.errors.{key}`, for the form's `field`. */
export const refuse = (field: string, key: string): never => {
    throw new MoneyRuleError(field, `app.money.errors.${key}`);
};

type NewPass = Omit<Pass, 'id' | 'createdAt'>;

/**
 * The pass a sale creates: the plan's terms copied, valid for validityDays from startsOn, both ends
 * included. Its price is the plan's unless a discount gives another, with its reason.
 */
export const passForSale = (
    plan: Subscription,
    customerId: Identifier,
    startsOn: string,
    discount: { price: number; reason: string } | null = null,
): NewPass => ({
    customerId,
    subscriptionId: plan.id,
    name: plan.name,
    price: discount?.price ?? plan.price,
    discountReason: discount?.reason ?? null,
    visitsTotal: plan.visits,
    directionIds: [...plan.directionIds],
    startsOn,
    endsOn: addDays(startsOn, plan.validityDays - 1),
    visitsUsed: 0,
    frozenFrom: null,
    frozenTo: null,
    cancelled: false,
    paymentId: null,
});

const cents = (amount: number) => Math.round(amount * 100);

type LedgerEntry = Pick<Payment, 'kind' | 'amount' | 'passId'>;

/**
 * How an entry moves the customer's balance: a refund takes its amount away; a payment adds it, and so
 * does a correction, whose amount is already signed (+ when more money came in, or less went out, than
 * was recorded).
 */
const signOf = (kind: Payment['kind']) => (kind === 'refund' ? -1 : 1);

/** Payments less refunds, corrections counted, in cents. */
const balance = (entries: LedgerEntry[]) =>
    entries.reduce((total, entry) => total + signOf(entry.kind) * cents(entry.amount), 0);

/**
 * What may still be refunded, from all the customer's payments and refunds: in all, what they paid less
 * everything refunded, whether for a pass or not; for one pass, also no more than that pass's payments
 * less its own refunds. So neither kind of refund can give back money the other already returned.
 */
export const refundable = (payments: LedgerEntry[], passId?: Identifier | null): number => {
    const total = balance(payments);
    if (passId == null) return total / 100;
    return Math.min(total, balance(payments.filter(payment => payment.passId === passId))) / 100;
};

/**
 * Whether money came in online (through a payment link) for the pass, or for the customer at all when
 * no pass is named: only then can a refund go back the same way.
 */
export const paidOnline = (
    payments: (Pick<Payment, 'kind' | 'passId'> & Partial<Pick<Payment, 'method'>>)[],
    passId?: Identifier | null,
): boolean =>
    payments.some(
        entry => entry.kind === 'payment' && entry.method === 'online' && (passId == null || entry.passId === passId),
    );

/** Checks a refund against what the customer paid: `payments` are all of theirs, payments and refunds. */
export const checkRefund = (
    input: Pick<RefundInput, 'amount' | 'passId' | 'cancelPass'> & Partial<Pick<RefundInput, 'method'>>,
    payments: (LedgerEntry & Partial<Pick<Payment, 'method'>>)[],
    pass?: Pick<Pass, 'cancelled'>,
): void => {
    if (input.passId != null && !pass) refuse('passId', 'not_customers_pass');
    if (input.cancelPass && pass?.cancelled) refuse('cancelPass', 'pass_cancelled');
    if (input.method === 'online' && !paidOnline(payments, input.passId)) refuse('method', 'no_online_payment');
    if (cents(input.amount) > cents(refundable(payments, input.passId))) refuse('amount', 'refund_too_large');
};

/** Why and by how much a payment or refund is corrected: the amount is signed, the reason is kept as the correction's note. */
export const correctionSchema = z.object({
    amount: nonZeroMoney,
    reason: requiredText(500).min(3, 'app.money.errors.reason_too_short'),
});
export type CorrectionInput = z.output<typeof correctionSchema>;

type CorrectableEntry = LedgerEntry & Pick<Payment, 'id'>;
type LedgerWithCorrections = (LedgerEntry & Partial<Pick<Payment, 'correctsId'>>)[];

/**
 * The money an entry stands for once its corrections are counted, in cents: a payment's corrections add
 * to it, a refund's take away from it (+200 on a refund means 200 less was given back).
 */
const effectiveCents = (entry: CorrectableEntry, ledger: LedgerWithCorrections) =>
    ledger
        .filter(other => other.kind === 'correction' && other.correctsId === entry.id)
        .reduce((total, correction) => total + signOf(entry.kind) * cents(correction.amount), cents(entry.amount));

/**
 * Checks a correction of `entry` by the signed `amount` against the customer's whole `ledger` (the entry
 * and its earlier corrections included). A correction is not corrected itself: the original entry is
 * corrected again, so that every correction points straight at what it fixes. No entry may end up
 * standing for less than nothing, and the customer, in all and for the entry's pass, may not end up
 * having been given back more than they paid, as a refund could not have done it either.
 */
export const checkCorrection = (entry: CorrectableEntry, ledger: LedgerWithCorrections, amount: number): void => {
    if (entry.kind === 'correction') refuse('correctsId', 'correct_correction');
    const after = [
        ...ledger,
        { kind: 'correction' as const, amount, passId: entry.passId ?? null, correctsId: entry.id },
    ];
    if (effectiveCents(entry, after) < 0) refuse('amount', 'correction_too_large');
    // Only a correction taking money away can overdraw; one adding money is never refused for a balance
    // that was already short.
    if (amount < 0 && cents(refundable(after, entry.passId)) < 0) refuse('amount', 'correction_too_large');
};

/**
 * What came in for one pass and what was given back for it, from its ledger entries, each with its
 * corrections (a correction counts with the entry it corrects: +200 on a refund is 200 less given
 * back). Entries of other passes are ignored, so the whole page's payments may be given.
 */
export const passMoney = (
    entries: (LedgerEntry & Partial<Pick<Payment, 'id' | 'correctsId'>>)[],
    passId: Identifier,
): { paid: number; refunded: number } => {
    const own = entries.filter(entry => entry.passId === passId);
    const kinds = new Map(own.map(entry => [entry.id, entry.kind]));
    let paid = 0;
    let refunded = 0;
    for (const entry of own) {
        const kind = entry.kind === 'correction' ? kinds.get(entry.correctsId ?? undefined) : entry.kind;
        if (kind === 'refund') refunded += entry.kind === 'refund' ? cents(entry.amount) : -cents(entry.amount);
        else paid += cents(entry.amount);
    }
    return { paid: paid / 100, refunded: refunded / 100 };
};

/**
 * What is still owed for a pass: its price less what came in for it, never below nothing. Refunds do
 * not count: money given back never turns into a debt (the price stays what was agreed, and what the
 * pass earns is its price less its refunds). A cancelled pass owes nothing: cancelling ends the deal.
 */
export const balanceDue = (pass: Pick<Pass, 'price' | 'cancelled'>, paid: number): number =>
    pass.cancelled ? 0 : Math.max(0, cents(pass.price) - cents(paid)) / 100;

/** A payment for a pass takes no more than is due on it, and needs something due. */
export const checkPassPayment = (amount: number, due: number): void => {
    if (cents(due) <= 0) refuse('amount', 'nothing_due');
    if (cents(amount) > cents(due)) refuse('amount', 'more_than_due');
};

/** A discount lowers the price: a price above the plan's is no discount, and an equal one needs none. */
export const checkDiscount = (price: number, plan: Pick<Subscription, 'price'>): void => {
    if (cents(price) >= cents(plan.price)) refuse('price', 'discount_not_lower');
};

/** The pass a row of the customer list names (computed by the server): the active one ending soonest. */
export interface ActivePassSummary {
    name: string;
    endsOn: string;
    visitsLeft: number | null;
}

export type LinkStatus = PaymentLink['status'];

/** A link's status at the instant `now`: a pending link past its expiry reads as expired, stored or not. */
export const linkStatusAt = (link: Pick<PaymentLink, 'status' | 'expiresAt'>, now: Date): LinkStatus =>
    link.status === 'pending' && Date.parse(link.expiresAt) <= now.getTime() ? 'expired' : link.status;

/** Only a link pending and unexpired at `now` may be paid or cancelled; anything else is a conflict naming its status. */
export const checkLinkOpen = (link: Pick<PaymentLink, 'status' | 'expiresAt'>, now: Date): void => {
    const status = linkStatusAt(link, now);
    if (status !== 'pending') refuse('status', `link_${status}`);
};
