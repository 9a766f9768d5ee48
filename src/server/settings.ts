import { Router } from 'express';
import { z } from 'zod';
import { canAccess } from '../domain/permissions';
import { statusListNames } from '../domain/schemas';
import type { Database, Status } from '../domain/types';
import { validate } from '../domain/validation';
import type { AuthenticatedRequest } from './auth';
import { badRequest, conflict, forbidden, handle, invalidFields } from './errors';
import type { ComputedFilter, WriteHooks } from './hooks';
import type { Store } from './store';

const reorderSchema = z.object({
    name: z.enum(statusListNames, { error: 'app.validation.choice' }),
    ids: z.array(z.number().int().positive()).min(1).max(1000),
});

/** How many records use a status, by its list and code: customers by status, attendances by mark. */
const usesOf = (db: Database, status: Pick<Status, 'name' | 'code'>): number =>
    status.name === 'customer'
        ? db.customers.filter(customer => customer.status === status.code).length
        : db.attendances.filter(attendance => attendance.status === status.code).length;

/**
 * Records refer to a status by its list and code, so neither may change under them: a status stays in
 * its list, and its code is fixed once something uses it (the label is what people read and may change).
 */
export const statusHooks: WriteHooks = {
    update: (record, before, { db }) => {
        if (record.name !== before.name) throw badRequest('A status stays in its list', { name: 'app.settings.status_list_fixed' });
        if (record.code !== before.code && usesOf(db, before as unknown as Status) > 0) {
            throw conflict('This status is in use: its code cannot change', { code: 'app.settings.code_in_use' });
        }
        return record;
    },
};

/**
 * A plan with no directions covers every direction, so a plan list filtered by a direction shows the
 * plans for that direction and the plans for all of them: what can be sold for a class of it.
 */
export const subscriptionFilters: Record<string, ComputedFilter> = {
    directionIds: values => record => {
        const covered = Array.isArray(record.directionIds) ? record.directionIds : [];
        return covered.length === 0 || values.some(wanted => covered.some(id => String(id) === String(wanted)));
    },
};

/**
 * Settings endpoints. `POST /api/statuses/reorder` {name, ids}: the ids of one status list in their new
 * order, every status of the list exactly once; all their `order` fields are rewritten in one write.
 */
export const settingsRoutes = (store: Store): Router => {
    const router = Router();

    router.post(
        '/statuses/reorder',
        handle(async (req, res) => {
            const { user } = req as AuthenticatedRequest;
            if (!canAccess(user.role, { resource: 'statuses', action: 'edit' })) throw forbidden('Your role may not reorder statuses');
            const input = validate(reorderSchema, req.body ?? {});
            if (!input.ok) throw invalidFields(input.errors);
            const { name, ids } = input.value;
            const db = store.data;
            const list = db.statuses.filter(status => status.name === name);
            const wanted = new Set(ids);
            if (wanted.size !== ids.length || ids.length !== list.length || !list.every(status => wanted.has(status.id))) {
                throw badRequest('Give every status of the list exactly once', { ids: 'app.settings.reorder_mismatch' });
            }
            const byId = new Map(list.map(status => [status.id, status]));
            ids.forEach((id, index) => ((byId.get(id) as Status).order = index));
            await store.persist();
            res.json(ids.map(id => byId.get(id)));
        }),
    );

    return router;
};
