import type { Grants } from './access';
import type { Resource } from './resource';

/** What managers and teachers may do with messages (admins may do everything). */
export const grants: Grants = {
    // The outbox: written by the server; staff read it and resend a failed message.
    manager: ['list', 'show', 'export', 'read'],
};

export const resource = { name: 'messages', listOnly: true, menu: 'customers' } as const satisfies Resource;
