import { Router, type Request } from 'express';
import type { z } from 'zod';
import {
    checkCorrection,
    checkLinkOpen,
    checkRefund,
    correctionSchema,
    freezePass,
    freezeSchema,
    MoneyRuleError,
    passForSale,
    refundSchema,
    sellPassSchema,
    unfreezePass,
    unfreezeSchema,
} from '../domain/money';
import { canAccess, type Action } from '../domain/permissions';
import type { CollectionName, Identifier, Pass, Payment, Subscription } from '../domain/types';
import { validate } from '../domain/validation';
import type { AuthenticatedRequest } from './auth';
import { ApiError, badRequest, conflict, forbidden, handle, invalidFields, notFound } from './errors';
import { refuseWhilePaying } from './rules/paymentLinks';
import type { Id, Reader, RecordOf, Storage, Transaction } from './storage/types';

/*
 * The money endpoints: selling, freezing, refunds, corrections of the ledger and cancelling a payment link.
 * Each checks and changes its records in one transaction, so a refused request changes nothing and two
 * requests cannot both pass a check; the answer goes once the transaction is durable.
 */

export const parseBody = <S extends z.ZodType>(schema: S, body: unknown): z.output<S> => {
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest('The request body must be a JSON object');
    const result = validate(schema, body);
    if (!result.ok) throw invalidFields(result.errors);
    return result.value;
};

/** A refused money rule: a link no longer pending is a conflict (409), anything else a 400 naming the field at fault. */
export const ruleRefusal = (error: unknown): unknown => {
    if (!(error instanceof MoneyRuleError)) return error;
    const errors = { [error.field]: error.key };
    // The rules of the link's life cycle speak of its status: that one has moved on, a conflict.
    return error.field === 'status' ? conflict('The payment link is no longer pending', errors) : new ApiError(400, 'The request breaks a rule', errors);
};

const applyRule = <T>(rule: () => T): T => {
    try {
        return rule();
    } catch (error) {
        throw ruleRefusal(error);
    }
};

const allow = (req: Request, resource: CollectionName, action: Action) => {
    if (!canAccess((req as AuthenticatedRequest).user.role, { resource, action })) throw forbidden(`Your role may not ${action} ${resource}`);
};

/** The record the path names, or a 404. */
const found = async <C extends CollectionName>(reader: Reader, collection: C, id: Id, what: string): Promise<RecordOf<C>> => {
    const record = await reader.get(collection, id);
    if (!record) throw notFound(`${what} ${String(id)} does not exist`);
    return record;
};

/** The record a body field refers to, or a 400 naming the field. */
const referenced = async <C extends CollectionName>(reader: Reader, collection: C, id: Identifier, field: string): Promise<RecordOf<C>> => {
    const record = await reader.get(collection, id);
    if (!record) throw invalidFields({ [field]: 'app.validation.reference' });
    return record;
};

interface Sale {
    customerId: Identifier;
    plan: Subscription;
    startsOn: string;
    amount: number;
    method: Payment['method'];
    createdBy: Identifier;
    paymentLinkId?: string;
    note?: string;
}

/**
 * Sells a plan inside the caller's transaction: the pass and, unless it was free, its payment, pointing
 * at each other. The pass comes first so that the payment can name it, then learns its payment's id.
 */
export const recordSale = async (tx: Transaction, sale: Sale): Promise<{ pass: Pass; payment: Payment | null }> => {
    const pass = await tx.insert('passes', passForSale(sale.plan, sale.customerId, sale.startsOn, sale.amount));
    if (sale.amount <= 0) return { pass, payment: null };
    const payment = await tx.insert('payments', {
        customerId: sale.customerId,
        kind: 'payment',
        amount: sale.amount,
        method: sale.method,
        passId: pass.id,
        paymentLinkId: sale.paymentLinkId ?? null,
        paidAt: new Date().toISOString(),
        note: sale.note ?? null,
        createdBy: sale.createdBy,
    });
    return { pass: await tx.update('passes', { ...pass, paymentId: payment.id }), payment };
};

