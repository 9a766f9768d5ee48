import type { Grants } from './access';
import type { Resource } from './resource';

/** The audit trail is the admins' alone. */
export const grants: Grants = {};

/** The history of changes: a list only, in the folder history. */
export const resource = { key: 'history', name: 'history', listOnly: true } as const satisfies Resource;
