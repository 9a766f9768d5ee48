import type { Grants } from './access';

/** What managers and teachers may do with memberships (admins may do everything the rules allow). */
export const grants: Grants = {
    // Managers start one (its first payment's link), cancel, resume and propose a price; teachers do not.
    manager: ['list', 'show', 'create', 'export', 'read'],
};
