import type { Grants } from './access';

/** What managers and teachers may do with makeUps (admins may do everything). */
export const grants: Grants = {
    // Given and used by the server as excused absences and bookings happen.
    manager: ['list', 'show', 'export', 'read'],
    // Of their classes: the make-ups excused absences gave.
    teacher: ['list', 'show', 'read'],
};
