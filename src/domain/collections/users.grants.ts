import { readOnly, type Grants } from './access';
import type { Resource } from './resource';

/**
 * What managers and teachers may do with users (admins may do everything): read them, to show a teacher's
 * name; only admins have the users screen.
 */
export const grants: Grants = {
    manager: readOnly,
    teacher: readOnly,
};

export const resource = { name: 'settings/users' } as const satisfies Resource;
