import type { Grants } from './access';

/** The server's jobs are the admins' alone to see. */
export const grants: Grants = {};
