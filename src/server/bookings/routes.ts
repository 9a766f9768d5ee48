import { Router } from 'express';
import { canAccess } from '../../domain/permissions';
import type { Clock } from '../../domain/time';
import { ApiError, forbidden, handle } from '../http/errors';
import { numericId, userOf } from '../http/requests';
import { cancelBooking } from './operations';
import type { Storage } from '../storage/types';

/*
 * POST /api/bookings/:id/cancel: frees a seat or leaves the line; late when inside the late-cancel
 * window before the class (the clock is the server's). Managers and admins cancel any booking, a
 * teacher those of their own classes. Booking itself is POST /api/bookings (rules.ts).
 */
export const bookingRoutes = (storage: Storage, clock: Clock): Router => {
    const router = Router();

    router.post(
        '/bookings/:id/cancel',
        handle(async (req, res) => {
            const user = userOf(req);
            if (!canAccess(user.role, { resource: 'bookings', action: 'create' }))
                throw forbidden('Your role may not cancel bookings');
            const now = clock();
            const id = numericId(req.params.id);
            res.json(await storage.transaction(tx => cancelBooking(tx, id, user, now), { claimed: true }));
        }),
    );

    // A booking changes only through booking and cancelling (PUT and DELETE are refused by the CRUD routes).
    router.patch(
        '/bookings/:id',
        handle(async () => {
            throw new ApiError(
                405,
                'A booking is never edited: cancel it with POST /api/bookings/:id/cancel and book again',
            );
        }),
    );

    return router;
};
