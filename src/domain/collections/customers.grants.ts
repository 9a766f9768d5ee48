import { readOnly, work, type Grants } from './access';
import type { Resource } from './resource';

/** What managers and teachers may do with customers (admins may do everything). */
export const grants: Grants = {
    manager: work,
    // A teacher reads the customers of their own classes (scoped on the server).
    teacher: readOnly,
};

export const resource = { name: 'customers' } as const satisfies Resource;
