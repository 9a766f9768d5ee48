import { personName } from '../../domain/journal';
import { isTaskOf, type Task } from '../../domain/tasks';
import type { Identifier, User } from '../../domain/types';
import { conflict, forbidden, notFound } from '../http/errors';
import type { ListFields } from '../rules/types';
import type { Filter, NewRecord, Reader, Row, Transaction } from '../storage/types';
import { checkAssignee, completed } from './rules';

/*
 * The tasks room's transactions and reads: closing a task, making one from another feature's rules,
 * and what part of the tasks a user sees (a teacher: theirs and the teachers' queue).
 */

/** May this user see the task: staff see every task, a teacher the ones that are theirs to do. */
export const canSeeTask = (user: User, task: Task): boolean => user.role !== 'teacher' || isTaskOf(task, user);

/**
 * The ids of the tasks in the user's queues: given to them, or to their role (a task given to no one
 * is the managers'). A filter on ids, since the storage's filters cannot say "this field or that one".
 */
export const tasksOfFilter = async (user: User, reader: Reader): Promise<Filter> => {
    const queues = [
        ...(await reader.select('tasks', { assigneeId: user.id })),
        ...(await reader.select('tasks', { assigneeRole: user.role })),
        ...(user.role === 'manager' ? await reader.select('tasks', { assigneeId: null, assigneeRole: null }) : []),
    ];
    return { field: 'id', kind: 'equals', values: [...new Set(queues.map(task => task.id))] };
};

/** Open tasks past their time, at the server's clock. */
export const overdueFilters = (now: Date): Filter[] => [
    { field: 'status', kind: 'equals', values: ['open'] },
    { field: 'dueAt', kind: 'lte', value: new Date(now.getTime() - 1).toISOString() },
];

interface Closing {
    id: Identifier;
    outcome: 'done' | 'skipped';
    note: string | null | undefined;
    user: User;
    now: Date;
}

/** Closes an open task as done or skipped, once, with who and when and the note (kept when none is sent). */
export const closeTask = async (tx: Transaction, { id, outcome, note, user, now }: Closing): Promise<Task> => {
    const task = await tx.get('tasks', id);
    if (!task) throw notFound(`tasks ${id} does not exist`);
    if (!canSeeTask(user, task)) throw forbidden('This task is not yours to see');
    if (task.status !== 'open')
        throw conflict(`This task is already ${task.status}`, { status: 'app.tasks.errors.not_open' });
    return tx.update('tasks', {
        ...task,
        status: outcome,
        doneAt: now.toISOString(),
        doneBy: user.id,
        note: note ?? task.note,
    });
};

/** What another feature's rule gives to make a task: the server fills in its state. */
export type NewTask = Omit<NewRecord<'tasks'>, 'status' | 'doneAt' | 'doneBy' | 'createdBy'> & {
    createdBy?: Identifier | null;
};

/**
 * Makes a task from a rule of leads, retention, memberships or erasure: open, given to an active user
 * or to a role's queue (neither: the managers'), made by no one unless a user is named.
 */
export const addTask = async (tx: Transaction, task: NewTask): Promise<Task> => {
    await checkAssignee(tx, task.assigneeId);
    return tx.insert('tasks', {
        ...completed(task),
        status: 'open',
        doneAt: null,
        doneBy: null,
        createdBy: task.createdBy ?? null,
    });
};

/** Names beside the ids, for readers who may not read those users and customers themselves (a teacher). */
export const taskListFields: ListFields = async (page, reader) => {
    const ids = (field: string) => [...new Set(page.map(task => task[field]).filter(id => typeof id === 'number'))];
    const customers = new Map((await reader.getMany('customers', ids('customerId'))).map(c => [c.id, c]));
    const users = new Map(
        (await reader.getMany('users', [...ids('assigneeId'), ...ids('doneBy')])).map(user => [user.id, user.name]),
    );
    return (task: Row) => {
        const customer = customers.get(task.customerId as Identifier);
        return {
            customerName: customer ? personName(customer) : null,
            assigneeName: users.get(task.assigneeId as Identifier) ?? null,
            doneByName: users.get(task.doneBy as Identifier) ?? null,
        };
    };
};
