import type { Grants } from './access';

/** What managers and teachers may do with penalties (admins may do everything). */
export const grants: Grants = {
    // Made and applied by the server; managers waive them (POST /api/penalties/:id/waive).
    manager: ['list', 'show', 'export', 'read'],
    // Of their classes: what a late cancel or a no-show cost.
    teacher: ['list', 'show', 'read'],
};
