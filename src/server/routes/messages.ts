import { Router } from 'express';
import { canAccess } from '../../domain/permissions';
import type { Clock } from '../../domain/time';
import { ApiError, conflict, forbidden, handle, notFound } from '../http/errors';
import { numericId, userOf } from '../http/requests';
import type { Storage } from '../storage/types';

/*
 * POST /api/messages/:id/resend: a message that failed is queued again, due now, its tries counted from
 * zero; the runner sends it with the customer's channels as they are now. A skipped one is refused (409):
 * it had no channel to go by, or the customer turned its kind off, and the desk reaches them otherwise.
 * Managers and admins, who read the outbox. Messages are otherwise never written through the API.
 */
export const messageRoutes = (storage: Storage, clock: Clock): Router => {
    const router = Router();

    router.post(
        '/messages/:id/resend',
        handle(async (req, res) => {
            if (!canAccess(userOf(req).role, { resource: 'messages', action: 'list' }))
                throw forbidden('Your role may not send messages');
            const id = numericId(req.params.id);
            const now = clock();
            const message = await storage.transaction(async tx => {
                const found = await tx.get('messages', id);
                if (!found) throw notFound(`messages ${id} does not exist`);
                if (found.status !== 'failed')
                    throw conflict(`Only a failed message is sent again; this one is ${found.status}`, {
                        status: 'app.messages.errors.not_resendable',
                    });
                return tx.update('messages', {
                    ...found,
                    status: 'queued',
                    attempts: 0,
                    sendAt: now.toISOString(),
                    error: null,
                    leaseUntil: null,
                });
            });
            res.json(message);
        }),
    );

    router.patch(
        '/messages/:id',
        handle(async () => {
            throw new ApiError(
                405,
                'A message is never edited: resend a failed one with POST /api/messages/:id/resend',
            );
        }),
    );

    return router;
};
