import { catalogue, readOnly, type Grants } from './access';
import type { Resource } from './resource';

/** What managers and teachers may do with courses (admins may do everything). */
export const grants: Grants = {
    manager: catalogue,
    teacher: readOnly,
};

export const resource = { name: 'settings/courses' } as const satisfies Resource;
