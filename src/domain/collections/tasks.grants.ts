import { work, type Grants } from './access';
import type { Resource } from './resource';

/** What managers and teachers may do with tasks (admins may do everything, deleting too). */
export const grants: Grants = {
    manager: work,
    // Only the tasks assigned to them or to the teachers' queue (scoped on the server), which they close
    // through POST /api/tasks/:id/done and /skip: no create, no edit.
    teacher: ['list', 'show', 'read'],
};

// Beside the dashboard, for every role: a teacher, who has no customers' menu, has tasks too.
export const resource = { name: 'tasks', menu: 'today' } as const satisfies Resource;
