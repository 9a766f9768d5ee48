import type { Grants } from './access';

/** What managers and teachers may do with consents (admins may do everything the rules allow). */
export const grants: Grants = {
    // Managers read them and record one a customer gives at the desk; teachers have no business with them.
    manager: ['list', 'show', 'create', 'export', 'read'],
};
