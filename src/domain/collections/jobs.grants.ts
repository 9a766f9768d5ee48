import type { Grants } from './access';
import type { Resource } from './resource';

/** The server's jobs are the admins' alone to see. */
export const grants: Grants = {};

/** The server's periodic work, read-only: only admins may list it. */
export const resource = { name: 'jobs', listOnly: true, menu: 'settings' } as const satisfies Resource;
