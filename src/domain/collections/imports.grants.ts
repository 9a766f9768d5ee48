import type { Grants } from './access';

/** What managers and teachers may do with imports (admins may do everything). */
export const grants: Grants = {
    // Made by importing a file (POST /api/imports/customers), undone by POST /api/imports/:id/undo.
    manager: ['list', 'show', 'create', 'read'],
};
