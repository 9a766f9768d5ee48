import { work, type Grants } from './access';
import type { Resource } from './resource';

/** What managers and teachers may do with attendances (admins may do everything). */
export const grants: Grants = {
    // Unmarking a visit is daily work: deleting an attendance gives the visit back.
    manager: [...work, 'delete'],
    teacher: ['list', 'show', 'create', 'edit', 'delete', 'read'],
};

export const resource = { name: 'attendances' } as const satisfies Resource;
