import { Router } from 'express';
import {
    checkCorrection,
    checkDiscount,
    checkLinkOpen,
    checkPassPayment,
    checkRefund,
    correctionSchema,
    passForSale,
    passPaymentSchema,
    refundSchema,
    sellPassSchema,
    type RefundInput,
} from '../../domain/money';
import { ledgerEntry, type LedgerInput } from '../../domain/ledger';
import { freezePass, freezeSchema, unfreezePass, unfreezeSchema } from '../../domain/freezes';
import type { Clock } from '../../domain/time';
import type { CollectionName, Identifier, Pass, Payment, Subscription } from '../../domain/types';
import { handle, invalidFields, ruleRefusal } from '../http/errors';
import { allow, found, parseBody, userOf } from '../http/requests';
import { afterFreeze } from '../rules/bookings';
import { repickPasses } from '../rules/promotion';
import { dueOn, passBalances } from '../rules/passes';
import { advanceLead } from '../rules/statuses';
import type { Reader, RecordOf, Storage, Transaction } from '../storage/types';
import { studioConfig } from '../rules/studio';
import { queueMessage } from '../messages/outbox';

/*
 * The money endpoints: selling, freezing, refunds, corrections of the ledger and cancelling a payment link.
 * Each checks and changes its records in one transaction, so a refused request changes nothing and two
 * requests cannot both pass a check; the answer goes once the transaction is durable.
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
    const pass = await tx.insert(
        'passes',
        passForSale(sale.plan, sale.customerId, sale.startsOn, sale.discount ?? null),
    );
    await advanceLead(tx, sale.customerId, sale.plan.id);
    if (sale.amount <= 0) return { pass, payment: null };
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

/** The pass as lists answer it: with what was paid for it and what is still due. */
const withBalance = async (reader: Reader, pass: Pass) => ({
    ...pass,
    ...(await passBalances([pass], reader)).get(pass.id),
});

/** `clock` is the server's: entries are paid at its time, and a link's expiry is judged by it. */
/**
 * Refunds given back through the payment provider (src/server/payments/settle.ts): null when no online
 * payment of the provider can take the refund, which is then recorded as given back by hand.
 */
export interface OnlineRefunds {
    refundByStaff(
        input: RefundInput,
        createdBy: Identifier,
        check: (tx: Transaction) => Promise<Payment[]>,
    ): Promise<{ pending: true } | { pending: false; payment: Payment; pass: Pass | null } | null>;
}

