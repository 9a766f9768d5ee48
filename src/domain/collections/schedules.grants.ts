import { work, type Grants } from './access';
import type { Resource } from './resource';

/** What managers and teachers may do with schedules (admins may do everything). */
export const grants: Grants = {
    manager: work,
    // Scoped on the server to the teacher's own schedules.
    teacher: ['read'],
};

export const resource = { name: 'schedules' } as const satisfies Resource;
