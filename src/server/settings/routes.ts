import { Router } from 'express';
import { z } from 'zod';
import { canAccess } from '../../domain/permissions';
import { statusListNames } from '../../domain/schemas';
import type { Status } from '../../domain/types';
import { validate } from '../../domain/validation';
import type { AuthenticatedRequest } from '../http/auth';
import { badRequest, forbidden, handle, invalidFields } from '../http/errors';
import type { Storage } from '../storage/types';

const reorderSchema = z.object({
    name: z.enum(statusListNames, { error: 'app.validation.choice' }),
    ids: z.array(z.number().int().positive()).min(1).max(1000),
});

/**
 * Settings endpoints. `POST /api/statuses/reorder` {name, ids}: the ids of one status list in their new
 * order, every status of the list exactly once; all their `order` fields are rewritten in one transaction.
 */
export const settingsRoutes = (storage: Storage): Router => {
    const router = Router();

    router.post(
        '/statuses/reorder',
        handle(async (req, res) => {
            const { user } = req as AuthenticatedRequest;
            if (!canAccess(user.role, { resource: 'statuses', action: 'edit' }))
                throw forbidden('Your role may not reorder statuses');
            const input = validate(reorderSchema, req.body ?? {});
            if (!input.ok) throw invalidFields(input.errors);
            const { name, ids } = input.value;
            const reordered = await storage.transaction(async tx => {
                const list = await tx.select('statuses', { name });
                const wanted = new Set(ids);
                if (
                    wanted.size !== ids.length ||
                    ids.length !== list.length ||
                    !list.every(status => wanted.has(status.id))
                ) {
                    throw badRequest('Give every status of the list exactly once', {
                        ids: 'app.settings.reorder_mismatch',
                    });
                }
                const byId = new Map(list.map(status => [status.id, status]));
                const statuses: Status[] = [];
                for (const [index, id] of ids.entries())
                    statuses.push(await tx.update('statuses', { ...(byId.get(id) as Status), order: index }));
                return statuses;
            });
            res.json(reordered);
        }),
    );

    return router;
};
