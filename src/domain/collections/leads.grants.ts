import { work, type Grants } from './access';
import type { Resource } from './resource';

/** Managers work on leads (admins may do everything, deleting too); teachers have nothing to do with them. */
export const grants: Grants = {
    manager: work,
};

export const resource = { name: 'leads', menu: 'customers' } as const satisfies Resource;
