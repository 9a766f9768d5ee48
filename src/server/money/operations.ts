import {
    checkCorrection,
    checkDiscount,
    checkLinkOpen,
    checkPassPayment,
    checkRefund,
    passForSale,
    type CorrectionInput,
    type PassPaymentInput,
    type RefundInput,
    type SellPassInput,
} from '../../domain/money';
import { ledgerEntry, type LedgerInput } from '../../domain/ledger';
import { freezePass, unfreezePass } from '../../domain/freezes';
import type { CollectionName, Identifier, Pass, Payment, Subscription } from '../../domain/types';
import { invalidFields, ruleRefusal } from '../http/errors';
import { refuseMembershipPlan } from './membershipPlans';
import { found } from '../http/requests';
import { afterFreeze, repickPasses } from '../bookings';
import { followPassFreeze } from '../rules/membershipPeriods';
import { advanceLead } from '../rules/leads';
import { refuseSecondTrial, winLeads } from '../growth';
import { refuseErased } from '../rules/erased';
import { studioConfig } from '../rules/studio';
import { queueMessage } from '../messages';
import type { Reader, RecordOf, Transaction } from '../storage/types';
import { dueOn, withBalance } from './rules';

/*
 * The money's transactions, each a function of the caller's transaction: selling a pass, paying what is
 * due on it, freezing it, refunds, corrections of the ledger and cancelling a payment link. Each checks
 * and changes its records inside that one transaction, so a refused request changes nothing and two
 * requests cannot both pass a check. Routes, jobs and other rooms (the online payments) call them alike;
 * `now` is the server's clock: entries are paid at its time, and a link's expiry is judged by it.
 */

const applyRule = <T>(rule: () => T): T => {
    try {
        return rule();
    } catch (error) {
        throw ruleRefusal(error);
    }
};

/** The record a body field refers to, or a 400 naming the field. */
const referenced = async <C extends CollectionName>(
    reader: Reader,
    collection: C,
    id: Identifier,
    field: string,
): Promise<RecordOf<C>> => {
    const record = await reader.get(collection, id);
    if (!record) throw invalidFields({ [field]: 'app.validation.reference' });
    return record;
};

interface Sale {
    customerId: Identifier;
    plan: Subscription;
    startsOn: string;
    /** What is paid now: the pass's price, or less (the rest stays due), or 0 (no payment). */
    amount: number;
    /** A price lower than the plan's, and why. */
    discount?: { price: number; reason: string } | null;
    method: Payment['method'];
    /** Null: the customer paid on the payment page. */
    createdBy: Identifier | null;
    paymentLinkId?: string;
    note?: string;
}

/** One entry of the ledger, paid at `now` (the server's clock); the customer is told of a payment. */
const recordEntry = async (tx: Transaction, entry: LedgerInput, now: Date) => {
    const payment = await tx.insert('payments', ledgerEntry(entry, now.toISOString()));
    if (payment.kind === 'payment')
        await queueMessage(tx, {
            customerId: payment.customerId,
            kind: 'payment',
            dedupeKey: `payment:${payment.id}`,
            facts: { amount: payment.amount, currency: (await studioConfig(tx)).currency },
            now,
        });
    return payment;
};

/**
 * Records a refund inside the caller's transaction, given back at `now`: the ledger's entry and, when
 * asked, the pass cancelled (its seats then re-pick a pass). The caller checked that it may be given.
 */
export const recordRefund = async (
    tx: Transaction,
    input: Pick<RefundInput, 'customerId' | 'amount' | 'method' | 'passId' | 'cancelPass' | 'note'>,
    createdBy: Identifier,
    now: Date,
    online?: { paymentLinkId: string },
): Promise<{ payment: Payment; pass: Pass | null }> => {
    const named = input.passId == null ? undefined : await tx.get('passes', input.passId);
    const pass = named?.customerId === input.customerId ? named : undefined;
    const payment = await recordEntry(
        tx,
        {
            customerId: input.customerId,
            kind: 'refund',
            amount: input.amount,
            method: input.method,
            passId: input.passId ?? null,
            note: input.note,
            createdBy,
            ...online,
        },
        now,
    );
    const after =
        pass && input.cancelPass && !pass.cancelled ? await tx.update('passes', { ...pass, cancelled: true }) : pass;
    // A cancelled pass pays for no seat: the customer's seats re-pick theirs.
    if (after && input.cancelPass) await repickPasses(tx, after.customerId, now);
    return { payment, pass: after ?? null };
};

