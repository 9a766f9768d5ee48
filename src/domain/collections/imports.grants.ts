import type { Grants } from './access';
import type { Resource } from './resource';

/** What managers and teachers may do with imports (admins may do everything). */
export const grants: Grants = {
    // Made by importing a file (POST /api/imports/customers), undone by POST /api/imports/:id/undo.
    manager: ['list', 'show', 'create', 'read'],
};

/** The history of customer imports, and the import itself as its create screen (from the Customers list). */
export const resource = { name: 'imports' } as const satisfies Resource;
