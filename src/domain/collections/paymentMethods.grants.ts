import type { Grants } from './access';

/** What managers and teachers may do with saved cards (admins may do everything the rules allow). */
export const grants: Grants = {
    // Managers see which card a membership is charged to; only its payer removes it, in the portal.
    manager: ['list', 'show', 'read'],
};
