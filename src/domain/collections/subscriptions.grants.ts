import { catalogue, type Grants } from './access';
import type { Resource } from './resource';

/** What managers and teachers may do with subscriptions (admins may do everything). */
export const grants: Grants = {
    manager: catalogue,
};

export const resource = { name: 'settings/subscriptions' } as const satisfies Resource;
