import type { Grants } from './access';
import type { Resource } from './resource';

/** What managers and teachers may do with memberships (admins may do everything the rules allow). */
export const grants: Grants = {
    // Managers start one (its first payment's link), cancel, resume and propose a price; teachers do not.
    manager: ['list', 'show', 'create', 'export', 'read'],
};

// Staff's list of memberships with their status (past_due to call), beside the studio's other money.
export const resource = { name: 'memberships', menu: 'money', listOnly: true } as const satisfies Resource;