export const moneyRoutes = (storage: Storage): Router => {
    const router = Router();
    const user = (req: Request) => (req as AuthenticatedRequest).user;

    router.post(
        '/passes/sell',
        handle(async (req, res) => {
            allow(req, 'passes', 'create');
            allow(req, 'payments', 'create');
            const input = parseBody(sellPassSchema, req.body);
            const sale = await storage.transaction(async tx => {
                await referenced(tx, 'customers', input.customerId, 'customerId');
                const plan = await referenced(tx, 'subscriptions', input.subscriptionId, 'subscriptionId');
                if (!plan.active) throw invalidFields({ subscriptionId: 'app.money.errors.plan_inactive' });
                return recordSale(tx, { ...input, plan, amount: input.amount ?? plan.price, createdBy: user(req).id });
            });
            res.status(201).json(sale);
        }),
    );

    const changeFreeze = (change: (pass: Pass, plan: Subscription, body: unknown) => Partial<Pass>) =>
        handle(async (req, res) => {
            allow(req, 'passes', 'edit');
            const changed = await storage.transaction(async tx => {
                const pass = await found(tx, 'passes', req.params.id, 'Pass');
                const plan = (await tx.get('subscriptions', pass.subscriptionId)) as Subscription;
                return tx.update('passes', { ...pass, ...applyRule(() => change(pass, plan, req.body)) });
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
            const answer = await storage.transaction(async tx => {
                await referenced(tx, 'customers', input.customerId, 'customerId');
                const named = input.passId == null ? undefined : await tx.get('passes', input.passId);
                const pass = named?.customerId === input.customerId ? named : undefined;
                // All of the customer's ledger: a refund for a pass is bounded by what is left of it and of the customer's payments in all.
                const payments = await tx.select('payments', { customerId: input.customerId });
                applyRule(() => checkRefund(input, payments, pass));
                if (input.cancelPass) allow(req, 'passes', 'edit');
                const payment = await tx.insert('payments', {
                    customerId: input.customerId,
                    kind: 'refund',
                    amount: input.amount,
                    method: input.method,
                    passId: input.passId ?? null,
                    paymentLinkId: null,
                    paidAt: new Date().toISOString(),
                    note: input.note ?? null,
                    createdBy: user(req).id,
                });
                const after = pass && input.cancelPass ? await tx.update('passes', { ...pass, cancelled: true }) : pass;
                return { payment, pass: after ?? null };
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
            const correction = await storage.transaction(async tx => {
                const corrected = await found(tx, 'payments', req.params.id, 'Payment');
                const ledger = await tx.select('payments', { customerId: corrected.customerId });
                applyRule(() => checkCorrection(corrected, ledger, input.amount));
                return tx.insert('payments', {
                    customerId: corrected.customerId,
                    kind: 'correction',
                    amount: input.amount,
                    method: corrected.method,
                    passId: corrected.passId ?? null,
                    paymentLinkId: null,
                    paidAt: new Date().toISOString(),
                    note: input.reason,
                    correctsId: corrected.id,
                    createdBy: user(req).id,
                });
            });
            res.status(201).json(correction);
        }),
    );

    router.post(
        '/paymentLinks/:id/cancel',
        handle(async (req, res) => {
            allow(req, 'paymentLinks', 'edit');
            const cancelled = await storage.transaction(async tx => {
                const link = await found(tx, 'paymentLinks', req.params.id, 'Payment link');
                applyRule(() => checkLinkOpen(link));
                // The card may be charged this very moment: the charge decides, not the cancel.
                refuseWhilePaying(link.id);
                return tx.update('paymentLinks', { ...link, status: 'cancelled' });
            });
            res.json(cancelled);
        }),
    );

    return router;
};
