import { defaultTaskQueue } from './collections/tasks';
import type { Identifier, Role, StoredRecordOf } from './types';

/*
 * Staff's tasks: whose queue a task is in, when it is overdue, and the order "My tasks" shows them in.
 * Shared by the server (who sees and closes a task, the `mine` and `overdue` filters) and the screens.
 */

export type Task = StoredRecordOf<'tasks'>;
type Assigned = Pick<Task, 'assigneeId' | 'assigneeRole'>;

/** The role whose queue a task without a user is in: the role it names, else the managers'. */
export const queueOf = (task: Assigned): Role | null =>
    task.assigneeId == null ? (task.assigneeRole ?? defaultTaskQueue) : null;

/** Is the task this user's to do: given to them, or in their role's queue. */
export const isTaskOf = (task: Assigned, user: { id: Identifier; role: Role }): boolean =>
    task.assigneeId === user.id || queueOf(task) === user.role;

/** Open and past its time. */
export const isOverdue = (task: Pick<Task, 'status' | 'dueAt'>, now: Date): boolean =>
    task.status === 'open' && Date.parse(task.dueAt) < now.getTime();

/** A task's time as stored: one form of instant, so that text order is time order on both engines. */
export const storedInstant = (value: string): string => new Date(value).toISOString();