/**
 * Sells a plan inside the caller's transaction: the pass and, unless nothing was paid, its payment (paid
 * at `now`), pointing at each other. The pass comes first so that the payment can name it, then learns
 * its payment's id. The pass costs the plan's price (or the discounted one): paying less is a part
 * payment, and the rest is due on the pass, not a discount.
 */
export const recordSale = async (
    tx: Transaction,
    sale: Sale,
    now: Date,
): Promise<{ pass: Pass; payment: Payment | null }> => {
    await refuseErased(tx, sale.customerId);
    const pass = await tx.insert(
        'passes',
        passForSale(sale.plan, sale.customerId, sale.startsOn, sale.discount ?? null),
    );
    await advanceLead(tx, sale.customerId, sale.plan.id);
    if (sale.amount <= 0) return { pass, payment: null };
    await winLeads(tx, sale.customerId, now);
    const { customerId, amount, method, createdBy, paymentLinkId, note } = sale;
    const payment = await recordEntry(
        tx,
        {
            customerId,
            amount,
            method,
            passId: pass.id,
            createdBy,
            paymentLinkId,
            note,
        },
        now,
    );
    return { pass: await tx.update('passes', { ...pass, paymentId: payment.id }), payment };
};

/**
 * Records a payment of what is due on a pass inside the caller's transaction, at the desk or by a link,
 * paid at `now`. A pass sold for nothing paid learns its first payment, as a sale would have told it.
 */
export const recordPassPayment = async (
    tx: Transaction,
    pass: Pass,
    entry: Omit<LedgerInput, 'customerId' | 'passId' | 'kind'>,
    now: Date,
): Promise<{ pass: Pass; payment: Payment }> => {
    const payment = await recordEntry(tx, { ...entry, customerId: pass.customerId, passId: pass.id }, now);
    const after = pass.paymentId == null ? await tx.update('passes', { ...pass, paymentId: payment.id }) : pass;
    return { pass: after, payment };
};

/**
 * Sells a plan at the desk: the customer and an active plan, a discount only with its reason and within the plan,
 * and not a plan the customer's running membership pays for unless `force`.
 */
export const sellPass = async (tx: Transaction, input: SellPassInput, by: Identifier, now: Date, force = false) => {
    await referenced(tx, 'customers', input.customerId, 'customerId');
    const plan = await referenced(tx, 'subscriptions', input.subscriptionId, 'subscriptionId');
    if (!plan.active) throw invalidFields({ subscriptionId: 'app.money.errors.plan_inactive' });
    if (!force) await refuseMembershipPlan(tx, input.customerId, plan.id);
    if (!force) await refuseSecondTrial(tx, input.customerId, plan);
    const discount = input.price == null ? null : { price: input.price, reason: input.discountReason as string };
    if (discount) applyRule(() => checkDiscount(discount.price, plan));
    const { customerId, startsOn, method } = input;
    const sold = await recordSale(
        tx,
        {
            customerId,
            startsOn,
            method,
            plan,
            discount,
            amount: input.amount ?? discount?.price ?? plan.price,
            createdBy: by,
        },
        now,
    );
    return { ...sold, pass: await withBalance(tx, sold.pass) };
};

/** Pays what is left on a pass (a part payment at the sale), never more than is due. */
export const payPass = async (
    tx: Transaction,
    passId: string,
    input: PassPaymentInput,
    createdBy: Identifier,
    now: Date,
) => {
    const pass = await found(tx, 'passes', passId, 'Pass');
    const due = await dueOn(tx, pass);
    applyRule(() => checkPassPayment(input.amount, due));
    const paid = await recordPassPayment(tx, pass, { amount: input.amount, method: input.method, createdBy }, now);
    return { pass: await withBalance(tx, paid.pass), payment: paid.payment };
};

