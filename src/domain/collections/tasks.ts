import { z } from 'zod';
import { id, instant, optional, optionalText, requiredText } from '../fields';
import { roles } from '../roles';
import { declare, ref } from './declare';

/** What a task asks staff to do. */
export const taskKinds = ['call', 'message', 'other'] as const;
/** What made it: staff by hand (`manual`), or one of the server's rules about leads, retention, memberships and erasure. */
export const taskSources = ['lead', 'retention', 'membership', 'erasure', 'manual'] as const;
/** open → done or skipped, once. */
export const taskStatuses = ['open', 'done', 'skipped'] as const;

/** A task with neither a user nor a role named is the managers' to do: the server writes this queue on it. */
export const defaultTaskQueue = 'manager' as const;

const taskFields = z.object({
    title: requiredText(200),
    kind: z.enum(taskKinds, { error: 'app.validation.choice' }),
    customerId: optional(id),
    // Plain ids for now: leads and memberships are collections still to come, and will refer to them then.
    leadId: optional(id),
    membershipId: optional(id),
    /** Whose it is: one user, or else the queue of a role, which anyone of that role may take. */
    assigneeId: optional(id),
    assigneeRole: optional(z.enum(roles, { error: 'app.validation.choice' })),
    dueAt: instant,
    note: optionalText(2000),
});

/** One user or one role's queue, not both: a task someone has is not also everyone's. */
const oneAssignee = (task: { assigneeId?: number | null; assigneeRole?: string | null }) =>
    task.assigneeId == null || task.assigneeRole == null;

/** What staff write: the task itself; its state, who made it and who closed it are the server's. */
export const taskSchema = taskFields.refine(oneAssignee, {
    message: 'app.tasks.errors.one_assignee',
    path: ['assigneeRole'],
});

/** What a task is closed with: done or skipped, and why. */
export const taskCloseSchema = z.object({ note: optionalText(2000) });

export const tasks = declare({
    // Staff make them by hand (source `manual`); the rules of leads, retention, memberships and erasure
    // make theirs through the tasks room's addTask. Closed by POST /api/tasks/:id/done and /skip only.
    schema: taskSchema,
    server: {
        source: z.enum(taskSources),
        status: z.enum(taskStatuses),
        doneAt: instant.nullable(),
        doneBy: id.nullable(),
        createdBy: id.nullable(),
    },
    references: [
        ref('customerId', 'customers'),
        ref('assigneeId', 'users'),
        ref('doneBy', 'users'),
        ref('createdBy', 'users'),
    ],
    search: ['title', 'note'],
    indexed: ['status', 'assigneeRole', 'dueAt'],
    idKind: 'integer',
    addedLater: true,
});
