import { Router, type Request } from 'express';
import { taskCloseSchema } from '../../domain/collections/tasks';
import type { Clock } from '../../domain/time';
import type { Task } from '../../domain/tasks';
import { present } from '../http/access';
import { badRequest, forbidden, handle, notFound } from '../http/errors';
import { parseListQuery } from '../http/listQuery';
import { allow, numericId, parseBody, userOf } from '../http/requests';
import type { Filter, Row, Storage } from '../storage/types';
import { canSeeTask, closeTask, overdueFilters, taskListFields, tasksOfFilter } from './operations';

/*
 * The tasks' reads and their closing. GET /api/tasks takes the list protocol with two filters of its own,
 * `mine` (given to me or to my role's queue) and `overdue` (open and past due), and shows a teacher only
 * the tasks that are theirs to do; GET /api/tasks/:id refuses a teacher any other (403, as for other
 * records not theirs). POST /api/tasks/:id/done and /skip {note?} close an open task once. Writes of the
 * task itself go through the generic routes with the rules of rules.ts.
 */

const extraFilters = ['mine', 'overdue'];

/** A yes/no filter: true narrows the list, false leaves it whole. */
const switchedOn = (filter: Filter): boolean => {
    if (filter.kind !== 'equals' || filter.values.length !== 1 || typeof filter.values[0] !== 'boolean')
        throw badRequest(`The filter "${filter.field}" is true or false`, { [filter.field]: 'app.validation.invalid' });
    return filter.values[0];
};

export const taskRoutes = (storage: Storage, clock: Clock): Router => {
    const router = Router();

    const shown = async (req: Request, tasks: Task[], now: Date): Promise<Row[]> => {
        const user = userOf(req);
        const names = await taskListFields(tasks as Row[], storage, {}, now);
        return tasks.map(task => ({ ...present(user, 'tasks', task as Row, now), ...names(task as Row) }));
    };

    router.get(
        '/tasks',
        handle(async (req, res) => {
            allow(req, 'tasks', 'read');
            const user = userOf(req);
            const now = clock();
            const query = parseListQuery('tasks', req.query as Record<string, unknown>, user.role, extraFilters);
            const filters: Filter[] = [];
            for (const filter of query.filters) {
                if (filter.field === 'mine') {
                    if (switchedOn(filter)) filters.push(await tasksOfFilter(user, storage));
                } else if (filter.field === 'overdue') {
                    if (switchedOn(filter)) filters.push(...overdueFilters(now));
                } else filters.push(filter);
            }
            if (user.role === 'teacher') filters.push(await tasksOfFilter(user, storage));
            const { records, total } = await storage.list('tasks', { ...query, filters });
            const last = records.length ? query.range.start + records.length - 1 : query.range.start;
            res.setHeader('Content-Range', `tasks ${query.range.start}-${last}/${total}`);
            res.setHeader('X-Total-Count', String(total));
            res.json(await shown(req, records, now));
        }),
    );

    router.get(
        '/tasks/:id',
        handle(async (req, res) => {
            allow(req, 'tasks', 'read');
            const [name] = Object.keys(req.query);
            if (name)
                throw badRequest(`Unknown query parameter "${name}"`, { [name]: 'app.validation.unknown_parameter' });
            const task = await storage.get('tasks', numericId(req.params.id));
            if (!task) throw notFound(`tasks ${req.params.id} does not exist`);
            if (!canSeeTask(userOf(req), task)) throw forbidden('This record is not yours to see');
            res.json((await shown(req, [task], clock()))[0]);
        }),
    );

    for (const [path, outcome] of [
        ['done', 'done'],
        ['skip', 'skipped'],
    ] as const) {
        router.post(
            `/tasks/:id/${path}`,
            handle(async (req, res) => {
                allow(req, 'tasks', 'show');
                const { note } = parseBody(taskCloseSchema, req.body ?? {});
                const id = numericId(req.params.id);
                const user = userOf(req);
                const now = clock();
                const task = await storage.transaction(tx => closeTask(tx, { id, outcome, note, user, now }));
                res.json((await shown(req, [task], now))[0]);
            }),
        );
    }
    return router;
};