/** A freeze begun, or ended early, by `change`; seats inside it are given up and the customer's seats re-pick their pass. */
const changeFreeze = async (
    tx: Transaction,
    passId: string,
    change: (pass: Pass, plan: Subscription) => Partial<Pass>,
    now: Date,
): Promise<Pass> => {
    const pass = await found(tx, 'passes', passId, 'Pass');
    const plan = (await tx.get('subscriptions', pass.subscriptionId)) as Subscription;
    const changed = await tx.update('passes', { ...pass, ...applyRule(() => change(pass, plan)) });
    await followPassFreeze(tx, pass, changed);
    await afterFreeze(tx, changed, now);
    return changed;
};

/** Freezes a pass from `from` to `to`, within its plan's freeze days. */
export const freezePassFor = (tx: Transaction, passId: string, { from, to }: { from: string; to: string }, now: Date) =>
    changeFreeze(tx, passId, (pass, plan) => freezePass(pass, plan.freezeDays, from, to), now);

/** Ends a pass's freeze on `on`. */
export const unfreezePassOn = (tx: Transaction, passId: string, { on }: { on: string }, now: Date) =>
    changeFreeze(tx, passId, pass => unfreezePass(pass, on), now);

/**
 * The refund's checks: the customer's, and bounded by what is left of the pass and of their payments in
 * all; online refunds the provider has not confirmed yet count as given back. Answers the ledger read.
 */
export const checkRefundable = async (tx: Transaction, input: RefundInput): Promise<Payment[]> => {
    await referenced(tx, 'customers', input.customerId, 'customerId');
    const named = input.passId == null ? undefined : await tx.get('passes', input.passId);
    const pass = named?.customerId === input.customerId ? named : undefined;
    const payments = await tx.select('payments', { customerId: input.customerId });
    const waiting = (await tx.select('onlinePayments', { customerId: input.customerId, refundPending: true })).flatMap(
        attempt =>
            attempt.refunds
                .filter(refund => refund.status === 'pending')
                .map(refund => ({ kind: 'refund' as const, amount: refund.amount, passId: refund.passId })),
    );
    applyRule(() => checkRefund(input, [...payments, ...waiting], pass));
    return payments;
};

/** A refund given back by hand (cash, card at the desk, transfer): checked, then recorded. */
export const refundByHand = async (tx: Transaction, input: RefundInput, createdBy: Identifier, now: Date) => {
    await checkRefundable(tx, input);
    return recordRefund(tx, input, createdBy, now);
};

/*
 * A payment or refund recorded wrong is put right by a correction pointing at it: the ledger keeps
 * both, and the difference counts on the day it is corrected. The correction belongs to the same
 * pass and method as the entry, so the pass's balance and the income by method stay right.
 */
export const correctPayment = async (
    tx: Transaction,
    paymentId: string,
    input: CorrectionInput,
    createdBy: Identifier,
    now: Date,
): Promise<Payment> => {
    const corrected = await found(tx, 'payments', paymentId, 'Payment');
    const ledger = await tx.select('payments', { customerId: corrected.customerId });
    applyRule(() => checkCorrection(corrected, ledger, input.amount));
    return recordEntry(
        tx,
        {
            customerId: corrected.customerId,
            kind: 'correction',
            amount: input.amount,
            method: corrected.method,
            passId: corrected.passId ?? null,
            note: input.reason,
            correctsId: corrected.id,
            createdBy,
        },
        now,
    );
};

/** Cancels an open link; a payer may be on the provider's page this very moment: what is paid after is given back. */
export const cancelPaymentLink = async (tx: Transaction, linkId: string, now: Date) => {
    const link = await found(tx, 'paymentLinks', linkId, 'Payment link');
    applyRule(() => checkLinkOpen(link, now));
    return tx.update('paymentLinks', { ...link, status: 'cancelled' });
};
