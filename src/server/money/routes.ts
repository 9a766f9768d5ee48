import { Router } from 'express';
import { z } from 'zod';
import {
    correctionSchema,
    passPaymentSchema,
    refundSchema,
    sellPassSchema,
    type RefundInput,
} from '../../domain/money';
import { freezeSchema, unfreezeSchema } from '../../domain/freezes';
import type { Clock } from '../../domain/time';
import type { Identifier, Pass, Payment } from '../../domain/types';
import { handle } from '../http/errors';
import { allow, parseBody, userOf } from '../http/requests';
import type { Storage, Transaction } from '../storage/types';
import {
    cancelPaymentLink,
    checkRefundable,
    correctPayment,
    freezePassFor,
    payPass,
    refundByHand,
    sellPass,
    unfreezePassOn,
} from './operations';
import { settleDebt, settleSchema } from './debts';

/*
 * The money endpoints: selling, paying what is due, freezing, refunds, corrections of the ledger,
 * settling a visit's debt and cancelling a payment link. Each checks the role, reads the body and runs its operation in one
 * transaction; the answer goes once the transaction is durable.
 */

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

/** A sale staff make although the customer's running membership pays for the plan. */
const forceSchema = z.object({ force: z.boolean().optional() });

/** `clock` is the server's: entries are paid at its time, and a link's expiry is judged by it. */
export const moneyRoutes = (storage: Storage, clock: Clock, settlement: OnlineRefunds | null = null): Router => {
    const router = Router();

    router.post(
        '/passes/sell',
        handle(async (req, res) => {
            allow(req, 'passes', 'create');
            allow(req, 'payments', 'create');
            const input = parseBody(sellPassSchema, req.body);
            const { force } = parseBody(forceSchema, req.body);
            const now = clock();
            res.status(201).json(await storage.transaction(tx => sellPass(tx, input, userOf(req).id, now, force)));
        }),
    );

    router.post(
        '/passes/:id/pay',
        handle(async (req, res) => {
            allow(req, 'payments', 'create');
            const input = parseBody(passPaymentSchema, req.body);
            const now = clock();
            res.status(201).json(
                await storage.transaction(tx => payPass(tx, req.params.id, input, userOf(req).id, now)),
            );
        }),
    );

    router.post(
        '/passes/:id/freeze',
        handle(async (req, res) => {
            allow(req, 'passes', 'edit');
            const input = parseBody(freezeSchema, req.body);
            res.json(await storage.transaction(tx => freezePassFor(tx, req.params.id, input, clock())));
        }),
    );

    router.post(
        '/passes/:id/unfreeze',
        handle(async (req, res) => {
            allow(req, 'passes', 'edit');
            const input = parseBody(unfreezeSchema, req.body);
            res.json(await storage.transaction(tx => unfreezePassOn(tx, req.params.id, input, clock())));
        }),
    );

    router.post(
        '/payments/refund',
        handle(async (req, res) => {
            allow(req, 'payments', 'create');
            const input = parseBody(refundSchema, req.body);
            if (input.cancelPass) allow(req, 'passes', 'edit');
            const now = clock();
            // Online, the money goes back through the provider, and is recorded once it confirms.
            if (input.method === 'online' && settlement) {
                const given = await settlement.refundByStaff(input, userOf(req).id, tx => checkRefundable(tx, input));
                if (given) {
                    res.status(given.pending ? 202 : 201).json(given);
                    return;
                }
            }
            res.status(201).json(await storage.transaction(tx => refundByHand(tx, input, userOf(req).id, now)));
        }),
    );

    router.post(
        '/payments/:id/correct',
        handle(async (req, res) => {
            allow(req, 'payments', 'create');
            const input = parseBody(correctionSchema, req.body);
            const now = clock();
            res.status(201).json(
                await storage.transaction(tx => correctPayment(tx, req.params.id, input, userOf(req).id, now)),
            );
        }),
    );

    router.post(
        '/attendances/:id/settle',
        handle(async (req, res) => {
            // Settling changes the mark and the pass it charges: managers and admins.
            allow(req, 'attendances', 'edit');
            allow(req, 'passes', 'edit');
            const input = parseBody(settleSchema, req.body);
            res.json(await storage.transaction(tx => settleDebt(tx, req.params.id, input)));
        }),
    );

    router.post(
        '/paymentLinks/:id/cancel',
        handle(async (req, res) => {
            allow(req, 'paymentLinks', 'edit');
            const now = clock();
            res.json(await storage.transaction(tx => cancelPaymentLink(tx, req.params.id, now)));
        }),
    );

    return router;
};