export const moneyRoutes = (storage: Storage, clock: Clock, settlement: OnlineRefunds | null = null): Router => {
    const router = Router();

    router.post(
        '/passes/sell',
        handle(async (req, res) => {
            allow(req, 'passes', 'create');
            allow(req, 'payments', 'create');
            const input = parseBody(sellPassSchema, req.body);
            const now = clock();
            const sale = await storage.transaction(async tx => {
                await referenced(tx, 'customers', input.customerId, 'customerId');
                const plan = await referenced(tx, 'subscriptions', input.subscriptionId, 'subscriptionId');
                if (!plan.active) throw invalidFields({ subscriptionId: 'app.money.errors.plan_inactive' });
                const discount =
                    input.price == null ? null : { price: input.price, reason: input.discountReason as string };
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
                        createdBy: userOf(req).id,
                    },
                    now,
                );
                return { ...sold, pass: await withBalance(tx, sold.pass) };
            });
            res.status(201).json(sale);
        }),
    );

    /** Pays what is left on a pass (a part payment at the sale), never more than is due. */
    router.post(
        '/passes/:id/pay',
        handle(async (req, res) => {
            allow(req, 'payments', 'create');
            const input = parseBody(passPaymentSchema, req.body);
            const now = clock();
            const answer = await storage.transaction(async tx => {
                const pass = await found(tx, 'passes', req.params.id, 'Pass');
                const due = await dueOn(tx, pass);
                applyRule(() => checkPassPayment(input.amount, due));
                const paid = await recordPassPayment(
                    tx,
                    pass,
                    { amount: input.amount, method: input.method, createdBy: userOf(req).id },
                    now,
                );
                return { pass: await withBalance(tx, paid.pass), payment: paid.payment };
            });
            res.status(201).json(answer);
        }),
    );

    const changeFreeze = (change: (pass: Pass, plan: Subscription, body: unknown) => Partial<Pass>) =>
        handle(async (req, res) => {
            allow(req, 'passes', 'edit');
            const changed = await storage.transaction(async tx => {
                const pass = await found(tx, 'passes', req.params.id, 'Pass');
                const plan = (await tx.get('subscriptions', pass.subscriptionId)) as Subscription;
                const changedPass = await tx.update('passes', {
                    ...pass,
                    ...applyRule(() => change(pass, plan, req.body)),
                });
                // Seats inside a freeze are given up, and the customer's seats and places re-pick their pass.
                await afterFreeze(tx, changedPass, clock());
                return changedPass;
            });
            res.json(changed);
        });

    router.post(
        '/passes/:id/freeze',
        changeFreeze((pass, plan, body) => {
            const { from, to } = parseBody(freezeSchema, body);
            return freezePass(pass, plan.freezeDays, from, to);
        }),
    );

    router.post(
        '/passes/:id/unfreeze',
        changeFreeze((pass, _plan, body) => unfreezePass(pass, parseBody(unfreezeSchema, body).on)),
    );

    router.post(
        '/payments/refund',
        handle(async (req, res) => {
            allow(req, 'payments', 'create');
            const input = parseBody(refundSchema, req.body);
            if (input.cancelPass) allow(req, 'passes', 'edit');
            const now = clock();
            /** The refund's checks: the customer's, and bounded by what is left of the pass and of their payments in all. */
            const check = async (tx: Transaction) => {
                await referenced(tx, 'customers', input.customerId, 'customerId');
                const named = input.passId == null ? undefined : await tx.get('passes', input.passId);
                const pass = named?.customerId === input.customerId ? named : undefined;
                const payments = await tx.select('payments', { customerId: input.customerId });
                // Online refunds the provider has not confirmed yet count as given back.
                const waiting = (
                    await tx.select('onlinePayments', { customerId: input.customerId, refundPending: true })
                ).flatMap(attempt =>
                    attempt.refunds
                        .filter(refund => refund.status === 'pending')
                        .map(refund => ({ kind: 'refund' as const, amount: refund.amount, passId: refund.passId })),
                );
                applyRule(() => checkRefund(input, [...payments, ...waiting], pass));
                return payments;
            };
            // Online, the money goes back through the provider, and is recorded once it confirms.
            if (input.method === 'online' && settlement) {
                const given = await settlement.refundByStaff(input, userOf(req).id, check);
                if (given) {
                    res.status(given.pending ? 202 : 201).json(given);
                    return;
                }
            }
            const answer = await storage.transaction(async tx => {
                await check(tx);
                return recordRefund(tx, input, userOf(req).id, now);
            });
            res.status(201).json(answer);
        }),
    );

    /*
     * A payment or refund recorded wrong is put right by a correction pointing at it: the ledger keeps
     * both, and the difference counts on the day it is corrected. The correction belongs to the same
     * pass and method as the entry, so the pass's balance and the income by method stay right.
     */
    router.post(
        '/payments/:id/correct',
        handle(async (req, res) => {
            allow(req, 'payments', 'create');
            const input = parseBody(correctionSchema, req.body);
            const now = clock();
            const correction = await storage.transaction(async tx => {
                const corrected = await found(tx, 'payments', req.params.id, 'Payment');
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
                        createdBy: userOf(req).id,
                    },
                    now,
                );
            });
            res.status(201).json(correction);
        }),
    );

    router.post(
        '/paymentLinks/:id/cancel',
        handle(async (req, res) => {
            allow(req, 'paymentLinks', 'edit');
            const now = clock();
            const cancelled = await storage.transaction(async tx => {
                const link = await found(tx, 'paymentLinks', req.params.id, 'Payment link');
                applyRule(() => checkLinkOpen(link, now));
                // A payer may be on the provider's page this very moment: what is paid after the cancel is given back.
                return tx.update('paymentLinks', { ...link, status: 'cancelled' });
            });
            res.json(cancelled);
        }),
    );

    return router;
};
