import type { Grants } from './access';

/** What managers and teachers may do with payments (admins may do everything). */
export const grants: Grants = {
    // Payments are a ledger: recorded by selling and refunds (create), never edited or deleted.
    manager: ['list', 'show', 'create', 'export', 'read'],
};
