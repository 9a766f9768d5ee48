import type { Grants } from './access';

/** What managers and teachers may do with onlinePayments (admins may do everything). */
export const grants: Grants = {
    // Attempts to pay links online, as the providers answered: read to see what happened to a payment.
    manager: ['list', 'show', 'export', 'read'],
};
