import type { Grants } from './access';

/** What managers and teachers may do with bookings (admins may do everything). */
export const grants: Grants = {
    manager: ['list', 'show', 'create', 'export', 'read'],
    teacher: ['list', 'show', 'create', 'read'],
};
