import type { Grants } from './access';

/** The audit trail is the admins' alone. */
export const grants: Grants = {};
