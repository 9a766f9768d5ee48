import { Router } from 'express';
import { canAccess } from '../../domain/permissions';
import { holdInForce, releasedHold } from '../../domain/signInLimits';
import type { Clock } from '../../domain/time';
import { present } from '../http/access';
import type { AuthenticatedRequest } from '../http/auth';
import { forbidden, handle, notFound } from '../http/errors';
import type { Row, Storage } from '../storage/types';

/**
 * `POST /api/users/:id/release-sign-in` (admins): ends the hold many failed sign-ins put on the
 * account, at once. Answers the user as admins read it; a user not held is answered as it is. `clock`
 * is the server's, which the sign-in limits read.
 */
export const signInHoldRoutes = (storage: Storage, clock: Clock): Router => {
    const router = Router();

    router.post(
        '/users/:id/release-sign-in',
        handle(async (req, res) => {
            const { user } = req as AuthenticatedRequest;
            if (!canAccess(user.role, { resource: 'users', action: 'edit' }))
                throw forbidden('Only admins may release a held sign-in');
            const id = Number(req.params.id);
            const now = clock();
            const released = await storage.transaction(async tx => {
                const held = Number.isSafeInteger(id) ? await tx.get('users', id) : undefined;
                if (!held) throw notFound(`users ${req.params.id} does not exist`);
                if (!holdInForce(held.signInHold, now.getTime())) return held;
                return tx.update('users', {
                    ...held,
                    signInHold: releasedHold(held.signInHold, now.getTime(), user.name),
                });
            });
            res.json(present(user, 'users', released as Row, now));
        }),
    );

    return router;
};
