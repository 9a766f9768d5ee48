import { Router } from 'express';
import { z } from 'zod';
import { requiredText } from '../../domain/fields';
import type { Clock } from '../../domain/time';
import { conflict, forbidden, handle, notFound } from '../http/errors';
import { paymentMethods } from '../../domain/schemas';
import { allow, numericId, parseBody, userOf } from '../http/requests';
import { feeOwed } from '../../domain/penalties';
import { waivePenalty } from './waiver';
import type { Storage } from '../storage/types';

/*
 * POST /api/penalties/:id/waive {reason}: managers and admins forgive a pending penalty before the job
 * runner applies it (waiver.ts); who and why are kept on it and in the History, and the
 * customer is told.
 */

const waiveSchema = z.object({ reason: requiredText(500) });
const paySchema = z.object({ method: z.enum(paymentMethods, { error: 'app.validation.choice' }) });

export const penaltyRoutes = (storage: Storage, clock: Clock): Router => {
    const router = Router();
    router.post(
        '/penalties/:id/waive',
        handle(async (req, res) => {
            const user = userOf(req);
            if (user.role !== 'admin' && user.role !== 'manager')
                throw forbidden('Managers and admins waive penalties');
            const { reason } = parseBody(waiveSchema, req.body);
            const id = numericId(req.params.id);
            const waived = await storage.transaction(tx =>
                waivePenalty(tx, { id, reason, decidedBy: user.id, now: clock() }),
            );
            res.json(waived);
        }),
    );

    /** POST /api/penalties/:id/pay {method}: the desk takes an applied fee; the payment names the penalty. */
    router.post(
        '/penalties/:id/pay',
        handle(async (req, res) => {
            allow(req, 'payments', 'create');
            const { method } = parseBody(paySchema, req.body);
            const id = numericId(req.params.id);
            const user = userOf(req);
            const answer = await storage.transaction(async tx => {
                const penalty = await tx.get('penalties', id);
                if (!penalty) throw notFound(`penalties ${id} does not exist`);
                if (!feeOwed(penalty))
                    throw conflict('This penalty owes no fee: only an applied, unpaid fee is paid', {
                        status: 'app.penalties.errors.not_owed',
                    });
                const payment = await tx.insert('payments', {
                    customerId: penalty.customerId,
                    kind: 'payment',
                    amount: penalty.amount ?? 0,
                    method,
                    passId: null,
                    paymentLinkId: null,
                    paidAt: clock().toISOString(),
                    note: null,
                    createdBy: user.id,
                    penaltyId: penalty.id,
                });
                return { penalty: await tx.update('penalties', { ...penalty, paymentId: payment.id }), payment };
            });
            res.status(201).json(answer);
        }),
    );
    return router;
};
