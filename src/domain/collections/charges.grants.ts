import type { Grants } from './access';

/** What managers and teachers may do with a membership's charges (admins may do everything the rules allow). */
export const grants: Grants = {
    manager: ['list', 'show', 'export', 'read'],
};
