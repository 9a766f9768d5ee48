import { storedInstant } from '../../domain/tasks';
import type { Identifier, Role, User } from '../../domain/types';
import { conflict, invalidFields } from '../http/errors';
import type { WriteRules } from '../rules/types';
import type { Reader } from '../storage/types';

/*
 * Staff's tasks as written through the list protocol: made by hand (source `manual`, made by the writer,
 * open), given to an active user or to a role's queue (neither: the managers'), and edited while open.
 * A closed task keeps what was done: only its note may still change. Closing is not an edit: it is
 * POST /api/tasks/:id/done or /skip (operations.ts), which stamps who and when.
 */

/** The fields a closed task keeps as they were. */
const settledFields = [
    'title',
    'kind',
    'customerId',
    'leadId',
    'membershipId',
    'assigneeId',
    'assigneeRole',
    'dueAt',
] as const;

/** Refuses a user who is gone or switched off: a task given to them would wait for no one. */
export const checkAssignee = async (reader: Reader, assigneeId: Identifier | null | undefined) => {
    if (assigneeId == null) return;
    const user: User | undefined = await reader.get('users', assigneeId);
    if (!user?.active) throw invalidFields({ assigneeId: 'app.tasks.errors.inactive_assignee' });
};

/** What a task being written holds of the fields rules.ts fills in. */
interface Draft {
    customerId?: Identifier | null;
    leadId?: Identifier | null;
    membershipId?: Identifier | null;
    assigneeId?: Identifier | null;
    assigneeRole?: Role | null;
    dueAt?: string;
    note?: string | null;
}

/** Every optional field present (null when empty), the time in one form, and a queue when no one is named. */
export const completed = <T extends Draft>(task: T) => ({
    ...task,
    customerId: task.customerId ?? null,
    leadId: task.leadId ?? null,
    membershipId: task.membershipId ?? null,
    assigneeId: task.assigneeId ?? null,
    assigneeRole: task.assigneeId == null ? (task.assigneeRole ?? 'manager') : null,
    ...(task.dueAt !== undefined && { dueAt: storedInstant(task.dueAt) }),
    note: task.note ?? null,
});

const same = (a: unknown, b: unknown) => (a ?? null) === (b ?? null);

export const taskRules: WriteRules<'tasks'> = {
    async create(task, { tx, user }) {
        await checkAssignee(tx, task.assigneeId);
        return completed({
            ...task,
            source: 'manual',
            status: 'open',
            doneAt: null,
            doneBy: null,
            createdBy: user.id,
        });
    },

    async update(task, before, { tx }) {
        const next = completed(task);
        if (before.status !== 'open') {
            const changed = settledFields.find(field => !same(next[field], before[field]));
            if (changed)
                throw conflict(`This task is ${before.status}: only its note can change`, {
                    [changed]: 'app.tasks.errors.closed',
                });
        }
        if (!same(next.assigneeId, before.assigneeId)) await checkAssignee(tx, next.assigneeId);
        return next;
    },
};
