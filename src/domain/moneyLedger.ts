import type { RefundInput } from './moneySchemas';
import { refuse } from './moneyRefusals';
import type { Identifier, Pass, Payment } from './types';

/*
 * The customer's ledger added up: what may still be refunded, whether money came in online, checking a
 * refund or a correction against it, and what came in and went back for one pass. Amounts are counted
 * in cents, so that no sum drifts by a fraction.
 */

/** An amount in whole cents. */
export const cents = (amount: number) => Math.round(amount * 100);

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
