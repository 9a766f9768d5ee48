import { Router, type Request } from 'express';
import type { z } from 'zod';
import {
    type ActivePassSummary,
    checkLinkOpen,
    checkRefund,
    freezePass,
    freezeSchema,
    MoneyRuleError,
    passForSale,
    refundSchema,
    sellPassSchema,
    unfreezePass,
    unfreezeSchema,
} from '../domain/money';
import { isActiveOn, visitsLeft } from '../domain/passes';
import { canAccess, type Action } from '../domain/permissions';
import { studioToday } from '../domain/time';
import type { CollectionName, Config, Database, Identifier, Pass, Payment, Subscription } from '../domain/types';
import { validate } from '../domain/validation';
import type { AuthenticatedRequest } from './auth';
import { nextId } from './crud';
import { ApiError, badRequest, conflict, forbidden, handle, invalidFields, notFound } from './errors';
import type { AnyRecord } from './hooks';
import type { Scalar } from './listQuery';
import type { Store } from './store';

/*
 * The money endpoints of DESIGN.md section 5: selling, freezing, refunds and cancelling a payment link.
 * Each checks everything first, then changes its records in memory with nothing awaited in between,
 * then persists once: one request, one atomic write.
 */

export const studioConfig = (db: Database): Config => db.configs.find(record => record.id === 'general') as Config;

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

const findById = <T extends { id: Identifier | string }>(list: T[], id: unknown, what: string): T => {
    const record = list.find(candidate => String(candidate.id) === String(id));
    if (!record) throw notFound(`${what} ${String(id)} does not exist`);
    return record;
};

const referenced = <T extends { id: Identifier }>(list: T[], id: Identifier, field: string): T => {
    const record = list.find(candidate => candidate.id === id);
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
}

/**
 * Sells a plan: the pass and, unless it was free, its payment, pointing at each other. Synchronous,
 * so that the caller's checks and this change are one step; the caller persists.
 */
export const recordSale = (db: Database, sale: Sale): { pass: Pass; payment: Payment | null } => {
    const now = new Date().toISOString();
    const pass: Pass = { id: nextId(db, 'passes'), createdAt: now, ...passForSale(sale.plan, sale.customerId, sale.startsOn, sale.amount) };
    let payment: Payment | null = null;
    if (sale.amount > 0) {
        payment = {
            id: nextId(db, 'payments'),
            customerId: sale.customerId,
            kind: 'payment',
            amount: sale.amount,
            method: sale.method,
            passId: pass.id,
            paymentLinkId: sale.paymentLinkId ?? null,
            paidAt: now,
            note: null,
            createdBy: sale.createdBy,
            createdAt: now,
        };
        pass.paymentId = payment.id;
        db.payments.push(payment);
    }
    db.passes.push(pass);
    return { pass, payment };
};

/** Customers with a pass active today, and customers with unpaid visits: the list's computed filters. */
export const customerFilters: Record<string, (values: Scalar[], db: Database) => (record: AnyRecord) => boolean> = {
    activePass: (values, db) => {
        const today = studioToday(studioConfig(db).timezone);
        const holders = new Set(db.passes.filter(pass => isActiveOn(pass, today)).map(pass => pass.customerId));
        return record => values.some(value => String(value) === String(holders.has(record.id as Identifier)));
    },
    debt: (values, db) => {
        const debtors = new Set(db.attendances.filter(attendance => attendance.unpaid).map(attendance => attendance.customerId));
        return record => values.some(value => String(value) === String(debtors.has(record.id as Identifier)));
    },
};

/**
 * What the customer list shows beside each customer on a page, computed by the server over passes and
 * attendances: the active pass today and the number of unpaid visits. Read-only: the customer schema
 * strips them from any write.
 */
export const customerListFields = (page: AnyRecord[], db: Database): ((record: AnyRecord) => Record<string, unknown>) => {
    const ids = new Set(page.map(record => record.id as Identifier));
    const today = studioToday(studioConfig(db).timezone);
    const activePass = new Map<Identifier, Pass>();
    for (const pass of db.passes) {
        if (!ids.has(pass.customerId) || !isActiveOn(pass, today)) continue;
        const held = activePass.get(pass.customerId);
        if (!held || pass.endsOn < held.endsOn) activePass.set(pass.customerId, pass);
    }
    const debts = new Map<Identifier, number>();
    for (const attendance of db.attendances) {
        if (attendance.unpaid && ids.has(attendance.customerId)) debts.set(attendance.customerId, (debts.get(attendance.customerId) ?? 0) + 1);
    }
    return record => {
        const pass = activePass.get(record.id as Identifier);
        const summary: ActivePassSummary | null = pass ? { name: pass.name, endsOn: pass.endsOn, visitsLeft: visitsLeft(pass) } : null;
        return { activePass: summary, unpaidVisits: debts.get(record.id as Identifier) ?? 0 };
    };
};

export const moneyRoutes = (store: Store): Router => {
    const router = Router();
    const user = (req: Request) => (req as AuthenticatedRequest).user;

    router.post(
        '/passes/sell',
        handle(async (req, res) => {
            allow(req, 'passes', 'create');
            allow(req, 'payments', 'create');
            const input = parseBody(sellPassSchema, req.body);
            const db = store.data;
            referenced(db.customers, input.customerId, 'customerId');
            const plan = referenced(db.subscriptions, input.subscriptionId, 'subscriptionId');
            if (!plan.active) throw invalidFields({ subscriptionId: 'app.money.errors.plan_inactive' });
            const sale = recordSale(db, { ...input, plan, amount: input.amount ?? plan.price, createdBy: user(req).id });
            await store.persist();
            res.status(201).json(sale);
        }),
    );

    const changeFreeze = (change: (pass: Pass, plan: Subscription, body: unknown) => Partial<Pass>) =>
        handle(async (req, res) => {
            allow(req, 'passes', 'edit');
            const db = store.data;
            const pass = findById(db.passes, req.params.id, 'Pass');
            const plan = db.subscriptions.find(subscription => subscription.id === pass.subscriptionId) as Subscription;
            Object.assign(pass, applyRule(() => change(pass, plan, req.body)));
            await store.persist();
            res.json(pass);
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
            const db = store.data;
            referenced(db.customers, input.customerId, 'customerId');
            const pass = input.passId == null ? undefined : db.passes.find(candidate => candidate.id === input.passId && candidate.customerId === input.customerId);
            const payments = db.payments.filter(payment => payment.customerId === input.customerId);
            applyRule(() => checkRefund(input, payments, pass));
            if (input.cancelPass) allow(req, 'passes', 'edit');
            const now = new Date().toISOString();
            const refund: Payment = {
                id: nextId(db, 'payments'),
                customerId: input.customerId,
                kind: 'refund',
                amount: input.amount,
                method: input.method,
                passId: input.passId ?? null,
                paymentLinkId: null,
                paidAt: now,
                note: input.note ?? null,
                createdBy: user(req).id,
                createdAt: now,
            };
            db.payments.push(refund);
            if (pass && input.cancelPass) pass.cancelled = true;
            await store.persist();
            res.status(201).json({ payment: refund, pass: pass ?? null });
        }),
    );

    router.post(
        '/paymentLinks/:id/cancel',
        handle(async (req, res) => {
            allow(req, 'paymentLinks', 'edit');
            const link = findById(store.data.paymentLinks, req.params.id, 'Payment link');
            applyRule(() => checkLinkOpen(link));
            link.status = 'cancelled';
            await store.persist();
            res.json(link);
        }),
    );

    return router;
};
