import { work, type Grants } from './access';
import type { Resource } from './resource';

/** What managers and teachers may do with events (admins may do everything). */
export const grants: Grants = {
    manager: work,
    // Scoped on the server to the teacher's own events, schedules and their customers.
    teacher: ['list', 'show', 'read'],
};

export const resource = { name: 'events' } as const satisfies Resource;
